import { expect, type Locator, type Page } from '@playwright/test';

export const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const headers = { 'X-Requested-With': 'XMLHttpRequest' };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function post(page: Page, url: string, data: unknown): Promise<{ id: number }> {
  const res = await page.request.post(url, { headers, data });
  expect(res.status(), `POST ${url}: ${await res.text()}`).toBe(201);
  return res.json();
}

/**
 * Enough of everything that every list has rows and every view has something to show, made through the app's API as
 * the signed-in user: a tax rate, two customers (one with a long name and address), a product, an invoice template,
 * an invoice with taxed items (sent: it has a pay page) and a credit note on it, a draft, a monthly subscription, an
 * expense and a quote with the same lines (sent: it has a public page).
 */
export async function seed(page: Page) {
  await post(page, '/api/invoice-templates', {
    name: 'Corporate blue with a rather long template name',
    description: 'For enterprise customers',
  });
  const taxRate = await post(page, '/api/tax-rates', {
    name: 'VAT 20%',
    jurisdiction: 'United Kingdom',
    rate: '20',
    type: 'vat',
    startDate: '2020-01-01',
  });
  const customer = await post(page, '/api/customers', {
    name: 'Initech International Holdings Limited',
    email: 'accounts.payable.department@initech-international.example.test',
    phone: '+44 20 7946 0958',
    address: '4120 Freidrich Lane, Suite 300, Austin, Texas 78744, United States of America',
  });
  await post(page, '/api/customers', { name: 'Chotchkies', email: 'flair@chotchkies.test' });
  const product = await post(page, '/api/products', {
    name: 'TPS report cover sheet, premium edition',
    sku: 'TPS-COVER-PREMIUM-0001',
    category: 'Software',
    price: '1249.99',
    taxRate: '20',
    trackInventory: true,
    stockQuantity: 120,
    lowStockThreshold: 10,
  });
  const items = [
    {
      description: 'Consulting: year-2000 compliance review of the banking software',
      quantity: '12',
      rate: '150.00',
      taxRateId: taxRate.id,
    },
    { description: 'TPS report cover sheets', quantity: '3', rate: '1249.99', productId: product.id },
  ];
  const invoice = await post(page, '/api/invoices', { invoice: { customerId: customer.id, dueDate: day(14) }, items });
  const sent = await page.request.post(`/api/invoices/${invoice.id}/send`, { headers, data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  // A credit note on it: the invoice view lists it, the Credit Notes list has a row.
  await post(page, '/api/credit-notes', {
    invoiceId: invoice.id,
    reason: 'Two cover sheets arrived damaged; agreed to take their price off the balance.',
    resolution: 'reduce_balance',
    amount: '100.00',
  });
  const draft = await post(page, '/api/invoices', { invoice: { customerId: customer.id, dueDate: day(30) }, items: items.slice(0, 1) });
  const subscription = await post(page, '/api/recurring-invoices', {
    name: 'Managed hosting and support',
    customerId: customer.id,
    frequency: 'monthly',
    startDate: day(3),
    items: [{ description: 'Hosting', quantity: '1', unitPrice: '499.00', taxRateId: taxRate.id }],
  });
  await post(page, '/api/expenses', {
    description: 'Flight to the Initech offsite in Austin',
    amount: '842.50',
    date: day(-2),
    vendor: 'Southwest Airlines',
    paymentMethod: 'credit_card',
  });
  const quote = await post(page, '/api/quotes', { quote: { customerId: customer.id, validUntil: day(30) }, items });
  const quoteSent = await page.request.post(`/api/quotes/${quote.id}/send`, { headers, data: {} });
  expect(quoteSent.status(), await quoteSent.text()).toBe(200);
  const { publicToken: quoteToken } = await (await page.request.get(`/api/quotes/${quote.id}`)).json();
  expect(quoteToken, 'the sent quote has a public page').toEqual(expect.any(String));
  const { publicToken } = await (await page.request.get(`/api/invoices/${invoice.id}`)).json();
  expect(publicToken, 'the sent invoice has a pay page').toEqual(expect.any(String));
  return {
    customerId: customer.id,
    invoiceId: invoice.id,
    draftId: draft.id,
    productId: product.id,
    subscriptionId: subscription.id,
    publicToken,
    quoteId: quote.id,
    quoteToken,
  };
}

/**
 * The page's width against the window's: the page must not scroll sideways. Answers the width and the elements that
 * stick out past the right edge (the first of each chain, outside any box that scrolls or clips), for the message.
 */
export async function measure(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return { width, scrollWidth, offenders: [] as string[] };
    const clips = (e: Element) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(e).overflowX);
    const out = (e: Element) => e.getBoundingClientRect().right > width + 0.5;
    const offenders = [...document.body.querySelectorAll('*')]
      .filter((e) => out(e) && !(e.parentElement && e.parentElement !== document.body && out(e.parentElement)))
      .filter((e) => {
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) if (clips(a)) return false;
        return true;
      })
      .slice(0, 6)
      .map((e) => {
        const cls = typeof e.className === 'string' ? `.${e.className.split(/\s+/).slice(0, 6).join('.')}` : '';
        const text = (e.textContent ?? '').trim().slice(0, 40);
        return `<${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${cls}> "${text}" right=${Math.round(e.getBoundingClientRect().right)}`;
      });
    return { width, scrollWidth, offenders };
  });
}

/** No sideways page scroll (soft: every screen is visited and every overflow reported). */
export async function expectFits(page: Page, screen: string) {
  const m = await measure(page);
  expect
    .soft(m.scrollWidth, `${screen} at ${m.width} px is ${m.scrollWidth} px wide; sticking out:\n  ${m.offenders.join('\n  ')}`)
    .toBeLessThanOrEqual(m.width);
  return m;
}

/** A dialog inside the window on every side (it scrolls inside itself when taller). */
export async function expectInsideWindow(page: Page, dialog: Locator, name: string) {
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect.soft(box.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
  expect.soft(box.y, `${name}: top edge`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${name}: right edge at ${width} px`).toBeLessThanOrEqual(width);
  expect.soft(box.y + box.height, `${name}: bottom edge at ${height} px`).toBeLessThanOrEqual(height);
}
