import { fromMills, PaymentsConfigRpc, PaymentsPaidRpc, type PaymentConfig } from '@billpoint/proto';
import { rpcRespond, type ServiceContext, type Subscription } from '@billpoint/kit';
import { paidMills } from './balance.ts';

/** Responders: how the pay page may take money (billing adds it to the public invoice), and an invoice's paid sum. */
export async function paymentResponders(ctx: ServiceContext, config: PaymentConfig): Promise<Subscription[]> {
  return [
    await rpcRespond(ctx.bus, PaymentsConfigRpc, async () => config, { logger: ctx.logger }),
    await rpcRespond(
      ctx.bus,
      PaymentsPaidRpc,
      async ({ tenantId, invoiceId }) => ({
        amountPaid: fromMills(await ctx.tx({ tenantId }, (em) => paidMills(em, tenantId, invoiceId))),
      }),
      { logger: ctx.logger },
    ),
  ];
}
