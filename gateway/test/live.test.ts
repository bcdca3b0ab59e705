/**
 * GET /api/live: the tenant's change notices over Server-Sent Events, through the gateway, fed by the
 * services' events; resumed by Last-Event-ID; heartbeats; bounded; never another tenant's notice.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '@billpoint/kit';
import { HttpClient, waitFor } from '@billpoint/kit/testing';
import type { LiveMessage } from '@billpoint/proto';
import { gatewayService } from '../src/app.ts';
import { openLive, type LiveStream } from './support/live.ts';
import { startStack, type Stack } from './support/stack.ts';

const uniq = () => Math.random().toString(36).slice(2, 10);
const opened: LiveStream[] = [];
const live = async (c: HttpClient, headers?: Record<string, string>) => {
  const s = await openLive(c, headers);
  opened.push(s);
  return s;
};
/** A sealed position: opaque, no epoch or sequence in sight. */
const CURSOR = /^[A-Za-z0-9_-]{40,}$/;
const isCustomer = (id: number) => (m: LiveMessage) => m.type === 'customer' && 'id' in m && m.id === id;

async function tenant(stack: Stack) {
  const c = stack.client();
  await c.register({ email: `live-${uniq()}@example.test`, organizationName: `Live ${uniq()}` });
  return c;
}
async function createCustomer(c: HttpClient, name = `Customer ${uniq()}`) {
  const res = await c.post('/api/customers', { name, email: `${uniq()}@customer.test` });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

describe('GET /api/live (in-process bus)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { LIVE_HEARTBEAT_MS: '150', LIVE_MAX_STREAMS_PER_SESSION: '2' } });
  });
  afterAll(async () => {
    for (const s of opened) s.close();
    await stack?.close();
  });

  it('without a session: 401 with the JSON error, no stream', async () => {
    const res = await new HttpClient(stack.url).get('/api/live');
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('Unauthorized');
  });

  it("streams the tenant's changes made through the API as notices of ids only, and never another tenant's", async () => {
    const a = await tenant(stack);
    const b = await tenant(stack);
    const streamA = await live(a);
    const streamB = await live(b);
    expect(streamA.status).toBe(200);
    expect(streamA.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(streamA.headers['cache-control']).toBe('no-store');
    expect(streamA.headers['x-accel-buffering']).toBe('no');
    expect(streamA.headers['content-encoding']).toBeUndefined();

    const name = `Secret Name ${uniq()}`;
    const aCustomer = await createCustomer(a, name);
    const invoice = await a.post('/api/invoices', {
      invoice: { customerId: aCustomer, dueDate: '2030-01-31' },
      items: [{ description: 'Live work', quantity: '2', rate: '12.50' }],
    });
    expect(invoice.status, invoice.text).toBe(201);
    await streamA.next(isCustomer(aCustomer));
    await streamA.next((m) => m.type === 'invoice' && m.action === 'created' && 'id' in m && m.id === invoice.json.id);
    // B's own change reaches B's stream after A's changes were made: A's would have come first.
    const bCustomer = await createCustomer(b);
    await streamB.next(isCustomer(bCustomer));
    const ofA = (m: LiveMessage) =>
      'id' in m && ((m.type === 'customer' && m.id === aCustomer) || (m.type === 'invoice' && m.id === invoice.json.id));
    expect(streamB.messages().filter(ofA)).toEqual([]);
    expect(streamB.messages().filter((m) => m.type === 'customer' || m.type === 'invoice')).toEqual([
      { type: 'customer', action: 'created', id: bCustomer },
    ]);
    const raw = JSON.stringify(streamA.events);
    for (const secret of [name, '25.00', '12.50', 'Live work']) expect(raw).not.toContain(secret);
  });

  it('heartbeats: a comment with the current position at every beat', async () => {
    const a = await tenant(stack);
    const s = await live(a);
    await expect.poll(() => s.events.filter((e) => e.comment === 'heartbeat').length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    const beat = s.events.find((e) => e.comment === 'heartbeat')!;
    expect(beat.id).toMatch(CURSOR);
    expect(s.events[0]).toEqual({ retry: 3000 });
  });

  it('a reconnect with Last-Event-ID gets what it missed, and only that', async () => {
    const a = await tenant(stack);
    const first = await live(a);
    const seen = await createCustomer(a);
    await first.next(isCustomer(seen));
    const lastId = first.lastId()!;
    first.close();
    // Made while the stream was closed; a second tab of the same member shows it has reached the gateway.
    const witness = await live(a);
    const missed = await createCustomer(a);
    await witness.next(isCustomer(missed));
    witness.close();

    const resumed = await live(a, { 'last-event-id': lastId });
    await resumed.next(isCustomer(missed));
    // (Sign-up's default expense categories may be among what it missed: only customers are looked at.)
    expect(resumed.messages().filter((m) => m.type === 'customer')).toEqual([{ type: 'customer', action: 'created', id: missed }]);
  });

  it('an id it cannot resume from (plain, malformed, altered, another tenant’s) gets a reset first (refetch everything)', async () => {
    const a = await tenant(stack);
    const other = await live(await tenant(stack));
    const othersId = other.lastId()!;
    other.close();
    const own = (await live(a)).lastId()!;
    const altered = `${own.slice(0, 20)}${own[20] === 'A' ? 'B' : 'A'}${own.slice(21)}`;
    for (const id of ['abc123:5', 'js:999999999', 'not an id', othersId, altered, own.slice(0, -4)]) {
      const s = await live(a, { 'last-event-id': id });
      await s.next((m) => m.type === 'reset');
      // The reset comes first, with nothing replayed before it; sign-up's default expense categories may
      // still arrive after it as live notices, which is what a reset stream does next.
      expect(s.messages()[0]).toEqual({ type: 'reset' });
      expect(s.messages().filter((m) => m.type !== 'reset' && m.type !== 'expense-category')).toEqual([]);
      s.close();
    }
  });

  it('any Last-Event-ID (hostile, altered, or a real one): 200 and a well-formed stream, never a 5xx', async () => {
    const a = await tenant(stack); // one stream at a time (a closed one may take a moment to leave the cap)
    const first = await live(a);
    const own = first.lastId()!;
    first.close();
    const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 });
    const b64 = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), maxLength: 200 });
    const ids = fc.oneof(
      printable,
      b64,
      fc.constant(own),
      fc
        .tuple(fc.nat({ max: own.length - 1 }), fc.constantFrom('A', 'z', '-'))
        .map(([i, ch]) => `${own.slice(0, i)}${ch}${own.slice(i + 1)}`),
    );
    await fc.assert(
      fc.asyncProperty(ids, async (id) => {
        const s = await openLive(a, { 'last-event-id': id });
        try {
          expect(s.status).toBe(200);
          // Up to its first beat: what it had to say about the id (a reset, or the notices missed) came before.
          await expect.poll(() => s.events.some((e) => e.comment === 'heartbeat'), { timeout: 5_000 }).toBe(true);
          const before = s.events.slice(
            0,
            s.events.findIndex((e) => e.comment === 'heartbeat'),
          );
          expect(before.every((e) => e.retry !== undefined || e.data !== undefined || e.id !== undefined)).toBe(true);
        } finally {
          s.close();
        }
      }),
      { numRuns: 25, seed: 20261126 },
    );
  });

  it('at most LIVE_MAX_STREAMS_PER_SESSION streams per session; a closed one frees its place', async () => {
    const a = await tenant(stack);
    const one = await live(a);
    const two = await live(a);
    const three = await a.get('/api/live');
    expect(three.status).toBe(429);
    expect(three.json.message).toBe('At most 2 live streams per session: close another tab of Billpoint');
    // Another session of another tenant is not counted with these.
    const other = await live(await tenant(stack));
    expect(other.status).toBe(200);
    one.close();
    await expect.poll(async () => (await live(a)).status, { timeout: 5_000 }).toBe(200);
    two.close();
  });

  it('a member hears only of changes its role may read (a user: customers, not API keys)', async () => {
    const admin = stack.client();
    const org = await admin.register({ email: `admin-${uniq()}@example.test`, organizationName: `Roles ${uniq()}` });
    const member = stack.client();
    const me = await member.register({ email: `user-${uniq()}@example.test`, organizationName: `Own ${uniq()}` });
    await stack.db.query(
      `insert into gateway.memberships (id, user_id, organization_id, role) values (gen_random_uuid(), $1, $2, 'user')`,
      [me.id, org.organization.id],
    );
    expect((await member.post('/api/auth/switch-organization', { organizationId: org.organization.id })).status).toBe(200);
    const asUser = await live(member);
    const asAdmin = await live(admin);
    const key = await admin.post('/api/integrations/api-keys', { name: 'Live key', permissions: ['*'] });
    expect(key.status, key.text).toBe(201);
    const customer = await createCustomer(admin);
    await asAdmin.next((m) => m.type === 'api-key' && m.action === 'created');
    await asUser.next(isCustomer(customer)); // after the key's notice, had it been sent
    expect(asUser.messages().filter((m) => m.type === 'api-key' || m.type === 'api-usage' || m.type === 'webhook')).toEqual([]);
  });

  it('a stream ends once its session has ended (logout)', async () => {
    const a = await tenant(stack);
    const s = await live(a);
    const out = await a.post('/api/logout');
    expect(out.status).toBe(204);
    expect(s.status).toBe(200);
    await s.ended; // the server ended it (the test's timeout otherwise)
    expect(s.messages().some((m) => m.type === 'reset')).toBe(false);
  });
});

describe('GET /api/live: sessions checked while streams are open, per-person cap, tenant-sealed positions', () => {
  let stack: Stack;
  beforeAll(async () => {
    // The heartbeat far off: a stream that ends in time was ended by the session check, not by a beat.
    stack = await startStack({ env: { LIVE_HEARTBEAT_MS: '60000', LIVE_MAX_STREAMS_PER_SESSION: '2', LIVE_MAX_STREAMS_PER_USER: '3' } });
  });
  afterAll(async () => {
    for (const s of opened) s.close();
    await stack?.close();
  });

  /** An owner, and a second person who is an admin (or `role`) of the owner's organization, signed in to it. */
  async function orgWithMember(role: 'admin' | 'manager' | 'user' = 'admin') {
    const owner = stack.client();
    const org = await owner.register({ email: `owner-${uniq()}@example.test`, organizationName: `Org ${uniq()}` });
    const member = stack.client();
    const me = await member.register({ email: `member-${uniq()}@example.test`, organizationName: `Own ${uniq()}` });
    await stack.db.query(`insert into gateway.memberships (id, user_id, organization_id, role) values (gen_random_uuid(), $1, $2, $3)`, [
      me.id,
      org.organization.id,
      role,
    ]);
    expect((await member.post('/api/auth/switch-organization', { organizationId: org.organization.id })).status).toBe(200);
    return { owner, member, memberId: me.id as string, tenantId: org.organization.id as string };
  }
  /** Whether the server has ended the stream, as a flag waitFor can poll. */
  const endedFlag = (s: LiveStream) => {
    const flag = { ended: false };
    void s.ended.then(() => (flag.ended = true));
    return flag;
  };

  it('a demoted admin’s stream ends within a second of the role change; the reconnect shows what the new role may read', async () => {
    const { owner, member, memberId } = await orgWithMember('admin');
    const stream = await live(member);
    expect(stream.status).toBe(200);
    const key = await owner.post('/api/integrations/api-keys', { name: 'Before', permissions: ['*'] });
    expect(key.status, key.text).toBe(201);
    await stream.next((m) => m.type === 'api-key'); // as an admin it hears of API keys
    const flag = endedFlag(stream);

    const demoted = await owner.patch(`/api/organization/members/${memberId}`, { role: 'user' });
    expect(demoted.status, demoted.text).toBe(200);
    await waitFor(() => flag.ended, 1_000);

    const again = await live(member, { 'last-event-id': stream.lastId()! });
    expect(again.status).toBe(200);
    await owner.post('/api/integrations/api-keys', { name: 'After', permissions: ['*'] });
    const customer = await createCustomer(owner);
    await again.next(isCustomer(customer));
    expect(again.messages().filter((m) => m.type === 'api-key')).toEqual([]);
  });

  it('a member removed from the organization: the stream ends within a second, and a new one is refused', async () => {
    const { owner, member, memberId } = await orgWithMember('manager');
    const stream = await live(member);
    const flag = endedFlag(stream);
    expect((await owner.delete(`/api/organization/members/${memberId}`)).status).toBe(204);
    await waitFor(() => flag.ended, 1_000);
    expect((await member.get('/api/live')).status).toBe(401);
  });

  it('logout: every stream of the session ends within a second', async () => {
    const { member } = await orgWithMember('user');
    const streams = [await live(member), await live(member)];
    const flags = streams.map(endedFlag);
    expect((await member.post('/api/logout')).status).toBe(204);
    await waitFor(() => flags.every((f) => f.ended), 1_000);
  });

  it('a role change made in SQL (no event at all) ends the stream too', async () => {
    const { member, memberId, tenantId } = await orgWithMember('admin');
    const stream = await live(member);
    const flag = endedFlag(stream);
    await stack.db.query(`update gateway.memberships set role = 'manager' where user_id = $1 and organization_id = $2`, [
      memberId,
      tenantId,
    ]);
    await waitFor(() => flag.ended, 1_000);
  });

  it('one person with many sessions holds at most LIVE_MAX_STREAMS_PER_USER streams of the organization: 429 with Retry-After', async () => {
    const { owner, member, tenantId } = await orgWithMember('user');
    const email = ((await member.get('/api/auth/user')).json as { email: string }).email;
    // Three sessions of the same person (three browsers), each signed in to the shared organization.
    const sessions = [member];
    for (let i = 0; i < 2; i++) {
      const c = stack.client();
      expect((await c.post('/api/auth/login', { email, password: 'correct horse battery' })).status).toBe(200);
      expect((await c.post('/api/auth/switch-organization', { organizationId: tenantId })).status).toBe(200);
      sessions.push(c);
    }
    const first = await live(sessions[0]!);
    await live(sessions[1]!);
    await live(sessions[2]!);
    const fourth = await sessions[2]!.get('/api/live');
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(fourth.json.message).toBe('At most 3 live streams per person are open at once: close another tab or device');
    // Another member of the same organization still has places.
    expect((await live(owner)).status).toBe(200);
    first.close();
    await expect.poll(async () => (await live(sessions[2]!)).status, { timeout: 5_000 }).toBe(200);
  });

  it('the positions a tenant sees tell nothing of other tenants: sealed per tenant, never the same twice, still resumable', async () => {
    const a = await tenant(stack);
    const b = await tenant(stack);
    const s1 = await live(a);
    for (let i = 0; i < 3; i++) await createCustomer(b); // the shared event stream moves on
    const s2 = await live(a);
    const [id1, id2] = [s1.lastId()!, s2.lastId()!];
    for (const id of [id1, id2]) {
      expect(id).toMatch(CURSOR);
      expect(id).not.toMatch(/\d+:\d+|:/);
    }
    expect(id1).not.toBe(id2);
    // A's own change still resumes from A's position: the cursor maps back to the hub's position.
    s1.close();
    const mine = await createCustomer(a);
    await s2.next(isCustomer(mine));
    const resumed = await live(a, { 'last-event-id': id1 });
    await resumed.next(isCustomer(mine));
    expect(resumed.messages().some((m) => m.type === 'reset')).toBe(false);
  });
});

describe('GET /api/live (NATS JetStream): another gateway process resumes from the stream sequence', () => {
  let stack: Stack;
  let second: RunningService;
  beforeAll(async () => {
    stack = await startStack({ bus: 'nats' });
    second = await startService(gatewayService, { env: stack.gatewayEnv, bus: stack.bus });
  });
  afterAll(async () => {
    for (const s of opened) s.close();
    await second?.close();
    await stack?.close();
  });

  it('an id of one replica resumes on the other, with what was missed', async () => {
    const a = await tenant(stack);
    const onFirst = await live(a);
    const seen = await createCustomer(a);
    await onFirst.next(isCustomer(seen));
    const lastId = onFirst.lastId()!;
    expect(lastId).toMatch(CURSOR);
    onFirst.close();

    const viaSecond = new HttpClient(second.url);
    for (const [k, v] of a.cookies) viaSecond.cookies.set(k, v);
    const witness = await live(viaSecond);
    const missed = await createCustomer(a);
    await witness.next(isCustomer(missed));
    witness.close();

    const resumed = await live(viaSecond, { 'last-event-id': lastId });
    await resumed.next(isCustomer(missed));
    expect(resumed.messages().filter((m) => m.type === 'customer')).toEqual([{ type: 'customer', action: 'created', id: missed }]);
  });

  it('a gateway that closes ends its open streams at once (its shutdown is not held up by them)', async () => {
    const a = await tenant(stack);
    const viaSecond = new HttpClient(second.url);
    for (const [k, v] of a.cookies) viaSecond.cookies.set(k, v);
    const s = await live(viaSecond);
    expect(s.status).toBe(200);
    const started = Date.now();
    await second.close();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
