import OpenAI from 'openai';
import { z } from 'zod';
import type { ModelCategory } from './model.ts';
import { OpenAIUse } from '../openai-use.ts';

export interface OpenAIAnswer {
  categoryName: string;
  confidence: number;
  reasoning: string;
  alternatives: { categoryName: string; confidence: number }[];
}

/**
 * Categorization by OpenAI with structured output: a strict JSON schema whose category names are an enum of the
 * tenant's categories. One attempt (`maxRetries: 0`) bounded by `timeoutMs` as a whole (headers and body); any
 * failure — timeout, an error status, an answer that is not the schema, a name outside the list — returns null
 * and the caller answers with the local model. The key is the SDK's; nothing here logs it or the request.
 */
export class OpenAICategorizer extends OpenAIUse {
  async categorize(
    categories: readonly ModelCategory[],
    e: { description: string; amount: string; vendor: string | null; date?: string | null },
  ): Promise<OpenAIAnswer | null> {
    const names = categories.map((c) => c.name);
    const Name = z.enum(names as [string, ...string[]]);
    const Answer = z.object({
      categoryName: Name,
      confidence: z.number().min(0).max(1),
      reasoning: z.string().max(500),
      alternatives: z.array(z.object({ categoryName: Name, confidence: z.number().min(0).max(1) })).max(5),
    });
    const nameSchema = { type: 'string', enum: names };
    const schema = {
      type: 'object',
      additionalProperties: false,
      required: ['categoryName', 'confidence', 'reasoning', 'alternatives'],
      properties: {
        categoryName: nameSchema,
        confidence: { type: 'number', description: 'Probability from 0 to 1 that the category is right' },
        reasoning: { type: 'string', description: 'One sentence naming the evidence: the vendor or the words' },
        alternatives: {
          type: 'array',
          description: 'Up to 3 other likely categories, most likely first',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['categoryName', 'confidence'],
            properties: { categoryName: nameSchema, confidence: { type: 'number' } },
          },
        },
      },
    };
    const list = categories.map((c) => `- ${c.name}${c.keywords.length ? ` (e.g. ${c.keywords.slice(0, 8).join(', ')})` : ''}`).join('\n');
    const signal = AbortSignal.timeout(this.timeoutMs); // the body too, not only the headers
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.model,
          temperature: 0,
          messages: [
            {
              role: 'system',
              content: `You file business expenses into exactly one of the organization's expense categories:\n${list}\nAnswer with the category that fits best, how sure you are, the evidence, and up to 3 alternatives.`,
            },
            {
              role: 'user',
              content: JSON.stringify({ description: e.description, vendor: e.vendor, amount: e.amount, date: e.date ?? null }),
            },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'expense_category', strict: true, schema } },
        },
        { signal, timeout: this.timeoutMs, maxRetries: 0 },
      );
      const content = completion.choices[0]?.message?.content;
      const parsed = Answer.safeParse(content ? JSON.parse(content) : null);
      if (!parsed.success) {
        this.logger.warn({ issues: parsed.error.issues.slice(0, 3) }, 'OpenAI answered outside the schema; using the local model');
        return null;
      }
      return parsed.data;
    } catch (err) {
      // Status and class only: an SDK error may carry the request, and the request carries the key.
      const status = err instanceof OpenAI.APIError ? err.status : undefined;
      this.logger.warn({ error: err instanceof Error ? err.name : 'Error', status }, 'OpenAI categorization failed; using the local model');
      return null;
    }
  }
}
