import { useEffect } from 'react';
import { returnsApi, type DraftLine } from './returns-api.js';

/**
 * The lines of a return carry item and compartment ids only (facts §3.9). What the console has seen
 * (a scan) or looked up once is kept here, so a saved or reopened return shows SKUs and codes again.
 */
const items = new Map<string, { sku: string; name: string }>();
const compartments = new Map<string, string>();

export function rememberItem(id: string, sku: string, name: string) {
  items.set(id, { sku, name });
}

export function rememberCompartment(id: string, code: string) {
  compartments.set(id, code);
}

/** A line with the SKU, name and compartment code known so far. */
export function named(line: DraftLine): DraftLine {
  const item = items.get(line.itemId);
  const compartment = line.compartmentGUID ? compartments.get(line.compartmentGUID) : undefined;
  return {
    ...line,
    sku: line.sku || item?.sku || '',
    name: line.name || item?.name || '',
    compartment: line.compartment || compartment || '',
  };
}

/**
 * Names from the ledger rows an inbound wrote (reference `return`/shipSN): SKU, name and compartment
 * code of every line, readable by staff and by the merchant alike.
 */
async function fromLedger(shipSN: string) {
  const rows = await returnsApi.ledger(shipSN);
  for (const row of rows) {
    if (!items.has(String(row.itemId))) rememberItem(String(row.itemId), row.sku, '');
    rememberCompartment(String(row.compartmentId), row.compartmentCode);
  }
}

/**
 * Looks up what a reopened return's lines do not name yet (the ledger of an inbounded return, else
 * `GET /v0/items/{id}` and `GET /v0/compartments/{id}`), then hands the lines back named. Lookups the
 * session may not make leave the id shown.
 */
export function useLineNames(lines: DraftLine[], update: (named: (line: DraftLine) => DraftLine) => void, bookedAs?: string) {
  const missingItems = [...new Set(lines.filter((l) => !l.sku && !items.has(l.itemId)).map((l) => l.itemId))];
  const missingPlaces = [
    ...new Set(lines.filter((l) => l.compartmentGUID && !l.compartment && !compartments.has(l.compartmentGUID)).map((l) => l.compartmentGUID)),
  ];
  const unnamed = lines.some((l) => (!l.sku && items.has(l.itemId)) || (l.compartmentGUID && !l.compartment && compartments.has(l.compartmentGUID)));
  const key = `${missingItems.join(',')}|${missingPlaces.join(',')}|${unnamed}`;
  useEffect(() => {
    if (key === '||false') return;
    let live = true;
    const ledger = bookedAs && missingPlaces.length ? fromLedger(bookedAs).catch(() => undefined) : Promise.resolve();
    void ledger
      .then(() =>
        Promise.all([
          ...missingItems.map(async (id) => {
            const known = items.get(id);
            if (known?.name) return;
            const item = await returnsApi.itemById(id);
            rememberItem(id, item?.sku ?? known?.sku ?? `#${id}`, item?.name ?? '');
          }),
          ...missingPlaces
            .filter((id) => !compartments.has(id))
            .map(async (id) => {
              const place = await returnsApi.compartmentById(id);
              rememberCompartment(id, place?.code ?? `#${id}`);
            }),
        ]),
      )
      .then(() => live && update(named));
    return () => {
      live = false;
    };
    // The key names everything the lookups depend on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
