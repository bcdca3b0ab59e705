/**
 * In-memory evaluation of the ai service's local model (the same code the service scores with, counts held in
 * memory exactly as its consumer keeps them in Postgres): k-fold cross-validation over a training set, and the
 * softmax temperature that minimises the log-loss of the held-out predictions (calibration).
 */
import { DefaultExpenseCategories } from '@billpoint/proto';
import { featuresOf } from '../services/ai/src/modules/categorize/features.ts';
import { countsOf, predict, Params, type ModelCategory, type ModelParams } from '../services/ai/src/modules/categorize/model.ts';

export interface Labelled {
  vendor: string | null;
  description: string;
  amount: string;
  category: string;
}

export const benchCategories: ModelCategory[] = DefaultExpenseCategories.map((c, i) => ({ id: i + 1, name: c.name, keywords: c.keywords }));
const idOf = new Map(benchCategories.map((c) => [c.name, c.id]));

/** Held-out predictions of k folds: the true category's rank, and the raw scores (for the temperature). */
export function crossValidate(rows: readonly Labelled[], k: number, p: ModelParams = Params) {
  const feats = rows.map((r) => ({ ...featuresOf(r), categoryId: idOf.get(r.category)!, weight: 1 }));
  const out: { rank: number; scores: number[]; correctIndex: number; confidence: number }[] = [];
  for (let fold = 0; fold < k; fold++) {
    const train = feats.filter((_, i) => i % k !== fold);
    feats.forEach((f, i) => {
      if (i % k !== fold) return;
      const pred = predict(benchCategories, countsOf(train, f.vendorKey), f, p);
      const correctIndex = pred.ranked.findIndex((r) => r.categoryId === f.categoryId);
      out.push({ rank: correctIndex + 1, scores: pred.scores, correctIndex, confidence: pred.ranked[0]!.confidence });
    });
  }
  return out;
}

/** Predictions of a tenant with no history (the prior alone) for `rows`: what the cold temperature is fitted on. */
export function coldPredictions(rows: readonly Labelled[], p: ModelParams = Params) {
  return rows.map((r) => {
    const f = featuresOf(r);
    const pred = predict(benchCategories, countsOf([], null), f, p);
    const correctIndex = pred.ranked.findIndex((x) => x.categoryId === idOf.get(r.category));
    return { rank: correctIndex + 1, scores: pred.scores, correctIndex, confidence: pred.ranked[0]!.confidence };
  });
}

/** The temperature minimising the held-out negative log-likelihood (golden-section search on log T). */
export function fitTemperature(preds: readonly { scores: number[]; correctIndex: number }[], base = 1): number {
  const nll = (t: number) =>
    preds.reduce((sum, p) => {
      const top = p.scores[0]!;
      const z = p.scores.reduce((a, s) => a + Math.exp((s - top) / t), 0);
      return sum - ((p.scores[p.correctIndex]! - top) / t - Math.log(z));
    }, 0);
  let lo = Math.log(0.05 * base);
  let hi = Math.log(50 * base);
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 60; i++) {
    const a = hi - g * (hi - lo);
    const b = lo + g * (hi - lo);
    if (nll(Math.exp(a)) < nll(Math.exp(b))) hi = b;
    else lo = a;
  }
  return Math.exp((lo + hi) / 2);
}

export function accuracy(preds: readonly { rank: number }[]) {
  const n = preds.length || 1;
  return { top1: preds.filter((p) => p.rank === 1).length / n, top3: preds.filter((p) => p.rank >= 1 && p.rank <= 3).length / n };
}
