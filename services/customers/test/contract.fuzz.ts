import type { Customer } from '@billpoint/proto';
import type { FuzzSpec } from '../../../gateway/test/support/contract-fuzz.ts';

/** Customers' routes with a contract: valid examples the fuzzer mutates (see gateway/test/contract-fuzz.test.ts). */
export const customersFuzz: FuzzSpec = {
  service: 'customers',
  file: 'services/customers/test/contract.fuzz.ts',
  async setup(c) {
    const res = await c.post('/api/customers', { name: 'Fuzz Target', email: 'target@fuzz.test' });
    return { id: (res.json as Customer).id };
  },
  routes: {
    'GET /api/customers': { valid: () => ({ search: 'fuzz', limit: 10, offset: 0 }) },
    'POST /api/customers': {
      valid: () => ({
        name: 'Ada Lovelace',
        email: 'ada@engines.test',
        phone: '+44 1',
        company: 'Engines',
        tags: ['vip'],
        paymentTerms: 30,
      }),
      readBack: (answer) => `/api/customers/${(answer as Customer).id}`,
    },
    'PUT /api/customers/:id': {
      valid: () => ({ name: 'Ada King', email: 'ada@king.test', address: '12 St James Sq', isActive: true }),
      readBack: (_a, ctx) => `/api/customers/${ctx.id}`,
    },
  },
};
