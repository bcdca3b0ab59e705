import type { Customer, Invoice } from '@billpoint/proto';
import type { FuzzSpec } from '../../../gateway/test/support/contract-fuzz.ts';
import { inDays } from './support/factories.ts';

/** Figures the server computes, and fields the contract accepts but ignores. */
const COMPUTED = ['status', 'subtotal', 'taxAmount', 'total'];
/** POST answers the invoice flat, with its items. */
const flat = (p: { invoice: Record<string, unknown>; items: unknown[] }) => ({ ...p.invoice, items: p.items });
const itemIgnores = Array.from({ length: 600 }, (_, i) => [`items.${i}.amount`, `items.${i}.taxAmount`, `items.${i}.id`]).flat();

/** Billing's routes with a contract: valid examples the fuzzer mutates (see gateway/test/contract-fuzz.test.ts). */
export const billingFuzz: FuzzSpec = {
  service: 'billing',
  file: 'services/billing/test/contract.fuzz.ts',
  async setup(c) {
    const cust = (await c.post('/api/customers', { name: 'Fuzz Customer', email: 'fuzz@billing.test' })).json as Customer;
    const inv = (
      await c.post('/api/invoices', {
        invoice: { customerId: cust.id, dueDate: inDays(30) },
        items: [{ description: 'Seed', quantity: '1', rate: '10' }],
      })
    ).json as Invoice;
    return { id: inv.id, customerId: cust.id };
  },
  routes: {
    'GET /api/invoices': { valid: () => ({ search: 'INV', status: 'draft', limit: 20, offset: 0 }) },
    'POST /api/invoices': {
      valid: (ctx) => ({
        invoice: {
          customerId: ctx.customerId!,
          dueDate: inDays(20),
          currency: 'EUR',
          taxRate: '7.5',
          notes: 'Thanks',
          discountAmount: '1.00',
        },
        items: [
          { description: 'Design', quantity: '3', rate: '33.33', taxRate: '20' },
          { description: 'Hosting', quantity: '1.5', rate: '0.99', taxRate: '0' },
        ],
      }),
      readBack: (answer) => `/api/invoices/${(answer as Invoice).id}`,
      sentAs: flat as never,
      ignore: [...COMPUTED, 'invoiceNumber', ...itemIgnores],
    },
    'PUT /api/invoices/:id': {
      valid: (ctx) => ({
        customerId: ctx.customerId!,
        dueDate: inDays(40),
        notes: 'Updated',
        items: [{ description: 'Changed', quantity: '2', rate: '5.50' }],
      }),
      readBack: (_a, ctx) => `/api/invoices/${ctx.id}`,
      ignore: [...COMPUTED, ...itemIgnores],
    },
  },
};
