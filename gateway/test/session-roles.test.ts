import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const setRole = (userId: string, role: string) =>
  stack.db.query(`update gateway.memberships set role = $2 where user_id = $1`, [userId, role]);

describe('a session follows its membership', () => {
  it('judges the next request by the role in the database, and a removed member is signed out', async () => {
    const c = stack.client();
    const me = await c.register();
    // An admin-only route of a service (judged by the internal token) and one the gateway judges itself.
    const settings = { companyName: 'Role Test Ltd', invoicePrefix: 'INV' };
    expect((await c.get('/api/integrations/api-keys')).status).toBe(200);
    expect((await c.post('/api/organization-settings', settings)).status).toBe(200);

    await setRole(me.id, 'user');
    const asUser = await c.get('/api/integrations/api-keys');
    expect(asUser.status).toBe(403);
    expect((await c.post('/api/organization-settings', settings)).status).toBe(403);
    expect((await c.get('/api/auth/user')).json).toMatchObject({ role: 'user' });

    // Promoted again: no token signed for the lower role is reused.
    await setRole(me.id, 'admin');
    expect((await c.get('/api/integrations/api-keys')).status).toBe(200);

    await stack.db.query(`delete from gateway.memberships where user_id = $1`, [me.id]);
    expect((await c.get('/api/customers')).status).toBe(401);
    expect((await c.get('/api/auth/user')).status).toBe(401);
    // The session is ended, not merely refused: a membership given back later does not revive it.
    const sessions = await stack.db.query(`select 1 from gateway.sessions where user_id = $1`, [me.id]);
    expect(sessions.rowCount).toBe(0);
  });
});
