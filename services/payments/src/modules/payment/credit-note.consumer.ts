import { CreditNoteEventData, CreditNoteEvents } from '@billpoint/proto';
import { consumeEvents, type ServiceContext, type Subscription } from '@billpoint/kit';
import type { CreditNoteRefunds } from './credit-note-refund.ts';

/**
 * `evt.billing.credit_note.created`: a `refund` credit note is recorded in the consumer's transaction (with the
 * processed-message row: a redelivery records nothing), then worked right after the commit; whatever the processors
 * refuse meanwhile is retried by the payments job (expiry.ts), so the event itself never waits for a processor.
 */
export async function creditNoteConsumers(ctx: ServiceContext, refunds: CreditNoteRefunds): Promise<Subscription[]> {
  return [
    await consumeEvents({
      orm: ctx.orm,
      schema: ctx.schema,
      bus: ctx.bus,
      logger: ctx.logger,
      durable: 'payments-credit-notes',
      subject: CreditNoteEvents.Created,
      parse: (data) => CreditNoteEventData.parse(data),
      handle: async (event, em) => void (await refunds.record(em, event.tenantId, event.data)),
      afterCommit: (event) => {
        if (event.data.resolution !== 'refund') return;
        refunds.settle(event.tenantId, event.data.id).catch((err: unknown) => {
          ctx.logger.error({ err, tenantId: event.tenantId, creditNoteId: event.data.id }, 'a credit note refund will be retried');
        });
      },
    }),
  ];
}
