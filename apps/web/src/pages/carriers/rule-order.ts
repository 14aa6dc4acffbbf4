import type { CarrierRule } from './carriers-api.js';

/** How specific a rule is: one point each for naming the merchant, the country and the order's service. */
export const specificity = (rule: Pick<CarrierRule, 'merchantId' | 'country' | 'orderService'>) =>
  (rule.merchantId !== null ? 1 : 0) + (rule.country ? 1 : 0) + (rule.orderService ? 1 : 0);

/**
 * The rules in the order the server weighs them (docs/carriers.md "Resolution"): grouped by the order
 * carrier text they serve, then the more specific first, then the higher priority, then the older rule.
 * The list shows them so, so the first matching row is the one an order resolves to.
 */
export function inResolutionOrder(rules: CarrierRule[]): CarrierRule[] {
  return [...rules].sort(
    (a, b) =>
      a.orderCarrier.localeCompare(b.orderCarrier, undefined, { sensitivity: 'base' }) ||
      specificity(b) - specificity(a) ||
      b.priority - a.priority ||
      a.id - b.id,
  );
}
