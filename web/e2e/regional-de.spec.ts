import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts } from './support';

/**
 * A German browser (de-DE, Europe/Berlin): the sign-up takes the browser's time zone, so Settings shows Europe/Berlin
 * chosen, searchable among every IANA zone by keyboard. With Germany as the seller's country, the compliance tab dates
 * each monthly VAT return on the 10th of the following month (a weekend 10th moves to the Monday after).
 */
test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The first month from next month on whose 10th is a working day: the browser's clock is put on the 5th of it, when the
 * month before (after the organization was created) has ended and its return is due on that 10th.
 */
function nextMonthWithWorkingTenth(now: Date) {
  for (let i = 1; i < 13; i++) {
    const tenth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 10));
    if (tenth.getUTCDay() !== 0 && tenth.getUTCDay() !== 6) {
      const before = new Date(Date.UTC(tenth.getUTCFullYear(), tenth.getUTCMonth() - 1, 1));
      return {
        tenth,
        period: `${before.getUTCFullYear()}-${pad(before.getUTCMonth() + 1)}`,
        // Noon in Berlin on the 5th.
        clock: new Date(Date.UTC(tenth.getUTCFullYear(), tenth.getUTCMonth(), 5, 11)),
      };
    }
  }
  throw new Error('no month with a working 10th within a year');
}

test('a German organization: Europe/Berlin from the browser at sign-up, its VAT return due on the 10th', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signUp(page, { firstName: 'Greta', lastName: 'Gestalt', organization: 'Gestaltwerk' });

  // Settings: the browser's zone is the organization's
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('button', { name: 'Settings' }).click();
  await sidebar.getByRole('link', { name: 'General Settings' }).click();
  const zone = page.getByRole('button', { name: 'Time zone: Europe/Berlin' });
  await expect(zone).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'VAT filing frequency' })).toHaveText('Monthly');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await snap(page, testInfo, `01-settings-${width}`);
    await expectAccessible(page, `organization settings (${width} px)`);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(scroll, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }

  // The searchable list, by keyboard, at phone width: type, arrows, Escape keeps the choice
  await page.setViewportSize({ width: 390, height: 900 });
  await zone.focus();
  await page.keyboard.press('Enter');
  const search = page.getByRole('combobox', { name: 'Search time zones' });
  await expect(search).toBeFocused();
  await page.keyboard.type('vienna');
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: /Europe\/Vienna/ })).toHaveAttribute('aria-selected', 'true');
  const list = await page.getByRole('listbox', { name: 'Time zone' }).boundingBox();
  expect(list!.x).toBeGreaterThanOrEqual(0);
  expect(list!.x + list!.width).toBeLessThanOrEqual(390);
  await snap(page, testInfo, '02-time-zone-search-390');
  await expectAccessible(page, 'time zone search (390 px)');
  await page.keyboard.press('Escape');
  await expect(zone).toBeFocused();

  // Germany as the seller's country; monthly filing without the extension (the defaults)
  await page.getByLabel('Country code (e.g. DE)').fill('DE');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Organization settings saved', { exact: true })).toBeVisible();
  await expect(zone).toBeVisible();

  // The compliance tab on the 5th of a month whose 10th is a working day: last month's return is due on the 10th
  const { tenth, period, clock } = nextMonthWithWorkingTenth(new Date());
  await page.clock.setFixedTime(clock);
  const due = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(tenth);
  expect(due).toMatch(/ 10, \d{4}$/);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/tax-management');
    await page.getByRole('tab', { name: 'Tax Compliance' }).click();
    const row = page.getByTestId('deadline').filter({ hasText: `${period} tax return` });
    await expect(row).toContainText(`Due ${due}`);
    await expect(row.getByTestId('deadline-status')).toHaveText('Pending');
    await expect(page.getByText(/Each month’s VAT return is due/)).toBeVisible();
    await snap(page, testInfo, `03-compliance-${width}`);
    await expectAccessible(page, `tax compliance (${width} px)`);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(scroll, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
});
