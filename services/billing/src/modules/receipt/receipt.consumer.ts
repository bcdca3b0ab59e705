import { ReceiptCreatedData, ReceiptEvents } from '@billpoint/proto';
import { consumeEvents, type Mailer, type ServiceContext } from '@billpoint/kit';
import { storeReceipt } from './receipt.store.ts';
import { deliverReceipts } from './receipt.mail.ts';

/**
 * `evt.payments.receipt.created`: the receipt is kept (once, numbered), and once that has committed its e-mail goes
 * out (deliverReceipts: exactly once; the receipts job retries what is left pending).
 */
export function receiptsConsumer(ctx: ServiceContext, mailer: Mailer) {
  return consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable: 'billing-receipts',
    subject: ReceiptEvents.Created,
    parse: (data) => ReceiptCreatedData.parse(data),
    handle: async (event, em) => void (await storeReceipt(em, event.tenantId, event.data)),
    afterCommit: (event) =>
      void deliverReceipts(ctx, mailer, { tenantId: event.tenantId }).catch((err: unknown) =>
        ctx.logger.warn({ err, tenantId: event.tenantId }, 'receipt e-mails after a receipt failed; the job retries them'),
      ),
  });
}
