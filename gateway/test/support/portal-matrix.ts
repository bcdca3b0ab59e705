import type { HttpClient } from '@billpoint/kit/testing';
import type { RouteTableEntry } from '@billpoint/kit';
import type { Invoice } from '@billpoint/proto';
import { makeCustomer, makeInvoice } from '../../../services/billing/test/support/factories.ts';
import { portalSignIn } from './portal.ts';

/**
 * The portal session as the third kind of caller of the isolation matrix, generic over every workload's route table:
 * every route declaring `permission: 'portal'` (the gateway's own and the services' — billing's invoices, statement
 * and receipts, payments' pay-several — forwarded by the gateway) and every staff route.
 */
export interface PortalWorld {
  /** Tenant A's admin (a staff session). */
  staff: HttpClient;
  /** A portal session of tenant A's customer 1. */
  portal: HttpClient;
  /** No session at all. */
  anonymous: HttpClient;
  /** Ids of documents that are not customer 1's: customer 2's (same tenant) and tenant B's. */
  foreignIds: number[];
  /** Text of customer 2 and tenant B that a portal answer to customer 1 must never hold. */
  secrets: string[];
}

export async function portalWorld(o: {
  client: () => HttpClient;
  outbox: string;
  register: (c: HttpClient, name: string) => Promise<{ slug: string }>;
}): Promise<PortalWorld> {
  const tag = Math.random().toString(36).slice(2, 9);
  const staff = o.client();
  const { slug } = await o.register(staff, `Portal A ${tag}`);
  const c1 = await makeCustomer(staff, { name: `One ${tag}`, email: `one-${tag}@customer.test` });
  const c2 = await makeCustomer(staff, { name: `Two ${tag}`, email: `two-${tag}@customer.test` });
  await makeInvoice(staff, c1.id);
  const inv2: Invoice = await makeInvoice(staff, c2.id);
  const staffB = o.client();
  await o.register(staffB, `Portal B ${tag}`);
  const cb = await makeCustomer(staffB, { name: `Bee ${tag}`, email: `bee-${tag}@customer.test` });
  const invB: Invoice = await makeInvoice(staffB, cb.id);
  const portal = o.client();
  await portalSignIn(o.outbox, portal, slug, c1.email);
  return {
    staff,
    portal,
    anonymous: o.client(),
    foreignIds: [inv2.id, invB.id, c2.id, cb.id],
    secrets: [c2.name, c2.email, cb.name, cb.email, `Portal B ${tag}`],
  };
}

const pathOf = (url: string, id: string) => url.replace(/:[A-Za-z_]+/g, id).replace(/\*$/, 'x');
const isPortal = (r: RouteTableEntry) => r.permission === 'portal' && !r.implicitHead;
const isStaff = (r: RouteTableEntry) =>
  r.permission !== undefined && r.permission !== 'public' && r.permission !== 'portal' && !r.implicitHead;

/** Staff and anonymous callers on every portal route: 401/403 (never an answer). */
export async function staffOnPortalRoutes(w: PortalWorld, table: readonly RouteTableEntry[]): Promise<string[]> {
  const problems: string[] = [];
  for (const r of table.filter(isPortal))
    for (const [who, c] of [
      ['staff', w.staff],
      ['anonymous', w.anonymous],
    ] as const) {
      const res = await c.request(r.method, pathOf(r.url, '1'), r.method === 'GET' || r.method === 'HEAD' ? undefined : {});
      if (res.status !== 401 && res.status !== 403) problems.push(`${who} ${r.method} ${r.url}: ${res.status}`);
    }
  return problems;
}

/** The portal session on every staff route: 401/403, whatever the route. */
export async function portalOnStaffRoutes(w: PortalWorld, table: readonly RouteTableEntry[]): Promise<string[]> {
  const problems: string[] = [];
  for (const r of table.filter(isStaff)) {
    const res = await w.portal.request(r.method, pathOf(r.url, '1'), r.method === 'GET' || r.method === 'HEAD' ? undefined : {});
    if (res.status !== 401 && res.status !== 403) problems.push(`portal ${r.method} ${r.url}: ${res.status}`);
  }
  return problems;
}

/**
 * The portal session of customer 1 on every portal route: with the ids of customer 2's and tenant B's documents, 404
 * (or 400 for an id of the wrong form); lists and the route's other answers hold nothing of customer 2 or tenant B.
 */
export async function portalOnOthersDocuments(w: PortalWorld, table: readonly RouteTableEntry[]): Promise<string[]> {
  const problems: string[] = [];
  const leaks = (text: string) => w.secrets.filter((s) => text.includes(s));
  for (const r of table.filter(isPortal)) {
    const body = r.method === 'GET' || r.method === 'HEAD' ? undefined : {};
    const hasParams = /:[A-Za-z_]+|\*$/.test(r.url);
    for (const id of hasParams ? w.foreignIds.map(String) : ['']) {
      const res = await w.portal.request(r.method, pathOf(r.url, id), body);
      if (leaks(res.text).length) problems.push(`${r.method} ${r.url} (${id}): holds ${leaks(res.text).join(', ')}`);
      if (hasParams && res.status !== 404 && res.status !== 400) problems.push(`${r.method} ${pathOf(r.url, id)}: ${res.status}, not 404`);
      if (res.status >= 500) problems.push(`${r.method} ${r.url}: ${res.status}`);
    }
  }
  return problems;
}
