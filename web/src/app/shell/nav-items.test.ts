import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@billpoint/proto';
import { allowedNav, isActive, mainNav } from './nav-items';

describe('sidebar entries by permission', () => {
  it('shows Quotes next to Invoices to a role that reads quotes, and hides it from one that does not', () => {
    const labels = (permissions: readonly (typeof ROLE_PERMISSIONS)['user'][number][]) =>
      allowedNav(mainNav, permissions).map((i) => i.label);
    const user = labels(ROLE_PERMISSIONS.user);
    expect(user.slice(1, 3)).toEqual(['Invoices', 'Quotes']);
    expect(labels(ROLE_PERMISSIONS.user.filter((p) => p !== 'quotes.read'))).not.toContain('Quotes');
    expect(labels([])).toContain('Invoices'); // entries without a permission are always there
  });

  it('shows Credit Notes after Quotes to every role (credit-notes.read), and hides it without the permission', () => {
    const labels = (permissions: readonly (typeof ROLE_PERMISSIONS)['user'][number][]) =>
      allowedNav(mainNav, permissions).map((i) => i.label);
    expect(labels(ROLE_PERMISSIONS.user).slice(1, 4)).toEqual(['Invoices', 'Quotes', 'Credit Notes']);
    expect(labels(ROLE_PERMISSIONS.user.filter((p) => p !== 'credit-notes.read'))).not.toContain('Credit Notes');
  });

  it('marks E-mail Templates, not General Settings, on /settings/email-templates', () => {
    expect(isActive('/settings/email-templates', '/settings/email-templates')).toBe(true);
    expect(isActive('/settings', '/settings/email-templates')).toBe(false);
    expect(isActive('/settings', '/settings')).toBe(true);
    expect(isActive('/invoices', '/invoices/12/edit')).toBe(true);
  });
});
