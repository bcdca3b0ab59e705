import type { z } from 'zod';
import { Customer } from './customer.ts';
import { CustomersGetRequest, Rpc } from './events.ts';

/**
 * A request/reply contract over the bus, written once: both the caller (`rpcCall`) and the responder
 * (`rpcRespond`) in the kit validate with these schemas.
 */
export interface RpcContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** `rpc.<service>.<operation>` */
  subject: string;
  /** The service that answers it (for error messages: "The customers service did not answer"). */
  service: string;
  request: Req;
  response: Res;
}

/** Checks the subject names its service (`rpc.<service>.<operation>`), so a contract cannot point elsewhere. */
export function defineRpc<Req extends z.ZodType, Res extends z.ZodType>(c: RpcContract<Req, Res>): RpcContract<Req, Res> {
  if (!/^[a-z][a-z0-9-]*$/.test(c.service) || !new RegExp(`^rpc\\.${c.service}(\\.[a-z][a-z0-9-]*)+$`).test(c.subject)) {
    throw new Error(`An RPC subject is rpc.<service>.<operation> of its service: ${c.subject} (${c.service})`);
  }
  return Object.freeze({ ...c });
}

/** { tenantId, id } → the customer, or null when that tenant has no such (or a deleted) customer. */
export const CustomersGetRpc = defineRpc({
  subject: Rpc.CustomersGet,
  service: 'customers',
  request: CustomersGetRequest,
  response: Customer.nullable(),
});
