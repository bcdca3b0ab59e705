import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationMembers } from '@billpoint/proto';
import { startStack, type Stack } from './support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const PASSWORD = 'correct horse battery';

/** A member of `organizationId` with `role`, written directly (members.test.ts covers the invitation flow). */
async function addMember(userId: string, organizationId: string, role: 'admin' | 'manager' | 'user') {
  await stack.db.query(`insert into gateway.memberships (id, user_id, organization_id, role) values ($1, $2, $3, $4)`, [
    randomUUID(),
    userId,
    organizationId,
    role,
  ]);
}

async function membersOf(c: ReturnType<Stack['client']>) {
  const res = await c.get('/api/organization/members');
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return OrganizationMembers.parse(res.json).members;
}

describe('GET /api/organization/members', () => {
  it("answers the members of the caller's own organization by name, to any member, and none of another organization's", async () => {
    const alice = stack.client();
    const acme = await alice.register({ email: 'alice@acme.test', firstName: 'Alice', lastName: 'Admin', organizationName: 'Acme' });
    const bob = stack.client();
    const bobco = await bob.register({ email: 'bob@bobco.test', firstName: 'Bob', lastName: 'Builder', organizationName: 'Bobco' });
    // Carol belongs to Acme only, as a plain user, and has no name on file (an OpenID account may have none).
    const carol = await stack.client().register({ email: 'carol@acme.test', firstName: 'Carol', organizationName: 'Carol’s own' });
    await stack.db.query(`delete from gateway.organizations where id = $1`, [carol.organization.id]);
    await stack.db.query(`update gateway.users set first_name = null, last_name = ' ' where id = $1`, [carol.id]);
    await addMember(carol.id, acme.organization.id, 'user');
    // Bob is a manager at Acme too, but signed in to Bobco (his first organization).
    await addMember(bobco.id, acme.organization.id, 'manager');

    const acmeMembers = [
      { id: acme.id, name: 'Alice Admin', email: 'alice@acme.test', role: 'admin', owner: true },
      { id: bobco.id, name: 'Bob Builder', email: 'bob@bobco.test', role: 'manager', owner: false },
      { id: carol.id, name: 'carol@acme.test', email: 'carol@acme.test', role: 'user', owner: false },
    ];
    expect(await membersOf(alice)).toEqual(acmeMembers);

    // Any member reads it, not only admins: Carol (role user) signs in to Acme.
    const carolClient = stack.client();
    expect((await carolClient.post('/api/auth/login', { email: 'carol@acme.test', password: PASSWORD })).status).toBe(200);
    expect((await carolClient.get('/api/auth/user')).json).toMatchObject({ role: 'user', organization: { id: acme.organization.id } });
    expect(await membersOf(carolClient)).toEqual(acmeMembers);

    // Bob's session is Bobco's: he sees Bobco's members only, though he is a member of Acme as well.
    const bobs = await membersOf(bob);
    expect(bobs).toEqual([{ id: bobco.id, name: 'Bob Builder', email: 'bob@bobco.test', role: 'admin', owner: true }]);
    expect(JSON.stringify(bobs)).not.toContain('acme.test');
  });

  it('needs a session', async () => {
    const anon = await stack.client().get('/api/organization/members');
    expect(anon.status).toBe(401);
    expect(anon.json).toMatchObject({ message: 'Unauthorized' });
  });
});
