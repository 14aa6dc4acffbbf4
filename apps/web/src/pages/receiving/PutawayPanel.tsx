import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Empty, InputNumber, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/StatusTag.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { errorText, newKey, receivingApi, type InboundDetail, type StagingRow } from './receiving-api.js';
import type { Feedback } from '../../components/scan/scan-feedback.js';
import { ScanInput } from '../../components/scan/ScanInput.js';

interface Props {
  detail: InboundDetail;
  feedback: Feedback | null;
  show(feedback: Feedback | null): void;
  /** Putaway answers the order's new detail. */
  onDetail(detail: InboundDetail): void;
}

const rowKey = (row: StagingRow) => `${row.itemId}|${row.batch}|${row.status}`;

/**
 * Putaway (issue 6 §3): stock of the order waiting in inbound staging moves into compartments. A row
 * is chosen (the first by default), then a compartment is scanned; or the suggestion (where the item
 * already lies, else a free compartment) is taken in one click.
 */
export function PutawayPanel({ detail, feedback, show, onDetail }: Props) {
  const { t } = useTranslation();
  const { order, staging } = detail;
  const [selected, setSelected] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number | null>>({});
  const [busy, setBusy] = useState(false);
  const scanField = useRef<{ focus(): void }>(null);
  const current = staging.find((r) => rowKey(r) === selected) ?? staging[0];
  const quantityOf = (row: StagingRow) => Math.min(quantities[rowKey(row)] ?? row.quantity, row.quantity);

  const putaway = async (row: StagingRow, compartment: string) => {
    const quantity = quantityOf(row);
    setBusy(true);
    try {
      const body = { itemId: row.itemId, batch: row.batch, fromStatus: row.status, quantity, compartment: compartment.toUpperCase() };
      onDetail(await receivingApi.putaway(order.id, body, newKey()));
      setQuantities(({ [rowKey(row)]: _done, ...rest }) => rest);
      show({ tone: 'success', text: t('receiving.putAway', { count: quantity, sku: row.sku, compartment: body.compartment }) });
    } catch (err) {
      show({ tone: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  if (!staging.length)
    return (
      <div className="rcv-putaway" data-testid="putaway-panel">
        <FeedbackBanner feedback={feedback} testId="putaway-feedback" />
        <Empty description={t('receiving.stagingEmpty')} data-testid="staging-empty" />
      </div>
    );

  return (
    <div className="rcv-putaway" data-testid="putaway-panel">
      <ScanInput
        placeholder={t('receiving.scanCompartment', { sku: current?.sku ?? '' })}
        onScan={(code) => {
          if (busy) return show({ tone: 'warning', text: t('receiving.wait') });
          if (current) void putaway(current, code);
        }}
        testId="putaway-scan"
        ref={scanField}
      />
      <FeedbackBanner feedback={feedback} testId="putaway-feedback" />
      <div className="rcv-staging">
        {staging.map((row) => {
          const key = rowKey(row);
          const active = current && rowKey(current) === key;
          return (
            <div
              key={key}
              className={`rcv-staging-row${active ? ' rcv-staging-active' : ''}`}
              onClick={() => setSelected(key)}
              data-testid={`staging-${row.sku}-${row.status}`}
            >
              <div className="rcv-staging-item">
                <Typography.Text strong>{row.sku}</Typography.Text>
                {row.batch && <Typography.Text type="secondary"> · {row.batch}</Typography.Text>}
                <StatusTag status={row.status} />
                <div className="rcv-line-name">{row.name}</div>
                <Tag>{t('receiving.inStaging', { count: row.quantity })}</Tag>
              </div>
              <div className="rcv-staging-actions">
                <InputNumber
                  size="large"
                  min={1}
                  max={row.quantity}
                  precision={0}
                  value={quantityOf(row)}
                  onChange={(v) => setQuantities((q) => ({ ...q, [key]: v }))}
                  onFocus={() => setSelected(key)}
                  onPressEnter={() => scanField.current?.focus()}
                  aria-label={t('receiving.quantity')}
                  data-testid={`putaway-quantity-${row.sku}-${row.status}`}
                />
                {row.suggestion ? (
                  <Button
                    size="large"
                    type="primary"
                    icon={<EnvironmentOutlined />}
                    loading={busy}
                    onClick={(e) => {
                      e.stopPropagation();
                      void putaway(row, row.suggestion!.code);
                    }}
                    data-testid={`putaway-suggested-${row.sku}-${row.status}`}
                  >
                    {t('receiving.toSuggestion', { compartment: row.suggestion.code })}
                  </Button>
                ) : (
                  <Typography.Text type="secondary">{t('receiving.noSuggestion')}</Typography.Text>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
