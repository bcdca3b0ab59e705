import { normalizeMoney, toScaled, type InvoiceDraft, type InvoiceDraftItem } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import type { Config } from '../../config.ts';
import { DraftRepository } from './draft.repository.ts';
import { localDraft, type LocalDraft } from './draft.local.ts';
import { OpenAIDrafter, type DraftCandidates, type OpenAIDraft } from './draft.openai.ts';
import { matchKey } from './match-key.ts';

const isDecimal = (v: string | null | undefined): v is string => {
  if (v == null) return false;
  try {
    return toScaled(v, 4) >= 0n && /^\d+(\.\d+)?$/.test(v.trim());
  } catch {
    return false;
  }
};
const isDate = (v: string | null | undefined): v is string =>
  !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** POST /api/ai/invoice-draft: the local engine, or OpenAI checked and completed by it. Nothing is created. */
export class InvoiceDraftService {
  readonly #repo: DraftRepository;
  readonly #openai: OpenAIDrafter | null;

  constructor(ctx: ServiceContext<Config>) {
    this.#repo = new DraftRepository(ctx);
    const c = ctx.config;
    this.#openai = c.OPENAI_API_KEY
      ? new OpenAIDrafter({
          apiKey: c.OPENAI_API_KEY,
          baseURL: c.OPENAI_BASE_URL,
          model: c.OPENAI_MODEL,
          timeoutMs: c.OPENAI_TIMEOUT_MS,
          logger: ctx.logger,
        })
      : null;
  }

  async draft(identity: { tenantId: string }, input: { text: string }, now = new Date()): Promise<InvoiceDraft> {
    const local = await localDraft({ repo: this.#repo, tenantId: identity.tenantId, now }, input.text);
    if (!this.#openai) return local.draft;
    const candidates = await this.#candidates(identity.tenantId, input.text, local);
    const answer = await this.#openai.draft(input.text, candidates);
    return answer ? merge(local, answer, candidates) : local.draft;
  }

  /** Only this tenant's customers, products and tax rates, the closest to the text first. */
  async #candidates(tenantId: string, text: string, local: LocalDraft): Promise<DraftCandidates> {
    const [customers, products] = await Promise.all([
      this.#repo.customers(tenantId, text.toLowerCase(), matchKey(local.draft.newCustomerName), 10),
      this.#repo.products(tenantId, [text, ...text.split(/[,;\n]|\band\b|\bplus\b/i).filter((p) => p.trim())]),
    ]);
    const seen = new Set<number>();
    return {
      today: local.today,
      timezone: local.timezone,
      defaultCurrency: local.defaultCurrency,
      customers: customers
        .filter((c) => c.score > 0.2)
        .map((c) => ({ id: c.id, name: c.name, currency: c.currency, paymentTermsDays: c.payment_terms })),
      products: products
        .filter((p) => p.score > 0.3 && !seen.has(p.id) && seen.add(p.id))
        .map((p) => ({ id: p.id, name: p.name, price: p.price, currency: p.currency })),
      taxRates: local.rates.slice(0, 50).map((r) => ({ id: r.id, name: r.name, rate: r.rate })),
    };
  }
}

/**
 * OpenAI's answer, checked by the local engine: an id it was not given, a figure that is not a decimal, a date that
 * is not one, is replaced by the local engine's value; what OpenAI left out, the local engine completes. Where both
 * agree the confidence is high; where OpenAI alone says it, medium.
 */
export function merge(local: LocalDraft, a: OpenAIDraft, c: DraftCandidates): InvoiceDraft {
  const d = local.draft;
  const used = new Set<string>();
  const customerRow = a.customerId != null ? c.customers.find((x) => x.id === a.customerId) : undefined;
  let customer = d.customer;
  let newCustomerName = d.newCustomerName;
  if (customerRow) {
    used.add('customer');
    customer = { id: customerRow.id, name: customerRow.name, confidence: d.customer?.id === customerRow.id ? 0.95 : 0.7 };
    newCustomerName = null;
  } else if (a.customerId == null && a.newCustomerName && !d.customer) newCustomerName = a.newCustomerName;

  const productIds = new Set(c.products.map((p) => p.id));
  const rates = new Map(c.taxRates.map((r) => [r.id, r]));
  const warnings: string[] = [];
  let items: InvoiceDraftItem[] = d.items;
  if (a.items.length) {
    used.add('items');
    items = a.items.map((it, i) => {
      const mine = d.items[i];
      const productId = it.productId != null && productIds.has(it.productId) ? it.productId : (mine?.productId ?? null);
      const product = c.products.find((p) => p.id === productId);
      const rate = isDecimal(it.rate) ? normalizeMoney(it.rate) : product ? normalizeMoney(product.price) : (mine?.rate ?? '0.00');
      const quantity = isDecimal(it.quantity) ? it.quantity : (mine?.quantity ?? '1');
      const tax = it.taxRateId != null ? rates.get(it.taxRateId) : mine?.taxRateId != null ? rates.get(mine.taxRateId) : undefined;
      const agrees = mine && mine.quantity === quantity && mine.rate === rate && mine.productId === productId;
      if (rate === '0.00') warnings.push(`No price for “${it.description || mine?.description || 'a line'}”: enter the rate.`);
      return {
        description: it.description.trim() || mine?.description || product?.name || 'Item',
        quantity,
        rate,
        productId,
        taxRateId: tax?.id ?? null,
        taxRate: tax?.rate ?? null,
        taxRateName: tax?.name ?? null,
        confidence: rate === '0.00' ? 0.3 : agrees ? 0.95 : 0.75,
      };
    });
  }
  const issueDate = isDate(a.issueDate) ? a.issueDate : d.issueDate.value;
  let dueDate = d.dueDate;
  if (isDate(a.dueDate) && a.dueDate >= issueDate) {
    used.add('dueDate');
    dueDate = { value: a.dueDate, confidence: a.dueDate === d.dueDate.value ? 0.95 : 0.75 };
  }
  const currency = a.currency && /^[A-Z]{3}$/.test(a.currency) ? a.currency : d.currency.value;
  const discount = isDecimal(a.discountAmount) ? normalizeMoney(a.discountAmount) : d.discountAmount.value;
  return {
    customer,
    candidates: d.candidates.filter((x) => x.id !== customer?.id),
    newCustomerName: customer ? null : newCustomerName,
    items,
    issueDate: { value: issueDate, confidence: issueDate === d.issueDate.value ? 0.95 : 0.75 },
    dueDate,
    currency: { value: currency, confidence: currency === d.currency.value ? 0.95 : 0.75 },
    discountAmount: { value: discount, confidence: discount === d.discountAmount.value ? 0.95 : 0.75 },
    notes: a.notes?.trim() || d.notes,
    warnings: [...d.warnings.filter((_, i) => !used.has(local.warningFields[i]!)), ...warnings],
    source: 'openai',
  };
}
