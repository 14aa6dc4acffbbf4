/**
 * Toasts and dialogs are drawn by Ant Design's App component, which is not part of the first load
 * of the sign-in page. Until it is mounted, what should be shown waits here; asking to show
 * something mounts it (see App.tsx), and it then takes the waiting items in order.
 */
export interface Notifier {
  error(text: string, dialog?: { title: string; text: string; modal: boolean }): void;
  sessionExpired(title: string, text: string, okText: string, onOk: () => void): void;
  success(text: string): void;
  info(text: string): void;
  confirm(options: { title: string; content: string; okText: string; cancelText: string; danger?: boolean; onOk: () => Promise<void> }): void;
}

type Action = (notifier: Notifier) => void;

let notifier: Notifier | null = null;
const pending: Action[] = [];
const wanted = new Set<() => void>();

export function notify(action: Action): void {
  if (notifier) return action(notifier);
  pending.push(action);
  requestNotifier();
}

export function setNotifier(next: Notifier | null): void {
  notifier = next;
  if (next) pending.splice(0).forEach((action) => action(next));
}

/** Mounts the notifier (the shell asks at once; the sign-in page only on its first message). */
export function requestNotifier(): void {
  wanted.forEach((listener) => listener());
}

export function onNotifierWanted(listener: () => void): () => void {
  wanted.add(listener);
  return () => wanted.delete(listener);
}
