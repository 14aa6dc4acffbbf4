import { STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import { RETURN_BUSINESS_TYPES, RETURN_CONDITIONS, RETURN_PACKAGE_STATUS } from '@kontor/contracts/status/returns';
import { useTranslation } from 'react-i18next';

/** Code -> i18n key of the three small tables of facts §5.3 (business type, package status, condition). */
const invert = (table: Record<string, number>) => Object.fromEntries(Object.entries(table).map(([name, code]) => [code, name])) as Record<number, string>;

const BUSINESS = invert(RETURN_BUSINESS_TYPES);
const PACKAGE = invert(RETURN_PACKAGE_STATUS);
const CONDITION = invert(RETURN_CONDITIONS);

/** Conditions in the order the original lists them: valid, damaged, invalid, unchecked, scrapped. */
const CONDITION_ORDER = [1, 2, 0, -1, -2];

export function useReturnLabels() {
  const { t } = useTranslation();
  const label = (group: string, names: Record<number, string>) => (code: number) => (names[code] ? t(`returns.${group}.${names[code]}`) : String(code));
  const businessType = label('businessTypes', BUSINESS);
  const packageStatus = label('packageStatuses', PACKAGE);
  const condition = label('conditions', CONDITION);
  return {
    businessType,
    packageStatus,
    condition,
    businessTypeOptions: Object.values(RETURN_BUSINESS_TYPES).map((value) => ({ value, label: businessType(value) })),
    packageStatusOptions: Object.values(RETURN_PACKAGE_STATUS).map((value) => ({ value, label: packageStatus(value) })),
    conditionOptions: CONDITION_ORDER.map((value) => ({ value, label: condition(value) })),
  };
}

/** The stock status a line's condition books into (facts §3.9, `returnedItemInventoryStatus`). */
export const stockStatusOf = (valid: number) => (valid === 2 ? STOCK_STATUS.damaged : valid > 0 ? STOCK_STATUS.valid : STOCK_STATUS.invalid);

/** Tag colours of the conditions: valid green, damaged red, the rest neutral or amber. */
export const CONDITION_COLOR: Record<number, string> = { 1: 'green', 2: 'red', 0: 'volcano', [-1]: 'gold', [-2]: 'default' };
