import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { permissionMessage, type ApiErrorCode, type ErrorBody, type Permission, type Role } from '@billpoint/proto';

/** The kit's error taxonomy; `errorHandler` maps each to its status in one place. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly issues?: { path: string; message: string }[];
  /** Flags the body carries besides the message (what a sign-in page or the SPA does next). */
  flags?: Pick<ErrorBody, 'twoFactorRequired' | 'twoFactorEnrollmentRequired'>;
  /** The public API's code (proto ApiErrorCodes), where the status alone is ambiguous. */
  code?: ApiErrorCode;
  constructor(statusCode: number, message: string, issues?: { path: string; message: string }[], code?: ApiErrorCode) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    if (issues) this.issues = issues;
    if (code) this.code = code;
  }
}
export class Invalid extends AppError {
  /** `field` names the one field at fault; a list gives every field's issue (e.g. relayed from another service). */
  constructor(message: string, field?: string | { path: string; message: string }[]) {
    super(400, message, typeof field === 'string' ? [{ path: field, message }] : field?.length ? field : undefined);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Forbidden', code?: ApiErrorCode) {
    super(403, message, undefined, code);
  }
}
/**
 * A caller whose role lacks the permission a route or a use case needs (proto/src/permissions.ts): 403 naming it. A
 * call made with an API key (`caller.userId` api-key:…) is told its scopes do not cover it instead.
 */
export class PermissionDenied extends Forbidden {
  readonly permission: Permission;
  constructor(role: Role, permission: Permission, caller?: { userId: string }) {
    const byKey = caller?.userId.startsWith('api-key:') ?? false;
    super(
      byKey ? `This API key's scopes do not cover ${permission}` : permissionMessage(role, permission),
      byKey ? 'scope_missing' : undefined,
    );
    this.permission = permission;
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not Found') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  /**
   * `code`: resource_already_exists (a unique value taken) or resource_state_invalid (the default). `field` names the
   * field whose value is taken, so a client can point at it as at a 400's.
   */
  constructor(message: string, code?: ApiErrorCode, field?: string) {
    super(409, message, field === undefined ? undefined : [{ path: field, message }], code);
  }
}
/** What the request names existed but is no more (an invitation already used or expired). */
export class Gone extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}
/** The request is well-formed but cannot be carried out on this resource (e.g. sending to a customer without e-mail). */
export class Unprocessable extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}
/** How a body limit reads in a 413's message: "2 MiB", "64 KiB", "1000 bytes". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / 1024 / 1024} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}
/** The message of a 413 for a body over a route's limit (the gateway's and the services' alike). */
export const bodyTooLargeMessage = (limit: number) => `The request body is larger than ${formatBytes(limit)}`;

/** The body (an upload) is larger than this use allows. */
export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class TooManyRequests extends AppError {
  /** When the caller may try again; the error handler sends it as Retry-After. */
  readonly retryAfterS?: number;
  constructor(message = 'Too Many Requests', retryAfterS?: number) {
    super(429, message);
    if (retryAfterS !== undefined) this.retryAfterS = retryAfterS;
  }
}
/** An outside system we depend on failed (SMTP, a payment provider). */
export class BadGateway extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}

/** A dependency of ours is unavailable for now (the database, a service over the bus); the client may retry. */
export class ServiceUnavailable extends AppError {
  constructor(message = 'The service is temporarily unavailable. Please try again in a moment.') {
    super(503, message);
  }
}

/** Seconds a client should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 2;

/** Postgres SQLSTATEs that mean "the database went away", not "your statement is wrong". */
const PG_UNAVAILABLE = /^(08000|08001|08003|08004|08006|57P01|57P02|57P03|53300)$/;
const CONNECTION_LOST =
  /connection terminated|not queryable|timeout exceeded when trying to connect|connection (error|refused|reset)|ECONNREFUSED|ECONNRESET|EPIPE/i;

/**
 * True when `err` (or an error it wraps: MikroORM's driver exceptions keep the pg error as `cause`) says the
 * database connection was lost or could not be had in time: a 503 the client can retry, never a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && (PG_UNAVAILABLE.test(e.code) || /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/.test(e.code)))
      return true;
    if (typeof e.message === 'string' && CONNECTION_LOST.test(e.message)) return true;
  }
  return false;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
export const statusText = (code: number) => STATUS_TEXT[code] ?? (code >= 500 ? 'Internal Server Error' : 'Error');

/**
 * zod issues as `{ path, message }`, with unknown keys named as their own path, and a refused key of a record
 * (a webhook's header name) told by its own rule's message rather than zod's "Invalid key in record".
 */
export function zodIssues(err: ZodError): { path: string; message: string }[] {
  return err.issues.flatMap((i) => {
    const base = i.path.map(String).join('.');
    if (i.code === 'unrecognized_keys') {
      return i.keys.map((k) => ({ path: base ? `${base}.${k}` : k, message: `Unknown field: ${k}` }));
    }
    if (i.code === 'invalid_key' && i.issues.length) return i.issues.map((k) => ({ path: base, message: k.message }));
    return [{ path: base, message: i.message }];
  });
}

/** Turns any thrown value into the status and body the client sees; 5xx bodies never echo internals. */
export function toErrorBody(err: unknown): ErrorBody {
  if (err instanceof ZodError) {
    const issues = zodIssues(err);
    const first = issues[0];
    return {
      statusCode: 400,
      error: statusText(400),
      message: first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input',
      issues,
    };
  }
  if (err instanceof AppError) {
    const body: ErrorBody = { statusCode: err.statusCode, error: statusText(err.statusCode), message: err.message };
    if (err.issues) body.issues = err.issues;
    if (err instanceof PermissionDenied) body.permission = err.permission;
    if (err.flags) Object.assign(body, err.flags);
    if (err.code) body.code = err.code;
    return body;
  }
  if (isDatabaseUnavailable(err)) return toErrorBody(new ServiceUnavailable());
  const fe = err as Partial<FastifyError> | undefined;
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { statusCode: status, error: statusText(status), message: fe?.message ?? statusText(status) };
  }
  if (status === 502 || status === 503 || status === 504) {
    return { statusCode: status, error: statusText(status), message: statusText(status) };
  }
  return { statusCode: 500, error: statusText(500), message: 'Something went wrong on our side. Please try again.' };
}

export type NotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

export function registerErrorHandling(app: FastifyInstance, notFound?: NotFoundHandler) {
  app.setErrorHandler((err, request, reply) => {
    const body = toErrorBody(err);
    // Fastify's own 413 (a body over the route's bodyLimit, by Content-Length or while it streams) says the limit.
    if ((err as Partial<FastifyError>).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      body.message = bodyTooLargeMessage(request.routeOptions.bodyLimit ?? 0);
    if (err instanceof TooManyRequests && err.retryAfterS !== undefined) void reply.header('retry-after', String(err.retryAfterS));
    if (body.statusCode === 503) {
      request.log.warn({ err }, 'request failed: a dependency is unavailable');
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (body.statusCode >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ statusCode: body.statusCode, message: body.message }, 'request refused');
    return reply.status(body.statusCode).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    if (notFound) return notFound(request, reply);
    return reply
      .status(404)
      .send({ statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
