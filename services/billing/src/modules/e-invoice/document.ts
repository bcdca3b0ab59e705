import {
  defaultTaxCategory,
  divMills,
  fromMills,
  sumMoney,
  toMills,
  toScaled,
  type CreditNote,
  type Invoice,
  type InvoiceItem,
  type TaxCategory,
} from '@billpoint/proto';

/**
 * The EN 16931 semantic model of one document (an invoice or a credit note), the same for every syntax: UBL and CII
 * write it out, the requirements check reads it. Money as exact decimal strings, dates as YYYY-MM-DD.
 */
export interface EParty {
  /** BT-27 / BT-44 */
  name: string | null;
  /** BT-31 / BT-48 */
  vatId: string | null;
  /** BT-35 / BT-50, BT-37 / BT-52, BT-38 / BT-53, BT-40 / BT-55 */
  street: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  /** BT-43 / BT-58, also the electronic address (BT-34 / BT-49, scheme EM) */
  email: string | null;
  /** BT-42 */
  phone: string | null;
}

export interface ESeller extends EParty {
  /** BG-17: IBAN (BT-84), account name (BT-85), BIC (BT-86). */
  iban: string | null;
  accountHolder: string | null;
  bic: string | null;
}

export interface ELine {
  id: string;
  name: string;
  quantity: string;
  unitPrice: string;
  netAmount: string;
  category: TaxCategory;
  rate: string;
}

/** A document level allowance (BG-20: the invoice's discount) or charge (BG-21: its shipping). */
export interface EAllowanceCharge {
  charge: boolean;
  amount: string;
  reason: string;
  category: TaxCategory;
  rate: string;
}

/** BG-23: one VAT breakdown per category and rate. */
export interface EVatGroup {
  category: TaxCategory;
  rate: string;
  taxable: string;
  tax: string;
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
}

export interface EDocument {
  kind: 'invoice' | 'credit-note';
  /** BT-1, BT-2, BT-9 (invoices) */
  number: string;
  issueDate: string;
  dueDate: string | null;
  /** BT-5; BT-6 and BT-111 when the document is not in the seller's base currency. */
  currency: string;
  taxCurrency: string | null;
  taxInTaxCurrency: string | null;
  /** BT-10 */
  buyerReference: string | null;
  /** BT-25, BT-26: the invoice a credit note corrects. */
  preceding: { number: string; issueDate: string } | null;
  /** BT-20 */
  paymentTerms: string | null;
  /** BT-22 */
  note: string | null;
  seller: ESeller;
  buyer: EParty;
  lines: ELine[];
  allowancesCharges: EAllowanceCharge[];
  vat: EVatGroup[];
  /** BG-22: BT-106 … BT-115, exactly the document's stored figures. */
  totals: {
    lineNet: string;
    allowances: string;
    charges: string;
    taxExclusive: string;
    tax: string;
    taxInclusive: string;
    prepaid: string;
    payable: string;
  };
}

/** What a line's tax rate says about e-invoices (from the tax service): its category and exemption. */
export interface RateCategory {
  category: TaxCategory | null;
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
}

export interface Parties {
  seller: ESeller;
  buyer: EParty & { buyerReference: string | null };
  /** The seller's base currency (the organization's default currency). */
  baseCurrency: string;
}

const rate2 = (v: string) => fromMills(toMills(v || '0'));

function lineOf(it: InvoiceItem, i: number, rates: ReadonlyMap<number, RateCategory>): ELine & { rc: RateCategory | null } {
  const rate = rate2(it.taxRate);
  const rc = it.taxRateId == null ? null : (rates.get(it.taxRateId) ?? null);
  return {
    id: String(i + 1),
    name: it.description,
    quantity: it.quantity,
    unitPrice: it.rate,
    netAmount: it.amount,
    category: rc?.category ?? defaultTaxCategory(rate),
    rate,
    rc,
  };
}

/**
 * The VAT breakdown: lines, allowances and charges grouped by (category, rate) in the order they first appear; each
 * group's tax is the sum of its lines' tax as stored (each line rounded on its own, as the invoice computed it), so the
 * groups add up to the invoice's tax amount exactly.
 */
function vatGroups(
  lines: readonly (ELine & { rc: RateCategory | null; tax: string })[],
  allowancesCharges: readonly EAllowanceCharge[],
): EVatGroup[] {
  const groups = new Map<string, EVatGroup & { nets: string[]; taxes: string[] }>();
  const group = (category: TaxCategory, rate: string, rc: RateCategory | null) => {
    const key = `${category}|${rate}`;
    let g = groups.get(key);
    if (!g) {
      g = { category, rate, taxable: '0.00', tax: '0.00', exemptionReason: null, exemptionReasonCode: null, nets: [], taxes: [] };
      groups.set(key, g);
    }
    // Only exempt categories carry a reason (BR-S-10 / BR-Z-10 refuse one on S and Z).
    if (category !== 'S' && category !== 'Z') {
      g.exemptionReason ??= rc?.exemptionReason ?? null;
      g.exemptionReasonCode ??= rc?.exemptionReasonCode ?? null;
    }
    return g;
  };
  for (const l of lines) {
    const g = group(l.category, l.rate, l.rc);
    g.nets.push(l.netAmount);
    g.taxes.push(l.tax);
  }
  for (const ac of allowancesCharges) group(ac.category, ac.rate, null).nets.push(ac.charge ? ac.amount : `-${ac.amount}`);
  return [...groups.values()].map(({ nets, taxes, ...g }) => ({ ...g, taxable: sumMoney(nets), tax: sumMoney(taxes) }));
}

/** BT-111: the tax in the base currency at the document's exchange rate (half-up to cents). */
const inBase = (tax: string, exchangeRate: string) => fromMills(divMills(toMills(tax) * toScaled(exchangeRate, 6), 1_000_000n, 2));

function taxCurrencyOf(currency: string, baseCurrency: string, tax: string, exchangeRate: string) {
  if (currency === baseCurrency) return { taxCurrency: null, taxInTaxCurrency: null };
  return { taxCurrency: baseCurrency, taxInTaxCurrency: inBase(tax, exchangeRate) };
}

const zero = (v: string) => toMills(v) === 0n;

/**
 * The invoice's discount and shipping as document level allowances and charges. Made by the tax engine, each line
 * carries its share of both, so there is one allowance and one charge per VAT category and rate, each in the VAT of the
 * lines it belongs to (BT-95/BT-96, BT-102/BT-103): the breakdown's taxable amounts are then the engine's bases and its
 * tax each base × rate. An invoice made before discounts and shipping were taxed (its lines carry no shares) keeps the
 * figures it was issued with: the discount and the shipping outside VAT (category Z, 0 %).
 */
function adjustments(invoice: Invoice, lines: readonly (ELine & { share: { discount: string; shipping: string } })[]): EAllowanceCharge[] {
  const out: EAllowanceCharge[] = [];
  const shared = (pick: (l: (typeof lines)[number]) => string, whole: string) =>
    !zero(whole) && toMills(sumMoney(lines.map(pick))) === toMills(whole);
  const perGroup = (charge: boolean, pick: (l: (typeof lines)[number]) => string, reason: string) => {
    const groups = new Map<string, EAllowanceCharge & { parts: string[] }>();
    for (const l of lines) {
      if (zero(pick(l))) continue;
      const key = `${l.category}|${l.rate}`;
      const g = groups.get(key) ?? { charge, amount: '0.00', reason, category: l.category, rate: l.rate, parts: [] };
      g.parts.push(pick(l));
      groups.set(key, g);
    }
    for (const { parts, ...g } of groups.values()) out.push({ ...g, amount: sumMoney(parts) });
  };
  if (shared((l) => l.share.discount, invoice.discountAmount)) perGroup(false, (l) => l.share.discount, 'Discount');
  else if (!zero(invoice.discountAmount))
    out.push({ charge: false, amount: invoice.discountAmount, reason: 'Discount', category: 'Z', rate: '0.00' });
  if (shared((l) => l.share.shipping, invoice.shippingAmount)) perGroup(true, (l) => l.share.shipping, 'Shipping');
  else if (!zero(invoice.shippingAmount))
    out.push({ charge: true, amount: invoice.shippingAmount, reason: 'Shipping', category: 'Z', rate: '0.00' });
  return out;
}

/**
 * An invoice as EN 16931: its discount and shipping as document level allowances and charges (adjustments); prepaid
 * (BT-113) is what was paid and the customer credit applied.
 */
export function invoiceDocument(invoice: Invoice, parties: Parties, rates: ReadonlyMap<number, RateCategory>): EDocument {
  const lines = (invoice.items ?? []).map((it, i) => ({
    ...lineOf(it, i, rates),
    tax: it.taxAmount,
    share: { discount: it.discountShare ?? '0.00', shipping: it.shippingShare ?? '0.00' },
  }));
  const allowancesCharges = adjustments(invoice, lines);
  const paid = sumMoney([invoice.amountPaid, invoice.creditApplied]);
  const prepaid = toMills(paid) > toMills(invoice.total) ? invoice.total : paid;
  const taxExclusive = sumMoney([invoice.subtotal, `-${invoice.discountAmount}`, invoice.shippingAmount]);
  return {
    kind: 'invoice',
    number: invoice.invoiceNumber,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    ...taxCurrencyOf(invoice.currency, parties.baseCurrency, invoice.taxAmount, invoice.exchangeRate),
    buyerReference: parties.buyer.buyerReference,
    preceding: null,
    paymentTerms: invoice.terms,
    note: invoice.notes,
    seller: parties.seller,
    buyer: parties.buyer,
    lines: lines.map(({ rc: _rc, tax: _tax, share: _share, ...l }) => l),
    allowancesCharges,
    vat: vatGroups(lines, allowancesCharges),
    totals: {
      lineNet: invoice.subtotal,
      allowances: invoice.discountAmount,
      charges: invoice.shippingAmount,
      taxExclusive,
      tax: invoice.taxAmount,
      taxInclusive: invoice.total,
      prepaid,
      payable: sumMoney([invoice.total, `-${prepaid}`]),
    },
  };
}

/**
 * A credit note as EN 16931 (type 381, positive amounts, BT-25 naming the corrected invoice); what it does with the
 * money (its resolution) is its payment terms (BT-20).
 */
export function creditNoteDocument(
  note: CreditNote,
  invoice: Pick<Invoice, 'exchangeRate'>,
  parties: Parties,
  rates: ReadonlyMap<number, RateCategory>,
  resolution: string,
): EDocument {
  const lines = (note.items ?? []).map((it, i) => ({ ...lineOf(it, i, rates), tax: it.taxAmount }));
  return {
    kind: 'credit-note',
    number: note.creditNoteNumber,
    issueDate: note.issueDate,
    dueDate: null,
    currency: note.currency,
    ...taxCurrencyOf(note.currency, parties.baseCurrency, note.taxAmount, invoice.exchangeRate),
    buyerReference: parties.buyer.buyerReference,
    preceding: { number: note.invoiceNumber, issueDate: note.invoiceIssueDate },
    paymentTerms: resolution,
    note: note.reason,
    seller: parties.seller,
    buyer: parties.buyer,
    lines: lines.map(({ rc: _rc, tax: _tax, ...l }) => l),
    allowancesCharges: [],
    vat: vatGroups(lines, []),
    totals: {
      lineNet: note.subtotal,
      allowances: '0.00',
      charges: '0.00',
      taxExclusive: note.subtotal,
      tax: note.taxAmount,
      taxInclusive: note.total,
      prepaid: '0.00',
      payable: note.total,
    },
  };
}
