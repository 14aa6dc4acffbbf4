/** Kept for bench/outbound.bench.ts (owned elsewhere) until it imports the module's front door, ./index.js. */
export { outboundServices } from './index.js';
