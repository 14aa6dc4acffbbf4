import type { Locale } from '@kontor/contracts';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';

/**
 * Ant Design's and dayjs' own texts per language. English ships in the first load; Chinese and
 * German are fetched when chosen (before the first render when they are the starting language).
 */
const loaded: Partial<Record<Locale, AntdLocale>> = { en: enUS };

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  if (!loaded[locale]) {
    if (locale === 'cn') {
      const [antd] = await Promise.all([import('antd/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
      loaded.cn = antd.default;
    } else if (locale === 'de') {
      const [antd] = await Promise.all([import('antd/locale/de_DE'), import('dayjs/locale/de')]);
      loaded.de = antd.default;
    }
  }
  dayjs.locale(locale === 'cn' ? 'zh-cn' : locale);
  return loaded[locale] ?? enUS;
}

export function antdLocaleIfLoaded(locale: Locale): AntdLocale | undefined {
  return loaded[locale];
}
