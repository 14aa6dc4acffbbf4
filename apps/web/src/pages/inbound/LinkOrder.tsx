import { LinkOutlined } from '@ant-design/icons';
import { INBOUND_MERCHANT_EDITABLE } from '@kontor/contracts/status/inbound';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.js';
import { notify } from '../../notify/queue.js';
import { headerOf, inboundApi, type InboundOrderRow } from './inbound-api.js';
import { SearchSelect, type SearchOption } from '../../components/SearchSelect.js';

/** Orders not yet being received and on no container: the ones a container can still take without a reason. */
async function searchFree(q: string, signal: AbortSignal): Promise<SearchOption[]> {
  const page = await inboundApi.list({ q: q || undefined, status: INBOUND_MERCHANT_EDITABLE, l: 50 }, signal).catch(() => ({ data: [] as InboundOrderRow[] }));
  return page.data
    .filter((o) => o.containerId === null)
    .map((o) => ({ value: o.id, label: [o.unid, o.merchantName, o.reference].filter(Boolean).join(' · ') }));
}

/** Puts an inbound order on this container: the order's own change (PUT with its current version). */
export function LinkOrder({ containerId, onLinked }: { containerId: number; onLinked(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [rounds, setRounds] = useState(0);
  const link = async (orderId: number | null) => {
    if (orderId === null) return;
    setBusy(true);
    try {
      const order = await request<InboundOrderRow>({ url: `/v0/r7gorders/${orderId}` });
      await inboundApi.update(orderId, { ...headerOf(order), containerId, version: order.version }).catch((err: Error) => {
        notify((n) => n.error(err.message));
        throw err;
      });
      notify((n) => n.success(t('inbound.linked', { unid: order.unid })));
      onLinked();
    } finally {
      setBusy(false);
      setRounds((n) => n + 1);
    }
  };
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, maxWidth: 520 }}>
      <LinkOutlined />
      <SearchSelect
        key={rounds}
        search={searchFree}
        scope={rounds}
        disabled={busy}
        placeholder={t('inbound.linkOrder')}
        onChange={(id) => void link(id).catch(() => undefined)}
        testId="container-link-order"
      />
    </div>
  );
}
