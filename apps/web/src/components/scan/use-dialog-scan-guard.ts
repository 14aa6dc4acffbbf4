import { useEffect } from 'react';

/**
 * A scanner's keys while a dialog that must be read is open (the loading config's important note): the
 * burst went nowhere and its Enter closed the dialog unread, so the note was dismissed by a parcel and
 * the parcel was lost. The keys are collected and the Enter that ends them is held back: the dialog
 * stays until a person confirms it, and the code goes to `onCaught` (to be scanned again). A person's
 * Enter alone still confirms the dialog.
 */
export function useDialogScanGuard(isOpen: () => boolean, onCaught: (code: string) => void) {
  useEffect(() => {
    let typed = '';
    const onKey = (e: KeyboardEvent) => {
      if (!isOpen()) {
        typed = '';
        return;
      }
      if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
        typed += e.key;
        return;
      }
      if (e.key !== 'Enter') return;
      const code = typed.trim();
      typed = '';
      if (!code) return;
      e.preventDefault();
      e.stopPropagation();
      onCaught(code);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [isOpen, onCaught]);
}
