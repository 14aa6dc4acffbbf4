import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { problemText } from '../../api/field-errors.js';
import { de } from '../../i18n/de.js';
import { en } from '../../i18n/en.js';
import { resourcesFor, type ErrorTexts } from '../../i18n/index.js';
import { ERROR_CATALOGUE, type Locale } from '@kontor/contracts';
import { validationMessages } from '../../i18n/validation-messages.js';
import { screensDe } from '../../i18n/screens-de.js';
import { screensEn } from '../../i18n/screens-en.js';
import { checkNoteProblems, exceptionTexts, outboundLabel } from './field-labels.js';

/** The error catalogue's texts of one language, as the web loads them. */
const errorTextsOf = (locale: Locale) => Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, texts]) => [code, texts[locale]])) as ErrorTexts;

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: {
      en: { translation: { ...resourcesFor({ ...en, ...screensEn }, errorTextsOf('en')), ...validationMessages('en') } },
      de: { translation: { ...resourcesFor({ ...de, ...screensDe }, errorTextsOf('de')), ...validationMessages('de') } },
    },
    interpolation: { escapeValue: false },
  });
});

describe('order field errors in the user words (issue 15 item 13)', () => {
  it('shows the address check of an exception translated, never `name1: required`', async () => {
    expect(checkNoteProblems('name1: required, zip: pattern')).toEqual([
      { field: 'name1', problem: 'required' },
      { field: 'zip', problem: 'pattern' },
    ]);
    expect(checkNoteProblems('customer called, wants it Friday')).toBeNull();
    expect(exceptionTexts(i18n.t, 'address', 'name1: required, zip: pattern')).toEqual({
      reason: 'Address check',
      note: 'Name is missing · ZIP does not fit the country',
    });
    expect(exceptionTexts(i18n.t, 'customer called', 'box crushed')).toEqual({ reason: 'customer called', note: 'box crushed' });
    // The carrier's delivery exceptions (tracking to delivery) are codes: worded, never `addressUnknown`.
    expect(exceptionTexts(i18n.t, 'damaged', 'box crushed')).toEqual({ reason: 'Damaged', note: 'box crushed' });
    expect(exceptionTexts(i18n.t, 'addressUnknown', '').reason).toBe('Address unknown');
    await i18n.changeLanguage('de');
    expect(exceptionTexts(i18n.t, 'address', 'name1: required').note).not.toContain('name1');
    expect(exceptionTexts(i18n.t, 'returnedToSender', '').reason).toBe('Zurück an Absender');
    await i18n.changeLanguage('en');
  });

  it('words a server field error with the label of its field', () => {
    const labelOf = outboundLabel(i18n.t);
    expect(problemText(i18n.t, { field: 'consignee.name1', message: 'consignee.name1 is required.', rule: 'required' }, labelOf)).toBe('Name is required.');
    expect(problemText(i18n.t, { field: 'weight', message: 'weight is too long (at most 5).', rule: 'tooLong', params: { max: 5 } }, labelOf)).toBe(
      'Weight is too long (at most 5).',
    );
    // Without a rule the server's words stay, after the label instead of the path.
    expect(problemText(i18n.t, { field: 'consignee.zip', message: 'consignee.zip: wrong' }, labelOf)).toBe('ZIP: wrong');
    // A field no screen names keeps the server's message.
    expect(problemText(i18n.t, { field: 'zzz', message: 'zzz is invalid.', rule: 'invalid' }, labelOf)).toBe('zzz is invalid.');
  });
});
