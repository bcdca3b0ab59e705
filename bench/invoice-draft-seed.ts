/** The invoice-draft bench's tenant, seeded as the owning services' events would bring it, and its labels' due dates. */
import { randomUUID } from 'node:crypto';
import type { Bus } from '@billpoint/kit';
import { CustomerEvents, InvoiceEvents, OrganizationUpdated, ProductEvents, TaxRateEvents } from '@billpoint/proto';

export type Line = [description: string, quantity: string, rate: string, product: string | null];
export interface Labelled {
  style: string;
  text: string;
  customer: string | { new: string };
  lines: Line[];
  due: string;
}
export interface Seed {
  timezone: string;
  defaultCurrency: string;
  customers: { name: string; currency: string; paymentTerms: number }[];
  products: { name: string; price: string; taxRate?: string }[];
  taxRates: { name: string; rate: string }[];
  previousInvoices: { customer: string; daysAgo: number; lines: Line[] }[];
  otherTenant: { customers: Seed['customers']; products: Seed['products'] };
}
let nextId = 5_000_000 + Math.floor(Math.random() * 1000) * 1000;
const now = new Date().toISOString();

async function publish(bus: Bus, subject: string, tenantId: string, data: unknown) {
  const id = randomUUID();
  await bus.publish(subject, { id, type: subject, occurredAt: now, tenantId, actorId: null, data }, { msgId: id });
}
const customerEvent = (c: Seed['customers'][number]) => ({
  id: ++nextId,
  name: c.name,
  email: `${nextId}@bench.test`,
  phone: null,
  address: null,
  company: null,
  taxId: null,
  currency: c.currency,
  language: 'en',
  paymentTerms: c.paymentTerms,
  creditLimit: null,
  customerType: 'business',
  industry: null,
  website: null,
  isActive: true,
  tags: [],
  customFields: {},
  userId: null,
  createdAt: now,
  updatedAt: now,
});
const productEvent = (p: Seed['products'][number]) => ({
  id: ++nextId,
  name: p.name,
  sku: null,
  description: null,
  category: null,
  price: p.price,
  currency: 'USD',
  taxRate: p.taxRate ?? '0',
  unitOfMeasure: null,
  isActive: true,
  trackInventory: false,
  stockQuantity: null,
  lowStockThreshold: 0,
  stockStatus: null,
  revenue: '0.00',
  createdAt: now,
  updatedAt: now,
});

/** Seeds a tenant through events; answers its ids by name. */
export async function seedTenant(bus: Bus, tenantId: string, s: Pick<Seed, 'customers' | 'products'> & Partial<Seed>) {
  const customers = new Map<string, ReturnType<typeof customerEvent>>();
  const products = new Map<string, number>();
  for (const c of s.customers) {
    const e = customerEvent(c);
    customers.set(c.name, e);
    await publish(bus, CustomerEvents.Created, tenantId, e);
  }
  for (const p of s.products) {
    const e = productEvent(p);
    products.set(p.name, e.id);
    await publish(bus, ProductEvents.Created, tenantId, e);
  }
  for (const r of s.taxRates ?? []) {
    await publish(bus, TaxRateEvents.Created, tenantId, {
      id: ++nextId,
      name: r.name,
      jurisdiction: 'Bench',
      rate: r.rate,
      type: 'sales_tax',
      isActive: true,
      startDate: '2020-01-01',
      endDate: null,
      description: null,
      taxNumber: null,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (s.timezone)
    await publish(bus, OrganizationUpdated, tenantId, {
      id: tenantId,
      organizationName: 'Bench',
      companyName: 'Bench',
      companyEmail: null,
      companyWebsite: null,
      defaultCurrency: s.defaultCurrency,
      defaultLanguage: 'en',
      timezone: s.timezone,
      customDomain: null,
      invoicePrefix: 'INV',
      quotePrefix: 'QUO',
      billingAddress: { address: null, phone: null, email: null, taxId: null },
      logoUrl: null,
      updatedAt: now,
    });
  for (const inv of s.previousInvoices ?? []) {
    const c = customers.get(inv.customer)!;
    const issueDate = new Date(Date.now() - inv.daysAgo * 86_400_000).toISOString().slice(0, 10);
    const total = '0.00';
    await publish(bus, InvoiceEvents.Created, tenantId, {
      id: ++nextId,
      invoiceNumber: `INV-${nextId}`,
      customerId: c.id,
      customer: { id: c.id, name: c.name, email: c.email, phone: null, address: null, company: null },
      status: 'sent',
      issueDate,
      dueDate: issueDate,
      currency: c.currency,
      exchangeRate: '1.000000',
      subtotal: total,
      taxRate: '0.00',
      taxAmount: '0.00',
      discountAmount: '0.00',
      shippingAmount: '0.00',
      total,
      totalInBaseCurrency: total,
      notes: null,
      terms: null,
      paymentInstructions: null,
      sentAt: now,
      viewedAt: null,
      paidAt: null,
      remindersSent: 0,
      lastReminderAt: null,
      recurringInvoiceId: null,
      templateId: null,
      amountPaid: '0.00',
      balanceDue: total,
      createdAt: now,
      updatedAt: now,
      lines: inv.lines.map(([description, quantity, rate, product]) => ({
        description,
        quantity,
        rate,
        productId: product ? products.get(product)! : null,
        taxRateId: null,
      })),
    });
  }
  return { customers, products };
}

// ---- the labels' dates, computed here on their own (not with the engine's code) ----
const DOW = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const utc = (s: string) => new Date(`${s}T00:00:00Z`);
export function expectedDue(label: string, today: string, terms: number): string {
  const t = utc(today);
  const plusDays = (n: number) => ymd(new Date(t.getTime() + n * 86_400_000));
  if (label === 'terms') return plusDays(terms);
  let m = /^\+(\d+)$/.exec(label);
  if (m) return plusDays(Number(m[1]));
  m = /^\+(\d+)m$/.exec(label);
  if (m) {
    const d = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + Number(m[1]), 1));
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    return ymd(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), Math.min(t.getUTCDate(), last))));
  }
  m = /^dow:(\w+)$/.exec(label);
  if (m) {
    const want = DOW.indexOf(m[1]!);
    let n = (want - t.getUTCDay() + 7) % 7;
    if (n === 0) n = 7; // "due Friday" said on a Friday: next week's
    return plusDays(n);
  }
  m = /^dom:(\d+)$/.exec(label);
  if (m) return ymd(new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, Number(m[1]))));
  if (label === 'eom') return ymd(new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)));
  if (label === 'eonm') return ymd(new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 2, 0)));
  m = /^md:(\d\d)-(\d\d)$/.exec(label);
  if (m) {
    const thisYear = `${today.slice(0, 4)}-${m[1]}-${m[2]}`;
    return thisYear >= today ? thisYear : `${Number(today.slice(0, 4)) + 1}-${m[1]}-${m[2]}`;
  }
  m = /^abs:(\d{4}-\d\d-\d\d)$/.exec(label);
  if (m) return m[1]!;
  throw new Error(`unknown due label ${label}`);
}
