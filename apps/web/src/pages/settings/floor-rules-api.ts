import type { SettingRecord } from '@kontor/contracts/responses/resource-rows';
import type { Page } from '@kontor/contracts';
import type { RuleSettingKey } from '@kontor/contracts/domains/settings';
import { request } from '../../api/request.js';

/** A stored setting as the generic settings list answers it (its declaration's contract). */
type SettingRow = SettingRecord;

/** One rules setting (`manifests.rules`, `tracking.rules`): its stored row, or null while it is on its defaults. */
async function row(key: RuleSettingKey): Promise<SettingRow | null> {
  const page = await request<Page<SettingRow>>({ url: '/v0/settings/', params: { key, l: 25 } });
  return page.data.find((r) => r.key === key) ?? null;
}

/**
 * The company rules of the floor through the generic settings records (`/v0/settings/`): read by key,
 * saved by creating the key's row or replacing it with the version read (a stale one answers Conflict).
 */
export const floorRulesApi = {
  read: async (key: RuleSettingKey): Promise<{ value: Record<string, unknown>; row: SettingRow | null }> => {
    const stored = await row(key);
    return { value: (stored?.value as Record<string, unknown> | undefined) ?? {}, row: stored };
  },
  /** Saves the value; a row made now gets `description`, a stored row keeps its own. */
  save: async (key: RuleSettingKey, value: Record<string, unknown>, stored: SettingRow | null, description: string, idempotencyKey: string) =>
    stored
      ? request<SettingRow>({
          url: `/v0/settings/${stored.id}`,
          method: 'PUT',
          data: { key, value, description: stored.description, version: stored.version },
          idempotencyKey,
        })
      : request<SettingRow>({ url: '/v0/settings/', method: 'POST', data: { key, value, description }, idempotencyKey }),
};
