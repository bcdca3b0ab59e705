import { defineFuzzMatrix } from '@billpoint/kit/testing';
import { Customer } from '@billpoint/proto';

const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
const defined = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);

async function readCustomer(client: { get(p: string): Promise<{ json: any }> }, id: number, keys: string[]) {
  return pick((await client.get(`/api/customers/${id}`)).json as Customer, keys);
}

/**
 * A list's answer: an array of customers. (In cursor mode it has x-has-more instead of X-Total-Count, which the
 * fuzzer's default list check requires, so the answer is checked against the contract here.)
 */
const customerList = (json: unknown) =>
  !Array.isArray(json)
    ? ['a list answer that is not an array']
    : json.flatMap((c, i) => (Customer.safeParse(c).success ? [] : [`item ${i} is not a Customer`]));

/** Hostile input of every customers route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix({
  service: 'customers',
  file: 'services/customers/test/fuzz.matrix.ts',
  async setup(t) {
    const res = await t.client.post('/api/customers', { name: `Target ${t.tag}`, email: `${t.tag}@target.test` });
    if (res.status !== 201) throw new Error(`setup failed: ${res.status} ${res.text}`);
    return { id: (res.json as Customer).id };
  },
  routes: {
    'GET /api/customers': { answer: customerList },
    'POST /api/customers': {
      readBack: async ({ parsed, answer, client }) => ({
        actual: await readCustomer(client, answer.id, Object.keys(parsed)),
        expected: parsed,
      }),
    },
    'PUT /api/customers/:id': {
      path: (ctx) => `/api/customers/${ctx.id}`,
      readBack: async ({ parsed, client, ctx }) => ({
        actual: await readCustomer(client, ctx.id, defined(parsed)),
        expected: pick(parsed, defined(parsed)),
      }),
    },
    'PATCH /api/customers/:id': {
      path: (ctx) => `/api/customers/${ctx.id}`,
      readBack: async ({ parsed, client, ctx }) => ({
        actual: await readCustomer(client, ctx.id, defined(parsed)),
        expected: pick(parsed, defined(parsed)),
      }),
    },
  },
});
