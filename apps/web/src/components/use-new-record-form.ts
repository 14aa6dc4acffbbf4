import { useState } from 'react';
import { notify } from '../notify/queue.js';

interface Options {
  /** The toast once the new record is saved. */
  savedText: string;
  /** The domains' lists read again and the new record opens. */
  onCreated(id: number): void;
}

/**
 * A list screen's "new" form (an inbound announcement, an outbound order): `start` opens it, `form`
 * goes to the form drawer as props; once saved it closes, says so and hands the new record's id on.
 */
export function useNewRecordForm({ savedText, onCreated }: Options) {
  const [open, setOpen] = useState(false);
  const form = {
    open,
    detail: null,
    onClose: () => setOpen(false),
    onReloaded: () => undefined,
    onSaved: (id: number) => {
      setOpen(false);
      notify((n) => n.success(savedText));
      onCreated(id);
    },
  };
  return { start: () => setOpen(true), form };
}
