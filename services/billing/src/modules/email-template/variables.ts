import { SettingsLanguages, type EmailTemplateType, type Invoice } from '@billpoint/proto';
import type { OrganizationBrand } from '../readmodel/organization.ts';
import { safeLink, type TemplateValue } from './render.ts';

/** An amount with its currency, as the templates show it: `1250.00 EUR`. */
export const withCurrency = (amount: string, currency: string) => `${amount} ${currency}`;

const party = (o: Pick<OrganizationBrand, 'name' | 'email'>) => ({ name: o.name ?? '', email: o.email ?? '' });
const person = (c: { name?: string | null; email?: string | null } | null | undefined) => ({ name: c?.name ?? '', email: c?.email ?? '' });

/** The values of an invoice e-mail (invoice, reminder, custom). `today` decides whether it is overdue. */
export function invoiceValues(
  invoice: Invoice,
  org: OrganizationBrand,
  links: { payLink: string; portalLink: string | null },
  today: string,
): TemplateValue {
  return {
    invoice: {
      number: invoice.invoiceNumber,
      total: withCurrency(invoice.total, invoice.currency),
      balanceDue: withCurrency(invoice.balanceDue, invoice.currency),
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      currency: invoice.currency,
      isOverdue: invoice.dueDate < today,
    },
    customer: person(invoice.customer),
    organization: party(org),
    payLink: safeLink(links.payLink),
    portalLink: safeLink(links.portalLink),
  };
}

export interface ReceiptFacts {
  receiptNumber: string;
  currency: string;
  total: string;
  method: string;
  paidAt: string;
  invoiceNumbers: string[];
}

/** The values of a `payment_received` e-mail. */
export function receiptValues(
  r: ReceiptFacts,
  customer: { name: string | null; email: string | null },
  org: OrganizationBrand,
  portal: string | null,
): TemplateValue {
  return {
    payment: {
      amount: withCurrency(r.total, r.currency),
      date: r.paidAt.slice(0, 10),
      method: methodLabel(r.method),
      invoices: r.invoiceNumbers.join(', '),
    },
    receipt: { number: r.receiptNumber },
    customer: person(customer),
    organization: party(org),
    portalLink: safeLink(portal),
  };
}

/** The values of a `welcome` (portal invitation) e-mail. */
export function welcomeValues(customer: { name: string | null; email: string | null }, org: OrganizationBrand, portal: string | null) {
  return { customer: person(customer), organization: party(org), portalLink: safeLink(portal) } satisfies TemplateValue;
}

/** How a payment method reads to a customer. */
export function methodLabel(method: string): string {
  const known: Record<string, string> = {
    card: 'Card',
    demo: 'Card',
    stripe: 'Card (Stripe)',
    paypal: 'PayPal',
    bank_transfer: 'Bank transfer',
    cash: 'Cash',
    check: 'Check',
    credit: 'Customer credit',
  };
  return known[method] ?? method.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** The sample values of the preview (every variable of every type has one). */
export function sampleValues(type: EmailTemplateType, org: OrganizationBrand, publicUrl: string, portal: string | null): TemplateValue {
  const base = publicUrl.replace(/\/$/, '');
  const customer = { name: 'Jane Doe', email: 'jane.doe@example.com' };
  const organization = { name: org.name ?? 'Your organization', email: org.email ?? 'billing@example.com' };
  const portalLink = safeLink(portal ?? `${base}/portal/your-organization`);
  if (type === 'payment_received')
    return {
      payment: { amount: '1250.00 EUR', date: '2026-03-14', method: 'Card', invoices: 'INV-0042, INV-0043' },
      receipt: { number: 'RCT-0007' },
      customer,
      organization,
      portalLink,
    };
  if (type === 'welcome') return { customer, organization, portalLink };
  return {
    invoice: {
      number: 'INV-0042',
      total: '1250.00 EUR',
      balanceDue: '750.00 EUR',
      issueDate: '2026-03-01',
      dueDate: '2026-03-31',
      currency: 'EUR',
      isOverdue: type === 'reminder',
    },
    customer,
    organization,
    payLink: safeLink(`${base}/pay/sample`),
    portalLink,
  };
}

/**
 * The language of a customer e-mail: the invoice's when one was chosen (the column says 'en' until something sets
 * it, so 'en' there counts as not chosen), else the organization's default language, else English.
 */
export function mailLanguage(invoiceLanguage: string | null | undefined, org: Pick<OrganizationBrand, 'defaultLanguage'>): string {
  const known = (l: string | null | undefined): l is string => !!l && (SettingsLanguages as readonly string[]).includes(l);
  if (known(invoiceLanguage) && invoiceLanguage !== 'en') return invoiceLanguage;
  return known(org.defaultLanguage) ? org.defaultLanguage : 'en';
}
