import { Input, Modal, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beep } from '../../components/scan/scan-feedback.js';

interface Props {
  code: string;
  quantity: number;
  onDone(serials: string[]): void;
  onCancel(): void;
}

/**
 * One serial number per unit of the scan (issue 6 §3): the scanner reads them one after another; the
 * scan is sent with all of them once the last one is in. A serial read twice is refused here already.
 */
export function SerialPrompt({ code, quantity, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const [serials, setSerials] = useState<string[]>([]);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');

  const add = () => {
    const serial = value.trim();
    setValue('');
    if (!serial) return;
    if (serials.includes(serial)) {
      beep('error');
      return setError(t('receiving.serialTwice', { serial }));
    }
    beep('success');
    setError('');
    const next = [...serials, serial];
    if (next.length >= quantity) return onDone(next);
    setSerials(next);
  };

  return (
    <Modal open title={t('receiving.serialTitle', { code })} onCancel={onCancel} footer={null} destroyOnHidden data-testid="serial-prompt">
      <Typography.Paragraph>{t('receiving.serialHint', { count: quantity })}</Typography.Paragraph>
      <Progress percent={Math.round((serials.length / quantity) * 100)} format={() => `${serials.length} / ${quantity}`} />
      <Input
        size="large"
        autoFocus
        autoComplete="off"
        placeholder={t('receiving.serialPlaceholder', { n: serials.length + 1 })}
        value={value}
        status={error ? 'error' : undefined}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={add}
        data-testid="serial-input"
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <div className="rcv-serial-list">
        {serials.map((s) => (
          <Tag key={s}>{s}</Tag>
        ))}
      </div>
    </Modal>
  );
}

/** The batch of a batch-tracked item the server asked for: typed or scanned, then the scan is sent again. */
export function BatchPrompt({ code, onDone, onCancel }: { code: string; onDone(batch: string): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <Modal
      open
      title={t('receiving.batchTitle', { code })}
      onCancel={onCancel}
      onOk={() => value.trim() && onDone(value.trim())}
      okText={t('receiving.send')}
      okButtonProps={{ disabled: !value.trim() }}
      destroyOnHidden
      data-testid="batch-prompt"
    >
      <Typography.Paragraph>{t('receiving.batchHint')}</Typography.Paragraph>
      <Input
        size="large"
        autoFocus
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={() => value.trim() && onDone(value.trim())}
        data-testid="batch-input"
      />
    </Modal>
  );
}
