import type { z } from 'zod';
import type { RpcContract } from '@billpoint/proto';
import {
  AppError,
  BadGateway,
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  ServiceUnavailable,
  TooManyRequests,
  Unprocessable,
  toErrorBody,
} from './errors.ts';
import type { Logger } from './logger.ts';
import { BusRequestError, BusTimeoutError, type Bus, type Headers, type Subscription } from './bus/types.ts';

export type { RpcContract } from '@billpoint/proto';

export interface RpcCallOptions {
  /** How long to wait for the answer (default 5 s). */
  timeoutMs?: number;
  headers?: Headers;
}

/**
 * Calls `contract` on the bus: the input is validated by the request schema (a ZodError, i.e. a 400, before
 * anything is sent), the answer by the response schema. Errors arrive as the kit's own classes, so a route that
 * calls another service answers as if the failure were its own: the remote's NotFound/Invalid (with its field
 * issues)/Conflict/Forbidden/Unprocessable/TooManyRequests as themselves; no responder or no answer in time →
 * ServiceUnavailable (503, retry); a remote failure or an answer outside the contract → BadGateway (502),
 * without the remote's internals.
 */
export async function rpcCall<Req extends z.ZodType, Res extends z.ZodType>(
  bus: Bus,
  contract: RpcContract<Req, Res>,
  input: z.input<Req>,
  opts: RpcCallOptions = {},
): Promise<z.output<Res>> {
  const request = contract.request.parse(input);
  let answer: unknown;
  try {
    answer = await bus.request(contract.subject, request, { timeoutMs: opts.timeoutMs ?? 5_000, headers: opts.headers });
  } catch (err) {
    throw fromRemote(contract, err);
  }
  const parsed = contract.response.safeParse(answer);
  if (!parsed.success) {
    throw new BadGateway(`The ${contract.service} service answered outside its contract.`);
  }
  return parsed.data;
}

function fromRemote(contract: RpcContract, err: unknown): unknown {
  if (err instanceof BusTimeoutError) return new ServiceUnavailable(`The ${contract.service} service did not answer. Please try again.`);
  if (!(err instanceof BusRequestError)) return err;
  switch (err.statusCode) {
    case 400:
      return new Invalid(err.message, err.issues);
    case 403:
      return new Forbidden(err.message);
    case 404:
      return new NotFound(err.message);
    case 409:
      return new Conflict(err.message);
    case 422:
      return new Unprocessable(err.message);
    case 429:
      return new TooManyRequests(err.message);
    case 503:
      return new ServiceUnavailable();
    default:
      return new BadGateway(`The ${contract.service} service could not answer.`);
  }
}

/** A rejection as it travels back to the caller: status, the error's class name, message and field issues. */
class ReplyError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly issues?: { path: string; message: string }[];
  constructor(err: unknown) {
    const body = toErrorBody(err); // 5xx messages never carry internals
    super(body.message);
    this.statusCode = body.statusCode;
    this.code = err instanceof AppError ? err.name : body.error;
    if (body.issues) this.issues = body.issues;
  }
}

export interface RpcRespondOptions {
  /** Where a handler's failure (5xx) is logged with the subject. */
  logger?: Logger;
  /** Queue group (default: the subject, so one replica answers each request). */
  queue?: string;
}

/**
 * Answers `contract` on the bus. The request is parsed with the contract's schema (a malformed one is answered
 * with a 400 naming the fields); the handler's answer is checked against the response schema (a mismatch is our
 * bug: a 500). Every rejection is answered as an error reply at once, never left to time out, with the status the
 * kit's error mapping gives it (`NotFound` → 404, …), which `rpcCall` turns back into the same class.
 */
export function rpcRespond<Req extends z.ZodType, Res extends z.ZodType>(
  bus: Bus,
  contract: RpcContract<Req, Res>,
  handler: (request: z.output<Req>, headers: Headers) => Promise<z.input<Res>>,
  opts: RpcRespondOptions = {},
): Promise<Subscription> {
  const subject = contract.subject;
  return bus.reply(
    subject,
    async (data, headers) => {
      try {
        const request = contract.request.parse(data);
        const answer = await handler(request, headers);
        const checked = contract.response.safeParse(answer);
        if (!checked.success) throw new Error(`the answer does not match the contract of ${subject}: ${checked.error.message}`);
        return checked.data;
      } catch (err) {
        const reply = new ReplyError(err);
        if (reply.statusCode >= 500) opts.logger?.error({ err, subject }, 'rpc handler failed; answering with an error');
        throw reply;
      }
    },
    { queue: opts.queue },
  );
}
