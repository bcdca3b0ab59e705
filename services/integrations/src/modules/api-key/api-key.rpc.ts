import { IntegrationsApiKeyVerifyRpc } from '@billpoint/proto';
import { rpcRespond, type ServiceContext, type Subscription } from '@billpoint/kit';
import type { ApiKeyService } from './api-key.service.ts';

/** `rpc.integrations.api-key.verify`: the gateway's key check by SHA-256 (the key itself never travels). */
export function apiKeyResponder(ctx: ServiceContext, keys: ApiKeyService): Promise<Subscription> {
  return rpcRespond(ctx.bus, IntegrationsApiKeyVerifyRpc, ({ keyHash }) => keys.verify(keyHash), { logger: ctx.logger });
}
