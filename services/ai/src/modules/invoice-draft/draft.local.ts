import {
  divRound,
  fromMills,
  normalizeMoney,
  percentOf,
  sumMoney,
  lineAmount,
  toMills,
  toScaled,
  type InvoiceDraft,
  type InvoiceDraftItem,
} from '@billpoint/proto';
import { addDays, todayIn } from './dates.ts';
import type { CustomerRow, DraftRepository, ProductRow, TaxRateRow } from './draft.repository.ts';
import { matchKey } from './match-key.ts';
import { parseLine, parseRequest, type ParsedLine } from './parse.ts';
import { nameFits, productFit, sameWord } from './words.ts';

/** A customer this close (0–1 trigram similarity) is proposed; closer than SURE, without a warning. */
const CUSTOMER_MATCH = 0.45;
const CUSTOMER_SURE = 0.75;
/** A product this close by trigrams is checked word by word (words.ts). */
const PRODUCT_MATCH = 0.4;
const DEFAULT_TERMS = 30;

const round2 = (x: number) => Math.round(x * 100) / 100;
const sameRate = (a: string, b: string) => toScaled(a, 3) === toScaled(b, 3);

/** quantity as a plain decimal with at most 2 decimals ("12", "1.5"). */
const quantityOf = (q: string) => {
  const s = normalizeMoney(q);
  return s.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');
};

/** Drops the customer's name (a run of its words from its first one, and a "for"/"to" before it) from a description. */
function withoutName(description: string, customer: CustomerRow | null): string {
  if (!customer) return description;
  // The name's words, legal forms included ("Acme Corporation": both go), led by its first distinctive one.
  const names = [customer.name, customer.company]
    .filter((n): n is string => !!n)
    .map((n) => [
      matchKey(n).split(' ')[0]!,
      ...n
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ]);
  const tokens = description.split(/\s+/);
  for (let i = 0; i < tokens.length; i++) {
    const key = matchKey(tokens[i]);
    const name = names.find((n) => key && sameWord(key, n[0]!));
    if (!name) continue;
    let j = i + 1;
    while (j < tokens.length && matchKey(tokens[j]) && name.some((w) => sameWord(matchKey(tokens[j]), w))) j++;
    const from = i > 0 && /^(?:for|to)$/i.test(tokens[i - 1]!) ? i - 1 : i;
    const kept = [...tokens.slice(0, from), ...tokens.slice(j)].join(' ').trim();
    return kept ? kept[0]!.toUpperCase() + kept.slice(1) : description;
  }
  return description;
}

/** The tax rate for a line: the one the text names (by percentage or name), else the product's percentage. */
function taxFor(rates: TaxRateRow[], hint: ReturnType<typeof parseRequest>['tax'], productRate: string | null): TaxRateRow | null {
  if (hint && 'none' in hint) return null;
  if (hint) {
    const byRate = hint.percent ? rates.filter((r) => sameRate(r.rate, hint.percent!)) : rates;
    const name = (hint.name ?? '').toLowerCase();
    const named = byRate.find((r) => name && name !== 'tax' && r.name.toLowerCase().includes(name));
    if (named) return named;
    if (hint.percent && byRate.length) return byRate[0]!;
  }
  if (productRate && toScaled(productRate, 3) !== 0n) return rates.find((r) => sameRate(r.rate, productRate)) ?? null;
  return null;
}

export interface LocalContext {
  repo: DraftRepository;
  tenantId: string;
  now?: Date;
}

/** A local answer, and what the OpenAI path needs of it. */
export interface LocalDraft {
  draft: InvoiceDraft;
  /** Which field each warning is about (parallel to draft.warnings): a field OpenAI answered drops its warnings. */
  warningFields: WarningField[];
  today: string;
  timezone: string;
  defaultCurrency: string;
  customers: CustomerRow[];
  rates: TaxRateRow[];
}
export type WarningField = 'customer' | 'items' | 'dueDate';

/** The local engine: the text parsed, names matched against the tenant's own data, defaults from it. */
export async function localDraft({ repo, tenantId, now = new Date() }: LocalContext, text: string): Promise<LocalDraft> {
  // One round trip for the organization, the customers and the tax rates; the text is read again only when the
  // organization's today is not UTC's.
  const utcToday = todayIn('UTC', now);
  let p = parseRequest(text, utcToday);
  const mention = p.customerMention;
  const [org, found, rates] = await Promise.all([
    repo.organization(tenantId),
    repo.customers(tenantId, p.customerText.toLowerCase(), matchKey(mention)),
    repo.taxRates(tenantId),
  ]);
  const today = todayIn(org?.timezone || 'UTC', now);
  if (today !== utcToday) p = parseRequest(text, today);
  const warnings: string[] = [];
  const warningFields: WarningField[] = [];
  let field: WarningField = 'customer';
  const track = { push: (w: string) => (warnings.push(w), warningFields.push(field)) };

  // A name the text gives must start like the customer's ("Zorg Industries" is not Stark Industries).
  const customers = mention ? found.filter((c) => nameFits(mention, c.name) || (c.company != null && nameFits(mention, c.company))) : found;
  const best = customers[0] && customers[0].score >= CUSTOMER_MATCH ? customers[0] : null;
  // Two customers equally close: neither is certain.
  const tie = best && customers[1] && customers[1].score >= best.score - 0.02;
  const customerConfidence = best ? round2(Math.min(0.98, best.score) * (tie ? 0.6 : 1)) : 0;
  const customer = best ? { id: best.id, name: best.name, confidence: customerConfidence } : null;
  // Close names, whether or not they start like the one given: the user may mean one of them.
  const candidates = found
    .filter((c) => c.id !== best?.id && c.score >= 0.3)
    .slice(0, 5)
    .map((c) => ({ id: c.id, name: c.name, confidence: round2(c.score) }));
  let newCustomerName: string | null = null;
  if (!best) {
    newCustomerName = p.customerMention;
    track.push(
      newCustomerName
        ? `“${newCustomerName}” is not one of your customers: create it, or pick one.`
        : 'No customer found in the text: pick one.',
    );
  } else if (tie) track.push(`Several customers match “${p.customerMention ?? best.name}”: check the customer.`);
  else if (best.score < CUSTOMER_SURE) track.push(`The customer ${best.name} is a guess: check it.`);

  field = 'items';
  const currencyConfidence = p.currency ? 0.95 : best?.currency ? 0.8 : 0.6;
  const currency = p.currency ?? best?.currency ?? org?.default_currency ?? 'USD';

  // Lines: the customer's previous invoice first ("same as last month"), then the lines the text gives.
  const items: InvoiceDraftItem[] = [];
  // Each line read again without the customer's name ("wayne ent. 3 training sessions" → 3 training sessions).
  const lines = p.lines.map((l) => {
    const text = withoutName(l.text, best);
    return text === l.text ? l : { ...parseLine(text), currency: l.currency };
  });
  const [last, productRows] = await Promise.all([
    p.sameAsLast && best ? repo.lastInvoice(tenantId, best.id) : null,
    repo.products(
      tenantId,
      lines.map((l) => l.description || l.text),
    ),
  ]);
  if (p.sameAsLast) {
    if (last) {
      for (const l of last.lines) {
        const tax = l.taxRateId != null ? rates.find((r) => r.id === l.taxRateId) : undefined;
        items.push({
          description: l.description,
          quantity: quantityOf(l.quantity),
          rate: normalizeMoney(l.rate),
          productId: l.productId,
          taxRateId: tax?.id ?? null,
          taxRate: tax?.rate ?? null,
          taxRateName: tax?.name ?? null,
          confidence: round2(0.9 * (customerConfidence || 0.5)),
        });
      }
    } else
      track.push(best ? `${best.name} has no previous invoice to copy: add the lines.` : 'No customer, so no previous invoice to copy.');
  }

  const bare: ParsedLine[] = [];
  const before = items.length;
  lines.forEach((l, i) => {
    // The closest products by trigrams, kept only if the line's words are the product's; the best fit first.
    const fits = productRows
      .filter((c) => c.ord === i + 1)
      .map((c) => ({ c, fit: productFit(l.description, c.name) }))
      .filter((x) => x.fit > 0 && x.c.score >= PRODUCT_MATCH)
      .sort((a, b) => b.fit - a.fit || b.c.score - a.c.score);
    const named = fits[0]?.c ?? null;
    if (!l.figures && !named) {
      if (l.description.split(' ').length <= 6) bare.push(l);
      return;
    }
    items.push(lineItem(l, named, rates, p.tax, currency, track));
  });
  // Nothing with a figure: the short phrase the request is for ("bill Acme for the workshop") is the line, unpriced.
  if (items.length === before && !p.sameAsLast && bare[0]) items.push(lineItem(bare[0], null, rates, p.tax, currency, track));
  if (!items.length) track.push('No line could be read from the text: add the items.');

  field = 'dueDate';
  const issueDate = p.issueDate ?? today;
  let dueDate: string | null = p.due ? p.due.resolve(issueDate) : null;
  let dueConfidence = 0.95;
  if (p.due && !dueDate) track.push(`“${p.due.phrase.trim()}” could not be read as a date: check the due date.`);
  if (!dueDate) {
    const terms = best?.payment_terms ?? DEFAULT_TERMS;
    dueDate = addDays(issueDate, terms);
    dueConfidence = p.due ? 0.3 : 0.7;
    if (!p.due)
      track.push(`No due date in the text: due in ${terms} days${best?.payment_terms != null ? `, ${best.name}'s payment terms` : ''}.`);
  }
  if (dueDate < issueDate) {
    track.push('The due date read is before the issue date: check it.');
    dueConfidence = 0.3;
  }

  const subtotal = sumMoney(items.map((it) => lineAmount(it.quantity, it.rate)));
  let discountAmount = '0.00';
  if (p.discount) discountAmount = 'percent' in p.discount ? percentOf(subtotal, p.discount.percent) : normalizeMoney(p.discount.amount);

  const draft: InvoiceDraft = {
    customer,
    candidates,
    newCustomerName,
    items,
    issueDate: { value: issueDate, confidence: 0.95 },
    dueDate: { value: dueDate, confidence: dueConfidence },
    currency: { value: currency, confidence: currencyConfidence },
    discountAmount: { value: discountAmount, confidence: p.discount ? 0.9 : 0.95 },
    notes: p.notes,
    warnings,
    source: 'local',
  };
  return {
    draft,
    warningFields,
    today,
    timezone: org?.timezone || 'UTC',
    defaultCurrency: org?.default_currency ?? 'USD',
    customers,
    rates,
  };
}

function lineItem(
  l: ParsedLine,
  product: ProductRow | null,
  rates: TaxRateRow[],
  hint: ReturnType<typeof parseRequest>['tax'],
  currency: string,
  warnings: { push: (w: string) => unknown },
): InvoiceDraftItem {
  let confidence = 0.9;
  const quantity = l.quantity ?? '1';
  let rate: string | null = l.rate;
  if (!rate && l.total) {
    // "5 licences for 500": the rate is the total over the quantity, to the cent.
    const q = toScaled(quantity, 4);
    rate = q === 0n ? l.total : fromMills(divRound(toMills(l.total) * 10_000n, q));
    if (lineAmount(quantity, rate) !== normalizeMoney(l.total))
      warnings.push(`${l.total} over ${quantity} is not a whole cent: check the rate.`);
  }
  const description = product ? product.name : l.description || 'Item';
  if (!rate && product) {
    rate = product.price;
    if (product.currency !== currency) {
      warnings.push(`${product.name} is priced in ${product.currency}, the invoice is in ${currency}: check the rate.`);
      confidence = 0.5;
    }
  }
  if (!rate) {
    warnings.push(`No price for “${description}”: enter the rate.`);
    rate = '0';
    confidence = 0.3;
  }
  if (!l.quantity && !l.total && !l.rate && !product) confidence = Math.min(confidence, 0.5);
  if (product) confidence = Math.min(confidence, round2(0.5 + product.score / 2));
  else if (!l.description) {
    warnings.push(`A line has no description: enter it.`);
    confidence = Math.min(confidence, 0.4);
  }
  const tax = taxFor(rates, hint, product?.tax_rate ?? null);
  return {
    description,
    quantity: quantityOf(quantity),
    rate: normalizeMoney(rate),
    productId: product?.id ?? null,
    taxRateId: tax?.id ?? null,
    taxRate: tax?.rate ?? null,
    taxRateName: tax?.name ?? null,
    confidence,
  };
}
