import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { OpenAIUse } from '../openai-use.ts';

/** What OpenAI answers (structured output): ids only from the candidates it was given, figures as decimal strings. */
export const OpenAIDraft = z.object({
  customerId: z.number().int().nullable(),
  newCustomerName: z.string().nullable(),
  items: z.array(
    z.object({
      description: z.string(),
      quantity: z.string(),
      rate: z.string().nullable(),
      productId: z.number().int().nullable(),
      taxRateId: z.number().int().nullable(),
    }),
  ),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  currency: z.string().nullable(),
  discountAmount: z.string().nullable(),
  notes: z.string().nullable(),
});
export type OpenAIDraft = z.infer<typeof OpenAIDraft>;

export interface DraftCandidates {
  today: string;
  timezone: string;
  defaultCurrency: string;
  customers: { id: number; name: string; currency: string | null; paymentTermsDays: number | null }[];
  products: { id: number; name: string; price: string; currency: string }[];
  taxRates: { id: number; name: string; rate: string }[];
}

/**
 * Invoice drafts by OpenAI with structured output (a zod response format), given only the asking tenant's candidate
 * customers, products and tax rates. One attempt bounded by `timeoutMs` as a whole; any failure (timeout, error
 * status, an answer outside the schema) returns null and the local engine answers. Nothing here logs the key or text.
 */
export class OpenAIDrafter extends OpenAIUse {
  async draft(text: string, c: DraftCandidates): Promise<OpenAIDraft | null> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const completion = await this.client.chat.completions.parse(
        {
          model: this.model,
          temperature: 0,
          messages: [
            {
              role: 'system',
              content:
                'You turn a request for an invoice into a draft. Use only the ids of the customers, products and tax rates listed; ' +
                'if the customer is not listed, customerId is null and newCustomerName is the name the text gives. Quantities and ' +
                'amounts are plain decimals ("1500.00"), dates yyyy-mm-dd counted from today, currency an ISO code. Leave a value ' +
                'null when the text does not say it.\n' +
                JSON.stringify(c),
            },
            { role: 'user', content: text },
          ],
          response_format: zodResponseFormat(OpenAIDraft, 'invoice_draft'),
        },
        { signal, timeout: this.timeoutMs, maxRetries: 0 },
      );
      const parsed = completion.choices[0]?.message?.parsed;
      if (!parsed) {
        this.logger.warn('OpenAI gave no draft; using the local engine');
        return null;
      }
      return parsed;
    } catch (err) {
      const status = err instanceof OpenAI.APIError ? err.status : undefined;
      this.logger.warn({ error: err instanceof Error ? err.name : 'Error', status }, 'OpenAI invoice draft failed; using the local engine');
      return null;
    }
  }
}
