/**
 * A local stand-in of OpenAI's Chat Completions API (POST /v1/chat/completions) for tests: the real `openai` SDK
 * is pointed at it with `OPENAI_BASE_URL`. Its behaviour is set per test:
 * - `good`: a structured answer; the category is `answer.categoryName` or else the first name of the request's
 *   JSON-schema enum (so it answers within the tenant's list without knowing it);
 * - `hang`: never answers (the caller's timeout must);
 * - `error500`: a 500 with OpenAI's error body;
 * - `garbage`: 200 with content that is not JSON;
 * - `outside`: a well-formed answer naming a category that is not in the list.
 * Every request is recorded (body and authorization header) so tests can check what was asked.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInBehaviour = 'good' | 'hang' | 'error500' | 'garbage' | 'outside';

export interface StandInRequest {
  path: string;
  authorization: string | undefined;
  body: any;
}

export interface OpenAIStandIn {
  /** The base URL for the SDK (`…/v1`). */
  url: string;
  requests: StandInRequest[];
  behaviour: StandInBehaviour;
  /** For `good`: the fields of the answer's content (default: the schema's first enum name, 0.9, a reasoning). */
  answer: Record<string, unknown> | null;
  close(): Promise<void>;
}

function completion(content: string) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'stand-in',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

export async function startOpenAIStandIn(): Promise<OpenAIStandIn> {
  const hanging = new Set<ServerResponse>();
  const state: OpenAIStandIn = {
    url: '',
    requests: [],
    behaviour: 'good',
    answer: null,
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body: any;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      state.requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return send(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
      const names: string[] = body?.response_format?.json_schema?.schema?.properties?.categoryName?.enum ?? [];
      switch (state.behaviour) {
        case 'hang':
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        case 'error500':
          return send(500, { error: { message: 'The server had an error while processing your request.', type: 'server_error' } });
        case 'garbage':
          return send(200, completion('Sure! The category is probably Travel.'));
        case 'outside':
          return send(200, completion(JSON.stringify({ categoryName: 'Yachts', confidence: 0.99, reasoning: 'Boats', alternatives: [] })));
        default:
          return send(
            200,
            completion(
              JSON.stringify({
                categoryName: names[0],
                confidence: 0.9,
                reasoning: 'The stand-in chose it',
                alternatives: names.slice(1, 3).map((n) => ({ categoryName: n, confidence: 0.05 })),
                ...state.answer,
              }),
            ),
          );
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
