import { LRUCache } from 'lru-cache';
import { tenantEm, type EntityManager } from '@billpoint/kit';
import { API_VERSIONS, CURRENT_API_VERSION, type ApiVersion } from '@billpoint/proto';

const isVersion = (v: string): v is ApiVersion => (API_VERSIONS as readonly string[]).includes(v);

/**
 * Each organization's API version: pinned to the current version at its first call and kept from then on,
 * so a later version's changes never reach an integration that did not ask for them. A pin never changes once
 * made, so each replica keeps the pins it has read.
 */
export class ApiVersions {
  readonly #root: EntityManager;
  readonly #pins = new LRUCache<string, ApiVersion>({ max: 50_000 });

  constructor(root: EntityManager) {
    this.#root = root;
  }

  /** The organization's pin if this replica has read it (no round trip, nothing written). */
  known(tenantId: string): ApiVersion | undefined {
    return this.#pins.get(tenantId);
  }

  /** The version a call answers in: the one it names (checked by the caller), else the organization's pin. */
  async pinned(tenantId: string): Promise<ApiVersion> {
    const hit = this.#pins.get(tenantId);
    if (hit) return hit;
    const em = tenantEm(this.#root, { tenantId });
    const rows = await em.transactional((tx) =>
      tx.execute<{ version: string }[]>(
        `with pin as (
           insert into gateway.api_versions (tenant_id, version) values (?, ?) on conflict (tenant_id) do nothing returning version
         )
         select version from pin union all select version from gateway.api_versions where tenant_id = ?`,
        [tenantId, CURRENT_API_VERSION, tenantId],
      ),
    );
    const stored = rows[0]?.version ?? CURRENT_API_VERSION;
    const version = isVersion(stored) ? stored : CURRENT_API_VERSION;
    this.#pins.set(tenantId, version);
    return version;
  }
}

export { isVersion as isApiVersion };
