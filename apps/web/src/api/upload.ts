import type { ApiData } from '@kontor/contracts/api-responses';
import { ApiError } from './errors.js';
import { requestHooks } from './hooks.js';
import { send } from './request.js';

/** The stored file `POST /v0/statics/upload/:kind` answers (its contract). */
export type Uploaded = ApiData<'POST /v0/statics/upload/:kind'>;

/** Uploads one file as multipart field `upload` (spec §7 uploads); errors are shown like any call. */
export async function uploadFile(kind: 'avatar' | 'image' | 'intern', file: File): Promise<Uploaded> {
  const form = new FormData();
  form.append('upload', file, file.name);
  const response = await send({ url: `/v0/statics/upload/${kind}`, method: 'POST', timeoutMs: 120_000 }, form);
  const envelope = (await response.json().catch(() => null)) as { code?: string; data?: unknown } | null;
  if (envelope?.code === 'OK') return envelope.data as Uploaded;
  const hooks = requestHooks();
  const text = typeof envelope?.data === 'string' ? envelope.data : hooks.translate('error.common');
  hooks.showError(text);
  hooks.recordError({ code: envelope?.code ?? `HTTP ${response.status}`, text, url: `/v0/statics/upload/${kind}` });
  throw new ApiError('business', text, envelope?.code);
}
