export * from './status.ts';
export * from './input.ts';
export * from './model.ts';
export * from './events.ts';
