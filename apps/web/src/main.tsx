import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { loadAntdLocale } from './i18n/antd-locale.js';
import { i18n, startLanguage } from './i18n/index.js';
import type { Locale } from '@kontor/contracts';
import './global.css';

// The starting language's texts are in place before the first render (no flash of English).
await startLanguage();
await loadAntdLocale(i18n.language as Locale).catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
