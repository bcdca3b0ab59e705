/**
 * Benchmark: invoice PDFs per second for each template layout, billing's pdfkit renderer against headless Chromium
 * `page.pdf()` of the same invoice as HTML (bench/invoice-pdf-html.ts), in the same run: a 20-line invoice with
 * Latin-Extended, Greek and Cyrillic text and a PNG logo (400×160, with transparency), one document at a time and
 * with 4 in flight (Chromium: 4 pages). The two renderers alternate in short slices so that both see the same load
 * on a shared machine; CPU time per document (this process for pdfkit, the browser's process tree for Chromium) is
 * printed beside the rates, being steadier than them. Chromium gets the same fonts (Inter, Arimo, Tinos from the npm
 * packages, through a fontconfig file). A last row shows pdfkit without billing's caches (pdfkit's own font subsetting
 * per document, the logo decoded per document) to show what they are worth. Prints figures only.
 *
 *   npm run bench -- pdf            (BENCH_SECONDS=4 per renderer, layout and mode)
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { TemplateLayouts, type Invoice, type TemplateLayout } from '@billpoint/proto';
import { BUILT_IN_DESIGN, invoicePdfBuffer, prepareLogo, type PdfDesign } from '../services/billing/src/modules/invoice/pdf/index.ts';
import { CachedFace } from '../services/billing/src/modules/invoice/pdf/cached-font.ts';
import { makePng } from '../services/billing/test/support/images.ts';
import { invoiceHtml } from './invoice-pdf-html.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const SLICE_MS = 400;
const FLIGHT = 4;
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const lines = [
  'Crème brûlée workshop — Zürich',
  'Überstunden ≥ 10h, Łódź office',
  'Καλημέρα κόσμε — translation',
  'Перевод документов (Москва)',
  'Design system audit',
  'Hosting (12 months)',
  'Świętokrzyska support plan',
  'Licences × 25 seats',
  'Ærøskøbing field visit',
  'Çalışma saatleri — İstanbul',
];
const items = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  productId: null,
  description: `${lines[i % lines.length]} #${i + 1}`,
  quantity: String(1 + (i % 5)),
  rate: `${100 + i * 17}.50`,
  amount: `${(1 + (i % 5)) * (100 + i * 17) + (1 + (i % 5)) * 0.5}`,
  taxRate: '19.00',
  taxAmount: '0.00',
  taxRateId: null,
  taxRateName: null,
  taxType: null,
}));
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
  lifecycle: 'issued',
  paymentStatus: 'unpaid',
  overdue: false,
  issueDate: '2026-01-05',
  dueDate: '2026-02-04',
  currency: 'EUR',
  exchangeRate: '1.000000',
  subtotal: '9876.50',
  taxRate: '19.00',
  taxAmount: '1876.54',
  discountAmount: '100.00',
  shippingAmount: '0.00',
  total: '11653.04',
  totalInBaseCurrency: '11653.04',
  notes: 'Merci beaucoup — ¡gracias! Ευχαριστώ. Спасибо! £ ¥ €',
  terms: 'Zahlbar innerhalb von 30 Tagen. Late payments incur 1 % per month.',
  paymentInstructions: 'IBAN DE89 3704 0044 0532 0130 00',
  sentAt: null,
  viewedAt: null,
  paidAt: null,
  remindersSent: 0,
  lastReminderAt: null,
  recurringInvoiceId: null,
  quoteId: null,
  templateId: null,
  amountPaid: '0.00',
  balanceDue: '0.00',
  creditedAmount: '0.00',
  creditApplied: '0.00',
  metadata: {},
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  items,
};
const seller = { name: 'Café Ünïcødé — €' };
const png = makePng(400, 160);
const logo = (await prepareLogo('image/png', png))!;
const designOf = (layout: TemplateLayout): PdfDesign => ({
  settings: { ...BUILT_IN_DESIGN.settings, layout, footerHtml: 'Thank you for your business' },
  logo,
});

/** Chromium with the same faces: a fontconfig file listing the npm font folders. */
function fontconfig(): string {
  const require = createRequire(import.meta.url);
  const dirs = ['inter', 'arimo', 'tinos'].flatMap((f) => {
    const root = dirname(
      require.resolve(`@expo-google-fonts/${f}/package.json`, { paths: [join(import.meta.dirname, '../services/billing')] }),
    );
    return readdirSync(root)
      .filter((d) => /^(400Regular|700Bold)$/.test(d))
      .map((d) => join(root, d));
  });
  const file = join(mkdtempSync(join(tmpdir(), 'bp-fonts-')), 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?><fontconfig>${dirs.map((d) => `<dir>${d}</dir>`).join('')}<cachedir>${dirname(file)}</cachedir></fontconfig>`,
  );
  return file;
}

/** CPU ms of a process and its descendants (from /proc). */
function treeCpuMs(root: number): number {
  const procs = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const parent = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const p of procs) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(p), Number(f[1]));
      cpu.set(Number(p), (Number(f[11]) + Number(f[12])) * 10);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  for (const [pid, ms] of cpu) {
    for (let p: number | undefined = pid; p; p = parent.get(p))
      if (p === root) {
        total += ms;
        break;
      }
  }
  return total;
}

type Tally = { docs: number; ms: number; cpuMs: number };
const tally = (): Tally => ({ docs: 0, ms: 0, cpuMs: 0 });
/** Runs `flight` loops of `render` for one slice; adds documents, wall time and CPU time to `t`. */
async function slice(t: Tally, flight: number, render: (lane: number) => Promise<unknown>, cpu: () => number) {
  const start = performance.now();
  const c0 = cpu();
  await Promise.all(
    Array.from({ length: flight }, async (_, lane) => {
      while (performance.now() - start < SLICE_MS) {
        await render(lane);
        t.docs++;
      }
    }),
  );
  t.ms += performance.now() - start;
  t.cpuMs += cpu() - c0;
}

const server = await chromium.launchServer({
  executablePath: '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
  env: { ...process.env, FONTCONFIG_FILE: fontconfig() },
});
const browser = await chromium.connect(server.wsEndpoint());
const chromePid = server.process().pid!;
const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const rows: Record<string, string | number>[] = [];
const rate = (t: Tally) => (t.docs / t.ms) * 1000;
try {
  const pages: Page[] = await Promise.all(Array.from({ length: FLIGHT }, () => browser.newPage()));
  for (const layout of TemplateLayouts) {
    const design = designOf(layout);
    const html = invoiceHtml(layout, invoice, seller.name, design.settings, `data:image/png;base64,${png.toString('base64')}`);
    const pdfkit = () => invoicePdfBuffer(invoice, seller, design);
    const chrome = async (lane: number) => {
      await pages[lane]!.setContent(html);
      return pages[lane]!.pdf({ format: 'A4', printBackground: true });
    };
    for (let i = 0; i < 10; i++) await Promise.all([pdfkit(), chrome(0)]); // warm-up
    if (layout === 'classic') writeFileSync(join(tmpdir(), 'bench-classic-chromium.pdf'), await chrome(0));
    for (const flight of [1, FLIGHT]) {
      const p = tally();
      const c = tally();
      while (p.ms < seconds * 1000 || c.ms < seconds * 1000) {
        await slice(p, flight, () => pdfkit(), ownCpu);
        await slice(
          c,
          flight,
          (lane) => chrome(lane),
          () => treeCpuMs(chromePid),
        );
      }
      rows.push({
        layout,
        'in flight': flight,
        'pdfkit PDFs/s': rate(p).toFixed(1),
        'Chromium PDFs/s': rate(c).toFixed(1),
        ratio: `${(rate(p) / rate(c)).toFixed(1)}×`,
        'pdfkit CPU ms/PDF': (p.cpuMs / p.docs).toFixed(2),
        'Chromium CPU ms/PDF': (c.cpuMs / c.docs).toFixed(2),
        'CPU ratio': `${(c.cpuMs / c.docs / (p.cpuMs / p.docs)).toFixed(1)}×`,
      });
    }
  }
  // What the caches are worth: pdfkit subsetting every font per document, the logo decoded per document.
  const adopt = CachedFace.prototype.adopt;
  CachedFace.prototype.adopt = () => {};
  const plain = tally();
  const cached = tally();
  const classic = designOf('classic');
  try {
    while (plain.ms < seconds * 1000) {
      await slice(
        plain,
        1,
        async () => invoicePdfBuffer(invoice, seller, { ...classic, logo: await prepareLogo('image/png', png) }),
        ownCpu,
      );
      CachedFace.prototype.adopt = adopt;
      await slice(cached, 1, () => invoicePdfBuffer(invoice, seller, classic), ownCpu);
      CachedFace.prototype.adopt = () => {};
    }
  } finally {
    CachedFace.prototype.adopt = adopt;
  }
  console.log(`\nInvoice PDF per layout (20 lines, PNG logo), ${seconds} s per renderer and mode, ${new Date().toISOString()}`);
  console.table(rows);
  console.log(
    `pdfkit without billing's caches (classic): ${rate(plain).toFixed(1)} PDFs/s, ${(plain.cpuMs / plain.docs).toFixed(2)} CPU ms/PDF; ` +
      `with them ${rate(cached).toFixed(1)} PDFs/s (${(rate(cached) / rate(plain)).toFixed(1)}×). Goal: ≥ 10× Chromium for every layout.`,
  );
} finally {
  await browser.close();
  await server.close();
}
