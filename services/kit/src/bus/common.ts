/** Helpers shared by both buses (memory.ts and nats.ts); not part of the package's public surface. */
import { context, propagation, ROOT_CONTEXT, SpanStatusCode, trace, type SpanKind } from '@opentelemetry/api';
import { BusRequestError, type Headers } from './types.ts';

type LogFn = (obj: object, msg?: string) => void;
/** The part of a pino logger the bus uses. */
export interface BusLogger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  debug: LogFn;
}

const noop: LogFn = () => {};
/** Used when no logger is given: warnings and errors to stderr, nothing else. */
export const consoleLogger: BusLogger = {
  info: noop,
  debug: noop,
  warn: (obj, msg) => console.warn(`[bus] ${msg ?? ''}`, obj),
  error: (obj, msg) => console.error(`[bus] ${msg ?? ''}`, obj),
};

export const DEFAULT_MAX_DELIVER = 10;
export const DEFAULT_RETRY_DELAY_MS = 1000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;
export const DUPLICATE_WINDOW_MS = 2 * 60_000;
export const MAX_AGE_MS = 7 * 24 * 3600_000;

/** Looked up per span, so an SDK registered after this module loaded is used. */
const tracer = () => trace.getTracer('@billpoint/kit/bus');

/**
 * Runs `fn` inside a PRODUCER/CLIENT span and hands it a copy of `headers` with the active trace context
 * injected (a no-op without an OpenTelemetry SDK). The caller's object is never modified.
 */
export function withSendSpan<T>(
  subject: string,
  kind: SpanKind,
  headers: Headers | undefined,
  fn: (headers: Headers) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(
    `${subject} publish`,
    { kind, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } },
    async (span) => {
      const carrier: Headers = { ...headers };
      propagation.inject(context.active(), carrier);
      try {
        return await fn(carrier);
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** Runs `fn` inside a CONSUMER/SERVER span whose parent is the trace context carried in `headers`. */
export function withProcessSpan<T>(subject: string, kind: SpanKind, headers: Headers, fn: () => Promise<T>): Promise<T> {
  const parentCtx = propagation.extract(ROOT_CONTEXT, headers);
  return tracer().startActiveSpan(
    `${subject} process`,
    { kind, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } },
    parentCtx,
    async (span) => {
      try {
        return await fn();
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** The body of an error reply. */
export interface ErrorReply {
  message: string;
  statusCode: number;
  code: string;
  issues?: { path: string; message: string }[];
}

const isIssues = (v: unknown): v is { path: string; message: string }[] =>
  Array.isArray(v) && v.every((i) => i && typeof i === 'object' && typeof i.path === 'string' && typeof i.message === 'string');

/** What a reply handler's rejection becomes on the wire: message, statusCode (else 500), code (else name). */
export function toErrorReply(err: unknown): ErrorReply {
  if (err !== null && typeof err === 'object') {
    const e = err as { message?: unknown; statusCode?: unknown; code?: unknown; name?: unknown; issues?: unknown };
    const code = typeof e.code === 'string' ? e.code : typeof e.name === 'string' && e.name !== '' ? e.name : 'Error';
    const reply: ErrorReply = {
      message: typeof e.message === 'string' ? e.message : String(err),
      statusCode: typeof e.statusCode === 'number' ? e.statusCode : 500,
      code,
    };
    if (isIssues(e.issues)) reply.issues = e.issues;
    return reply;
  }
  return { message: String(err), statusCode: 500, code: 'Error' };
}

export function fromErrorReply(subject: string, body: unknown): BusRequestError {
  const b = (body ?? {}) as Partial<Record<keyof ErrorReply, unknown>>;
  return new BusRequestError(
    subject,
    typeof b.message === 'string' ? b.message : 'Request failed',
    typeof b.statusCode === 'number' ? b.statusCode : 500,
    typeof b.code === 'string' ? b.code : 'Error',
    isIssues(b.issues) ? b.issues : undefined,
  );
}

/** NATS subject matching: `*` is one token, `>` (last) one or more tokens. */
export function subjectMatches(filter: string, subject: string): boolean {
  if (filter === subject) return true;
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    const t = f[i];
    if (t === '>') return s.length > i;
    if (i >= s.length) return false;
    if (t !== '*' && t !== s[i]) return false;
  }
  return f.length === s.length;
}

/** A publish/request subject: non-empty tokens, no wildcards, no whitespace. */
export function assertSubject(subject: string): void {
  if (!/^[^.\s*>]+(\.[^.\s*>]+)*$/.test(subject)) throw new Error(`Invalid subject: ${JSON.stringify(subject)}`);
}

/** A subscription filter: like a subject, `*` tokens allowed, `>` only as the last token. */
export function assertFilter(filter: string): void {
  const tokens = filter.split('.');
  const ok = tokens.every((t, i) => t === '*' || (t === '>' && i === tokens.length - 1) || /^[^.\s*>]+$/.test(t));
  if (!ok) throw new Error(`Invalid subject filter: ${JSON.stringify(filter)}`);
}

/** A durable (consumer) name: what JetStream accepts. */
export function assertDurable(name: string): void {
  if (!/^[^.\s*>/\\]+$/.test(name)) throw new Error(`Invalid durable name: ${JSON.stringify(name)}`);
}

export function encodeJson(data: unknown): string | undefined {
  return data === undefined ? undefined : JSON.stringify(data);
}

export function decodeJson(text: string | undefined): unknown {
  return text === undefined || text === '' ? undefined : JSON.parse(text);
}
