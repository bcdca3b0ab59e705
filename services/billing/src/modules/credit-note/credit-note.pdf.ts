import type { Identity, ServiceContext } from '@billpoint/kit';
import { loadSender } from '../invoice/invoice.send.ts';
import { creditNotePdf } from '../invoice/pdf/index.ts';
import { getCreditNote } from './credit-note.list.ts';

/**
 * GET /api/credit-notes/{id}/pdf: "Credit Note CN-0001" in the layout of the corrected invoice's template (else the
 * tenant's default, else the built-in classic), with the file name it is served under.
 */
export async function creditNotePdfOf(ctx: ServiceContext, id: Pick<Identity, 'tenantId'>, noteId: number) {
  const note = await getCreditNote(ctx, id, noteId);
  const [template] = await ctx.reader.query<{ template_id: string | null }>(
    id.tenantId,
    `select template_id::text as template_id from billing.invoices where id = $1 and tenant_id = $2`,
    [note.invoiceId, id.tenantId],
  );
  const sender = await loadSender(ctx, id.tenantId);
  const design = await sender.design(template?.template_id == null ? null : Number(template.template_id));
  return { filename: `credit-note-${note.creditNoteNumber}.pdf`, stream: creditNotePdf(note, sender, design) };
}
