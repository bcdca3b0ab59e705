import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RoleDescriptions, type Invitations, type OrganizationMembers } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeUser } from '@/testing/factories';
import { MembersSection } from './members-section';

const ADA = '0b6a3c52-4a0e-4a8f-9a43-5f0c1c2f6a11';
const BOB = '7d1f6b0e-2c3a-4e5f-8a9b-0c1d2e3f4a5b';
const members: OrganizationMembers = {
  members: [
    { id: ADA, name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin', owner: true },
    { id: BOB, name: 'Bob Babbage', email: 'bob@example.com', role: 'user', owner: false },
  ],
};
const invitations: Invitations = {
  invitations: [
    {
      id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
      email: 'new@example.com',
      role: 'manager',
      invitedBy: 'Ada Lovelace',
      createdAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-11-27T10:00:00.000Z',
    },
  ],
};
const render = () => renderRoutes([{ path: '/settings', element: <MembersSection /> }], { path: '/settings' });

describe('members section', () => {
  it('an admin sees roles, pending invitations, invites (checked against the contract) and changes a role', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      { path: '/api/auth/user', body: makeUser() },
      { path: '/api/organization/members', body: members },
      { path: '/api/organization/invitations', body: invitations },
      {
        method: 'POST',
        path: '/api/organization/invitations',
        status: 201,
        body: { ...invitations.invitations[0], email: 'carol@example.com', role: 'user' },
      },
      { method: 'PATCH', path: `/api/organization/members/${BOB}`, body: { ...members.members[1], role: 'manager' } },
    ]);
    render();
    const list = await screen.findByRole('table', { name: 'Members' });
    const ada = (await within(list).findByText('Ada Lovelace')).closest('tr')!;
    expect(within(ada as HTMLElement).getByText('Owner')).toBeInTheDocument();
    // The owner's role cannot be changed, nor can they be removed.
    expect(within(list).queryByRole('combobox', { name: 'Role of Ada Lovelace' })).toBeNull();
    expect(within(list).queryByRole('button', { name: 'Remove Ada Lovelace' })).toBeNull();
    expect(within(list).getByRole('button', { name: 'Remove Bob Babbage' })).toBeInTheDocument();
    expect(screen.getByText(RoleDescriptions.user)).toBeInTheDocument();
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    await user.type(within(dialog).getByLabelText('Email'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Valid email is required')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'Carol@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({ email: 'carol@example.com', role: 'user' });
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();

    await user.click(within(list).getByRole('combobox', { name: 'Role of Bob Babbage' }));
    await user.click(await screen.findByRole('option', { name: 'Manager' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')!.init?.body))).toEqual({ role: 'manager' });
  });

  it('is read-only for a member who is not an admin: no invite, no role select, no pending invitations', async () => {
    const calls = stubFetch([
      { path: '/api/auth/user', body: makeUser({ id: BOB, role: 'user' }) },
      { path: '/api/organization/members', body: members },
    ]);
    render();
    const list = await screen.findByRole('table', { name: 'Members' });
    expect((await within(list).findAllByTestId('member-role')).map((b) => b.textContent)).toEqual(['Admin', 'User']);
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(within(list).queryByRole('combobox')).toBeNull();
    expect(screen.getByText('Only administrators can invite, change or remove members.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/api/organization/invitations'))).toBe(false);
  });
});
