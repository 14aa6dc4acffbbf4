import { ITEM_LABEL_SIZES } from '@kontor/contracts/domains/labels';
import { Form, InputNumber, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchFile } from '../../api/download.js';
import { ApiError } from '../../api/errors.js';
import { searchItems } from '../../api/lookups.js';

/**
 * Item labels (SKU as Code 128, EAN, name; issue 17 item 9) for items chosen from the items the session
 * may see, opened as one PDF in the PDF viewer (`POST /v0/labels/items`).
 */
export function ItemLabelsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([]);
  const [chosen, setChosen] = useState<Array<{ value: number; label: string }>>([]);
  const ids = chosen.map((c) => c.value);
  const [size, setSize] = useState<(typeof ITEM_LABEL_SIZES)[number]>('60x40');
  const [copies, setCopies] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => void searchItems(undefined)(typed.trim(), controller.signal).then(setOptions, () => undefined), 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, open]);

  const print = async () => {
    setBusy(true);
    setError(null);
    try {
      const file = await fetchFile({ url: '/v0/labels/items', method: 'POST', data: { ids, size, copies }, quiet: true }, 'item-labels.pdf');
      onClose();
      navigate(`/pdfViewer?${new URLSearchParams({ url: file.url, name: file.name }).toString()}`);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setError([err.message, ...err.problems.map((p) => p.message)].filter(Boolean).join(' '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('itemLabels.title')}
      onCancel={onClose}
      onOk={() => void print()}
      okText={t('itemLabels.print')}
      okButtonProps={{ disabled: ids.length === 0, loading: busy, ...({ 'data-testid': 'item-labels-print' } as Record<string, string>) }}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('itemLabels.items')}>
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setTyped }}
            // The chosen items stay named while another search replaces the options.
            options={[...chosen, ...options.filter((o) => !ids.includes(o.value))]}
            value={ids}
            onChange={(values: number[]) =>
              setChosen(values.map((v) => chosen.find((c) => c.value === v) ?? options.find((o) => o.value === v) ?? { value: v, label: String(v) }))
            }
            data-testid="item-labels-items"
          />
        </Form.Item>
        <Form.Item label={t('itemLabels.size')}>
          <Select value={size} onChange={setSize} options={ITEM_LABEL_SIZES.map((s) => ({ value: s, label: `${s.replace('x', ' × ')} mm` }))} />
        </Form.Item>
        <Form.Item label={t('itemLabels.copies')}>
          <InputNumber min={1} max={100} value={copies} onChange={(v) => setCopies(v ?? 1)} />
        </Form.Item>
      </Form>
      {error && <Typography.Paragraph type="danger">{error}</Typography.Paragraph>}
    </Modal>
  );
}
