/**
 * What the request layer needs from the rest of the console, wired once by the shell: the token,
 * the current language, how to show errors, and what to do when the server says the session is gone.
 */
export interface RequestHooks {
  token(): string | null;
  language(): string;
  /** A toast for an error (5 s) and, when `dialog` is set, a dialog with that text. */
  showError(text: string, dialog?: { title: string; text: string; modal: boolean }): void;
  recordError(entry: { code: string; text: string; url: string }): void;
  sessionGone(message: string): void;
  translate(key: string, params?: Record<string, unknown>): string;
  /** A call succeeded: the server's idle clock restarted, so does the console's. */
  activity(): void;
}

let hooks: RequestHooks = {
  token: () => null,
  language: () => 'en',
  showError: () => undefined,
  recordError: () => undefined,
  sessionGone: () => undefined,
  translate: (key) => key,
  activity: () => undefined,
};

export function configureRequest(next: Partial<RequestHooks>): void {
  hooks = { ...hooks, ...next };
}

export function requestHooks(): RequestHooks {
  return hooks;
}
