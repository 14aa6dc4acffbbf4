import { gateUserCreateSchema } from '@kontor/contracts/domains/carrier-gate';
import { compartmentRangeSchema } from '@kontor/contracts/domains/labels';
import { ticketCreateSchema } from '@kontor/contracts/domains/outbound';
import { trackingRulesSchema } from '@kontor/contracts/domains/tracking';
import type { RuleObject } from 'antd/es/form';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { validationMessages } from '../i18n/validation-messages.js';
import { fieldProblem, fieldRules, type FieldRuleOptions } from './schema-rules.js';

/** The message antd shows for a value, worded in the given language. */
async function message(schema: z.ZodType, value: unknown, label: string, lng = 'en', options?: FieldRuleOptions) {
  const [rule] = fieldRules(schema, label, i18n.getFixedT(lng), options) as RuleObject[];
  return shown(rule!, value);
}

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: validationMessages('en') }, de: { translation: validationMessages('de') } },
    interpolation: { escapeValue: false },
  });
});

/** What antd shows under the field: the rule's validator's refusal, or undefined when it passes. */
async function shown(rule: RuleObject, value: unknown): Promise<string | undefined> {
  try {
    await rule.validator!(rule, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('form rules from the contracts schemas (issue 16 item 5)', () => {
  it('a required text: empty or blank is refused with the field label, in en and de', async () => {
    const [rule] = fieldRules(ticketCreateSchema.shape.subject, 'Subject', i18n.t) as RuleObject[];
    expect(rule!.required).toBe(true);
    expect(await shown(rule!, undefined)).toBe('Subject is required.');
    expect(await shown(rule!, '   ')).toBe('Subject is required.');
    expect(await shown(rule!, 'Parcel late')).toBeUndefined();
    await i18n.changeLanguage('de');
    expect(await shown(rule!, '')).toBe('Subject ist erforderlich.');
    await i18n.changeLanguage('en');
  });

  it('a maximum length: the bound of the schema, worded as the server words it', async () => {
    const company = gateUserCreateSchema.shape.company;
    expect(await message(company, 'x'.repeat(121), 'Company')).toBe('Company is too long (at most 120).');
    expect(await message(company, 'x'.repeat(120), 'Company')).toBeUndefined();
    expect(await message(company, 'x'.repeat(121), 'Firma', 'de')).toBe('Firma ist zu lang (höchstens 120).');
    // An optional field (here one with a default) may stay empty.
    expect(fieldRules(gateUserCreateSchema.shape.contact, 'Contact', i18n.t)[0]).toMatchObject({ required: false });
    expect(await message(gateUserCreateSchema.shape.contact, '', 'Contact')).toBeUndefined();
  });

  it('a number bound: below and above the range, in en and de', async () => {
    const days = trackingRulesSchema.shape.finishAfterDays;
    expect(await message(days, 366, 'Days')).toBe('Days must be at most 365.');
    expect(await message(days, -1, 'Days')).toBe('Days must be at least 0.');
    expect(await message(days, 30, 'Days')).toBeUndefined();
    expect(await message(days, 366, 'Tage', 'de')).toBe('Tage darf höchstens 365 sein.');
    expect(await message(days, -1, 'Tage', 'de')).toBe('Tage muss mindestens 0 sein.');
  });

  it('nothing entered passes where the schema accepts it (a range without a zone), and a wrong value is invalid', async () => {
    const zone = compartmentRangeSchema.shape.zone;
    expect(await message(zone, '', 'Zone')).toBeUndefined();
    expect(await message(zone, 'A-1', 'Zone')).toBe('Zone is invalid.');
    expect(await message(zone, 'A-1', 'Zone', 'de')).toBe('Zone ist ungültig.');
  });

  it('a field the form always sends is required although the request has a default', async () => {
    const [rule] = fieldRules(trackingRulesSchema.shape.finishAfterDays, 'Days', i18n.t, { required: true }) as RuleObject[];
    expect(rule!.required).toBe(true);
    expect(await shown(rule!, null)).toBe('Days is required.');
  });

  it('a screen may name a rule in its own words; the rule itself comes from the schema', async () => {
    const messages = { required: 'Please enter the Subject', invalid: 'unused' };
    expect(await message(ticketCreateSchema.shape.subject, '', 'Subject', 'en', { messages })).toBe('Please enter the Subject');
    expect(await message(ticketCreateSchema.shape.subject, 'x'.repeat(201), 'Subject', 'en', { messages })).toBe('Subject is too long (at most 200).');
    expect(fieldProblem(trackingRulesSchema.shape.finishAfterDays, 1.5)).toEqual({ rule: 'invalid' });
  });

  it('checks what the request sends, not what the form holds', async () => {
    const [rule] = fieldRules(ticketCreateSchema.shape.subject, 'Subject', i18n.t, { toRequest: (v) => String(v).repeat(300) }) as RuleObject[];
    expect(await shown(rule!, 'ab')).toBe('Subject is too long (at most 200).');
  });
});
