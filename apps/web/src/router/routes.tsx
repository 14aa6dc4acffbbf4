import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { enableScreenTexts } from '../i18n/index.js';
import { Guard } from './Guard.js';

// The console and the texts of its screens arrive together, neither with the sign-in page.
const Shell = lazy(() => Promise.all([import('../layout/Shell.js'), enableScreenTexts()]).then(([m]) => ({ default: m.Shell })));
const LoginPage = lazy(() => import('../pages/public/LoginPage.js'));
const ResetRequestPage = lazy(() => import('../pages/public/ResetRequestPage.js'));
const ResetPasswordPage = lazy(() => import('../pages/public/ResetPasswordPage.js'));
const ChannelRedirectPage = lazy(() => import('../pages/public/ChannelRedirectPage.js'));

const page = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

/**
 * Routes reachable without a token (spec §2), then everything else behind the guard in the shell,
 * which resolves screens, utility paths and unknown paths itself.
 */
export const router = createBrowserRouter([
  { path: '/login', element: page(<LoginPage />) },
  { path: '/resetPasswordRequest', element: page(<ResetRequestPage />) },
  { path: '/resetPassword', element: page(<ResetPasswordPage />) },
  { path: '/auth-redirect', element: page(<ChannelRedirectPage />) },
  { path: '/shopify/redirect', element: page(<ChannelRedirectPage />) },
  { path: '/ebay/redirect', element: page(<ChannelRedirectPage />) },
  {
    path: '*',
    element: (
      <Guard>
        <Suspense fallback={null}>
          <Shell />
        </Suspense>
      </Guard>
    ),
  },
]);
