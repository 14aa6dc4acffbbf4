import { useEffect, useRef, useState } from 'react';
import { uploadFile, type Uploaded } from './upload.js';

interface Options<V> {
  kind: Parameters<typeof uploadFile>[0];
  value: V[];
  onChange?: (value: V[]) => void;
  /** What the field keeps of a stored file (`{id, name}`, a photo's address). */
  entry(stored: Uploaded): V;
  /** The contracts' limit for the field. */
  max: number;
}

/**
 * Uploads for a field that holds a list of files: `add` stores one and appends it, `busy` counts the
 * uploads still running. Several files upload at once: each adds itself to the list as it stands when
 * it finishes, so none is lost to another's stale copy.
 */
export function useUploads<V>({ kind, value, onChange, entry, max }: Options<V>) {
  const [busy, setBusy] = useState(0);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const add = async (file: File) => {
    setBusy((n) => n + 1);
    try {
      const stored = await uploadFile(kind, file);
      latest.current = [...latest.current, entry(stored)].slice(0, max);
      onChange?.(latest.current);
    } catch {
      // uploadFile has shown why (a type the field does not take, a file too large).
    } finally {
      setBusy((n) => n - 1);
    }
  };
  return { busy: busy > 0, add };
}
