import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The record a drawer shows, loaded by id whenever the id changes. A record that cannot be read
 * (gone, another merchant's) closes the drawer: the request layer has already said why.
 */
export function useRecord<T>(id: number | null, fetch: (id: number) => Promise<T>, onClose: () => void) {
  const [detail, setDetail] = useState<T | null>(null);
  const fetchRef = useRef(fetch);
  const closeRef = useRef(onClose);
  useEffect(() => {
    fetchRef.current = fetch;
    closeRef.current = onClose;
  }, [fetch, onClose]);
  const load = useCallback(
    (recordId: number) =>
      fetchRef.current(recordId).then(
        (d) => setDetail(d),
        () => closeRef.current(),
      ),
    [],
  );
  useEffect(() => {
    if (id !== null) void load(id);
  }, [id, load]);
  return { detail, setDetail, load };
}
