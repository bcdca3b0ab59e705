import { describe, expect, it } from 'vitest';
import { Roles } from './common.ts';
import { can, Permissions, ROLE_PERMISSIONS, SCOPE_PERMISSIONS, scopesGrant } from './permissions.ts';

describe('the permission table', () => {
  it('gives a user reads of everything but the audit log and the webhook endpoints, and the everyday work', () => {
    for (const p of Permissions.filter((p) => p.endsWith('.read')))
      expect(can('user', p), p).toBe(p !== 'audit-log.read' && p !== 'webhooks.read');
    for (const p of ['customers.write', 'products.write', 'expenses.write', 'invoices.write', 'invoices.send'] as const)
      expect(can('user', p), p).toBe(true);
    for (const p of ['invoices.delete', 'invoices.edit-sent', 'payments.record', 'tax-rates.manage', 'exchange-rates.manage'] as const)
      expect(can('user', p), p).toBe(false);
  });

  it("gives a manager a user's rights plus deleting, money, tax, reports, templates, recurring and reminders", () => {
    expect(ROLE_PERMISSIONS.user.filter((p) => !can('manager', p))).toEqual([]);
    for (const p of Permissions.filter((p) => p.endsWith('.delete'))) expect(can('manager', p), p).toBe(true);
    for (const p of [
      'payments.record',
      'payments.refund',
      'tax-rates.manage',
      'exchange-rates.manage',
      'reports.manage',
      'recurring.manage',
      'reminders.manage',
    ] as const)
      expect(can('manager', p), p).toBe(true);
    for (const p of [
      'organization.manage',
      'members.manage',
      'plan.manage',
      'api-keys.manage',
      'webhooks.manage',
      'audit-log.read',
    ] as const)
      expect(can('manager', p), p).toBe(false);
  });

  it('gives an admin every permission, and every permission to some role', () => {
    expect(Permissions.filter((p) => !can('admin', p))).toEqual([]);
    expect(new Set(Roles.flatMap((r) => ROLE_PERMISSIONS[r])).size).toBe(Permissions.length);
  });

  it("lets an API key do what its scopes say and never what only the organization's admins do", () => {
    expect(scopesGrant(['invoices:read'], 'invoices.read')).toBe(true);
    expect(scopesGrant(['invoices:read'], 'invoices.write')).toBe(false);
    expect(scopesGrant(['payments:write'], 'payments.refund')).toBe(true);
    expect(scopesGrant(['webhooks:read'], 'webhooks.manage')).toBe(false);
    for (const p of ['organization.manage', 'members.manage', 'plan.manage', 'api-keys.manage', 'audit-log.read'] as const)
      expect(scopesGrant(['*'], p), p).toBe(false);
    expect(
      Object.values(SCOPE_PERMISSIONS)
        .flat()
        .every((p) => Permissions.includes(p)),
    ).toBe(true);
  });
});
