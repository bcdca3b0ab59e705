import OpenAI from 'openai';
import type { Logger } from '@billpoint/kit';

export interface OpenAIUseOptions {
  apiKey: string;
  /** An OpenAI-compatible server instead of api.openai.com (tests: a local stand-in). */
  baseURL?: string;
  model: string;
  /** The bound on one call as a whole (headers and body). */
  timeoutMs: number;
  logger: Logger;
}

/**
 * What every use of OpenAI in the ai service shares (categorization, insight narratives, invoice drafts): the SDK's
 * client with one attempt (`maxRetries: 0`) bounded by `timeoutMs`, the model and the logger. Each use answers null
 * on any failure and the local engine answers instead; none logs the key or the request.
 */
export abstract class OpenAIUse {
  protected readonly client: OpenAI;
  protected readonly model: string;
  protected readonly timeoutMs: number;
  protected readonly logger: Logger;

  constructor(o: OpenAIUseOptions) {
    this.client = new OpenAI({ apiKey: o.apiKey, baseURL: o.baseURL, timeout: o.timeoutMs, maxRetries: 0 });
    this.model = o.model;
    this.timeoutMs = o.timeoutMs;
    this.logger = o.logger;
  }
}
