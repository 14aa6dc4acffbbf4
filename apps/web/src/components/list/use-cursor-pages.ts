import { useState } from 'react';

/**
 * Cursor paging held by the component (lists whose state is not in the address): the cursor of the
 * page shown and the cursors of the pages passed on the way, so "previous" can go back one page.
 */
export function useCursorPages() {
  const [passed, setPassed] = useState<string[]>([]);
  const [cursor, setCursor] = useState<string | undefined>();
  return {
    cursor,
    hasPrevious: !!cursor,
    previous: () => {
      // the first page has no cursor: '' was stacked for it
      setCursor(passed.at(-1) || undefined);
      setPassed(passed.slice(0, -1));
    },
    next: (nextCursor: string) => {
      setPassed([...passed, cursor ?? '']);
      setCursor(nextCursor);
    },
    /** Back to the first page, e.g. after the filters changed. */
    reset: () => {
      setPassed([]);
      setCursor(undefined);
    },
  };
}
