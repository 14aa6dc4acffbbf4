/** `tracking_no` → `trackingNo`: a column's name as the JSON answer spells it. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** `h.tracking_no as trackingNo` for each column (distributed, so each column keeps its own name). */
type CamelSelection<A extends string, C extends string> = C extends string ? `${A}.${C} as ${Camel<C>}` : never;

const camel = (column: string) => column.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * A select list of one table's columns under their camelCase names, in the order given:
 * `camelColumns('h', ['id', 'tracking_no'])` selects `h.id as id, h.tracking_no as trackingNo`. The
 * snake-to-camel naming of read models is written once here instead of an `… as …` per column.
 */
export function camelColumns<const A extends string, const C extends string>(table: A, columns: readonly C[]): CamelSelection<A, C>[] {
  return columns.map((column) => `${table}.${column} as ${camel(column)}` as CamelSelection<A, C>);
}
