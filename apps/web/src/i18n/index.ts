import { LOCALES, toLocale, type Locale } from '@kontor/contracts';
import { ERROR_TEXTS_EN } from '@kontor/contracts/error-texts/en';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type Messages } from './en.js';
import type { ScreenMessages } from './screens-en.js';

const STORAGE_KEY = 'kontor.language';

/** `{name}` placeholders of the shared catalogue in i18next's `{{name}}` form. */
const toI18next = (text: string) => text.replace(/\{(\w+)\}/g, '{{$1}}');

/**
 * The texts of one language the sign-in page needs: the web's own and the server's error catalogue
 * (route titles: route-titles.ts; field-error rules: validation-messages.ts, loaded with the screens).
 */
export function resourcesFor(messages: Messages | (Messages & ScreenMessages), errorTexts: ErrorTexts) {
  const error = Object.fromEntries(Object.entries(errorTexts).map(([code, text]) => [code, toI18next(text)]));
  return { ...messages, error };
}

/** The error catalogue's texts of one language (contracts/src/error-texts). */
export type ErrorTexts = Record<keyof typeof ERROR_TEXTS_EN, string>;

/** Stored preference, else the browser's language, else English (issue 3 §9). */
export function initialLocale(): Locale {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  return toLocale(navigator.language);
}

export function rememberLocale(locale: Locale): void {
  localStorage.setItem(STORAGE_KEY, locale);
}

export const i18n = i18next;

/** English ships in the first load; Chinese and German texts are fetched when chosen. */
const MESSAGE_LOADERS: Record<Locale, () => Promise<[Messages, ErrorTexts]>> = {
  en: async () => [en, ERROR_TEXTS_EN],
  cn: async () => Promise.all([import('./cn.js').then((m) => m.cn), import('@kontor/contracts/error-texts/cn').then((m) => m.ERROR_TEXTS_CN)]),
  de: async () => Promise.all([import('./de.js').then((m) => m.de), import('@kontor/contracts/error-texts/de').then((m) => m.ERROR_TEXTS_DE)]),
};

// Tracked here, not by hasResourceBundle: the shell adds route titles to every language early.
const loadedLanguages = new Set<Locale>(['en']);

/**
 * Texts of the screens behind sign-in, kept out of the sign-in page's first load: fetched with the
 * console (see router/routes.tsx) and, from then on, together with every language switched to.
 */
const SCREEN_LOADERS: Record<Locale, () => Promise<ScreenMessages>> = {
  en: async () => (await import('./screens-en.js')).screensEn,
  cn: async () => (await import('./screens-cn.js')).screensCn,
  de: async () => (await import('./screens-de.js')).screensDe,
};
const validationFor = async (locale: Locale) => (await import('./validation-messages.js')).validationMessages(locale);
const screensLoaded = new Set<Locale>();
let screensWanted = false;

async function loadScreenTexts(locale: Locale): Promise<void> {
  if (screensLoaded.has(locale)) return;
  const [screens, validation] = await Promise.all([SCREEN_LOADERS[locale](), validationFor(locale)]);
  i18next.addResourceBundle(locale, 'translation', { ...screens, ...validation }, true, true);
  screensLoaded.add(locale);
}

/** Called as the console loads: the screen texts of the current language, and of every later one. */
export async function enableScreenTexts(): Promise<void> {
  screensWanted = true;
  await loadScreenTexts(toLocale(i18next.language));
}

export async function loadLanguage(locale: Locale): Promise<void> {
  if (screensWanted) await loadScreenTexts(locale);
  if (loadedLanguages.has(locale)) return;
  i18next.addResourceBundle(locale, 'translation', resourcesFor(...(await MESSAGE_LOADERS[locale]())), true, true);
  loadedLanguages.add(locale);
}

/** Switches the console's language (texts first, then the switch) and remembers the choice. */
export async function setLanguage(locale: Locale): Promise<void> {
  await loadLanguage(locale);
  rememberLocale(locale);
  await i18next.changeLanguage(locale);
}

void i18next.use(initReactI18next).init({
  resources: { en: { translation: resourcesFor(en, ERROR_TEXTS_EN) } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Loads the starting language (stored, else the browser's) before the first render. */
export async function startLanguage(): Promise<void> {
  const locale = initialLocale();
  if (locale === 'en') return;
  await loadLanguage(locale).catch(() => undefined);
  await i18next.changeLanguage(locale);
}

export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', cn: '简体中文', de: 'Deutsch' };
