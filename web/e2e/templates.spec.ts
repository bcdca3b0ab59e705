import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { pdfText } from '../../services/billing/test/support/pdf.ts';
import { pagePng, pdfImages } from '../../services/billing/test/support/pdf-pages.ts';
import { expectAccessible, signUp, snap, toasts } from './support';

/** A 160×64 PNG logo: two coloured halves. */
function logoPng(): Buffer {
  const [w, h] = [160, 64];
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(x < w / 2 ? [124, 58, 237] : [16, 185, 129], y * (w * 3 + 1) + 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('templates: create one with a logo, make another the default, pick it on an invoice, open its PDF', async ({ page }, testInfo) => {
  await signUp(page, { firstName: 'Tina', lastName: 'Template', organization: 'Ørsted Designs' });
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };

  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice Templates' })).toBeVisible();
  await expect(page.getByText('No templates yet')).toBeVisible();
  await expectAccessible(page, 'templates (empty)');

  // Create: name, logo (uploaded, previewed), colours with the picker's text twin.
  await page.getByRole('button', { name: 'Create Template' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Template' });
  await dialog.getByLabel('Template Name').fill('Classic house style');
  // The first template is the default: the switch is on, fixed, and says why.
  await expect(dialog.getByRole('switch', { name: 'Default template' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Default template' })).toBeDisabled();
  await expect(dialog.getByText('Your first template is the default one')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Logo & Branding' }).click();
  await expect(dialog.getByText('Supports PNG, JPG and SVG files up to 5MB')).toBeVisible();
  await dialog.getByLabel('Company Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(dialog.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await dialog.getByLabel('Header Text').fill('Nørregade 1, København');
  await dialog.getByRole('tab', { name: 'Design' }).click();
  await dialog.getByLabel('Primary Color', { exact: true }).fill('#7C3AED');
  await snap(page, testInfo, 'templates-01-dialog');
  await expectAccessible(page, 'template dialog');

  // Preview PDF of the unsaved settings opens in a new tab.
  const previewTab = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Preview PDF' }).click();
  await expect.poll(async () => (await previewTab).url()).toMatch(/^blob:/);
  await (await previewTab).close();

  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(toasts(page).getByText('Template created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const first = page.getByRole('list', { name: 'Templates' }).getByRole('listitem').filter({ hasText: 'Classic house style' });
  await expect(first.getByText('Default')).toBeVisible(); // the first template is the default
  // Its card shows the uploaded logo, loaded from billing's /api/logos/{key}.
  const cardLogo = first.getByTestId('template-logo').locator('img');
  await expect(cardLogo).toHaveAttribute('src', /^\/api\/logos\/[A-Za-z0-9_-]{43}$/);
  await expect.poll(() => cardLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);

  // A second one, modern, made the default through Edit.
  await page.getByRole('button', { name: 'Create Template' }).first().click();
  await page.getByRole('dialog').getByLabel('Template Name').fill('Modern violet');
  await expect(page.getByRole('dialog').getByRole('switch', { name: 'Default template' })).not.toBeChecked();
  await expect(page.getByRole('dialog').getByRole('switch', { name: 'Default template' })).toBeEnabled();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Layout' }).click();
  await page.getByRole('option', { name: 'Modern (clean, contemporary)' }).click();
  await page.getByRole('dialog').getByRole('tab', { name: 'Logo & Branding' }).click();
  await page
    .getByRole('dialog')
    .getByLabel('Company Logo', { exact: true })
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(page.getByRole('dialog').getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Create Template' }).click();
  await expect(toasts(page).getByText('Template created successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Modern violet' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Template' });
  await edit.getByRole('switch', { name: 'Default template' }).click();
  await edit.getByRole('button', { name: 'Update Template' }).click();
  await expect(toasts(page).getByText('Template updated successfully')).toBeVisible();
  const modern = page.getByRole('list', { name: 'Templates' }).getByRole('listitem').filter({ hasText: 'Modern violet' });
  await expect(modern.getByText('Default')).toBeVisible();
  await expect(first.getByText('Default')).toHaveCount(0);
  await snap(page, testInfo, 'templates-02-grid');
  await expectAccessible(page, 'templates (grid)');

  // Duplicate and delete, with their notices.
  await page.getByRole('button', { name: 'Duplicate Classic house style' }).click();
  await expect(toasts(page).getByText('Template duplicated successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Classic house style (Copy)' }).click();
  await page
    .getByRole('alertdialog', { name: 'Are you sure you want to delete this template?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toasts(page).getByText('Template deleted successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Templates' }).getByRole('listitem')).toHaveCount(2);

  // A new invoice starts with the default template.
  const customer = await (
    await page.request.post('/api/customers', { headers, data: { name: 'Zoë Ørsted', email: 'zoe@example.test' } })
  ).json();
  await page.goto('/invoices/create');
  await expect(page.getByRole('combobox', { name: 'Template' })).toHaveText('Modern violet (Default)');
  const templates = await (await page.request.get('/api/invoice-templates')).json();
  const invoice = await (
    await page.request.post('/api/invoices', {
      headers,
      data: {
        invoice: { customerId: customer.id, dueDate: '2030-01-31', templateId: templates[0].id, notes: 'Ευχαριστώ — Спасибо' },
        items: [{ description: 'Żółć workshop', quantity: '2', rate: '125.50' }],
      },
    })
  ).json();

  // Its PDF: modern, with the logo.
  await page.goto(`/invoices/${invoice.id}`);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdfTab = await popup;
  await expect.poll(() => pdfTab.url()).toMatch(/\/api\/invoices\/\d+\/pdf$/);
  const pdf = await page.request.get(pdfTab.url());
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const bytes = await pdf.body();
  const text = await pdfText(bytes);
  for (const s of ['Ørsted Designs', 'Zoë Ørsted', 'Żółć workshop', 'Amount Due', 'Ευχαριστώ — Спасибо']) expect(text).toContain(s);
  expect(await pdfImages(bytes)).toContainEqual(expect.objectContaining({ type: 'image', width: 160, height: 64 }));
  writeFileSync(testInfo.outputPath('templates-03-invoice-pdf-1.png'), pagePng(bytes, { dpi: 50 }));
  await pdfTab.close();
});
