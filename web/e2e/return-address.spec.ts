import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support';

/**
 * The sign-in page's return address: `?return=` sends the browser on once signed in, but only to a path of this site.
 * Browsers delete tabs and line breaks from a URL, so `/<tab>/evil.example/x` would be navigated to as
 * `//evil.example/x` — another site; the page must end on the app's own origin instead.
 */

const PASSWORD = 'correct horse battery';

async function signInFrom(page: Page, address: string, email: string) {
  await page.goto(address);
  await page.getByLabel('Email').filter({ visible: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('sign-in: a return address that browsers would turn into another site ends on the app; a path of the app is kept', async ({
  page,
  baseURL,
}) => {
  const own = new URL(baseURL!).origin;
  // Any attempt to reach the other site is recorded (and never leaves the machine).
  const elsewhere: string[] = [];
  await page.context().route(
    (url) => url.hostname === 'evil.example' || url.hostname.endsWith('.evil.example'),
    (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    },
  );
  const email = await signUp(page, { firstName: 'Rita', lastName: 'Return', organization: 'Return Ltd' });
  await page.context().clearCookies();

  for (const address of [
    '/api/login?return=/%09/evil.example/x',
    '/api/login?return=/%0a/evil.example/x',
    '/api/login?return=/%0d/evil.example/x',
    // Typed with a literal tab: the browser deletes it from the address itself.
    '/api/login?return=/\t/evil.example/x',
  ]) {
    await signInFrom(page, address, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const url = new URL(page.url());
    expect([url.origin, url.pathname], JSON.stringify(address)).toEqual([own, '/']);
    await page.context().clearCookies();
  }
  expect(elsewhere).toEqual([]);

  await signInFrom(page, '/api/login?return=/invoices', email);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  expect(page.url()).toBe(`${own}/invoices`);
});
