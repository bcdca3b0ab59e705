import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** A full-page screenshot of the current screen into the test's output folder (not committed). */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true, animations: 'disabled' });
}

/** No serious or critical accessibility violation on the current screen (soft: the test goes on, and fails at its end). */
export async function expectAccessible(page: Page, screen: string, { soft = false }: { soft?: boolean } = {}) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  (soft ? expect.soft : expect)(blocking, `axe on ${screen}`).toEqual([]);
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

/** The toast area (Radix viewport, "Notifications (F8)"); its texts also go to a live region, so look here. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

/** From the landing page through the gateway's sign-up to the dashboard; answers the new user's e-mail. */
export async function signUp(
  page: Page,
  { firstName, lastName, organization }: { firstName: string; lastName: string; organization: string },
) {
  const email = uniqueEmail(firstName.toLowerCase());
  await page.goto('/api/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Organization name').fill(organization);
  await page.getByLabel('Email').filter({ visible: true }).fill(email);
  await page.getByLabel('Password').filter({ visible: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return email;
}
