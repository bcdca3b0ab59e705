import { z } from 'zod';
import type { Role } from './common.ts';
import type { ApiKeyScope } from './integrations/api-key-format.ts';

/**
 * What a member of an organization may do, by role: the one table every route is checked against, so that
 * roles mean something. Each route of the gateway and of every service declares the permission it needs
 * beside its contract (`config: { permission: 'invoices.delete' }`); the kit refuses a caller whose role lacks it
 * with a 403 naming it, `GET /api/auth/user` tells the web the signed-in member's permissions, and the role matrix
 * (gateway/test/role-matrix.test.ts) walks every route table for every role against this table.
 */
export const Permissions = [
  // Reading the organization's data: every member.
  'dashboard.read',
  'customers.read',
  'invoices.read',
  'quotes.read',
  'products.read',
  'expenses.read',
  'tax-rates.read',
  'reports.read',
  'templates.read',
  'recurring.read',
  'reminders.read',
  'payments.read',
  'plan.read',
  'insights.read',
  'organization.read',
  'members.read',
  /** Credit notes and customer credit. */
  'credit-notes.read',
  /** The organization's exchange rates. */
  'exchange-rates.read',
  // A user's work: customers, products, expenses and draft invoices; sending invoices.
  'customers.write',
  'products.write',
  'expenses.write',
  'invoices.write',
  'invoices.send',
  'quotes.write',
  'quotes.send',
  /** Making a draft invoice from a quote: a user's level, as making a draft invoice is. */
  'quotes.convert',
  'insights.refresh',
  // A manager's on top: deleting, money, tax and the invoice machinery.
  'customers.delete',
  'products.delete',
  'expenses.delete',
  'invoices.delete',
  'quotes.delete',
  /** Changing an invoice that is no longer a draft (a user edits drafts only). */
  'invoices.edit-sent',
  'payments.record',
  'payments.refund',
  /** Issuing a credit note (it takes money off an invoice, like a refund). */
  'credit-notes.create',
  'tax-rates.manage',
  /** Setting a manual exchange rate (the daily job never overwrites one). */
  'exchange-rates.manage',
  'reports.manage',
  'templates.manage',
  'recurring.manage',
  'reminders.manage',
  // An admin's on top: the organization itself, its people, its plan and its integrations.
  'organization.manage',
  'members.manage',
  'plan.manage',
  'api-keys.manage',
  /** Reading webhook endpoints and their deliveries (the public API's webhooks:read scope). */
  'webhooks.read',
  'webhooks.manage',
  'audit-log.read',
] as const;
export const Permission = z.enum(Permissions);
export type Permission = z.infer<typeof Permission>;

const USER: readonly Permission[] = [
  'dashboard.read',
  'customers.read',
  'invoices.read',
  'quotes.read',
  'products.read',
  'expenses.read',
  'tax-rates.read',
  'reports.read',
  'templates.read',
  'recurring.read',
  'reminders.read',
  'payments.read',
  'plan.read',
  'insights.read',
  'organization.read',
  'members.read',
  'credit-notes.read',
  'exchange-rates.read',
  'customers.write',
  'products.write',
  'expenses.write',
  'invoices.write',
  'invoices.send',
  'quotes.write',
  'quotes.send',
  /** Making a draft invoice from a quote: a user's level, as making a draft invoice is. */
  'quotes.convert',
  'insights.refresh',
];
const MANAGER: readonly Permission[] = [
  ...USER,
  'customers.delete',
  'products.delete',
  'expenses.delete',
  'invoices.delete',
  'quotes.delete',
  'invoices.edit-sent',
  'payments.record',
  'payments.refund',
  'credit-notes.create',
  'tax-rates.manage',
  'exchange-rates.manage',
  'reports.manage',
  'templates.manage',
  'recurring.manage',
  'reminders.manage',
];

/** The permissions of each role; an admin has every one. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  user: USER,
  manager: MANAGER,
  admin: Permissions,
};

const granted: Record<Role, ReadonlySet<Permission>> = {
  user: new Set(ROLE_PERMISSIONS.user),
  manager: new Set(ROLE_PERMISSIONS.manager),
  admin: new Set(ROLE_PERMISSIONS.admin),
};

/** True when `role` has `permission`. */
export const can = (role: Role, permission: Permission): boolean => granted[role].has(permission);

/**
 * What a route admits, declared on the route: a permission (a signed-in member whose role has it), `member` (any
 * signed-in member of the organization, whatever the role: the signed-in user's own account, signing out), or
 * `public` (no session at all: sign-in pages, pay pages, provider webhooks, the API-key REST API with its own scopes).
 */
export type RouteAccess = Permission | 'member' | 'public' | 'portal';
/* `portal`: only a customer signed in to the customer portal (proto/src/portal/caller.ts); no staff
 * session and no API key may call such a route, and a portal session may call no other. */

export const isPermission = (v: unknown): v is Permission => typeof v === 'string' && (Permissions as readonly string[]).includes(v);

/** The message of a refusal (403): names the role and the permission it lacks. */
export const permissionMessage = (role: Role, permission: Permission) => `Your role (${role}) does not have the permission ${permission}`;

/** What each role may do, in a sentence (the Members screen's role picker and invitation dialog show it). */
export const RoleDescriptions: Record<Role, string> = {
  user: 'Reads everything but the audit log; creates and edits customers, products, expenses, quotes and draft invoices; sends invoices and quotes; converts quotes into invoices.',
  manager:
    'A user’s rights, plus deleting (quotes too), editing sent invoices, payments, refunds and credit notes, tax rates, exchange rates, financial reports, templates, recurring invoices and reminders.',
  admin: 'Everything, including the organization’s settings, its members and invitations, the plan, API keys, webhooks and the audit log.',
};

/**
 * What an API key's scopes allow: a call made with a key is checked by the services against these, not
 * against a role, so a key can never do more than its scopes say even if a route were forwarded by mistake. `*`
 * grants what every scope grants — never the organization, its members, its plan or its keys.
 */
export const SCOPE_PERMISSIONS: Record<Exclude<ApiKeyScope, '*'>, readonly Permission[]> = {
  'customers:read': ['customers.read'],
  'customers:write': ['customers.write'],
  'customers:delete': ['customers.delete'],
  'invoices:read': ['invoices.read', 'quotes.read', 'credit-notes.read'],
  'invoices:write': [
    'invoices.write',
    'invoices.send',
    'invoices.edit-sent',
    'quotes.write',
    'quotes.send',
    'quotes.convert',
    'credit-notes.create',
  ],
  'invoices:delete': ['invoices.delete', 'quotes.delete'],
  'payments:read': ['payments.read'],
  'payments:write': ['payments.record', 'payments.refund'],
  'products:read': ['products.read'],
  'products:write': ['products.write', 'products.delete'],
  'tax-rates:read': ['tax-rates.read'],
  'tax-rates:write': ['tax-rates.manage'],
  'recurring:read': ['recurring.read'],
  'recurring:write': ['recurring.manage'],
  'analytics:read': ['dashboard.read'],
  'webhooks:read': ['webhooks.read'],
  'webhooks:write': ['webhooks.read', 'webhooks.manage'],
  // The events log is read as the webhooks' delivery log is: what the webhooks report, without their endpoints.
  'events:read': ['webhooks.read'],
};

/** True when a key with these scopes may use a route declaring `permission`. */
export function scopesGrant(scopes: readonly string[], permission: Permission): boolean {
  for (const [scope, perms] of Object.entries(SCOPE_PERMISSIONS))
    if ((scopes.includes('*') || scopes.includes(scope)) && perms.includes(permission)) return true;
  return false;
}
