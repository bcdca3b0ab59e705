import { z } from 'zod';

/** AI insights (the screen, each insight and /api/ai/*): rules over the tenant's real data. */

export const InsightTypes = ['trend', 'pattern', 'opportunity', 'warning', 'recommendation'] as const;
export const InsightImpacts = ['high', 'medium', 'low'] as const;
export const InsightCategories = ['revenue', 'expenses', 'customers', 'cash_flow', 'growth'] as const;
export type InsightCategory = (typeof InsightCategories)[number];

/** Which rule produced an insight (one insight per rule and subject, e.g. per customer or per currency). */
export const InsightRules = [
  'revenue_trend',
  'overdue_concentration',
  'slowing_payer',
  'customer_dependency',
  'expense_spike',
  'cash_flow_forecast',
  'churned_schedules',
  'tax_due',
] as const;

/** Money exact, with its currency (never summed across currencies). */
export const InsightMoney = z.object({ amount: z.string(), currency: z.string() });
export type InsightMoney = z.infer<typeof InsightMoney>;

export const AiInsight = z.object({
  id: z.number().int(),
  rule: z.enum(InsightRules),
  type: z.enum(InsightTypes),
  title: z.string(),
  description: z.string(),
  impact: z.enum(InsightImpacts),
  category: z.enum(InsightCategories),
  /** 0–10, shown as n/10; the lists are sorted by it, highest first. */
  priority: z.number().int().min(0).max(10),
  /** Percent, 0–100. */
  confidence: z.number().int().min(0).max(100),
  /** What period the insight is about, in words ("This month vs last month", "Next 30 days"). */
  timeframe: z.string(),
  /** The money at stake, exact, or null where there is none. */
  estimatedValue: InsightMoney.nullable(),
  recommendation: z.string(),
  actionable: z.boolean(),
  createdAt: z.string(),
});
export type AiInsight = z.infer<typeof AiInsight>;

/** GET /api/ai/insights?category= */
export const InsightsQuery = z.object({
  category: z.enum(['all', ...InsightCategories], { error: `Category must be one of all, ${InsightCategories.join(', ')}` }).optional(),
});
export type InsightsQuery = z.input<typeof InsightsQuery>;

/**
 * GET /api/ai/insights, GET /api/ai/insights/priority (priority ≥ 7) and POST /api/ai/insights/refresh (regenerates
 * now; POST because it replaces the stored insights). `summary` is one paragraph: OpenAI's with a key, else a template's;
 * `generatedAt` is null before the first generation.
 */
export const InsightList = z.object({
  insights: z.array(AiInsight),
  summary: z.string(),
  summarySource: z.enum(['template', 'openai']),
  generatedAt: z.string().nullable(),
});
export type InsightList = z.infer<typeof InsightList>;

export const HIGH_PRIORITY = 7;

/** GET /api/ai/recommendations: the actionable insights' recommendations, by priority. */
export const Recommendation = z.object({
  insightId: z.number().int(),
  title: z.string(),
  recommendation: z.string(),
  priority: z.number().int(),
  estimatedValue: InsightMoney.nullable(),
});
export const RecommendationList = z.object({ recommendations: z.array(Recommendation) });
export type RecommendationList = z.infer<typeof RecommendationList>;

export const InsightMessages = { refreshFailed: 'Failed to refresh insights. Please try again.' } as const;
