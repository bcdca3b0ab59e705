import type { z } from 'zod';
import type { RpcContract } from '@billpoint/proto';
import { BusRequestError, BusTimeoutError, type Bus, type Headers as BusHeaders, type Subscription } from './bus/types.ts';
import { AppError, BadGateway, Conflict, Invalid, NotFound, ServiceUnavailable, toErrorBody } from './errors.ts';

export interface RpcCallOptions {
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/**
 * Calls a request/reply contract: the request is validated before it leaves, the answer before it is used.
 * Failures come back as the kit's errors, so an HTTP handler maps them like its own: the responder's 400/404/409
 * as Invalid/NotFound/Conflict; no answer in time (or no responder) and the responder's 503 as a 503 the client
 * may retry; anything else the responder failed with, or an answer outside the contract, as a 502.
 */
export async function rpcCall<Req extends z.ZodType, Res extends z.ZodType>(
  bus: Bus,
  contract: RpcContract<Req, Res>,
  input: z.input<Req>,
  o: RpcCallOptions = {},
): Promise<z.output<Res>> {
  const request = contract.request.parse(input);
  let answer: unknown;
  try {
    answer = await bus.request(contract.subject, request, { timeoutMs: o.timeoutMs ?? 5_000, headers: o.headers });
  } catch (err) {
    if (err instanceof BusTimeoutError) throw new ServiceUnavailable(`The ${contract.service} service did not answer. Please try again.`);
    if (err instanceof BusRequestError) {
      if (err.statusCode === 400) throw new Invalid(err.message);
      if (err.statusCode === 404) throw new NotFound(err.message);
      if (err.statusCode === 409) throw new Conflict(err.message);
      if (err.statusCode === 503) throw new ServiceUnavailable(err.message);
      throw new BadGateway(`The ${contract.service} service could not answer.`);
    }
    throw err;
  }
  const parsed = contract.response.safeParse(answer);
  if (!parsed.success) throw new BadGateway(`The ${contract.service} service answered outside its contract.`);
  return parsed.data;
}

/**
 * Answers a request/reply contract. A request outside the contract gets a 400 reply; a rejection of the handler
 * always gets an error reply (never a timeout) with the status the kit maps it to over HTTP — a lost database
 * connection is a 503 the caller may retry, a bug a 500 without its internals.
 */
export function rpcRespond<Req extends z.ZodType, Res extends z.ZodType>(
  bus: Bus,
  contract: RpcContract<Req, Res>,
  handler: (request: z.output<Req>, headers: BusHeaders) => Promise<z.input<Res>>,
): Promise<Subscription> {
  return bus.reply(contract.subject, async (data, headers) => {
    let answer: z.input<Res>;
    try {
      answer = await handler(contract.request.parse(data), headers);
    } catch (err) {
      const body = toErrorBody(err);
      throw new AppError(body.statusCode, body.message);
    }
    const parsed = contract.response.safeParse(answer);
    // Our own answer outside the contract is our bug: a 500 for the caller, never the bad value.
    if (!parsed.success) throw new AppError(500, `${contract.subject}: the answer does not match its contract`);
    return parsed.data;
  });
}
