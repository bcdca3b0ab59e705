/**
 * Benchmark: invoice PDFs per second, pdfkit (the billing service's renderer: DejaVu Sans embedded and subset, the
 * fonts read and parsed once per process) against headless Chromium `page.pdf()` of the same invoice as HTML; plus
 * pdfkit given the font Buffers (parsed again per document) to show what parsing once is worth. One process, one
 * document at a time each, one run, side by side. Prints figures only.
 *
 *   npm run bench -- pdf            (BENCH_SECONDS=5 by default)
 */
import { chromium } from 'playwright-core';
import type { Invoice } from '@billpoint/proto';
import {
  formatDate,
  formatMoney,
  invoiceFontFiles,
  invoiceFonts,
  invoicePdfBuffer,
} from '../services/billing/src/modules/invoice/invoice.pdf.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const lines = [
  ['Crème brûlée workshop — Zürich', '2', '1234.50', '2469.00'],
  ['Überstunden ≥ 10h', '1.5', '80.00', '120.00'],
  ['Design system audit', '12', '95.00', '1140.00'],
  ['Καλημέρα κόσμε — translation', '3', '45.25', '135.75'],
  ['Hosting (12 months)', '12', '19.99', '239.88'],
  ['Support plan: Łódź office', '1', '300.00', '300.00'],
  ['Travel expenses (Malmö ⇄ Köln)', '1', '412.37', '412.37'],
  ['Licences × 25 seats', '25', '12.00', '300.00'],
] as const;
const invoice: Invoice = {
  id: 1,
  invoiceNumber: 'INV-0042',
  customerId: 7,
  customer: {
    id: 7,
    name: 'Zoë Ørsted',
    email: 'zoe@example.test',
    phone: '+48 42 000 00 00',
    address: 'ul. Piotrkowska 1, 90-001 Łódź',
    company: 'Łódź Ltd',
  },
  status: 'sent',
  issueDate: '2026-01-05',
  dueDate: '2026-02-04',
  currency: 'EUR',
  exchangeRate: '1.000000',
  subtotal: '5117.00',
  taxRate: '19.00',
  taxAmount: '972.23',
  discountAmount: '0.00',
  shippingAmount: '0.00',
  total: '6089.23',
  totalInBaseCurrency: '6089.23',
  notes: 'Merci beaucoup — ¡gracias! Ευχαριστώ.',
  terms: 'Zahlbar innerhalb von 30 Tagen. Late payments incur 1 % per month.',
  paymentInstructions: 'IBAN DE89 3704 0044 0532 0130 00',
  sentAt: null,
  viewedAt: null,
  paidAt: null,
  remindersSent: 0,
  lastReminderAt: null,
  recurringInvoiceId: null,
  amountPaid: '0.00',
  balanceDue: '0.00',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  items: lines.map(([description, quantity, rate, amount], i) => ({
    id: i + 1,
    productId: null,
    description,
    quantity,
    rate,
    amount,
    taxRate: '19.00',
    taxAmount: '0.00',
  })),
};
const sender = { name: 'Café Ünïcødé — €' };

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const m = (v: string) => esc(formatMoney(v, invoice.currency));
const html = `<!doctype html><html><head><meta charset="utf-8"><style>
  body { font-family: 'DejaVu Sans', sans-serif; color: #111827; font-size: 10pt; margin: 0; }
  header { display: flex; justify-content: space-between; } h1 { font-size: 22pt; margin: 0; } .org { font-size: 18pt; font-weight: bold; }
  .label { color: #6B7280; font-weight: bold; font-size: 9pt; } table { width: 100%; border-collapse: collapse; margin-top: 24pt; }
  th { background: #F3F4F6; text-align: left; padding: 6pt; } td { padding: 6pt; border-bottom: 0.5pt solid #E5E7EB; } .r { text-align: right; }
  .totals { margin-left: auto; width: 40%; margin-top: 12pt; } .totals td { border: 0; } .total { font-weight: bold; font-size: 12pt; }
</style></head><body>
<header><div class="org">${esc(sender.name)}</div><div class="r"><h1>INVOICE</h1>${esc(invoice.invoiceNumber)}</div></header>
<section style="display:flex;justify-content:space-between;margin-top:40pt">
  <div><div class="label">BILL TO</div>${[invoice.customer!.name, invoice.customer!.company, invoice.customer!.email, invoice.customer!.phone, invoice.customer!.address].map((v) => esc(v ?? '')).join('<br>')}</div>
  <div><div><span class="label">Issue Date</span> ${formatDate(invoice.issueDate)}</div><div><span class="label">Due Date</span> ${formatDate(invoice.dueDate)}</div><div><span class="label">Currency</span> ${invoice.currency}</div></div>
</section>
<table><tr><th>Description</th><th class="r">Qty</th><th class="r">Rate</th><th class="r">Amount</th></tr>
${invoice.items!.map((it) => `<tr><td>${esc(it.description)}</td><td class="r">${it.quantity}</td><td class="r">${m(it.rate)}</td><td class="r">${m(it.amount)}</td></tr>`).join('')}
</table>
<table class="totals"><tr><td>Subtotal</td><td class="r">${m(invoice.subtotal)}</td></tr><tr><td>Tax</td><td class="r">${m(invoice.taxAmount)}</td></tr>
<tr class="total"><td>Total</td><td class="r">${m(invoice.total)}</td></tr></table>
<p><span class="label">Notes</span><br>${esc(invoice.notes!)}</p><p><span class="label">Terms &amp; Conditions</span><br>${esc(invoice.terms!)}</p>
</body></html>`;

async function rate(title: string, render: () => Promise<Buffer>) {
  for (let i = 0; i < 5; i++) await render(); // warm-up
  let n = 0;
  let bytes = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    bytes += (await render()).length;
    n++;
  }
  const s = (performance.now() - start) / 1000;
  return { title, perSecond: n / s, avgKb: bytes / n / 1024, n };
}

const pdfkit = await rate('pdfkit, DejaVu regular+bold parsed once (the service)', () => invoicePdfBuffer(invoice, sender));
// One embedded face: bold drawn as the regular face filled and stroked; subsetting a face is half of the work.
const pdfkitOneFace = await rate('pdfkit, DejaVu regular only (faux bold), parsed once', () =>
  invoicePdfBuffer(invoice, sender, { regular: invoiceFonts().regular }),
);
// The font files read once but handed to pdfkit as Buffers: pdfkit parses them again for every document.
const pdfkitBuffers = await rate('pdfkit, DejaVu Buffers parsed per document', () => invoicePdfBuffer(invoice, sender, invoiceFontFiles()));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
let chrome;
try {
  const page = await browser.newPage();
  chrome = await rate('Chromium page.pdf() (same invoice as HTML)', async () => {
    await page.setContent(html);
    return page.pdf({ format: 'A4', margin: { top: '50px', bottom: '50px', left: '50px', right: '50px' } });
  });
} finally {
  await browser.close();
}
console.log(`\nInvoice PDF, one document at a time, ${seconds} s each, ${new Date().toISOString()}`);
console.table(
  [pdfkit, pdfkitOneFace, pdfkitBuffers, chrome].map((r) => ({
    renderer: r.title,
    'PDFs/s': r.perSecond.toFixed(1),
    documents: r.n,
    'avg KiB': r.avgKb.toFixed(1),
  })),
);
console.log(`ratio pdfkit/Chromium: ${(pdfkit.perSecond / chrome.perSecond).toFixed(1)}× (goal ≥ 10×)`);
console.log(`ratio pdfkit one face/Chromium: ${(pdfkitOneFace.perSecond / chrome.perSecond).toFixed(1)}×`);
console.log(`ratio pdfkit parsed once / parsed per document: ${(pdfkit.perSecond / pdfkitBuffers.perSecond).toFixed(1)}×`);
