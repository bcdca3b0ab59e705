export * from './caller.ts';
export * from './identity.ts';
export * from './account.ts';
export * from './receipt.ts';
