// The invariant queries are hand-written SQL and live in invariants.sql.ts; this name stays so the
// tests and benches of every module keep importing the check from where they always have.
export { checkStockInvariants, type Violation } from './invariants.sql.js';
