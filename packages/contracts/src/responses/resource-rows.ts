import type { ResourceFieldKind } from './resources.js';

/**
 * The rows of the declared record types the web reads by hand (not through a mask), as their generic
 * routes answer them (`resourceRowSchema`, responses/resources.ts): every field nullable except the
 * system fields. The field kinds repeat the server's declarations (`modules/<m>/*.resources.ts`,
 * `resources/catalogue.ts`); `apps/server/test/resource-rows.test.ts` fails when the two differ.
 * Declarations do not say which columns are NOT NULL, so a row's every field but the system ones is
 * nullable here as on the wire: lists whose code relies on non-null columns (containers, stock) keep
 * their own row types until declarations carry nullability.
 */
type WireValue<K extends ResourceFieldKind> = K extends 'int' | 'decimal' ? number : K extends 'bool' ? boolean : K extends 'json' ? unknown : string;
type SystemField = 'id' | 'createdAt' | 'updatedAt' | 'version';
export type ResourceRow<F extends Record<string, ResourceFieldKind>> = {
  [P in keyof F]: P extends SystemField ? WireValue<F[P]> : WireValue<F[P]> | null;
};

const SYSTEM = { id: 'int', createdAt: 'datetime', updatedAt: 'datetime', version: 'int' } as const;

/** `/v0/settings/` (resources/catalogue.ts `setting`). */
export const SETTING_FIELDS = { ...SYSTEM, key: 'text', value: 'json', description: 'text' } as const satisfies Record<string, ResourceFieldKind>;
export type SettingRecord = ResourceRow<typeof SETTING_FIELDS>;

/** The declared record types above by their route's path, for the server's comparison. */
export const RESOURCE_ROW_FIELDS: Record<string, Record<string, ResourceFieldKind>> = {
  '/v0/settings/': SETTING_FIELDS,
};
