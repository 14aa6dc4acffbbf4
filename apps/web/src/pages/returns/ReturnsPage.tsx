import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateDomains } from '../../api/query-client.js';
import { useAuth } from '../../auth/store.js';
import { useCan } from '../../masks/can.js';
import { useAddressParam } from '../../router/use-address-param.js';
import { useMerchants } from '../../api/lookups.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import type { Feedback } from '../../components/scan/scan-feedback.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { ReturnList, type ReturnFilters } from './ReturnList.js';
import { orderPrefill } from './order-prefill.js';
import { errorMessage, newDraft, returnsApi, toDraft, type ReturnDraft, type ReturnRecord } from './returns-api.js';
import { ReturnWorkspace } from './ReturnWorkspace.js';
import '../../components/scan/scan-station.css';
import './returns.css';

/** The shortest parcel number the server takes (docs/returns.md). */
const MIN_SHIP_SN = 5;

let opened = 0;

/**
 * `/eEP/received`, `/wEP/received` (staff) and `/mEP/received` (merchant, read-only): the returns
 * (RMA, facts §3.9). Staff scan a return parcel: the return with that number opens, or a new one is
 * drafted, prefilled from the original order when one is found. The list below finds older ones.
 */
export default function ReturnsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const merchantSession = !!useAuth((s) => s.user?.merchantId);
  const canEdit = can('r7g.received.edit') && !merchantSession;
  const merchants = useMerchants();
  const [filters, setFilters] = useState<ReturnFilters>({});
  const [open, setOpen] = useState<{ draft: ReturnDraft; n: number } | null>(null);
  const [feedback, show] = useFeedback();
  const reload = () => void invalidateDomains('returns');

  const openDraft = (draft: ReturnDraft, outcome: Feedback | null) => {
    setOpen({ draft, n: ++opened });
    show(outcome);
  };

  const openRow = async (row: ReturnRecord) => {
    const full = await returnsApi.get(row.id).catch(() => row);
    openDraft(toDraft(full), null);
  };

  /** Facts §3.9: the return with exactly this parcel number opens; otherwise a new one is drafted. */
  const openParcel = async (code: string) => {
    if (code.length < MIN_SHIP_SN) return show({ tone: 'error', text: t('returns.tooShort', { code, min: MIN_SHIP_SN }) });
    try {
      const found = await returnsApi.byShipSN(code);
      if (found) {
        const full = await returnsApi.get(found.id).catch(() => found);
        return openDraft(toDraft(full), { tone: 'info', text: t('returns.opened', { code: full.shipSN }) });
      }
      const prefill = await orderPrefill(code);
      const merchantName = merchants.find((m) => m.code === prefill?.agentGUID)?.name ?? '';
      const draft: ReturnDraft = { ...newDraft(code), ...(prefill ?? {}), merchantName };
      const text = prefill ? t('returns.draftedFromOrder', { code, order: prefill.originSN }) : t('returns.drafted', { code });
      openDraft(draft, { tone: 'info', text });
    } catch (err) {
      show({ tone: 'error', text: errorMessage(err) });
    }
  };

  // A link from another screen (the inventory log) names the return by its parcel number: open it, never draft one.
  useAddressParam(
    'no',
    (no) =>
      void returnsApi
        .byShipSN(no)
        .then((found) => (found ? openRow(found) : show({ tone: 'error', text: t('common.docNotFound', { no }) })))
        .catch((err: unknown) => show({ tone: 'error', text: errorMessage(err) })),
  );

  if (open)
    return (
      <ReturnWorkspace
        key={open.n}
        initial={open.draft}
        canEdit={canEdit}
        merchants={merchants}
        showCustomer={!merchantSession}
        feedback={feedback}
        show={show}
        onBack={() => {
          setOpen(null);
          show(null);
        }}
        onNextParcel={(code) => void openParcel(code)}
        onStored={reload}
      />
    );

  return (
    <div className="ret-page" data-testid="returns-page">
      {canEdit && (
        <Card size="small" className="ret-sticky">
          <Typography.Title level={4} className="ret-scan-title">
            {t('returns.scanTitle')}
          </Typography.Title>
          <ScanInput placeholder={t('returns.scanParcel')} onScan={(code) => void openParcel(code)} testId="return-parcel-scan" />
          <FeedbackBanner feedback={feedback} testId="return-parcel-feedback" />
        </Card>
      )}
      <Card size="small">
        <ReturnList filters={filters} onFilters={setFilters} onOpen={(row) => void openRow(row)} merchants={merchants} />
      </Card>
    </div>
  );
}
