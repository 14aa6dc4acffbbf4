/**
 * A status machine: named states with numeric codes (the original's where known, facts §5), their
 * labels, tag colours, and the transitions a service may make. The server checks every change here;
 * the web shows tags and enables actions from the same table (architecture rule 6).
 */
export interface StateDef {
  code: number;
  label: { en: string; cn: string; de: string };
  /** Tag colour in the console: success, danger, primary, warning or default. */
  tone: 'success' | 'danger' | 'primary' | 'warning' | 'default';
  /** States this one may change to. */
  next: readonly string[];
}

/**
 * A state as one row of its machine's table: code, tone, label in en / cn / de, and the states it may
 * change to (none for a final state).
 */
export function state(code: number, tone: StateDef['tone'], [en, cn, de]: readonly [string, string, string], next: readonly string[] = []): StateDef {
  return { code, label: { en, cn, de }, tone, next };
}

export interface StatusMachine<S extends string> {
  name: string;
  states: Record<S, StateDef>;
  codeOf(state: S): number;
  stateOf(code: number): S | undefined;
  can(from: number, to: S): boolean;
  /** Codes of the given states, for `status in (...)` filters. */
  codes(...states: S[]): number[];
}

export function defineMachine<S extends string>(name: string, states: Record<S, StateDef>): StatusMachine<S> {
  const byCode = new Map<number, S>();
  for (const [state, def] of Object.entries(states) as Array<[S, StateDef]>) {
    if (byCode.has(def.code)) throw new Error(`${name}: code ${def.code} used twice`);
    byCode.set(def.code, state);
    for (const target of def.next) if (!(target in states)) throw new Error(`${name}: ${state} -> unknown ${target}`);
  }
  return {
    name,
    states,
    codeOf: (state) => states[state].code,
    stateOf: (code) => byCode.get(code),
    can(from, to) {
      const state = byCode.get(from);
      return state !== undefined && states[state].next.includes(to);
    },
    codes: (...list) => list.map((s) => states[s].code),
  };
}
