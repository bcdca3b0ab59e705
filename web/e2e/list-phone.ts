import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, snap } from './support';

/**
 * The list screen now shown, loaded again at 390 × 844 (the shell lays itself out for the width at load): its rows
 * are stacked (a list named `list`, no table), the page does not scroll sideways, axe passes; a screenshot. Then
 * back at the width it had, loaded again.
 */
export async function expectListFitsPhone(
  page: Page,
  testInfo: TestInfo,
  { list, row, name }: { list: string; row: Locator; name: string },
) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(row.first()).toBeVisible();
  await expect(page.getByRole('list', { name: list, exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name} at 390 px scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  await snap(page, testInfo, `${name}-390`);
  await expectAccessible(page, `${name} at 390 px`);
  if (size) await page.setViewportSize(size);
  await page.reload();
  await expect(row.first()).toBeVisible();
}
