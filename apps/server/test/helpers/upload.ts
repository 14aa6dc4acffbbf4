import { renderCaptcha } from '../../src/modules/auth/captcha-image.js';
import type { TestApp } from './test-app.js';

/** A small real PNG (a captcha image) and a minimal PDF for upload tests. */
export const PNG = Buffer.from(renderCaptcha('1234').split(',')[1]!, 'base64');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A multipart/form-data body with one file part. */
export function multipart(name: string, data: Buffer, field = 'upload') {
  const boundary = '----kontor' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a file as the token's user; answers the stored file ({id, url, ...}). */
export async function uploadFile(t: TestApp, token: string, kind: 'avatar' | 'image' | 'intern', name: string, data: Buffer) {
  const res = await t.call({ method: 'POST', url: `/v0/statics/upload/${kind}`, token, ...multipart(name, data) });
  if (res.body?.code !== 'OK') throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; url: string; name: string; mime: string; size: number };
}
