import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/locale.js';

/**
 * Every text catalogue of the repository, found by its `en.json` (web screens, error and validation
 * texts, printed documents): Chinese and German have exactly the keys of English, every text is a
 * non-empty string, and a `{name}` or `{{name}}` placeholder of one language is in the others too.
 * The type check catches a key missing in cn or de; this also catches one too many, and placeholders.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/contracts/src'];

function catalogueFolders(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.some((e) => e.isFile() && e.name === 'en.json') ? [dir] : [];
  return [...here, ...entries.filter((e) => e.isDirectory() && e.name !== 'node_modules').flatMap((e) => catalogueFolders(join(dir, e.name)))];
}

type Flat = Record<string, unknown>;
const flatten = (value: unknown, prefix = ''): Flat =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.assign({}, ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)))
    : { [prefix]: value };

/** `{{count}}` (i18next) and `{field}` (contracts, documents) placeholders of a text, each once, sorted. */
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|\{(\w+)\}/g)].map((m) => (m[1] ? `{{${m[1]}}}` : `{${m[2]}}`)))].sort();

/** What is wrong with one catalogue's languages against English, one line each (empty: all well). */
function catalogueProblems(languages: Record<string, unknown>): string[] {
  const flat = Object.fromEntries(Object.entries(languages).map(([locale, texts]) => [locale, flatten(texts)]));
  const english = flat.en ?? {};
  const problems: string[] = [];
  for (const [locale, texts] of Object.entries(flat)) {
    for (const [key, text] of Object.entries(texts)) {
      if (typeof text !== 'string' || text.trim() === '') problems.push(`${locale} ${key}: not a text (${JSON.stringify(text)})`);
      else if (!(key in english)) problems.push(`${locale} ${key}: not in English`);
      else if (placeholders(text).join() !== placeholders(String(english[key])).join())
        problems.push(`${locale} ${key}: placeholders ${placeholders(text).join() || 'none'}, English ${placeholders(String(english[key])).join() || 'none'}`);
    }
    if (locale !== 'en') for (const key of Object.keys(english)) if (!(key in texts)) problems.push(`${locale} ${key}: missing`);
  }
  return problems;
}

const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

describe('text catalogues (one JSON file per language and domain)', () => {
  const folders = SOURCES.flatMap((source) => catalogueFolders(join(root, source))).map((dir) => relative(root, dir));

  it('are found where the texts live', () => {
    expect(folders).toEqual(
      expect.arrayContaining([
        'apps/web/src/i18n/base',
        'apps/web/src/i18n/inbound',
        'packages/contracts/src/error-texts',
        'packages/contracts/src/validation-texts',
        'apps/server/src/lib/documents/texts',
        'apps/server/src/lib/notice-texts',
      ]),
    );
  });

  it.each(folders)('%s: every language has the keys and placeholders of English, no more, no less', (folder) => {
    const languages = Object.fromEntries(LOCALES.map((locale) => [locale, read(join(root, folder, `${locale}.json`))]));
    expect(catalogueProblems(languages)).toEqual([]);
  });

  it('names a missing key, an extra key, a changed placeholder and an empty text', () => {
    const problems = catalogueProblems({
      en: { a: { b: 'Order {{unid}}', c: 'Saved' }, d: '{field} is required.' },
      cn: { a: { b: '订单 {{unid}}' }, d: '{field} 为必填项。', x: '多余' },
      de: { a: { b: 'Auftrag {{no}}', c: ' ' }, d: '{feld} ist erforderlich.' },
    });
    expect(problems.sort()).toEqual(
      [
        'cn x: not in English',
        'cn a.c: missing',
        'de a.b: placeholders {{no}}, English {{unid}}',
        'de a.c: not a text (" ")',
        'de d: placeholders {feld}, English {field}',
      ].sort(),
    );
  });
});
