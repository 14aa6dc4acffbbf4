import type { Locale } from '@kontor/contracts';
import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { antdLocaleIfLoaded, loadAntdLocale } from './i18n/antd-locale.js';
import { useLayout } from './layout/store.js';
import { onNotifierWanted } from './notify/queue.js';
import { RequestBridge } from './RequestBridge.js';
import { router } from './router/routes.js';

const Notifier = lazy(() => import('./notify/Notifier.js'));

/** One font stack for the console and Ant Design, with CJK faces for Chinese. */
const THEME = {
  token: {
    colorPrimary: '#2d4a7a',
    borderRadius: 6,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  },
};

const HTML_LANG: Record<Locale, string> = { en: 'en', cn: 'zh-CN', de: 'de' };

export function App() {
  const { i18n } = useTranslation();
  const language = (['en', 'cn', 'de'].includes(i18n.language) ? i18n.language : 'en') as Locale;
  const size = useLayout((s) => s.size);
  const [notifier, setNotifierWanted] = useState(false);
  useEffect(() => onNotifierWanted(() => setNotifierWanted(true)), []);
  const [antdLocale, setAntdLocale] = useState<AntdLocale | undefined>(() => antdLocaleIfLoaded(language));

  useEffect(() => {
    document.documentElement.lang = HTML_LANG[language];
    let alive = true;
    void loadAntdLocale(language).then((next) => alive && setAntdLocale(next));
    return () => {
      alive = false;
    };
  }, [language]);

  return (
    <ConfigProvider locale={antdLocale} componentSize={size} theme={THEME}>
      <RequestBridge />
      {notifier && (
        <Suspense fallback={null}>
          <Notifier />
        </Suspense>
      )}
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
