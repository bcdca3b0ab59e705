import { expect, test } from '@playwright/test';

test("the app's main script comes compressed (brotli or gzip) and runs", async ({ page }) => {
  const encodings = new Map<string, string | null>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') void r.headerValue('content-encoding').then((e) => encodings.set(r.url(), e));
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Invoicing and billing/ })).toBeVisible();
  // The main script: the module index.html loads (the build's entry chunk).
  const src = await page.locator('script[type="module"][src]').first().getAttribute('src');
  const main = new URL(src!, page.url()).href;
  await expect.poll(() => encodings.get(main), main).toMatch(/^(br|gzip)$/);
});
