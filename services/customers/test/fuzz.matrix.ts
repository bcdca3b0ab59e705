import { defineFuzzMatrix } from '@billpoint/kit/testing';
import { Customer, mergeMetadata } from '@billpoint/proto';

const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
const defined = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);

async function readCustomer(client: { get(p: string): Promise<{ json: any }> }, id: number, keys: string[]) {
  return pick((await client.get(`/api/customers/${id}`)).json as Customer, keys);
}

/**
 * Metadata as it reads back after the input: on a creation exactly the keys sent but those sent as "" (the merge rule
 * on nothing); on an update the keys sent hold their values and the "" ones are gone, the others being the stored ones
 * this case cannot know. So only the sent keys are compared then.
 */
/** Keys in one order: jsonb keeps its own, so a read-back is compared by content. */
const sorted = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const withMetadata = (r: { actual: Record<string, unknown>; expected: Record<string, unknown> }, created: boolean) => {
  if (r.expected.metadata === undefined) return r;
  const stored = (r.actual.metadata ?? {}) as Record<string, string>;
  const sent = r.expected.metadata as Record<string, string>;
  if (created) {
    const merged = mergeMetadata(null, sent);
    return {
      actual: { ...r.actual, metadata: sorted(stored) },
      expected: { ...r.expected, metadata: merged.ok ? sorted(merged.metadata) : merged.message },
    };
  }
  return {
    actual: { ...r.actual, metadata: Object.fromEntries(Object.keys(sent).map((k) => [k, stored[k] ?? null])) },
    expected: { ...r.expected, metadata: Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, v === '' ? null : v])) },
  };
};

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
      readBack: async ({ parsed, answer, client }) =>
        withMetadata({ actual: await readCustomer(client, answer.id, Object.keys(parsed)), expected: parsed }, true),
    },
    'PUT /api/customers/:id': {
      path: (ctx) => `/api/customers/${ctx.id}`,
      readBack: async ({ parsed, client, ctx }) =>
        withMetadata({ actual: await readCustomer(client, ctx.id, defined(parsed)), expected: pick(parsed, defined(parsed)) }, false),
    },
    'PATCH /api/customers/:id': {
      path: (ctx) => `/api/customers/${ctx.id}`,
      readBack: async ({ parsed, client, ctx }) =>
        withMetadata({ actual: await readCustomer(client, ctx.id, defined(parsed)), expected: pick(parsed, defined(parsed)) }, false),
    },
  },
});
