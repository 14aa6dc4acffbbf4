import { describe, expect, it } from 'vitest';
import { parseMask, type MaskInput } from '../src/masks.js';

const L = (en: string) => ({ en, cn: en, de: en });
const valid: MaskInput = {
  name: 'settings.users',
  kind: 'list',
  title: L('Users'),
  dataSrc: { api: '/v0/users/' },
  fields: [
    { id: 'account', label: L('Account'), type: 'text', sortable: true, filterable: true },
    { id: 'type', label: L('Type'), type: 'enum', options: [{ value: 110, label: L('Employee') }] },
    { id: 'createdAt', label: L('Created'), type: 'datetime', sortable: true },
  ],
  defaultSort: { field: 'createdAt', order: 'desc' },
  actions: [
    { id: 'disable', label: L('Disable'), bulk: true, confirm: L('Sure?'), next: [{ type: 'fetch', api: '/v0/users/{id}', method: 'DELETE', pk: 'id' }] },
  ],
};

describe('mask schema', () => {
  it('accepts a complete list mask and fills defaults', () => {
    const result = parseMask(JSON.stringify(valid));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.mask.pk).toBe('id');
    expect(result.mask.fields[0]!.hidden).toBe(false);
    expect(result.mask.actions[0]!.next[0]!.method).toBe('DELETE');
  });

  it('refuses field ids that are not letters beginning lower-case (spec §5)', () => {
    for (const id of ['Account', 'account1', 'acc_ount', '1abc', '']) {
      const result = parseMask({ ...valid, fields: [{ id, label: L('x'), type: 'text' }], defaultSort: undefined });
      expect(result.ok, id).toBe(false);
      if (!result.ok) expect(result.problems[0]!.path).toBe('fields.0.id');
    }
  });

  it('names the field at fault', () => {
    const cases: Array<[Partial<MaskInput>, string]> = [
      [{ fields: [{ id: 'state', label: L('State'), type: 'enum' }], defaultSort: undefined }, 'fields.0.options'],
      [
        {
          fields: [
            { id: 'a', label: L('A'), type: 'text' },
            { id: 'a', label: L('B'), type: 'text' },
          ],
          defaultSort: undefined,
        },
        'fields.1.id',
      ],
      [{ defaultSort: { field: 'nope', order: 'asc' } }, 'defaultSort.field'],
      [{ dataSrc: undefined }, 'dataSrc'],
      [{ dataSrc: { api: 'http://evil.example/x' } }, 'dataSrc.api'],
      [{ title: { en: 'x', cn: 'x' } as never }, 'title.de'],
    ];
    for (const [patch, path] of cases) {
      const result = parseMask({ ...valid, ...patch });
      expect(result.ok, path).toBe(false);
      if (!result.ok) expect(result.problems.map((p) => p.path)).toContain(path);
    }
  });

  it('refuses unknown keys and broken JSON', () => {
    const extra = parseMask({ ...valid, colour: 'red' });
    expect(extra.ok).toBe(false);
    const broken = parseMask('{"name": ');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.problems[0]!.message).toMatch(/not valid JSON/);
  });

  it('accepts a navigation mask made of fetch steps', () => {
    const result = parseMask({
      name: 'nav.overview.tasksNoFinIn30Days',
      kind: 'download',
      title: L('Unfinished'),
      download: { api: '/v0/x' },
      next: [{ type: 'fetch', api: '/v0/p11yorders/unfinished' }],
    });
    expect(result.ok).toBe(true);
  });
});

describe('mask kinds added for the settings area', () => {
  const title = { en: 'T', cn: 'T', de: 'T' };
  it('accepts a navigation mask only with next steps', () => {
    expect(parseMask({ name: 'nav.x', kind: 'navigation', title, next: [] }).ok).toBe(true);
    const refused = parseMask({ name: 'nav.x', kind: 'navigation', title });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.problems[0]!.path).toBe('next');
  });
  it('allows several values only for enum, lookup and text (tags) fields', () => {
    const field = (type: string) => ({ id: 'kinds', label: title, type, multiple: true, options: [{ value: 'a', label: title }] });
    expect(parseMask({ name: 'm', kind: 'list', title, dataSrc: { api: '/v0/x/' }, fields: [field('enum')] }).ok).toBe(true);
    expect(parseMask({ name: 'm', kind: 'list', title, dataSrc: { api: '/v0/x/' }, fields: [field('text')] }).ok).toBe(true);
    const refused = parseMask({ name: 'm', kind: 'list', title, dataSrc: { api: '/v0/x/' }, fields: [field('number')] });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.problems[0]!.path).toBe('fields.0.multiple');
  });
});

describe('patchOf', async () => {
  const { z } = await import('zod');
  const { patchOf } = await import('../src/patch.js');
  it('leaves out what an update does not name instead of filling in defaults', () => {
    const create = z.strictObject({ name: z.string(), roles: z.array(z.string()).default([]), note: z.string().default('') });
    expect(patchOf(create).parse({ name: 'x' })).toEqual({ name: 'x' });
    expect(patchOf(create).parse({ roles: ['a'] })).toEqual({ roles: ['a'] });
    expect(() => patchOf(create).parse({ name: 5 })).toThrow();
  });
});
