import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelectLight } from './LanguageSelectLight.js';
import './public.css';

/** The frame of the pages reachable without a token: brand, language, one card; `backToLogin` links to the sign-in below it. */
export function PublicFrame({ title, backToLogin, children }: { title: string; backToLogin?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="public-frame">
      <section className="public-card" aria-labelledby="public-title">
        <header className="public-head">
          <div className="public-brand">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <div>
              <strong>{t('app.name')}</strong>
              <small>{t('app.tagline')}</small>
            </div>
          </div>
          <LanguageSelectLight />
        </header>
        <h1 id="public-title">{title}</h1>
        {children}
        {backToLogin && (
          <p style={{ marginTop: 12 }}>
            <Link to="/login">{t('common.backToLogin')}</Link>
          </p>
        )}
      </section>
    </main>
  );
}
