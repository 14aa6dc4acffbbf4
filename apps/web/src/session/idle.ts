import { create } from 'zustand';

export const IDLE_MINUTES = 40;
export const WARN_MINUTES = 10;

/**
 * The idle clock (spec §4). It restarts on every successful call to the server, because each one
 * also slides the server's own 40-minute idle timeout; so the console and the server agree.
 */
export const useIdle = create<{ lastActivity: number; mark(): void }>((set) => ({
  lastActivity: Date.now(),
  mark: () => set({ lastActivity: Date.now() }),
}));

export function minutesLeft(lastActivity: number, now = Date.now()): number {
  return IDLE_MINUTES - (now - lastActivity) / 60_000;
}
