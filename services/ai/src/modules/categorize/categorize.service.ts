import { MIN_ALTERNATIVE_CONFIDENCE, type CategorizeBody, type CategorizeResult } from '@billpoint/proto';
import { ServiceUnavailable, type ServiceContext } from '@billpoint/kit';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { ExpenseCategories } from './categories.ts';
import { featuresOf } from './features.ts';
import { predict, type Prediction } from './model.ts';
import { OpenAICategorizer } from './openai.ts';
import { loadStats } from './training.ts';

type Input = z.output<typeof CategorizeBody>;
const ALTERNATIVES = 3;
const round = (x: number) => Math.round(x * 1000) / 1000;

const quoted = (words: { word: string }[]) => {
  const q = words.map((w) => `“${w.word}”`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q.at(-1)}`;
};

/**
 * The reasoning of a local answer, in sentences: the vendor's history in that category ("You filed 12 expenses from
 * Amazon Web Services under Software."), then the words that decided it — from the tenant's own expenses ("Your
 * expenses mentioning “cloud” are filed under Software.") or from the category's name and keywords ("“cloud” in the
 * description usually means Software.").
 */
export function localReasoning(categoryName: string, vendor: string | null, p: Prediction): string {
  const sentences: string[] = [];
  const times = p.evidence.vendorTimes;
  if (vendor && times > 0)
    sentences.push(`You filed ${times === 1 ? 'one expense' : `${times} expenses`} from ${vendor} under ${categoryName}.`);
  const history = p.evidence.words.filter((w) => w.fromHistory);
  const keywords = p.evidence.words.filter((w) => !w.fromHistory);
  if (history.length) sentences.push(`Your expenses mentioning ${quoted(history)} are filed under ${categoryName}.`);
  if (keywords.length)
    sentences.push(`${quoted(keywords)} in the description usually ${keywords.length === 1 ? 'means' : 'mean'} ${categoryName}.`);
  if (!sentences.length) return `No word or vendor points elsewhere: ${categoryName} fits this amount and your past expenses best.`;
  return sentences.join(' ');
}

/** POST /api/expenses/categorize: the tenant's local model, or OpenAI with the local model as its fallback. */
export class CategorizeService {
  readonly #openai: OpenAICategorizer | null;
  readonly ctx: ServiceContext<Config>;
  readonly categories: ExpenseCategories;
  constructor(ctx: ServiceContext<Config>, categories: ExpenseCategories) {
    this.ctx = ctx;
    this.categories = categories;
    const c = ctx.config;
    this.#openai = c.OPENAI_API_KEY
      ? new OpenAICategorizer({
          apiKey: c.OPENAI_API_KEY,
          baseURL: c.OPENAI_BASE_URL,
          model: c.OPENAI_MODEL,
          timeoutMs: c.OPENAI_TIMEOUT_MS,
          logger: ctx.logger,
        })
      : null;
  }

  async categorize(identity: { tenantId: string }, input: Input): Promise<CategorizeResult> {
    const { tenantId } = identity;
    const f = featuresOf(input);
    let stats = await loadStats(this.ctx, tenantId, f);
    if (!stats.filled) {
      // First call of this tenant: its list from the tax service (then events keep it). If tax is away, what the
      // events brought is used as it is.
      if (await this.categories.fill(tenantId)) stats = await loadStats(this.ctx, tenantId, f);
    }
    if (!stats.categories.length) throw new ServiceUnavailable('Your expense categories are not available yet. Please try again.');

    const local = predict(stats.categories, stats.counts, f);
    const [best, ...rest] = local.ranked;
    const localResult: CategorizeResult = {
      suggested: {
        categoryId: best!.categoryId,
        categoryName: best!.categoryName,
        confidence: round(best!.confidence),
        reasoning: localReasoning(best!.categoryName, input.vendor, local),
      },
      alternatives: rest
        .filter((r) => r.confidence >= MIN_ALTERNATIVE_CONFIDENCE)
        .slice(0, ALTERNATIVES)
        .map((r) => ({ ...r, confidence: round(r.confidence) })),
      source: 'local',
    };
    if (!this.#openai) return localResult;

    const answer = await this.#openai.categorize(stats.categories, input);
    const byName = new Map(stats.categories.map((c) => [c.name, c]));
    const chosen = answer && byName.get(answer.categoryName);
    if (!answer || !chosen) return localResult;
    const alternatives: CategorizeResult['alternatives'] = [];
    const seen = new Set([chosen.id]);
    for (const a of [...answer.alternatives, ...local.ranked.map((r) => ({ categoryName: r.categoryName, confidence: r.confidence }))]) {
      const c = byName.get(a.categoryName);
      if (!c || seen.has(c.id) || alternatives.length === ALTERNATIVES || a.confidence < MIN_ALTERNATIVE_CONFIDENCE) continue;
      seen.add(c.id);
      alternatives.push({ categoryId: c.id, categoryName: c.name, confidence: round(a.confidence) });
    }
    return {
      suggested: { categoryId: chosen.id, categoryName: chosen.name, confidence: round(answer.confidence), reasoning: answer.reasoning },
      alternatives,
      source: 'openai',
    };
  }
}
