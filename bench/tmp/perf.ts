import { invoicePdfBuffer, prepareLogo, BUILT_IN_DESIGN } from '../../services/billing/src/modules/invoice/pdf/index.ts';
import { makePng } from '../../services/billing/test/support/images.ts';
const inv: any = {
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
  exchangeRate: '1',
  subtotal: '5117.00',
  taxRate: '19.00',
  taxAmount: '972.23',
  discountAmount: '50.00',
  shippingAmount: '0.00',
  total: '6039.23',
  totalInBaseCurrency: '6089.23',
  notes: 'Merci beaucoup — ¡gracias! Ευχαριστώ. Спасибо! £ ¥ €',
  terms: 'Zahlbar innerhalb von 30 Tagen.',
  paymentInstructions: 'IBAN DE89 3704 0044 0532 0130 00',
  amountPaid: '0.00',
  balanceDue: '6039.23',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  templateId: null,
  items: Array.from({ length: 20 }, (_, i) => ({
    id: i,
    productId: null,
    description:
      i % 3 === 0
        ? `Crème brûlée workshop — Zürich Καλημέρα line ${i + 1}`
        : i % 3 === 1
          ? `Перевод документов (${i + 1})`
          : `Łódź support plan, Świętokrzyska`,
    quantity: String(i + 1),
    rate: `${1000 + i * 7}.50`,
    amount: '2469.00',
    taxRate: i % 2 ? '19.00' : '7.00',
    taxAmount: '100.00',
  })),
};
const logo = await prepareLogo('image/png', makePng());
for (const layout of ['classic', 'modern', 'minimal', 'professional']) {
  const design: any = { settings: { ...BUILT_IN_DESIGN.settings, layout }, logo };
  for (let i = 0; i < 20; i++) await invoicePdfBuffer(inv, { name: 'Café Ünïcødé — €' }, design);
  const n = 300;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let size = 0;
  for (let i = 0; i < n; i++)
    size += (await invoicePdfBuffer({ ...inv, invoiceNumber: `INV-${i}` }, { name: 'Café Ünïcødé — €' }, design)).length;
  const ms = (performance.now() - t0) / n;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1000 / n;
  console.log(
    `${layout}: ${ms.toFixed(2)} ms/doc wall, ${cpu.toFixed(2)} ms CPU, ${(1000 / ms).toFixed(0)}/s, ${(size / n / 1024).toFixed(1)} KiB`,
  );
}
