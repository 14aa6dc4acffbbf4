export type LogKind = 'inbound' | 'outbound';

/**
 * Where the logging scan's first code goes (facts §3.4): `MI…` but not `MIC…` is an inbound order,
 * sent without its box or pallet suffix (P + three digits); every other code is an outbound order.
 */
export function logRoute(code: string): { kind: LogKind; q: string } {
  const inbound = /^MI/i.test(code) && !/^MIC/i.test(code);
  return inbound ? { kind: 'inbound', q: code.replace(/P\d{3}$/i, '') } : { kind: 'outbound', q: code };
}
