import type { TrainingSource } from '@billpoint/proto';
import { stemsOf } from './features.ts';

/**
 * The local model: a multinomial naive Bayes over feature tokens (word stems of description and vendor, an amount
 * bucket) per tenant, with the vendor's exact history as a strong extra feature, and a prior made of each
 * category's name and keywords (pseudo-counts), so a tenant with no expenses yet gets sensible answers. Pure: the
 * counts come from Postgres (training.ts) or, for fitting, from memory (`countsOf`).
 */

export interface ModelCategory {
  id: number;
  name: string;
  keywords: string[];
}

export interface Counts {
  /** Per category: weighted documents and weighted tokens. */
  totals: Map<number, { docs: number; tokens: number }>;
  /** token → category → weight (only the tokens asked about need to be present). */
  tokens: Map<string, Map<number, number>>;
  /** The request's vendor: category → its weight and how many expenses. */
  vendor: Map<number, { weight: number; n: number }>;
}

/** How much one expense teaches: a correction most, a category the user chose, then one accepted as suggested. */
export function trainingWeight(source: TrainingSource): number {
  return source === 'manual_correction' ? 3 : source === 'user_input' ? 1 : 0.5;
}

/** Fitted on held-out predictions (`npm run bench -- categorize` prints how; see bench/categorize.ts). */
export const Params = {
  /** Additive smoothing of token likelihoods. */
  alpha: 0.1,
  /** Vocabulary size assumed by the smoothing. */
  vocabulary: 2000,
  /** Pseudo-count of each name or keyword stem in its category (the prior). */
  priorWeight: 2,
  /** Weight of the class prior (how often the tenant uses the category). */
  classPrior: 0.5,
  /** Weight of the vendor's exact history against one word. */
  vendorWeight: 3,
  vendorAlpha: 0.1,
  /** Temperature of the softmax for a tenant with a history: turns scores into calibrated probabilities. */
  temperature: 1.39,
  /** The same for a tenant with no history (the prior alone scores differently); blended by `warmAfter`. */
  coldTemperature: 0.66,
  /** Weighted expenses after which a tenant's answers use `temperature` alone. */
  warmAfter: 20,
};
export type ModelParams = typeof Params;

export interface Ranked {
  categoryId: number;
  categoryName: string;
  confidence: number;
}

export interface Prediction {
  ranked: Ranked[];
  /**
   * The evidence for the first: the vendor's history in that category, and the words that decided it (as written),
   * each with whether the tenant's own expenses filed under it carry the word (else it is the category's name or keyword).
   */
  evidence: { vendorTimes: number; words: { word: string; fromHistory: boolean }[] };
  /** Raw scores by rank (for calibration fitting). */
  scores: number[];
}

const priorCache = new WeakMap<ModelCategory, Map<string, number>>();
/** The category's prior pseudo-counts: its name's and keywords' stems. */
function priorOf(c: ModelCategory, p: ModelParams): Map<string, number> {
  let m = priorCache.get(c);
  if (!m) {
    m = new Map();
    for (const s of stemsOf([c.name, ...c.keywords].join(' ')).keys()) m.set(s, p.priorWeight);
    priorCache.set(c, m);
  }
  return m;
}

/**
 * Ranks `categories` for an expense with `tokens` (and `words`: stem → word as written). Every category gets a
 * probability; the ranking is total (ties broken by name) so the answer is stable.
 */
export function predict(
  categories: readonly ModelCategory[],
  counts: Counts,
  f: { tokens: string[]; vendorKey: string | null; words: Map<string, string> },
  p: ModelParams = Params,
): Prediction {
  const K = categories.length;
  let D = 0;
  for (const c of categories) D += counts.totals.get(c.id)?.docs ?? 0;
  const priors = categories.map((c) => priorOf(c, p));
  // Only tokens something knows about carry information (an unseen word would only punish big categories).
  const informative = f.tokens.filter((t) => counts.tokens.has(t) || priors.some((m) => m.has(t)));
  const vendorKnown = f.vendorKey !== null && [...counts.vendor.values()].some((v) => v.weight > 0);

  const perToken: number[][] = [];
  const scores = categories.map((c, i) => {
    const tot = counts.totals.get(c.id) ?? { docs: 0, tokens: 0 };
    const prior = priors[i]!;
    let priorTotal = 0;
    for (const w of prior.values()) priorTotal += w;
    const denom = tot.tokens + priorTotal + p.alpha * p.vocabulary;
    let s = p.classPrior * Math.log((tot.docs + 1) / (D + K));
    const lls: number[] = [];
    for (const t of informative) {
      const n = (counts.tokens.get(t)?.get(c.id) ?? 0) + (prior.get(t) ?? 0);
      const ll = Math.log((n + p.alpha) / denom);
      lls.push(ll);
      s += ll;
    }
    perToken.push(lls);
    if (vendorKnown) {
      const v = counts.vendor.get(c.id)?.weight ?? 0;
      s += p.vendorWeight * Math.log((v + p.vendorAlpha) / (tot.docs + 1 + p.vendorAlpha * 50));
    }
    return s;
  });

  const order = categories
    .map((_, i) => i)
    .sort((a, b) => scores[b]! - scores[a]! || categories[a]!.name.localeCompare(categories[b]!.name));
  const top = scores[order[0]!] ?? 0;
  const warm = Math.min(1, D / p.warmAfter);
  const temperature = p.coldTemperature * (1 - warm) + p.temperature * warm;
  const exps = scores.map((s) => Math.exp((s - top) / temperature));
  const sum = exps.reduce((a, b) => a + b, 0);
  const ranked = order.map((i) => ({ categoryId: categories[i]!.id, categoryName: categories[i]!.name, confidence: exps[i]! / sum }));

  const first = order[0];
  const second = order[1];
  const decided: { word: string; margin: number; fromHistory: boolean }[] = [];
  if (first !== undefined) {
    informative.forEach((t, j) => {
      const word = f.words.get(t);
      if (!word) return; // the amount bucket is no word
      const margin = perToken[first]![j]! - (second === undefined ? Math.log(p.alpha / (p.alpha * p.vocabulary)) : perToken[second]![j]!);
      if (margin > 0.5) decided.push({ word, margin, fromHistory: (counts.tokens.get(t)?.get(categories[first]!.id) ?? 0) > 0 });
    });
  }
  decided.sort((a, b) => b.margin - a.margin);
  return {
    ranked,
    scores: order.map((i) => scores[i]!),
    evidence: {
      vendorTimes: first === undefined ? 0 : (counts.vendor.get(categories[first]!.id)?.n ?? 0),
      words: decided.slice(0, 3).map((d) => ({ word: d.word, fromHistory: d.fromHistory })),
    },
  };
}

/** Counts of training rows held in memory, exactly as the consumer keeps them in Postgres (fitting, tests). */
export function countsOf(
  rows: readonly { tokens: string[]; vendorKey: string | null; categoryId: number; weight: number }[],
  vendorKey: string | null,
): Counts {
  const counts: Counts = { totals: new Map(), tokens: new Map(), vendor: new Map() };
  for (const r of rows) {
    const t = counts.totals.get(r.categoryId) ?? { docs: 0, tokens: 0 };
    t.docs += r.weight;
    t.tokens += r.weight * r.tokens.length;
    counts.totals.set(r.categoryId, t);
    for (const tok of r.tokens) {
      const m = counts.tokens.get(tok) ?? new Map<number, number>();
      m.set(r.categoryId, (m.get(r.categoryId) ?? 0) + r.weight);
      counts.tokens.set(tok, m);
    }
    if (vendorKey !== null && r.vendorKey === vendorKey) {
      const v = counts.vendor.get(r.categoryId) ?? { weight: 0, n: 0 };
      v.weight += r.weight;
      v.n += 1;
      counts.vendor.set(r.categoryId, v);
    }
  }
  return counts;
}
