/**
 * A typed client of the Billpoint public API. The types come from the OpenAPI document (src/schema.ts, generated);
 * this file adds what every caller would otherwise write again: the key and version headers, an idempotency key on
 * POSTs, errors as one exception class, and a cursor list walked to its end.
 */
import createClient, {
  mergeHeaders,
  type HeadersOptions,
  type Client,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
  type Middleware,
} from 'openapi-fetch';
import type { components, paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

/** Where the API lives below an installation's origin. */
export const API_BASE = '/api/v1';
/** The origin `npm start` serves; pass your installation's origin as `baseUrl`. */
export const DEFAULT_BASE_URL = 'http://localhost:8080';

export type ApiVersion = components['parameters']['BillpointVersion'];
export type ErrorCode = components['schemas']['Error']['code'];
export type ErrorBody = components['schemas']['Error'];
/** A schema of the document by name: `Schema<'Invoice'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export interface BillpointOptions {
  /** An API key of your organization (`bp_…`). */
  apiKey: string;
  /** The installation's origin, e.g. `https://billing.example.com`; `/api/v1` is added. */
  baseUrl?: string | undefined;
  /** The API version to answer with (the `Billpoint-Version` header); without it, the organization's version. */
  version?: ApiVersion | undefined;
  /** A fetch of your own (a test double, a proxy agent); the global fetch otherwise. */
  fetch?: ((input: Request) => Promise<Response>) | undefined;
}

/**
 * An answer of the API that is not a success. `code` and `message` are the error body's; `param` names the field or
 * parameter at fault when there is one; `requestId` is the `Request-Id` header, the id to quote to support. `code` is
 * null only when something other than Billpoint answered (a proxy's error page).
 */
export class BillpointError extends Error {
  override readonly name = 'BillpointError';
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly param: string | undefined;
  readonly issues: NonNullable<ErrorBody['issues']>;
  readonly requestId: string | null;
  /** The answer's body as parsed JSON, or its text when it was not JSON. */
  readonly body: unknown;

  constructor(status: number, body: unknown, requestId: string | null) {
    const error = isErrorBody(body) ? body : null;
    super(error?.message ?? `Billpoint answered ${status}`);
    this.status = status;
    this.code = error?.code ?? null;
    this.param = error?.param;
    this.issues = error?.issues ?? [];
    this.requestId = requestId;
    this.body = body;
  }

  /** The error an answer that is not a success stands for (its body is read from a clone). */
  static async of(response: Response): Promise<BillpointError> {
    const text = await response.clone().text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    return new BillpointError(response.status, body, response.headers.get('Request-Id'));
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.code === 'string' && typeof b.message === 'string';
}

type Method = 'get' | 'post' | 'patch' | 'delete';
type Media = `${string}/${string}`;
type InitParam<Init> = object extends Init ? [init?: Init] : [init: Init];
/** The success branch of an answer: a call resolves only with a success, anything else is thrown. */
type Success<R> = R extends { error?: never } ? R : never;
type Call<M extends Method, Extra = unknown> = <
  P extends ClientPathsWithMethod<Client<paths>, M>,
  I extends MaybeOptionalInit<paths[P], M>,
>(
  url: P,
  ...init: InitParam<I & Extra>
) => Promise<Success<paths[P][M] extends infer O extends Record<string | number, unknown> ? FetchResponse<O, I, Media> : never>>;

/** The list operations: a GET that takes `starting_after` and answers `{ data, has_more }`. */
export type ListPath = {
  [P in keyof paths]: paths[P] extends {
    get: {
      parameters: { query?: { starting_after?: number } };
      responses: { 200: { content: { 'application/json': { data: unknown[]; has_more: boolean } } } };
    };
  }
    ? P
    : never;
}[keyof paths];
type ListGet<P extends ListPath> = paths[P]['get'];
/** One item of a list. */
export type ListItem<P extends ListPath> = ListGet<P>['responses'][200]['content']['application/json']['data'][number];
/** A list's query, less the cursor that pages backwards (the iterator walks forwards). */
export type ListQuery<P extends ListPath> = Omit<NonNullable<ListGet<P>['parameters']['query']>, 'ending_before'>;
type ListArgs<P extends ListPath> = ListGet<P>['parameters'] extends { path: infer Path extends object }
  ? [query: ListQuery<P> | undefined, path: Path]
  : [query?: ListQuery<P>];

export interface Billpoint {
  GET: Call<'get'>;
  /** `idempotencyKey` is sent as `Idempotency-Key`: a retry with the same key and body replays the first answer. */
  POST: Call<'post', { idempotencyKey?: string }>;
  PATCH: Call<'patch'>;
  DELETE: Call<'delete'>;
  /**
   * Every item of a cursor list, page after page (`limit` per page) until `has_more` is false:
   * `for await (const c of billpoint.list('/customers', { limit: 100 }))`. A path with an id takes it third.
   */
  list<P extends ListPath>(path: P, ...args: ListArgs<P>): AsyncGenerator<ListItem<P>, void, undefined>;
  /** The openapi-fetch client underneath (its methods throw BillpointError too), for middleware of your own. */
  client: Client<paths>;
}

/** Every answer that is not a success is thrown as a BillpointError, so a call that resolves holds `data`. */
const throwErrors: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await BillpointError.of(response);
  },
};

export function createBillpoint(options: BillpointOptions): Billpoint {
  const origin = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const client = createClient<paths>({
    baseUrl: `${origin}${API_BASE}`,
    headers: {
      Authorization: `Bearer ${options.apiKey}`,
      ...(options.version ? { 'Billpoint-Version': options.version } : {}),
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(throwErrors);

  // The typed signatures are the interface's; underneath, each method hands its init to openapi-fetch as it came.
  type Untyped = (url: string, init?: Record<string, unknown>) => Promise<{ data?: unknown; response: Response }>;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE') => client[method] as unknown as Untyped;
  const post: Untyped = (url, init = {}) => {
    const { idempotencyKey, ...rest } = init;
    if (typeof idempotencyKey !== 'string') return call('POST')(url, rest);
    const headers = mergeHeaders(rest.headers as HeadersOptions | undefined, { 'Idempotency-Key': idempotencyKey });
    return call('POST')(url, { ...rest, headers });
  };

  async function* list(path: string, query: Record<string, unknown> = {}, pathParams?: Record<string, unknown>) {
    let after = query.starting_after;
    for (;;) {
      const { data } = await call('GET')(path, { params: { query: { ...query, starting_after: after }, path: pathParams } });
      const page = data as { data: { id: number }[]; has_more: boolean };
      yield* page.data;
      const last = page.data.at(-1);
      if (!page.has_more || !last) return;
      after = last.id;
    }
  }

  return {
    GET: call('GET'),
    POST: post,
    PATCH: call('PATCH'),
    DELETE: call('DELETE'),
    list,
    client,
  } as unknown as Billpoint;
}
