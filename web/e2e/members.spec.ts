import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible as axe, signUp, snap, toasts, uniqueEmail } from './support';

const headers = { 'X-Requested-With': 'XMLHttpRequest' };
const outbox = join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox');

/** The invitation link e-mailed to `email` (the text part may be quoted-printable), once the .eml is there. */
async function invitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = readdirSync(outbox, { withFileTypes: true })
          .filter((f) => f.isFile() && f.name.endsWith('.eml'))
          .map((f) => readFileSync(join(outbox, f.name), 'utf8'))
          .find((m) => m.includes(`To: ${email}`));
        link = mail && /https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]{43}/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0];
        return link;
      },
      { message: `an .eml with an invitation link to ${email}` },
    )
    .toBeTruthy();
  return link!;
}

/** axe with the pointer off the controls (a hovered button is measured in its hover colour). */
async function expectAccessible(page: Page, screen: string) {
  await page.mouse.move(0, 0);
  await axe(page, screen);
}

test('members: an admin invites a colleague who joins from the e-mailed link and works; promoted, then removed, the next request fails at once', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, { firstName: 'Olivia', lastName: 'Owner', organization: 'Teamwork Ltd' });

  // Settings → Members: the owner alone, the roles explained, no pending invitation.
  await page.goto('/settings?section=members');
  // A table from 768 px, stacked rows (a list) on a phone.
  const members = page.getByRole('table', { name: 'Members' }).or(page.getByRole('list', { name: 'Members' }));
  await expect(members.getByTestId('member-row')).toHaveCount(1);
  await expect(members.getByText('Olivia Owner')).toBeVisible();
  await expect(members.getByText('Owner', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
  await expect(page.getByText('No pending invitations.')).toBeVisible();
  await expectAccessible(page, 'members (1280)');

  // Invite: the dialog checks the e-mail, then the invitation is sent and pending.
  const colleague = uniqueEmail('colin');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('Email').fill('not an email');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Valid email is required')).toBeVisible();
  await dialog.getByLabel('Email').fill(colleague);
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveText('User');
  await expectAccessible(page, 'invite dialog');
  await snap(page, testInfo, 'members-invite-dialog-1280');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toasts(page).getByText('Invitation sent', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByTestId('invitation-row')).toHaveCount(1);
  await expect(pending.getByText(colleague)).toBeVisible();
  await snap(page, testInfo, 'members-pending-1280');

  // The colleague, in a browser of their own on a phone, opens the link from the e-mail.
  const link = await invitationLink(colleague);
  const theirs = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'light' });
  const phone = await theirs.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: 'Join Teamwork Ltd' })).toBeVisible();
  await expect(phone.getByText(colleague, { exact: false }).first()).toBeVisible();
  await expectAccessible(phone, 'invitation page (390)');
  await snap(phone, testInfo, 'invite-page-390');
  const noSideways = () => phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noSideways()).toBe(true);
  await phone.getByRole('button', { name: 'Create account and join' }).click();
  await expect(phone.getByText('First name is required')).toBeVisible();
  await phone.getByLabel('First name').fill('Colin');
  await phone.getByLabel('Last name').fill('League');
  await phone.getByLabel('Password').fill('a long enough password');
  await phone.getByRole('button', { name: 'Create account and join' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // They work in Teamwork Ltd with a user's rights: customers yes, the admin's API keys no; Members read-only.
  const me = await phone.request.get('/api/auth/user');
  expect(await me.json()).toMatchObject({ email: colleague, role: 'user', organization: { name: 'Teamwork Ltd' } });
  const customer = await phone.request.post('/api/customers', {
    headers,
    data: { name: 'Colin’s first customer', email: 'first@customer.test' },
  });
  expect(customer.status()).toBe(201);
  // What a user may not do is refused by the API, naming the permission, and hidden on the screens.
  const keys = await phone.request.get('/api/integrations/api-keys');
  expect(keys.status()).toBe(403);
  expect(await keys.json()).toMatchObject({ permission: 'api-keys.manage' });
  const customerId = ((await customer.json()) as { id: number }).id;
  const deletion = await phone.request.delete(`/api/customers/${customerId}`, { headers });
  expect(deletion.status()).toBe(403);
  expect(await deletion.json()).toMatchObject({ permission: 'customers.delete' });
  await phone.goto('/customers');
  await expect(phone.getByText('Colin’s first customer').first()).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Delete customer: Colin’s first customer' })).toHaveCount(0);
  await phone.goto('/settings?section=members');
  await expect(phone.getByRole('list', { name: 'Members' }).getByTestId('member-row')).toHaveCount(2);
  await expect(phone.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
  await expect(phone.getByText('Only administrators can invite, change or remove members.')).toBeVisible();
  expect(await noSideways()).toBe(true);
  await expectAccessible(phone, 'members read-only (390)');
  await snap(phone, testInfo, 'members-readonly-390');

  // The admin sees the new member and no pending invitation; promotes them: their very next request is an admin's.
  await page.reload();
  const row = members.getByTestId('member-row').filter({ hasText: 'Colin League' });
  await expect(row).toBeVisible();
  await expect(page.getByText('No pending invitations.')).toBeVisible();
  await row.getByRole('combobox', { name: 'Role of Colin League' }).click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await expect(toasts(page).getByText('Role updated', { exact: true })).toBeVisible();
  await expect(row.getByRole('combobox', { name: 'Role of Colin League' })).toHaveText('Admin');
  expect((await phone.request.get('/api/integrations/api-keys')).status()).toBe(200);
  expect((await (await phone.request.get('/api/auth/user')).json()).role).toBe('admin');

  // On a phone (390 px: the sidebar is a drawer behind the menu button) the admin's screen fits too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(row.getByRole('combobox', { name: 'Role of Colin League' })).toHaveText('Admin');
  await expectAccessible(page, 'members (390)');
  await snap(page, testInfo, 'members-admin-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();

  // Removed (after a confirmation): the colleague's next request is refused at once.
  await row.getByRole('button', { name: 'Remove Colin League' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove member' });
  await expect(confirm).toContainText('Colin League loses access to this organization at once.');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toasts(page).getByText('Member removed', { exact: true })).toBeVisible();
  await expect(members.getByTestId('member-row')).toHaveCount(1);
  expect((await phone.request.get('/api/auth/user')).status()).toBe(401);
  expect((await phone.request.get('/api/customers')).status()).toBe(401);
  await snap(page, testInfo, 'members-after-removal-1280');

  // The used link is dead.
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: 'Invitation not valid' })).toBeVisible();
  await expectAccessible(phone, 'invitation not valid (390)');
  await theirs.close();
});

test('members: someone with an account signs in to accept (no second account) and switches between their organizations', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Pia already runs her own organization.
  const theirs = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const pia = await theirs.newPage();
  const email = await signUp(pia, { firstName: 'Pia', lastName: 'Person', organization: 'Pia Consulting' });
  await theirs.clearCookies();

  // An admin of Studio North invites her as a manager.
  await signUp(page, { firstName: 'Sam', lastName: 'Studio', organization: 'Studio North' });
  await page.goto('/settings?section=members');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toasts(page).getByText('Invitation sent', { exact: true })).toBeVisible();

  // Signed out, the page offers both ways in (it does not say whether her e-mail has an account). Trying to create
  // a second account is refused with the way to go; the sign-in page brings her back to the invitation.
  const link = await invitationLink(email);
  await pia.goto(link);
  await expect(pia.getByRole('heading', { level: 1, name: 'Join Studio North' })).toBeVisible();
  await expectAccessible(pia, 'invitation page, signed out (1280)');
  await pia.getByLabel('First name').fill('Pia');
  await pia.getByLabel('Last name').fill('Person');
  await pia.getByLabel('Password').fill('another long password');
  await pia.getByRole('button', { name: 'Create account and join' }).click();
  await expect(pia.getByRole('alert')).toHaveText(`An account with ${email} exists: sign in to accept this invitation`);
  await pia.getByRole('link', { name: 'Sign in to accept' }).click();
  await pia.getByLabel('Email').filter({ visible: true }).fill(email);
  await pia.getByLabel('Password').filter({ visible: true }).fill('correct horse battery');
  await pia.getByRole('button', { name: 'Sign in' }).click();
  await expect(pia).toHaveURL(new URL(link).pathname);
  await expect(pia.getByText(`Signed in as ${email}.`)).toBeVisible();
  await snap(pia, testInfo, 'invite-page-signed-in-1280');
  await pia.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(pia.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await (await pia.request.get('/api/auth/user')).json()).toMatchObject({
    email,
    role: 'manager',
    organization: { name: 'Studio North' },
  });

  // Two organizations: the sidebar's switcher moves her session between them.
  const switcher = pia.getByRole('button', { name: 'Organization: Studio North. Switch organization' });
  await expect(switcher).toBeVisible();
  await expectAccessible(pia, 'shell with the organization switcher');
  await switcher.click();
  await snap(pia, testInfo, 'organization-switcher-1280');
  await pia.getByRole('menuitem', { name: 'Pia Consulting' }).click();
  await expect(pia.getByRole('button', { name: 'Organization: Pia Consulting. Switch organization' })).toBeVisible();
  expect(await (await pia.request.get('/api/auth/user')).json()).toMatchObject({ role: 'admin', organization: { name: 'Pia Consulting' } });
  await theirs.close();
});
