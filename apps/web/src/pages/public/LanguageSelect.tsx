import { LOCALES, type Locale } from '@kontor/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n/index.js';
import { useLanguageChange } from './language-change.js';

/** The language choice in the top bar; remembered locally and applied at once (issue 3 §9). */
export function LanguageSelect({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { i18n, t } = useTranslation();
  const change = useLanguageChange();
  return (
    <Select
      aria-label={t('common.language')}
      data-testid="language-select"
      size={size}
      value={i18n.language as Locale}
      onChange={change}
      options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      style={{ width: 120 }}
    />
  );
}
