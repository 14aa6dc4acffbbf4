export * from './machine.js';
export * from './inbound.js';
