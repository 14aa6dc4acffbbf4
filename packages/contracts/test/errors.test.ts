import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, errorText } from '../src/errors.js';
import { VALIDATION_TEXTS } from '../src/validation-texts.js';
import { LOCALES, localeFromAcceptLanguage, toLocale } from '../src/locale.js';
import { isSuccessCode } from '../src/envelope.js';

describe('error catalogue', () => {
  it('has a non-empty text in every language for every code', () => {
    for (const [code, texts] of Object.entries({ ...ERROR_CATALOGUE, ...VALIDATION_TEXTS })) {
      for (const locale of LOCALES) expect((texts as Record<string, string>)[locale]?.trim(), `${code}.${locale}`).toBeTruthy();
    }
  });

  it('keeps the codes the spec and the original clients use', () => {
    for (const code of [
      'CaptchaNotMatchError',
      'IntegrityError',
      'InternalError',
      'LoginError',
      'NotFound',
      'ToFront',
      'CaptchaRequired',
      'TrackingConflictError',
    ]) {
      expect(ERROR_CATALOGUE).toHaveProperty(code);
    }
  });

  it('fills parameters and falls back to the common text for unknown codes', () => {
    expect(errorText('TooManyAttempts', 'en', { minutes: 7 })).toContain('7 minute');
    expect(errorText('NoSuchCode', 'de')).toBe(ERROR_CATALOGUE.common.de);
  });

  it('treats OK and ContinueWithoutOK as success only', () => {
    expect(isSuccessCode('OK')).toBe(true);
    expect(isSuccessCode('ContinueWithoutOK')).toBe(true);
    expect(isSuccessCode('NotFound')).toBe(false);
  });
});

describe('locales', () => {
  it('maps browser languages to en, cn and de with English as fallback', () => {
    expect(toLocale('zh-CN')).toBe('cn');
    expect(toLocale('de-AT')).toBe('de');
    expect(toLocale('fr')).toBe('en');
    expect(localeFromAcceptLanguage('fr-FR,de;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });
});
