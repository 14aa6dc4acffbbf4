import { RETURN_ORDER } from '@kontor/contracts/status/returns';
import { Col, Descriptions, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, na as noValue } from '../../lib/format.js';
import { StateTag } from '../../components/StateTag.js';
import { useReturnLabels } from './labels.js';
import type { ReturnDraft } from './returns-api.js';

export interface MerchantOption {
  code: string;
  name: string;
}

interface Props {
  draft: ReturnDraft;
  merchants: MerchantOption[];
  onChange?: (patch: Partial<ReturnDraft>) => void;
  /** A choice was made or a text ended with Enter: the scan field takes the keyboard back. */
  onDone?: () => void;
  /** A merchant's session: its own returns only, so no customer is shown. */
  showCustomer: boolean;
}

/** The header of a return as stored: read-only once inbounded and for merchants. */
export function ReturnFacts({ draft, showCustomer }: Pick<Props, 'draft' | 'showCustomer'>) {
  const { t } = useTranslation();
  const labels = useReturnLabels();
  const na = (v: string) => v || noValue();
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }} data-testid="return-facts">
      <Descriptions.Item label={t('returns.shipSN')}>
        <strong data-testid="return-shipsn">{draft.shipSN}</strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('returns.status')}>
        <StateTag machine={RETURN_ORDER} code={draft.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('returns.businessType')}>{labels.businessType(draft.businessType)}</Descriptions.Item>
      {showCustomer && <Descriptions.Item label={t('returns.customer')}>{na(draft.merchantName || draft.agentGUID)}</Descriptions.Item>}
      <Descriptions.Item label={t('returns.originSN')}>{na(draft.originSN)}</Descriptions.Item>
      <Descriptions.Item label={t('returns.originShipSN')}>{na(draft.originShipSN)}</Descriptions.Item>
      <Descriptions.Item label={t('returns.country')}>{na(draft.originCountry)}</Descriptions.Item>
      <Descriptions.Item label={t('returns.packageStatus')}>{labels.packageStatus(draft.type)}</Descriptions.Item>
      <Descriptions.Item label={t('returns.created')}>{formatDateTime(draft.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={t('returns.finDate')}>{formatDateTime(draft.finDate)}</Descriptions.Item>
      <Descriptions.Item label={t('returns.note')}>{na(draft.note)}</Descriptions.Item>
    </Descriptions>
  );
}

/** The editable header (facts §3.9): tracking numbers, type, customer, package status and remark. */
export function ReturnHeaderForm({ draft, merchants, onChange, onDone }: Props) {
  const { t } = useTranslation();
  const labels = useReturnLabels();
  const set = (patch: Partial<ReturnDraft>) => onChange?.(patch);
  const chosen = (patch: Partial<ReturnDraft>) => {
    set(patch);
    onDone?.();
  };
  const enter = { onPressEnter: () => onDone?.() };
  const col = { xs: 24, sm: 12, xl: 8 };
  return (
    <Form layout="vertical" component="div" className="ret-form" data-testid="return-form">
      <Row gutter={12}>
        <Col {...col}>
          <Form.Item label={t('returns.shipSN')} required>
            <Input
              value={draft.shipSN}
              maxLength={64}
              disabled={!!draft.id}
              {...enter}
              onChange={(e) => set({ shipSN: e.target.value })}
              data-testid="return-field-shipSN"
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item label={t('returns.originSN')}>
            <Input value={draft.originSN} maxLength={64} {...enter} onChange={(e) => set({ originSN: e.target.value })} data-testid="return-field-originSN" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item label={t('returns.originShipSN')}>
            <Input
              value={draft.originShipSN}
              maxLength={64}
              {...enter}
              onChange={(e) => set({ originShipSN: e.target.value })}
              data-testid="return-field-originShipSN"
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item label={t('returns.customer')} required tooltip={t('returns.customerHint')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('returns.customer')}
              value={draft.agentGUID || undefined}
              onChange={(code?: string) => chosen({ agentGUID: code ?? '', merchantName: merchants.find((m) => m.code === code)?.name ?? '' })}
              options={merchants.map((m) => ({ value: m.code, label: `${m.code} · ${m.name}` }))}
              data-testid="return-field-merchant"
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item label={t('returns.businessType')}>
            <Select
              value={draft.businessType}
              onChange={(v: number) => chosen({ businessType: v })}
              options={labels.businessTypeOptions}
              data-testid="return-field-businessType"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} xl={4}>
          <Form.Item label={t('returns.country')}>
            <Input
              value={draft.originCountry}
              maxLength={2}
              placeholder="DE"
              {...enter}
              onChange={(e) => set({ originCountry: e.target.value.toUpperCase() })}
              data-testid="return-field-country"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} xl={4}>
          <Form.Item label={t('returns.packageStatus')}>
            <Select value={draft.type} onChange={(v: number) => chosen({ type: v })} options={labels.packageStatusOptions} data-testid="return-field-type" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label={t('returns.note')}>
            <Input.TextArea
              value={draft.note}
              maxLength={2000}
              autoSize={{ minRows: 1, maxRows: 4 }}
              onChange={(e) => set({ note: e.target.value })}
              data-testid="return-field-note"
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
