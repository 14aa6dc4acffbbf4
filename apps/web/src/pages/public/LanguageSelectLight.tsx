import { LOCALES, type Locale } from '@kontor/contracts';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n/index.js';
import { useLanguageChange } from './language-change.js';

/** The same choice on the sign-in pages as a native select: no dropdown library in the first load. */
export function LanguageSelectLight() {
  const { i18n, t } = useTranslation();
  const change = useLanguageChange();
  return (
    <select
      className="language-light"
      aria-label={t('common.language')}
      data-testid="language-select"
      value={i18n.language}
      onChange={(e) => change(e.target.value as Locale)}
    >
      {LOCALES.map((l) => (
        <option key={l} value={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}
