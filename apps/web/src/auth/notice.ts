/**
 * A message for the sign-in page that survives the navigation to it (why the user was signed out:
 * idle timeout, failed verification). Read once.
 */
const KEY = 'kontor.loginNotice';

export function leaveNotice(text: string): void {
  sessionStorage.setItem(KEY, text);
}

export function consumeNotice(): string | null {
  const text = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return text;
}
