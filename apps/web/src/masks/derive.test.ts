import { parseMask, type Mask } from '@kontor/contracts/masks';
import { describe, expect, it } from 'vitest';
import { columnsFor, displayValue, filtersFor, formItemsFor, fromForm, toForm } from './derive.js';

const L = (en: string, cn = en, de = en) => ({ en, cn, de });
const parsed = parseMask({
  name: 'test.orders',
  kind: 'list',
  title: L('Orders'),
  dataSrc: { api: '/v0/orders/' },
  fields: [
    { id: 'id', label: L('ID'), type: 'number', hidden: true },
    { id: 'refOrderId', label: L('Reference', '参考号', 'Referenz'), type: 'text', required: true, max: 40, filterable: true, sortable: true },
    { id: 'priority', label: L('Priority'), type: 'enum', filterable: true, options: [{ value: 'urgent', label: L('Urgent', '紧急', 'Dringend') }] },
    { id: 'amount', label: L('Amount'), type: 'money', currencyField: 'currency', min: 0, filterable: true },
    { id: 'currency', label: L('Currency'), type: 'text', editable: false },
    { id: 'createdAt', label: L('Created'), type: 'datetime', filterable: true, sortable: true },
    { id: 'dangerGoods', label: L('Dangerous goods'), type: 'boolean' },
    { id: 'raw', label: L('Raw'), type: 'json' },
  ],
});
if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
const mask: Mask = parsed.mask;

describe('columnsFor', () => {
  it('shows visible fields in order, in the language asked, numbers right-aligned', () => {
    const columns = columnsFor(mask, 'cn');
    expect(columns.map((c) => c.key)).toEqual(['refOrderId', 'priority', 'amount', 'currency', 'createdAt', 'dangerGoods']);
    expect(columns[0]).toMatchObject({ title: '参考号', sortable: true, align: 'left' });
    expect(columns.find((c) => c.key === 'amount')!.align).toBe('right');
  });
});

describe('filtersFor', () => {
  it('picks a control per field type', () => {
    const filters = filtersFor(mask, 'de');
    expect(filters.map((f) => [f.key, f.control])).toEqual([
      ['refOrderId', 'text'],
      ['priority', 'select'],
      ['amount', 'numberRange'],
      ['createdAt', 'dateRange'],
    ]);
    expect(filters[1]!.options).toEqual([{ value: 'urgent', label: 'Dringend' }]);
  });
});

describe('formItemsFor', () => {
  it('derives rules; keeps the key and fixed fields out of forms, and fields set at creation locked when editing', () => {
    const create = formItemsFor(mask, 'en', 'create');
    const edit = formItemsFor(mask, 'en', 'edit');
    expect(create.map((i) => i.key)).not.toContain('id');
    expect(edit.map((i) => i.key)).not.toContain('currency');
    expect(create.map((i) => i.key)).toContain('raw');
    expect(edit.find((i) => i.key === 'refOrderId')!.rules).toEqual([
      { kind: 'required', required: true },
      { kind: 'maxLength', max: 40 },
    ]);
    expect(edit.find((i) => i.key === 'amount')!.rules).toEqual([{ kind: 'min', min: 0 }]);
    const withCode = { ...mask, fields: [...mask.fields, { ...mask.fields[1]!, id: 'code', editable: false, creatable: true }] };
    expect(formItemsFor(withCode, 'en', 'edit').find((i) => i.key === 'code')!.disabled).toBe(true);
    expect(formItemsFor(withCode, 'en', 'create').find((i) => i.key === 'code')!.disabled).toBe(false);
    expect(fromForm(withCode, { code: 'C9', refOrderId: 'R' }, 'create').values).toMatchObject({ code: 'C9' });
    expect(fromForm(withCode, { code: 'C9', refOrderId: 'R' }, 'edit').values).not.toHaveProperty('code');
    expect(edit.find((i) => i.key === 'dangerGoods')!.control).toBe('switch');
  });
});

describe('displayValue', () => {
  const field = (id: string) => mask.fields.find((f) => f.id === id)!;
  it('formats by type and says N/A for empty', () => {
    expect(displayValue(field('amount'), 1234.5, 'de', { currency: 'EUR' })).toBe('1.234,50 EUR');
    expect(displayValue(field('amount'), 3, 'en', { currency: 'USD' })).toBe('3.00 USD');
    expect(displayValue(field('priority'), 'urgent', 'cn')).toBe('紧急');
    expect(displayValue(field('dangerGoods'), true, 'de')).toBe('Ja');
    expect(displayValue(field('createdAt'), null, 'en')).toBe('N/A');
    expect(displayValue(field('createdAt'), '2026-03-04T05:06:07', 'en')).toBe('2026-03-04 05:06:07');
  });
});

describe('toForm and fromForm', () => {
  it('edits JSON as text and sends it back parsed; empty optional fields are left to the server defaults', () => {
    const form = toForm(mask, { refOrderId: 'R1', raw: { a: 1 }, amount: 5 });
    expect(form.raw).toBe('{\n  "a": 1\n}');
    const back = fromForm(mask, { ...form, raw: '{"a": 2}', amount: undefined, priority: undefined });
    expect(back.errors).toEqual({});
    expect(back.values).toEqual({ refOrderId: 'R1', raw: { a: 2 } });
    expect(fromForm(mask, { refOrderId: '' }).values).toEqual({ refOrderId: null });
    expect(back.values).not.toHaveProperty('currency');
  });

  it('reports text that is not JSON per field instead of sending it', () => {
    expect(fromForm(mask, { raw: '{oops' }).errors).toEqual({ raw: 'json' });
  });

  it('shows the labels of several enum values', () => {
    expect(displayValue(mask.fields[2]!, ['urgent', 'x'], 'de')).toBe('Dringend, x');
  });
});

describe('lines fields', () => {
  const lines = parseMask({
    name: 'test.items',
    kind: 'list',
    title: L('Items'),
    dataSrc: { api: '/v0/items/' },
    fields: [
      { id: 'merchantId', label: L('Merchant'), type: 'number' },
      {
        id: 'components',
        label: L('Components'),
        type: 'lines',
        lines: { lookup: { api: '/v0/items/', valueField: 'id', labelField: 'sku' }, scopeField: 'merchantId' },
      },
    ],
  });
  if (!lines.ok) throw new Error(JSON.stringify(lines.problems));

  it('are edited with the lines control, kept out of list columns, and sent without blank lines', () => {
    expect(formItemsFor(lines.mask, 'en', 'create').find((i) => i.key === 'components')?.control).toBe('lines');
    expect(columnsFor(lines.mask, 'en').map((c) => c.key)).toEqual(['merchantId']);
    const sent = fromForm(
      lines.mask,
      {
        components: [
          { itemId: 3, quantity: 2 },
          { itemId: null, quantity: 1 },
        ],
      },
      'create',
    );
    expect(sent).toEqual({ values: { components: [{ itemId: 3, quantity: 2 }] }, errors: {} });
    expect(displayValue(lines.mask.fields[1]!, [{ itemId: 3, quantity: 2 }], 'en')).toBe('#3 × 2');
  });

  it('need their item source', () => {
    const bad = parseMask({
      name: 'x',
      kind: 'list',
      title: L('X'),
      dataSrc: { api: '/v0/items/' },
      fields: [{ id: 'parts', label: L('Parts'), type: 'lines' }],
    });
    expect(bad.ok ? [] : bad.problems).toEqual([{ path: 'fields.0.lines', message: 'a lines field needs its item source' }]);
  });
});
