/**
 * Roles that mean something, generated from the route tables: every route of the gateway and of every
 * registered service that declares a permission is called by a member of each role, with the organization's own
 * data (the calls of each workload's `isolation.matrix.ts`, made with the tenant's own fixtures). A role without the
 * permission (proto/src/permissions.ts) gets a 403 naming it and changes nothing; a role with it is never refused
 * for it. The kit refuses to start a service with an undeclared route, so every route is in one of the two.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, isPermission, ROLE_PERMISSIONS, Roles, type Permission, type Role } from '@billpoint/proto';
import { serviceRegistry } from '@billpoint/proto/services';
import {
  REPO_ROOT,
  routesToCover,
  signUpTenant,
  snapshotTenantRows,
  waitFor,
  type IsolationCall,
  type IsolationMatrix,
  type Tenant,
} from '@billpoint/kit/testing';
import type { RouteTableEntry, RunningService } from '@billpoint/kit';
import { startStack, type Stack } from './support/stack.ts';
import gatewayMatrix from './isolation.matrix.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const workloads = ['gateway', ...serviceRegistry.map((s) => s.name)];

async function matrixOf(name: string): Promise<IsolationMatrix<unknown>> {
  if (name === 'gateway') return gatewayMatrix as IsolationMatrix<unknown>;
  const file = `services/${name}/test/isolation.matrix.ts`;
  if (!existsSync(`${REPO_ROOT}/${file}`)) throw new Error(`${name}: no isolation matrix — create ${file}`);
  return ((await import(`${REPO_ROOT}/${file}`)) as { default: IsolationMatrix<unknown> }).default;
}
const running = (name: string): RunningService => (name === 'gateway' ? stack.gateway : stack.services[name]!);

/** The routes a role is checked on: those that declare a permission (not `member` or `public`). */
const guarded = (table: readonly RouteTableEntry[]) =>
  routesToCover(table).filter((r): r is RouteTableEntry & { permission: Permission } => isPermission(r.permission));

/** The member's role in its organization, as an admin's change of it would leave it (the session reads it each request). */
async function setRole(t: Tenant, role: Role) {
  await stack.db.query('update gateway.memberships set role = $1 where user_id = $2 and organization_id = $3', [
    role,
    t.userId,
    t.tenantId,
  ]);
}

/**
 * Which permissions a route may need, by where it lives (the longest prefix wins): written apart from the routes, so
 * a route declaring another area's permission (a delete guarded by `customers.write`, the audit log by a read every
 * member has) fails here instead of passing the matrix with the wrong rule.
 */
const AREAS: [prefix: string, area: string][] = [
  ['/api/customers', 'customers'],
  ['/api/invoices', 'invoices'],
  ['/api/quotes', 'quotes'],
  ['/api/invoices/:id/credit-notes', 'credit-notes'],
  ['/api/credit-notes', 'credit-notes'],
  ['/api/invoice-templates', 'templates'],
  ['/api/upload-logo', 'templates'],
  /** The organization's customer e-mails: the templates area, like the invoice templates. */
  ['/api/email-templates', 'templates'],
  /** Inviting a customer to the portal: whoever may change customers. */
  ['/api/portal-invitations', 'customers'],
  ['/api/dashboard', 'dashboard'],
  ['/api/recurring-invoices', 'recurring'],
  ['/api/reminder-settings', 'reminders'],
  ['/api/exchange-rates', 'exchange-rates'],
  ['/api/products', 'products'],
  ['/api/tax-rates', 'tax-rates'],
  ['/api/expense-categories', 'expenses'],
  ['/api/expenses', 'expenses'],
  ['/api/financial-reports', 'reports'],
  ['/api/tax-summary', 'reports'],
  ['/api/payments', 'payments'],
  ['/api/user-subscription', 'plan'],
  ['/api/subscription', 'plan'],
  ['/api/ai', 'insights'],
  /** Invoice drafts from a sentence: whoever may make invoices. */
  ['/api/ai/invoice-draft', 'invoices'],
  ['/api/integrations/api-keys', 'api-keys'],
  ['/api/integrations/test-api-key', 'api-keys'],
  ['/api/integrations/webhook', 'webhooks'],
  /** The events log: what the webhooks report, read as their deliveries are. */
  ['/api/integrations/events', 'webhooks'],
  ['/api/audit-logs', 'audit-log'],
  ['/api/organization-settings', 'organization'],
  ['/api/organization/members', 'members'],
  ['/api/organization/invitations', 'members'],
  ['/api/organization/transfer-ownership', 'members'],
  ['/api/organization/security', 'organization'],
];
/** Areas that are an admin's whole: reading them is managing them (API keys and webhooks hold secrets). */
const MANAGE_ONLY = new Set(['api-keys', 'webhooks']);
/** Reads that are an admin's alone in an area every member reads: pending invitations (people not yet members, their e-mails). */
const MANAGE_ONLY_READS = new Set(['GET /api/organization/invitations']);

function ruleProblems(r: RouteTableEntry & { permission: Permission }): string[] {
  const area = AREAS.filter(([p]) => r.url.startsWith(p)).sort((a, b) => b[0].length - a[0].length)[0]?.[1];
  if (!area) return [`${r.method} ${r.url}: no area in role-matrix.test.ts AREAS — add its prefix`];
  const problems: string[] = [];
  const [of, verb] = r.permission.split('.') as [string, string];
  if (of !== area) problems.push(`${r.method} ${r.url} needs ${r.permission}, not a permission of ${area}`);
  const reads = r.method === 'GET' || r.method === 'HEAD';
  if (reads && verb !== 'read' && !((MANAGE_ONLY.has(area) || MANAGE_ONLY_READS.has(`${r.method} ${r.url}`)) && verb === 'manage'))
    problems.push(`${r.method} ${r.url} reads, yet needs ${r.permission}`);
  if (!reads && verb === 'read') problems.push(`${r.method} ${r.url} changes data, yet needs only ${r.permission}`);
  if (r.method === 'DELETE' && can('user', r.permission)) problems.push(`${r.method} ${r.url}: a user may delete (${r.permission})`);
  return problems;
}

describe('the role matrix', () => {
  it('gives every route a permission of its own area: a read to read, never a user’s to delete', () => {
    const problems = workloads.flatMap((name) => guarded(running(name).app.routeTable).flatMap(ruleProblems));
    expect(problems).toEqual([]);
  });

  it('finds routes that declare a permission in every workload', async () => {
    const counts = workloads.map((name) => `${name}: ${guarded(running(name).app.routeTable).length}`);
    expect(counts.filter((c) => c.endsWith(': 0'))).toEqual([]);
  });

  it.each(workloads)('%s: each role is refused exactly the routes its permissions lack, with nothing changed', async (name) => {
    const matrix = await matrixOf(name);
    const svc = running(name);
    const t = await signUpTenant(stack.client(), 'r');
    const f = await matrix.seed(t); // as the organization's admin (its creator)
    if (matrix.settled) await waitFor(() => matrix.settled!(stack.db, t, f));
    // The tenant's rows of this workload (the gateway's without the sessions: their last_seen_at moves by itself).
    const snapshot = async () => {
      if (!matrix.snapshot) return snapshotTenantRows(stack.db, svc.ctx.schema, t.tenantId, ['outbox']);
      const s = (await matrix.snapshot(stack.db, t)) as Record<string, unknown>;
      const { sessions: _sessions, ...rest } = s;
      return rest;
    };

    const routes = guarded(svc.app.routeTable).map((r) => {
      const entry = matrix.routes[`${r.method} ${r.url}`];
      if (!entry || 'exclude' in entry || entry.answers === 'stream')
        throw new Error(`${name}: ${r.method} ${r.url} has no call in its isolation matrix`);
      // The isolation matrix's calls with the organization's own data in both places: a call a member really makes.
      const calls: IsolationCall[] = [entry.call(f, f)].flat();
      return { route: `${r.method} ${r.url}`, method: r.method, permission: r.permission, calls };
    });
    const problems: string[] = [];

    // First every refusal (before any allowed call changes the data the calls name).
    for (const role of Roles.filter((r) => r !== 'admin')) {
      await setRole(t, role);
      const before = await snapshot();
      for (const r of routes.filter((x) => !can(role, x.permission))) {
        for (const call of r.calls) {
          const res = await t.client.request(r.method, call.path, call.body, call.headers);
          const body = res.json as { message?: string; permission?: string } | undefined;
          if (res.status !== 403 || body?.permission !== r.permission || !body.message?.includes(`(${role})`))
            problems.push(
              `${role} ${r.route} → ${call.path}: expected 403 naming ${r.permission}, got ${res.status} ${res.text.slice(0, 160)}`,
            );
        }
      }
      const after = await snapshot();
      if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${role}: a refused call changed the organization's rows`);
    }

    // Then every role with the permission: never refused for it (other answers — 404 for a row a previous call
    // deleted, 400, 409, a 403 for a finer permission of the row's state such as editing an issued invoice, which
    // its own test checks — are the route's business).
    for (const role of Roles) {
      await setRole(t, role);
      for (const r of routes.filter((x) => can(role, x.permission))) {
        for (const call of r.calls) {
          const res = await t.client.request(r.method, call.path, call.body, call.headers);
          if (res.status === 403 && (res.json as { permission?: string } | undefined)?.permission === r.permission)
            problems.push(`${role} ${r.route} → ${call.path}: refused although the role has ${r.permission}: ${res.text.slice(0, 160)}`);
          if (res.status === 401) problems.push(`${role} ${r.route} → ${call.path}: 401, the session ended`);
        }
      }
    }

    expect(problems).toEqual([]);
    expect(routes.length).toBeGreaterThan(0);
  });

  it('lets a user edit draft invoices only, and keep them drafts (invoices.edit-sent)', async () => {
    const t = await signUpTenant(stack.client(), 'e');
    const c = t.client;
    const customer = await c.post('/api/customers', { name: `Customer ${t.tag}`, email: `${t.tag}@customer.test` });
    const body = (status?: string) => ({
      customerId: customer.json.id,
      ...(status ? { status } : {}),
      items: [{ description: 'Work', quantity: '1', rate: '10' }],
    });
    const create = async () =>
      (await c.post('/api/invoices', { invoice: { customerId: customer.json.id, dueDate: '2030-01-31' }, items: body().items })).json
        .id as number;
    const draft = await create();
    const sent = await create();
    expect((await c.put(`/api/invoices/${sent}`, body('sent'))).status).toBe(200); // an admin may

    await setRole(t, 'user');
    expect((await c.put(`/api/invoices/${draft}`, body())).status).toBe(200);
    expect((await c.put(`/api/invoices/${draft}`, body('draft'))).status).toBe(200);
    for (const [id, status] of [
      [sent, undefined],
      [draft, 'paid'],
    ] as const) {
      const res = await c.put(`/api/invoices/${id}`, body(status));
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({
        permission: 'invoices.edit-sent',
        message: 'Your role (user) does not have the permission invoices.edit-sent',
      });
    }
    expect((await c.get(`/api/invoices/${draft}`)).json.status).toBe('draft');
    expect((await c.get(`/api/invoices/${sent}`)).json.status).toBe('sent');

    await setRole(t, 'manager');
    expect((await c.put(`/api/invoices/${sent}`, body())).status).toBe(200);
  });

  it('answers the member’s role and permissions on /api/auth/user, as the role is now', async () => {
    const t = await signUpTenant(stack.client(), 'u');
    for (const role of Roles) {
      await setRole(t, role);
      const me = await t.client.get('/api/auth/user');
      expect(me.json.role).toBe(role);
      expect([...me.json.permissions].sort()).toEqual([...ROLE_PERMISSIONS[role]].sort());
    }
  });

  /**
   * The customer portal's routes admit a portal session only: no role's staff session acts as a customer,
   * the admin's neither. Generic over every workload's `permission: 'portal'` routes.
   */
  it('refuses every role’s staff session on every portal route (401/403)', async () => {
    const t = await signUpTenant(stack.client(), 'portal');
    const portalRoutes = workloads
      .flatMap((name) => running(name).app.routeTable)
      .filter((r) => r.permission === 'portal' && !r.implicitHead);
    expect(portalRoutes.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const role of Roles) {
      await setRole(t, role);
      for (const r of portalRoutes) {
        const path = r.url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');
        const res = await t.client.request(r.method, path, r.method === 'GET' || r.method === 'HEAD' ? undefined : {});
        if (res.status !== 401 && res.status !== 403) problems.push(`${role} ${r.method} ${r.url}: ${res.status}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
