/** Billing's invoice contracts: statuses, the create/update payloads, the invoice, the dashboard stats, the events. */
export * from './invoice/status.ts';
export * from './invoice/input.ts';
export * from './invoice/model.ts';
export * from './invoice/dashboard.ts';
export * from './invoice/events.ts';
