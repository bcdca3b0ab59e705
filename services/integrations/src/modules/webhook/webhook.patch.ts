import type { Webhook, WebhookPatch } from '@billpoint/proto';
import type { Identity, ServiceContext } from '@billpoint/kit';
import { loadWebhook, writeWebhook } from './webhook.sql.ts';

/**
 * PATCH /api/integrations/webhooks/{id} (the public API): only the fields sent change, the others keep their stored
 * values; a URL sent passes the same rules as PUT's (`checkUrl`: the SSRF refusal of an address written as a private
 * one). Sending isActive true clears a 3-day disable, as PUT does; nothing sent answers the endpoint as it is. Like
 * PUT, an edit is no event (endpoint events are created and deleted only).
 */
export async function patchWebhook(
  ctx: ServiceContext,
  id: Identity,
  webhookId: number,
  input: WebhookPatch,
  checkUrl: (url: string) => void,
): Promise<Webhook> {
  if (input.url !== undefined) checkUrl(input.url);
  const sent = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as WebhookPatch;
  return ctx.tx(id, async (em) => {
    const current = await loadWebhook(em, id.tenantId, webhookId, true);
    if (!Object.keys(sent).length) return current;
    await writeWebhook(em, id.tenantId, webhookId, { ...current, ...sent }, sent.isActive === true);
    return loadWebhook(em, id.tenantId, webhookId);
  });
}
