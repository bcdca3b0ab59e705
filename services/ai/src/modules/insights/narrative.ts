import OpenAI from 'openai';
import type { DraftInsight } from './rules.ts';
import { OpenAIUse } from '../openai-use.ts';

/** The template's paragraph: how many insights, the most urgent ones, and the first thing to do. */
export function templateSummary(list: readonly DraftInsight[]): string {
  if (list.length === 0) return 'No insights yet: create and send invoices, record payments and expenses, then refresh.';
  const high = list.filter((i) => i.priority >= 7);
  const top = list.slice(0, 3).map((i) => i.title.replace(/\.$/, ''));
  return (
    `${list.length} insight${list.length === 1 ? '' : 's'} from your data, ${high.length} of high priority. ` +
    `Most pressing: ${top.join('; ')}. First step: ${list[0]!.recommendation}`
  );
}

/**
 * One paragraph by OpenAI over the insights already computed (titles, descriptions, values): it words them, it
 * decides nothing. One attempt bounded by `timeoutMs`; any failure answers null and the template writes it.
 * Nothing here logs the key or the request.
 */
export class OpenAINarrator extends OpenAIUse {
  async summarize(list: readonly DraftInsight[]): Promise<string | null> {
    if (list.length === 0) return null;
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.model,
          temperature: 0.2,
          messages: [
            {
              role: 'system',
              content:
                'You write one short paragraph (at most 4 sentences) for a small-business owner summarising these findings about their invoicing, most urgent first. Use only the figures given; invent nothing.',
            },
            {
              role: 'user',
              content: JSON.stringify(
                list.map((i) => ({ title: i.title, description: i.description, priority: i.priority, recommendation: i.recommendation })),
              ),
            },
          ],
        },
        { signal: AbortSignal.timeout(this.timeoutMs), timeout: this.timeoutMs, maxRetries: 0 },
      );
      const text = completion.choices[0]?.message?.content?.trim();
      return text && text.length <= 2000 ? text : null;
    } catch (err) {
      const status = err instanceof OpenAI.APIError ? err.status : undefined;
      this.logger.warn({ error: err instanceof Error ? err.name : 'Error', status }, 'OpenAI narrative failed; using the template');
      return null;
    }
  }
}
