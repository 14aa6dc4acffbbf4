import { ArrowLeftOutlined, CloudUploadOutlined, SaveOutlined, StopOutlined } from '@ant-design/icons';
import { RETURN_ORDER } from '@kontor/contracts/status/returns';
import { Alert, Button, Card, Col, Row, Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../notify/queue.js';
import { StateTag } from '../../components/StateTag.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import type { Feedback } from '../../components/scan/scan-feedback.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { ReturnFacts, ReturnHeaderForm, type MerchantOption } from './ReturnHeader.js';
import { ReturnLines } from './ReturnLines.js';
import { ReturnPhotos } from './ReturnPhotos.js';
import type { ReturnDraft } from './returns-api.js';
import { useReturnEditor } from './use-return-editor.js';

/** Codes from which a return is closed: inbounded (100) and canceled (120) are read-only (facts §3.9). */
const CLOSED_FROM = RETURN_ORDER.codeOf('inbounded');

interface Props {
  initial: ReturnDraft;
  /** Staff who may edit returns; merchants and readers only look. */
  canEdit: boolean;
  merchants: MerchantOption[];
  showCustomer: boolean;
  feedback: Feedback | null;
  show(feedback: Feedback | null): void;
  onBack(): void;
  /** Staff at a closed return scan the next parcel in the same field. */
  onNextParcel?: (code: string) => void;
  /** Something was stored: the list reloads. */
  onStored(): void;
}

/** One return: the scan field, the header, the item lines and the photos, with save and inbound. */
export function ReturnWorkspace({ initial, canEdit, merchants, showCustomer, feedback, show, onBack, onNextParcel, onStored }: Props) {
  const { t } = useTranslation();
  const merchantName = (code: string) => merchants.find((m) => m.code === code)?.name ?? code;
  const editor = useReturnEditor(initial, show, merchantName, onStored);
  // A choice made or a text ended with Enter hands the keyboard back to the scan field.
  const scanField = useRef<{ focus(): void }>(null);
  const refocus = () => setTimeout(() => scanField.current?.focus(), 0);
  const { draft, busy, changed } = editor;
  const closed = draft.status >= CLOSED_FROM;
  const editable = canEdit && !closed;
  const nextParcel = !editable && canEdit ? onNextParcel : undefined;
  const scanning = editable || !!nextParcel;
  const pieces = draft.lines.reduce((sum, l) => sum + l.qty, 0);

  const back = () => {
    if (!editable || !changed) return onBack();
    notify((n) =>
      n.confirm({
        title: t('returns.unsaved'),
        content: t('returns.discardConfirm'),
        okText: t('returns.discard'),
        cancelText: t('common.cancel'),
        danger: true,
        onOk: async () => onBack(),
      }),
    );
  };

  const photosCard = (
    <Card size="small" title={t('returns.photos')} className="ret-fill">
      <ReturnPhotos photos={draft.photos} onChange={editable ? (photos) => editor.patch({ photos }) : undefined} />
    </Card>
  );

  return (
    <div className="ret-workspace" data-testid="return-workspace">
      <Card size="small">
        <div className="ret-head">
          <Space wrap size={[8, 4]} className="ret-title">
            <Typography.Title level={4}>
              {draft.id ? t('returns.titleOf', { code: draft.shipSN }) : t('returns.newTitle', { code: draft.shipSN })}
            </Typography.Title>
            <StateTag machine={RETURN_ORDER} code={draft.status} />
            {editable && changed && draft.id > 0 && <Tag color="orange">{t('returns.unsaved')}</Tag>}
          </Space>
          <Button size="large" icon={<ArrowLeftOutlined />} onClick={back} data-testid="return-back">
            {t('returns.back')}
          </Button>
        </div>
        {closed && (
          <Alert
            type="info"
            showIcon
            className="ret-closed"
            title={draft.status === RETURN_ORDER.codeOf('canceled') ? t('returns.canceledHint') : t('returns.readOnly')}
          />
        )}
      </Card>
      {/* Kept in view: taking the focus back never scrolls the page away from the button pressed. */}
      {(scanning || feedback) && (
        <div className="ret-scanbar">
          {editable && <ScanInput placeholder={t('returns.scanItem')} onScan={(code) => void editor.scan(code)} testId="return-scan" ref={scanField} />}
          {nextParcel && <ScanInput placeholder={t('returns.scanNext')} onScan={nextParcel} testId="return-scan-next" />}
          <FeedbackBanner feedback={feedback} testId="return-feedback" />
        </div>
      )}
      <Row gutter={[12, 12]}>
        <Col xs={{ span: 24, order: 1 }} xl={{ span: 16, order: 1 }}>
          <Card size="small" title={t('returns.header')} className="ret-fill">
            {editable ? (
              <ReturnHeaderForm draft={draft} merchants={merchants} onChange={editor.patch} onDone={refocus} showCustomer={showCustomer} />
            ) : (
              <ReturnFacts draft={draft} showCustomer={showCustomer} />
            )}
          </Card>
        </Col>
        {/* On a phone the lines come right after the header, the photos last. */}
        <Col xs={{ span: 24, order: 3 }} xl={{ span: 8, order: 2 }}>
          {photosCard}
        </Col>
        <Col xs={{ span: 24, order: 2 }} xl={{ span: 24, order: 3 }}>
          <Card
            size="small"
            title={t('returns.items')}
            extra={<span data-testid="return-totals">{t('returns.totals', { lines: draft.lines.length, count: pieces })}</span>}
          >
            <ReturnLines
              lines={draft.lines}
              onLines={editable ? editor.setLines : undefined}
              selected={editor.selected}
              onSelect={editor.setSelected}
              onDone={refocus}
            />
            {editable && (
              <div className="ret-actions">
                <Button size="large" icon={<SaveOutlined />} loading={busy} onClick={() => void editor.save()} data-testid="return-save">
                  {t('returns.save')}
                </Button>
                <Button
                  size="large"
                  type="primary"
                  icon={<CloudUploadOutlined />}
                  loading={busy}
                  disabled={!draft.lines.length}
                  onClick={editor.inbound}
                  data-testid="return-inbound"
                >
                  {t('returns.inbound')}
                </Button>
                {draft.id > 0 && RETURN_ORDER.can(draft.status, 'canceled') && (
                  <Button size="large" danger icon={<StopOutlined />} onClick={editor.cancel} data-testid="return-cancel">
                    {t('returns.cancel')}
                  </Button>
                )}
              </div>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
