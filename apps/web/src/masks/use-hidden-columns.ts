import { useState } from 'react';

/** The columns a user hid in one mask list, remembered in this browser (issue 4 §3 column chooser). */
export function useHiddenColumns(name: string) {
  const storageKey = `kontor.columns.${name}`;
  const [hidden, setHidden] = useState<string[]>(() => {
    try {
      return JSON.parse(localStorage.getItem(storageKey) ?? '[]') as string[];
    } catch {
      return [];
    }
  });
  const update = (next: string[]) => {
    setHidden(next);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };
  return [hidden, update] as const;
}
