export * from './machine.js';
export * from './inbound.js';
export * from './returns.js';
export * from './outbound.js';
export * from './picklist.js';
export * from './gate-bill.js';
