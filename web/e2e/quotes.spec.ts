import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, format, startOfToday } from 'date-fns';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts, uniqueEmail } from './support';
import { expectFits, SIZES } from './viewport-support';

/**
 * Quotes: a user creates a quote with two lines, sends it, the customer opens the public link signed out and
 * accepts it with a name, the user sees it accepted and converts it into the draft invoice with the same lines; and a
 * declined quote. Every screen at 390 and 1280 px: no sideways scroll, axe, a screenshot attached to the report.
 */

/** A full-page screenshot, attached to the test's report. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await snap(page, testInfo, name);
  await testInfo.attach(name, { path: testInfo.outputPath(`${name}.png`), contentType: 'image/png' });
}

/** The screen at both widths (reloaded at each, as the shell lays itself out at load): fits, axe, a screenshot. */
async function atBothWidths(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>) {
  const size = page.viewportSize();
  for (const s of SIZES) {
    await page.setViewportSize(s);
    await page.reload();
    await ready();
    await expect(page.locator('[data-slot=skeleton], [role=status][aria-label^=Loading]')).toHaveCount(0, { timeout: 15_000 });
    await expectFits(page, `${name} (${s.width} px)`);
    await page.mouse.move(0, 0);
    await expectAccessible(page, `${name} (${s.width} px)`, { soft: true });
    await shot(page, testInfo, `${name}-${s.width}`);
  }
  if (size) await page.setViewportSize(size);
}

const headers = { 'X-Requested-With': 'XMLHttpRequest' };

/** The quote page's link in the e-mail sent to `email` (the text part may be quoted-printable). */
function quoteLinkFromMail(email: string): string | undefined {
  const outbox = join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox');
  const mail = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(outbox, f), 'utf8'))
    .find((m) => m.includes(email));
  const text = mail?.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return text && /https?:\/\/[^\s"<>]+\/quote\/[A-Za-z0-9_-]{20,}/.exec(text)?.[0];
}

test('a quote with two lines: sent, accepted on its public page with a name, converted into the draft invoice with the same lines', async ({
  page,
  browser,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES[1]);
  await signUp(page, { firstName: 'Bill', lastName: 'Lumbergh', organization: 'Initech Consulting' });
  const email = uniqueEmail('peter');
  await page.goto('/customers/create');
  await page.getByLabel('Name').fill('Penetrode Corporation');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toasts(page).getByText('Customer created successfully', { exact: true })).toBeVisible();

  // Quotes, from the sidebar: nothing yet
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Quotes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  await expect(page.getByText('No quotes yet')).toBeVisible();
  await expect(page.getByTestId('summary-open-quotes').getByTestId('summary-value')).toHaveText('0');
  await expect(page.getByTestId('summary-conversion-rate').getByTestId('summary-value')).toHaveText('—');
  await atBothWidths(page, testInfo, '01-quotes-empty', () => expect(page.getByText('No quotes yet')).toBeVisible());

  // Create: valid 30 days by default, two lines, the running total
  await page.getByRole('link', { name: 'Create Quote' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Quote' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Valid Until' })).toHaveText(format(addDays(startOfToday(), 30), 'MMMM d, yyyy'));
  await atBothWidths(page, testInfo, '02-quote-create', () => expect(page.getByRole('button', { name: 'Valid Until' })).toBeVisible());
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(page.getByText('Customer is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toBeVisible();
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: `Penetrode Corporation - ${email}` }).click();
  const lines = [
    { description: 'Millennium bug audit of the payroll system', quantity: '3', rate: '33.33', amount: '$99.99' },
    { description: 'Red stapler, Swingline', quantity: '2', rate: '12.50', amount: '$25.00' },
  ];
  for (const [i, line] of lines.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByLabel(`Description (item ${i + 1})`).fill(line.description);
    await page.getByLabel(`Qty (item ${i + 1})`).fill(line.quantity);
    await page.getByLabel(`Rate (item ${i + 1})`).fill(line.rate);
    await expect(page.getByLabel(`Amount (item ${i + 1})`)).toHaveValue(line.amount);
  }
  await expect(page.getByTestId('invoice-total')).toHaveText('Total: $124.99');
  await page.getByLabel('Terms & Conditions').fill('Half up front, half on delivery.');
  await shot(page, testInfo, '03-quote-create-filled');
  await page.getByRole('button', { name: 'Create Quote' }).click();

  // The view: a draft, numbered from the quote sequence
  await expect(page).toHaveURL(/\/quotes\/\d+$/);
  const quoteUrl = page.url();
  await expect(toasts(page).getByText('Quote created', { exact: true })).toBeVisible();
  const quoteNumber = (await page.getByTestId('quote-number').textContent())!;
  expect(quoteNumber).toMatch(/^QUO-\d{4,}$/);
  await expect(page.getByTestId('quote-status')).toHaveText('Draft');
  await expect(page.getByTestId('quote-item')).toHaveCount(2);
  await expect(page.getByTestId('quote-total')).toHaveText('$124.99');
  await expect(page.getByRole('button', { name: 'Copy public link' })).toHaveCount(0); // a draft has no public page
  await atBothWidths(page, testInfo, '04-quote-view-draft', () => expect(page.getByTestId('quote-number')).toHaveText(quoteNumber));

  // Edit: the notes
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Quote' })).toBeVisible();
  await expect(page.getByLabel('Quote Number')).toHaveValue(quoteNumber);
  await expect(page.getByLabel('Description (item 2)')).toHaveValue(lines[1]!.description);
  await atBothWidths(page, testInfo, '05-quote-edit', () => expect(page.getByLabel('Quote Number')).toHaveValue(quoteNumber));
  await page.getByLabel('Notes').fill('Prices include the TPS report cover sheets.');
  await page.getByRole('button', { name: 'Update Quote' }).click();
  await expect(page).toHaveURL(quoteUrl);
  await expect(page.getByText('Prices include the TPS report cover sheets.')).toBeVisible();

  // Send: the dialog names the address
  await page.getByRole('button', { name: 'Send to Customer' }).click();
  const sendDialog = page.getByRole('alertdialog', { name: 'Send this quote?' });
  await expect(sendDialog).toContainText(email);
  await shot(page, testInfo, '06-quote-send-dialog');
  await expectAccessible(page, 'send dialog');
  await sendDialog.getByRole('button', { name: 'Send quote' }).click();
  await expect(toasts(page).getByText('Quote sent', { exact: true })).toBeVisible();
  await expect(page.getByTestId('quote-status')).toHaveText('Sent');

  // The public link, from the clipboard
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy public link' }).click();
  await expect(toasts(page).getByText('Quote link copied', { exact: true })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/quote\/[A-Za-z0-9_-]{20,}$/);
  expect(quoteLinkFromMail(email), 'the link in the e-mail the customer got').toBe(link);

  // The customer: signed out, in a new page
  const visitor = await browser.newContext({ colorScheme: 'light' });
  const customer = await visitor.newPage();
  await customer.setViewportSize(SIZES[1]);
  await customer.goto(link);
  await expect(customer.getByRole('heading', { level: 1, name: `Quote ${quoteNumber}` })).toBeVisible();
  await expect(customer.getByTestId('seller-name')).toHaveText('Initech Consulting');
  await expect(customer.getByTestId('public-quote-item')).toHaveCount(2);
  await expect(customer.getByTestId('public-quote-total')).toHaveText('$124.99');
  await expect(customer.getByTestId('quote-valid-until')).toHaveText(format(addDays(startOfToday(), 30), 'MMM dd, yyyy'));
  await atBothWidths(customer, testInfo, '07-public-quote', () =>
    expect(customer.getByRole('heading', { level: 1, name: `Quote ${quoteNumber}` })).toBeVisible(),
  );
  await customer.getByRole('button', { name: 'Accept quote' }).click();
  await expect(customer.getByText('Your name is required')).toBeVisible();
  await customer.getByLabel('Your full name').fill('Peter Gibbons');
  await customer.getByRole('button', { name: 'Accept quote' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Quote Accepted' })).toBeVisible();
  await expect(customer.getByText(/Accepted by Peter Gibbons on/)).toBeVisible();
  await atBothWidths(customer, testInfo, '08-public-quote-accepted', () =>
    expect(customer.getByRole('heading', { level: 1, name: 'Quote Accepted' })).toBeVisible(),
  );

  // The user: accepted, by whom; the cards count it
  await page.goto(quoteUrl);
  await expect(page.getByTestId('quote-status')).toHaveText('Accepted');
  await expect(page.getByTestId('quote-acceptance')).toContainText('Accepted by Peter Gibbons');
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await shot(page, testInfo, '09-quote-view-accepted');
  await page.goto('/quotes');
  const row = page.getByTestId('quote-row').filter({ hasText: quoteNumber });
  await expect(row).toContainText('Accepted');
  await expect(row).toContainText('$124.99');
  await expect(page.getByTestId('summary-awaiting-conversion').getByTestId('summary-value')).toHaveText('$124.99');
  await atBothWidths(page, testInfo, '10-quotes-list', () => expect(row).toBeVisible());

  // Convert: the draft invoice with the same lines, linked back
  await row.click();
  await expect(page).toHaveURL(quoteUrl);
  await page.getByRole('button', { name: 'Convert to invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(toasts(page).getByText('Invoice created', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice Details' })).toBeVisible();
  const items = page.getByTestId('invoice-item');
  await expect(items).toHaveCount(2);
  for (const [i, line] of lines.entries()) {
    await expect(items.nth(i)).toContainText(line.description);
    await expect(items.nth(i)).toContainText(line.amount);
  }
  await expect(page.getByTestId('invoice-summary')).toContainText('Total$124.99');
  const origin = page.getByRole('link', { name: `Created from quote ${quoteNumber}` });
  await expect(origin).toBeVisible();
  await shot(page, testInfo, '11-invoice-from-quote');
  await origin.click();
  await expect(page.getByTestId('quote-status')).toHaveText('Converted');
  await expect(page.getByRole('button', { name: 'Convert to invoice' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Converted into an invoice: view the invoice' })).toBeVisible();

  // The customer's page says so; a made-up token is not found, as on the pay page
  await customer.reload();
  await expect(customer.getByRole('heading', { level: 1, name: 'Quote Invoiced' })).toBeVisible();
  await customer.goto('/quote/this-token-does-not-exist-anywhere-at-all');
  await expect(customer.getByRole('heading', { level: 1, name: 'Quote Not Found' })).toBeVisible();
  await atBothWidths(customer, testInfo, '12-public-quote-not-found', () =>
    expect(customer.getByRole('heading', { level: 1, name: 'Quote Not Found' })).toBeVisible(),
  );
  await visitor.close();
});

test('a quote declined on its public page with a reason; the user sees why and deletes it', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[1]);
  await signUp(page, { firstName: 'Milton', lastName: 'Waddams', organization: 'Basement Storage Ltd' });
  const customer = await page.request.post('/api/customers', { headers, data: { name: 'Chotchkies', email: uniqueEmail('stan') } });
  expect(customer.status()).toBe(201);
  const validUntil = format(addDays(startOfToday(), 10), 'yyyy-MM-dd');
  const created = await page.request.post('/api/quotes', {
    headers,
    data: {
      quote: { customerId: (await customer.json()).id, validUntil },
      items: [{ description: 'Pieces of flair, minimum fifteen', quantity: '15', rate: '2.00' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, quoteNumber } = await created.json();
  const sent = await page.request.post(`/api/quotes/${id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const { publicToken } = await (await page.request.get(`/api/quotes/${id}`)).json();

  const visitor = await browser.newContext({ colorScheme: 'light' });
  const guest = await visitor.newPage();
  await guest.setViewportSize(SIZES[0]);
  await guest.goto(`/quote/${publicToken}`);
  await expect(guest.getByRole('heading', { level: 1, name: `Quote ${quoteNumber}` })).toBeVisible();
  await guest.getByRole('button', { name: 'Decline' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Decline this quote?' });
  await dialog.getByLabel('Reason (optional)').fill('We went with a competitor who offers 37 pieces.');
  await expectFits(guest, 'decline dialog (390 px)');
  await expectAccessible(guest, 'decline dialog (390 px)');
  await shot(guest, testInfo, '20-public-decline-dialog-390');
  await dialog.getByRole('button', { name: 'Decline quote' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Quote Declined' })).toBeVisible();
  await expect(guest.getByText('Reason given: We went with a competitor who offers 37 pieces.')).toBeVisible();
  await atBothWidths(guest, testInfo, '21-public-quote-declined', () =>
    expect(guest.getByRole('heading', { level: 1, name: 'Quote Declined' })).toBeVisible(),
  );
  await visitor.close();

  await page.goto(`/quotes/${id}`);
  await expect(page.getByTestId('quote-status')).toHaveText('Declined');
  await expect(page.getByTestId('quote-decline')).toContainText('Reason: We went with a competitor who offers 37 pieces.');
  await expect(page.getByRole('button', { name: 'Convert to invoice' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Send/ })).toHaveCount(0);
  await atBothWidths(page, testInfo, '22-quote-view-declined', () => expect(page.getByTestId('quote-status')).toHaveText('Declined'));

  // Download PDF: the quote's PDF in a new tab
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toMatch(new RegExp(`/api/quotes/${id}/pdf$`));
  const pdf = await page.request.get(popup.url());
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await popup.close();

  await page.goto('/quotes');
  await expect(page.getByTestId('summary-conversion-rate').getByTestId('summary-value')).toHaveText('0%');
  await expect(page.getByTestId('summary-conversion-rate')).toContainText('0 of 1 closed quote converted');
  await page.getByRole('link', { name: `View quote: ${quoteNumber}` }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this quote?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/quotes$/);
  await expect(toasts(page).getByText('Quote deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('No quotes yet')).toBeVisible();
});

test("a customer's answer given by e-mail, recorded from the quote's page: accepted in the customer's name, and declined with a reason", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]);
  await signUp(page, { firstName: 'Bob', lastName: 'Slydell', organization: 'Efficiency Experts' });
  const customer = await page.request.post('/api/customers', { headers, data: { name: 'Initrode', email: uniqueEmail('dom') } });
  expect(customer.status()).toBe(201);
  const validUntil = format(addDays(startOfToday(), 10), 'yyyy-MM-dd');
  const sentQuote = async (description: string) => {
    const created = await page.request.post('/api/quotes', {
      headers,
      data: { quote: { customerId: (await customer.json()).id, validUntil }, items: [{ description, quantity: '1', rate: '450.00' }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const q = await created.json();
    expect((await page.request.post(`/api/quotes/${q.id}/send`, { headers })).status()).toBe(200);
    return q as { id: number; quoteNumber: string };
  };

  const first = await sentQuote('Staff interviews, one week');
  await page.goto(`/quotes/${first.id}`);
  await expect(page.getByTestId('quote-status')).toHaveText('Sent');
  await atBothWidths(page, testInfo, '30-quote-view-sent-answer-actions', () =>
    expect(page.getByRole('button', { name: 'Mark accepted' })).toBeVisible(),
  );
  await page.getByRole('button', { name: 'Mark accepted' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark this quote accepted?' });
  // The customer's name to begin with; a name is required.
  await expect(dialog.getByLabel('Accepted by')).toHaveValue('Initrode');
  await dialog.getByLabel('Accepted by').fill(' ');
  await dialog.getByRole('button', { name: 'Mark accepted' }).click();
  await expect(dialog.getByText('Your name is required')).toBeVisible();
  await dialog.getByLabel('Accepted by').fill('Dom Portwood');
  await expectFits(page, 'mark accepted dialog (390 px)');
  await expectAccessible(page, 'mark accepted dialog (390 px)');
  await shot(page, testInfo, '31-mark-accepted-dialog-390');
  await dialog.getByRole('button', { name: 'Mark accepted' }).click();
  await expect(toasts(page).getByText('Quote marked accepted', { exact: true })).toBeVisible();
  await expect(page.getByTestId('quote-status')).toHaveText('Accepted');
  await expect(page.getByTestId('quote-acceptance')).toContainText('Accepted by Dom Portwood');
  await expect(page.getByRole('button', { name: 'Mark accepted' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Convert to invoice' })).toBeVisible();
  await atBothWidths(page, testInfo, '32-quote-view-marked-accepted', () =>
    expect(page.getByTestId('quote-status')).toHaveText('Accepted'),
  );

  const second = await sentQuote('Consulting, two weeks');
  await page.goto(`/quotes/${second.id}`);
  await page.getByRole('button', { name: 'Mark declined' }).click();
  const decline = page.getByRole('dialog', { name: 'Mark this quote declined?' });
  await decline.getByLabel('Reason (optional)').fill('Budget moved to next year.');
  await expectAccessible(page, 'mark declined dialog (390 px)');
  await decline.getByRole('button', { name: 'Mark declined' }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('Declined');
  await expect(page.getByTestId('quote-decline')).toContainText('Reason: Budget moved to next year.');
  await expect(page.getByRole('button', { name: 'Convert to invoice' })).toHaveCount(0);
  // The customer's public page shows it answered too.
  const { publicToken } = await (await page.request.get(`/api/quotes/${second.id}`)).json();
  const pub = await page.request.get(`/api/quotes/${publicToken}/public`);
  expect(await pub.json()).toMatchObject({ status: 'declined', canRespond: false, declineReason: 'Budget moved to next year.' });
});
