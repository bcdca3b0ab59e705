import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectAccessible, signUp, snap } from './support';

/** Account security: a forgotten password reset through the e-mailed link; two-factor enrolled and used. */

const outbox = () => join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox');
/** The /reset-password/{token} path of the newest reset mail to `email` in this run's outbox, once it is there. */
function resetPath(email: string): string | undefined {
  let files: string[];
  try {
    files = readdirSync(outbox()).filter((f) => f.endsWith('.eml'));
  } catch {
    return undefined;
  }
  const mail = files
    .map((f) => readFileSync(join(outbox(), f), 'utf8').replace(/=\r?\n/g, ''))
    .find((m) => new RegExp(`^To: ${email}$`, 'mi').test(m) && /Reset your Billpoint password/.test(m));
  return mail?.match(/\/reset-password\/[A-Za-z0-9_-]{43}/)?.[0];
}

/** The TOTP code of `secret` `steps` time steps (30 s) from now, as an authenticator app would show it. */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/**
 * axe and no sideways scrolling at 390 and at 1280 px, with a screenshot of each. The journey runs on a phone-sized
 * screen (the shell shows its navigation as a drawer there) and goes back to it after the wide check.
 */
async function checkBothWidths(page: Page, screen: string, testInfo: Parameters<typeof snap>[1]) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expectAccessible(page, `${screen} at ${width} px`);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits, `${screen} fits ${width} px`).toBe(true);
    await snap(page, testInfo, `${screen}-${width}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/api/login');
  await page.getByLabel('Email').filter({ visible: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.goto('/api/logout');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
}

test.use({ viewport: { width: 390, height: 844 } });

test('account security: reset a forgotten password by e-mail, then enrol two-factor and sign in with a code and a recovery code', async ({
  page,
}, testInfo) => {
  const email = await signUp(page, { firstName: 'Sasha', lastName: 'Secure', organization: 'Secure Books' });
  await signOut(page);

  // Forgot password? → the form → the same answer for any address, and a mail with the link.
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').filter({ visible: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText('If an account exists for this e-mail, we have sent a link to reset its password.');
  await checkBothWidths(page, 'forgot-password', testInfo);
  await expect.poll(() => resetPath(email), { message: 'the reset mail in the outbox' }).toBeDefined();
  const link = resetPath(email)!;

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await checkBothWidths(page, 'reset-password', testInfo);
  await page.getByLabel('New password', { exact: true }).fill('a fresh long password');
  await page.getByLabel('Confirm new password').fill('a fresh long password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been reset. Sign in with your new password.');
  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();

  await signIn(page, email, 'correct horse battery');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await signIn(page, email, 'a fresh long password');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Settings → Security: set up two-factor with a code computed here from the key the screen shows.
  await page.goto('/settings?section=security');
  await expect(page.getByText('Kept in this browser')).toHaveCount(0);
  await page.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await checkBothWidths(page, 'two-factor-setup', testInfo);
  await page.getByLabel('2. Enter the 6-digit code it shows').fill(await totp(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
  await checkBothWidths(page, 'recovery-codes', testInfo);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByText('This device')).toBeVisible();
  await checkBothWidths(page, 'security-settings', testInfo);

  // Sign-in now asks for the code; the next step's code (the enrolment took this one) signs in.
  await signOut(page);
  await signIn(page, email, 'a fresh long password');
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
  await checkBothWidths(page, 'sign-in-code', testInfo);
  await page.getByLabel('Authentication code').fill(await totp(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // A recovery code signs in once.
  for (const attempt of ['first', 'second']) {
    await signOut(page);
    await signIn(page, email, 'a fresh long password');
    await page.getByRole('link', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    if (attempt === 'first') await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    else await expect(page.getByRole('alert')).toHaveText('Invalid two-factor code');
  }
});
