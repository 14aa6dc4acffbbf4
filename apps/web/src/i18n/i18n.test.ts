import { ERROR_CATALOGUE, flattenRoutes, LOCALES, type Locale } from '@kontor/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { cn } from './cn.js';
import { de } from './de.js';
import { en } from './en.js';
import { resourcesFor, type ErrorTexts } from './index.js';
import { validationMessages } from './validation-messages.js';
import { OUTBOUND_HISTORY_ACTIONS } from '@kontor/contracts/domains/outbound';
import { screensCn } from './screens-cn.js';
import { screensDe } from './screens-de.js';
import { screensEn } from './screens-en.js';
import { ROUTE_TITLES } from './route-titles.js';

/** The error catalogue's texts of one language, as the web loads them. */
const errorTextsOf = (locale: Locale) => Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, texts]) => [code, texts[locale]])) as ErrorTexts;

const flatten = (value: unknown, prefix = ''): Record<string, unknown> =>
  value && typeof value === 'object'
    ? Object.assign({}, ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)))
    : { [prefix]: value };

describe('translations', () => {
  const messages = { en: { ...en, ...screensEn }, cn: { ...cn, ...screensCn }, de: { ...de, ...screensDe } };
  const all = Object.fromEntries(LOCALES.map((l) => [l, flatten({ ...resourcesFor(messages[l], errorTextsOf(l)), ...validationMessages(l) })]));

  it('has every key in every language, none empty', () => {
    const keys = new Set(LOCALES.flatMap((l) => Object.keys(all[l]!)));
    for (const locale of LOCALES) {
      const missing = [...keys].filter((k) => typeof all[locale]![k] !== 'string' || (all[locale]![k] as string).trim() === '');
      expect(missing, `missing or empty in ${locale}`).toEqual([]);
    }
  });

  it('uses the same placeholders in every language', () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(all.en!)) {
      for (const locale of LOCALES) expect(placeholders(all[locale]![key]), `${locale} ${key}`).toEqual(placeholders(all.en![key]));
    }
  });

  it('counts in proper plurals in English and German (issue 15 item 13)', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      resources: {
        en: { translation: { ...resourcesFor(messages.en, errorTextsOf('en')), ...validationMessages('en') } },
        de: { translation: { ...resourcesFor(messages.de, errorTextsOf('de')), ...validationMessages('de') } },
      },
      interpolation: { escapeValue: false },
    });
    expect(i18n.t('receiving.serialHint', { count: 1 })).toBe('Scan 1 serial number.');
    expect(i18n.t('receiving.serialHint', { count: 3 })).toBe('Scan 3 serial numbers, one per unit.');
    expect(i18n.t('receiving.serialHint', { count: 1, lng: 'de' })).toBe('1 Seriennummer scannen.');
    expect(i18n.t('receiving.serialHint', { count: 2, lng: 'de' })).toBe('2 Seriennummern scannen, eine je Stück.');
    expect(i18n.t('outbound.unitQtyDiffers', { count: 1, lng: 'de' })).toBe('Die Positionen ergeben 1 Einheit.');
    expect(i18n.t('outbound.bulk.done', { count: 1 })).toBe('1 order done');
    expect(i18n.t('outbound.bulk.done', { count: 2, lng: 'de' })).toBe('2 Aufträge erledigt');
    expect(i18n.t('returns.missingCompartment', { count: 1 })).toBe('1 line without a compartment: scan a compartment');
    // Under every list (the floor's loading configs with one open pallet said "1 records").
    expect(i18n.t('mask.total', { count: 1 })).toBe('1 record');
    expect(i18n.t('mask.total', { count: 1, lng: 'de' })).toBe('1 Datensatz');
    expect(i18n.t('mask.total', { count: 2, lng: 'de' })).toBe('2 Datensätze');
  });

  it('keeps the texts the specification fixes', () => {
    expect(all.en!['session.expiredTitle']).toBe('Session expired!');
    expect(all.en!['session.verificationFailed']).toBe('Verification failed, please Login again.');
    expect(all.en!['layout.fullscreenUnsupported']).toBe("Your browser doesn't support this function.");
    expect(all.en!['net.popupBlocked']).toBe('Please unblock the pop-ups of this site.');
  });
});

describe('order history words', () => {
  it('names every action the server writes into an order history', () => {
    // English here; 'has every key in every language' holds the other two to the same keys.
    const words = flatten(resourcesFor({ ...en, ...screensEn }, errorTextsOf('en')));
    const missing = OUTBOUND_HISTORY_ACTIONS.filter((action) => typeof words[`outbound.historyActions.${action}`] !== 'string');
    expect(missing).toEqual([]);
  });
});

describe('route titles', () => {
  it('names every route of the contracts in every language', () => {
    for (const route of flattenRoutes()) {
      const key = route.titleKey.replace(/^route\./, '');
      const texts = ROUTE_TITLES[key];
      expect(texts, route.path).toBeDefined();
      texts!.forEach((text) => expect(text.trim(), `${route.path}`).not.toBe(''));
    }
  });
});

describe('translated, not copied (issue 15 §15)', () => {
  /** Words that are the same in every language: codes, brands and units (the whole word must match). */
  const SAME_EVERYWHERE = /^(?:[A-Z0-9]{2,}|[A-Z][A-Z0-9]*[0-9][A-Z0-9]*|Kontor|Shopify|eBay|OAuth|FedEx|kg|cm|mm|x)$/;
  /** Words German shares with English, allowed one by one. */
  const GERMAN_SAME = new Set([
    'Name',
    'Status',
    'Details',
    'Ticket',
    'Tickets',
    'Container',
    'Region',
    'Filter',
    'Start',
    'Export',
    'Import',
    'Info',
    'Version',
    'Login',
    'Code',
    'Label',
    'Labels',
    'Server',
    'Link',
    'Batch',
    'System',
    'Service',
    'Optional',
    'Standard',
    'Format',
    'Position',
    'Text',
    'Material',
    'Problem',
    'Transport',
    'Captcha',
    'Normal',
    'Express',
    'Premium',
    'Original',
    'Administrator',
    'Zone',
    'Barcode',
    'Gate',
    'Carrier',
    'Admin',
    'Mail',
  ]);
  const messages = { en: { ...en, ...screensEn }, cn: { ...cn, ...screensCn }, de: { ...de, ...screensDe } };
  const flat = Object.fromEntries(LOCALES.map((l) => [l, flatten({ ...resourcesFor(messages[l], errorTextsOf(l)), ...validationMessages(l) })]));
  const words = (text: string) =>
    text
      .replace(/\{\{\w+\}\}/g, ' ')
      .split(/[^A-Za-z0-9]+/)
      .filter((w) => /[A-Za-z]{2,}/.test(w));
  const allowed = (locale: 'cn' | 'de') => (word: string) => SAME_EVERYWHERE.test(word) || (locale === 'de' && GERMAN_SAME.has(word));

  it.each(['cn', 'de'] as const)('has no English left in %s (a text equal to the English one is made of allowed words only)', (locale) => {
    const copied = Object.entries(flat.en!).filter(
      ([key, text]) => typeof text === 'string' && flat[locale]![key] === text && !words(text).every(allowed(locale)),
    );
    expect(copied.map(([key, text]) => `${key}: ${String(text)}`)).toEqual([]);
  });

  it('names each concept with one German term: the carrier is Versanddienstleister, never Versender or Spediteur', () => {
    const carrierTexts = Object.entries(flat.en!).filter(([, text]) => /\bcarriers?\b(?! gate| service)/i.test(String(text)));
    expect(carrierTexts.length).toBeGreaterThan(5);
    for (const [key] of carrierTexts) expect(String(flat.de![key]), key).toMatch(/Versanddienstleister/);
    const wrong = Object.entries(flat.de!).filter(([, text]) => /Versender|Spediteur|Frachtführer/.test(String(text)));
    expect(wrong.map(([key]) => key)).toEqual([]);
    expect(ROUTE_TITLES.lookup![2]).not.toBe('Suche');
    expect(
      Object.values(ROUTE_TITLES)
        .filter(([en]) => /carrier(?! gate)/i.test(en))
        .every(([, , de]) => de.includes('Versanddienstleister')),
    ).toBe(true);
  });

  it('translates "N/A", and route titles that are words', () => {
    expect(flat.cn!['common.na']).not.toBe('N/A');
    expect(flat.de!['common.na']).not.toBe('N/A');
    const copiedTitles = Object.entries(ROUTE_TITLES).filter(
      ([, [en, cn, de]]) => !SAME_EVERYWHERE.test(en) && (cn === en || (de === en && !GERMAN_SAME.has(en))),
    );
    expect(copiedTitles.map(([key]) => key)).toEqual(['shopifyEP', 'twoBC', 'tickets'].filter((k) => copiedTitles.some(([c]) => c === k)));
  });
});
