import { z } from 'zod';
import { IsoDate } from './invoice.ts';
import { ExpenseMessages } from './tax.ts';

/** The ai service's contracts (the AI categorization result and the AI suggestion). */

/** POST /api/expenses/categorize {description, amount, vendor, date}: needs a description and a non-zero amount. */
export const CategorizeBody = z.strictObject({
  description: z
    .string({ error: ExpenseMessages.missingInfo })
    .trim()
    .min(1, ExpenseMessages.missingInfo)
    .max(500, 'Description must be at most 500 characters'),
  amount: z.union([z.string(), z.number()], { error: ExpenseMessages.missingInfo }).transform((v, ctx) => {
    const s = String(v).trim();
    if (!/^-?\d{1,12}(\.\d{1,2})?$/.test(s) || Number(s) === 0) {
      ctx.addIssue({ code: 'custom', message: ExpenseMessages.missingInfo });
      return z.NEVER;
    }
    return s;
  }),
  vendor: z
    .string()
    .trim()
    .max(200, 'Vendor must be at most 200 characters')
    .nullish()
    .transform((v) => v || null),
  date: z.preprocess((v) => (v === '' ? null : v), IsoDate('Date must be a date').nullish()),
});
export type CategorizeBody = z.input<typeof CategorizeBody>;

/** The confidence bands: 0.8 or more High (green), 0.6 or more Medium (yellow), below Low (red). */
export const ConfidenceBands = { high: 0.8, medium: 0.6 } as const;
export function confidenceBand(c: number): 'High' | 'Medium' | 'Low' {
  return c >= ConfidenceBands.high ? 'High' : c >= ConfidenceBands.medium ? 'Medium' : 'Low';
}

/** Alternatives less likely than this (5 %) are not offered: a list of 0 % choices only looks unfinished. */
export const MIN_ALTERNATIVE_CONFIDENCE = 0.05;

export const CategorizeResult = z.object({
  suggested: z.object({
    categoryId: z.number().int(),
    categoryName: z.string(),
    /** 0 to 1, calibrated: of answers given with 0.8, about 80 % are right. */
    confidence: z.number().min(0).max(1),
    /** The evidence that decided it, in sentences: the vendor's history, the words (local), or OpenAI's sentence. */
    reasoning: z.string(),
  }),
  /** Up to 3 other categories, most likely first, each at least `MIN_ALTERNATIVE_CONFIDENCE`. */
  alternatives: z.array(z.object({ categoryId: z.number().int(), categoryName: z.string(), confidence: z.number().min(0).max(1) })),
  /** Which model answered: the tenant's local model or OpenAI. */
  source: z.enum(['local', 'openai']),
});
export type CategorizeResult = z.infer<typeof CategorizeResult>;
