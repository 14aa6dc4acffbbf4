export * from './machine.js';
export * from './inbound.js';
export * from './returns.js';
export * from './outbound.js';
