import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { TICKET, type TicketState } from '@kontor/contracts/status/outbound';
import { Button, Descriptions, Drawer, Input, Space, Spin, Tag, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/store.js';
import { useLayout } from '../../layout/store.js';
import { formatDateTime } from '../../lib/format.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { FileLinks, FilesInput } from '../FilesInput.js';
import { StateTag } from '../StateTag.js';
import { ticketsApi, type TicketDetail, type TicketFile, type TicketMessage, type TicketSide } from '../../pages/tickets/tickets-api.js';
import { useRecordQuery } from '../../api/use-record-query.js';

const STATES = Object.keys(TICKET.states) as TicketState[];

interface Props {
  id: number | null;
  onClose(): void;
  /** An answer or a status change was saved: lists reload. */
  onChanged(): void;
}

/** One message: who wrote it from which side and when; the reader's own side on the right. */
function Message({ message, mine }: { message: TicketMessage; mine: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }} data-testid="ticket-message">
      <div
        style={{
          maxWidth: '85%',
          padding: '8px 12px',
          borderRadius: 8,
          background: mine ? token.colorInfoBg : token.colorFillQuaternary,
        }}
      >
        <Space size={8} wrap style={{ marginBottom: 4 }}>
          <Typography.Text strong>{message.userName || t(`tickets.side.${message.side}`)}</Typography.Text>
          <Tag color={message.side === 'staff' ? 'blue' : 'gold'} style={{ marginInlineEnd: 0 }} data-testid="ticket-message-side">
            {t(`tickets.side.${message.side}`)}
          </Tag>
          <Typography.Text type="secondary">{formatDateTime(message.at)}</Typography.Text>
        </Space>
        <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="ticket-message-text">
          {message.message}
        </div>
        {message.files.length > 0 && (
          <div style={{ marginTop: 4 }}>
            <FileLinks files={message.files} />
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The conversation of one ticket (issue 7 §5): its order and status, the messages oldest first, an
 * answer with files, and the status changes TICKET allows from the current status (architecture
 * rule 6).
 */
export function TicketDrawer({ id, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const mySide: TicketSide = useAuth((s) => s.user?.merchantId) ? 'merchant' : 'staff';
  const mobile = useLayout((s) => s.device === 'mobile');
  const { detail, setDetail, load } = useRecordQuery<TicketDetail>('tickets', id, ticketsApi.detail, onClose);
  // The answer being written belongs to one ticket, so opening another starts empty.
  const [draft, setDraft] = useState<{ ticketId: number | null; message: string; files: TicketFile[] }>({ ticketId: null, message: '', files: [] });
  const message = draft.ticketId === id ? draft.message : '';
  const files = draft.ticketId === id ? draft.files : [];
  const setMessage = (text: string) => setDraft({ ticketId: id, message: text, files });
  const setFiles = (list: TicketFile[]) => setDraft((d) => ({ ticketId: id, message: d.ticketId === id ? d.message : '', files: list }));
  const [busy, setBusy] = useState(false);

  const ticket = detail?.ticket.id === id ? detail.ticket : null;
  const canEdit = can('p11y.tickets.edit');
  // "Reopen" is for closed tickets (an answer moves open and waiting); "wait for merchant" is the warehouse's.
  const offered = (s: TicketState) => (s === 'open' ? ticket?.status === TICKET.codeOf('closed') : s !== 'waiting' || mySide === 'staff');
  const actions = ticket && canEdit ? STATES.filter((s) => TICKET.can(ticket.status, s) && offered(s)) : [];

  const run = async (work: () => Promise<TicketDetail>, done: string) => {
    setBusy(true);
    try {
      setDetail(await work());
      notify((n) => n.success(done));
      onChanged();
      return true;
    } catch {
      return false; // the request layer has shown why
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    if (!ticket || !message.trim()) return;
    if (await run(() => ticketsApi.answer(ticket.id, { message: message.trim(), files }), t('tickets.sent'))) {
      setDraft({ ticketId: id, message: '', files: [] });
    }
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={mobile ? '100%' : 720}
      title={ticket ? t('tickets.detailTitle', { unid: ticket.unid }) : t('tickets.detail')}
      destroyOnHidden
    >
      {!ticket || !detail ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <div data-testid="ticket-detail">
          <Space wrap style={{ marginBottom: 12 }}>
            {actions.map((s) => (
              <Button
                key={s}
                loading={busy}
                onClick={() => void run(() => ticketsApi.setStatus(ticket.id, s), t(`tickets.done.${s}`))}
                data-testid={`ticket-status-${s}`}
              >
                {t(`tickets.actions.${s}`)}
              </Button>
            ))}
            <Button icon={<ReloadOutlined />} aria-label={t('mask.reload')} onClick={() => void load(ticket.id)} data-testid="ticket-refresh" />
          </Space>
          <Descriptions size="small" column={mobile ? 1 : 2} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('tickets.subject')} span={mobile ? 1 : 2}>
              <span data-testid="ticket-subject">{ticket.subject}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('tickets.status')}>
              <StateTag machine={TICKET} code={ticket.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('tickets.order')}>{ticket.orderUnid}</Descriptions.Item>
            {mySide === 'staff' && <Descriptions.Item label={t('tickets.merchant')}>{ticket.merchantName}</Descriptions.Item>}
            <Descriptions.Item label={t('tickets.created')}>{formatDateTime(ticket.createdAt)}</Descriptions.Item>
          </Descriptions>
          <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="ticket-messages">
            {detail.messages.map((m) => (
              <Message key={m.id} message={m} mine={m.side === mySide} />
            ))}
          </Space>
          {canEdit && (
            <div style={{ marginTop: 16 }} data-testid="ticket-answer">
              <Input.TextArea
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                placeholder={ticket.status === TICKET.codeOf('closed') ? t('tickets.answerReopens') : t('tickets.answer')}
                autoSize={{ minRows: 3, maxRows: 10 }}
                maxLength={5000}
                data-testid="ticket-answer-text"
              />
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', alignItems: 'flex-start', marginTop: 8 }}>
                <FilesInput value={files} onChange={setFiles} />
                <Button type="primary" icon={<SendOutlined />} loading={busy} disabled={!message.trim()} onClick={() => void send()} data-testid="ticket-send">
                  {t('tickets.send')}
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
    </Drawer>
  );
}
