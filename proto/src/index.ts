export * from './common.ts';
export * from './auth.ts';
export * from './customer.ts';
export * from './events.ts';
