import type { ReactNode } from 'react';

/**
 * A one-line message box for the sign-in page: looks like Ant Design's Alert, weighs nothing, so the
 * sign-in page stays within its first-load budget (issue 3: ≤ 250 KB of JavaScript).
 */
export function Notice({ type, children, testId }: { type: 'info' | 'error'; children: ReactNode; testId: string }) {
  return (
    <div className={`public-notice public-notice-${type}`} role={type === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}
