export * from './common.ts';
export * from './money.ts';
export * from './auth.ts';
export * from './customer.ts';
export * from './invoice.ts';
export * from './events.ts';
export * from './rpc.ts';
export * from './recurring.ts';
