import { randomBytes } from 'node:crypto';
import type { ApiKeyBody } from '@billpoint/proto';
import {
  apiAccessMessage,
  API_KEY_PREFIX,
  API_KEY_PREFIX_LENGTH,
  API_KEY_RANDOM_LENGTH,
  ApiKeyEvents,
  apiKeyChecksum,
  checkApiKeyFormat,
  IntegrationMessages,
  maskApiKey,
  toBase62,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyGrant,
  type ApiKeyScope,
  type ApiUsageStats,
  type TestApiKeyResult,
} from '@billpoint/proto';
import {
  addEvent,
  Forbidden,
  hashApiKey,
  NotFound,
  planLimits,
  scanTenants,
  type EntityManager,
  type Identity,
  type PlanLimits,
  type ServiceContext,
} from '@billpoint/kit';
import type { z } from 'zod';
import { ts } from '../shared.ts';

type Tenant = Pick<Identity, 'tenantId'>;

/** A new key: bp_ + 32 random bytes in base62 (43 characters) + the base62 CRC32 of those (6). */
export function generateApiKey(): string {
  const random = toBase62(BigInt(`0x${randomBytes(32).toString('hex')}`), API_KEY_RANDOM_LENGTH);
  return `${API_KEY_PREFIX}${random}${apiKeyChecksum(random)}`;
}

const KEY_COLUMNS = `k.id::float8 as id, k.name, k.key_prefix, k.permissions, k.rate_limit, k.is_active, ${ts('k.expires_at')} as expires_at,
  ${ts('k.last_used_at')} as last_used_at, k.created_by, ${ts('k.created_at')} as created_at`;
interface KeyRow {
  id: number;
  name: string;
  key_prefix: string;
  permissions: string[];
  rate_limit: number;
  is_active: boolean;
  expires_at: string | null;
  last_used_at: string | null;
  created_by: string | null;
  created_at: string;
}
const toApiKey = (r: KeyRow): ApiKey => ({
  id: r.id,
  name: r.name,
  keyPrefix: r.key_prefix,
  maskedKey: maskApiKey(r.key_prefix),
  permissions: r.permissions as ApiKeyScope[],
  rateLimit: r.rate_limit,
  isActive: r.is_active,
  expiresAt: r.expires_at,
  lastUsedAt: r.last_used_at,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

const COUNT_SQL = `select count(*)::int as n from (select 1 from integrations.api_keys where tenant_id = ? and revoked_at is null limit ?) k`;

/** API keys: create (the key shown once), list, revoke, test; the gateway's verify; usage stats. */
export class ApiKeyService {
  readonly #ctx: ServiceContext;
  readonly #limits: PlanLimits;
  readonly #now: () => Date;
  constructor(ctx: ServiceContext, o: { limits?: PlanLimits; now?: () => Date } = {}) {
    this.#ctx = ctx;
    this.#limits = o.limits ?? planLimits(ctx);
    this.#now = o.now ?? (() => new Date());
  }

  async list(id: Tenant): Promise<ApiKey[]> {
    const rows = await this.#ctx.reader.query<KeyRow>(
      id.tenantId,
      `select ${KEY_COLUMNS} from integrations.api_keys k where k.tenant_id = $1 and k.revoked_at is null order by k.created_at desc, k.id desc`,
      [id.tenantId],
    );
    return rows.map(toApiKey);
  }

  /**
   * A plan without API access (`hasApiAccess`; the trial's grant while it runs) creates no key: 403 naming the plan.
   * Keys made before a downgrade stay listed and revocable; the gateway refuses their calls while the plan lacks access.
   */
  async create(id: Identity, input: z.output<typeof ApiKeyBody>): Promise<ApiKeyCreated> {
    const applies = await this.#limits.grant(id.tenantId);
    if (applies && !applies.grant.flags.hasApiAccess)
      throw new Forbidden(apiAccessMessage(applies.grant, applies.trial, 'create API keys'));
    const limit = await this.#limits.check(id.tenantId, 'apiKeys');
    const actualKey = generateApiKey();
    const apiKey = await this.#ctx.tx(id, async (em) => {
      await limit(em, async (tem, max) => (await tem.execute<{ n: number }[]>(COUNT_SQL, [id.tenantId, max]))[0]!.n);
      const [row] = await em.execute<{ id: number }[]>(
        `insert into integrations.api_keys (tenant_id, name, key_hash, key_prefix, permissions, rate_limit, is_active, expires_at, created_by)
         values (?, ?, ?, ?, ?::text[], ?, ?, ?, ?) returning id::float8 as id`,
        [
          id.tenantId,
          input.name,
          hashApiKey(actualKey),
          actualKey.slice(0, API_KEY_PREFIX_LENGTH),
          `{${input.permissions.map((p) => `"${p}"`).join(',')}}`,
          input.rateLimit,
          input.isActive,
          input.expiresAt,
          id.userId,
        ],
      );
      const created = await this.#load(em, id.tenantId, row!.id);
      addEvent(em, { subject: ApiKeyEvents.Created, tenantId: id.tenantId, actorId: id.userId, data: created });
      return created;
    });
    return { apiKey, actualKey };
  }

  /** Revokes: the key stops working at once (the gateway drops it from its cache on the event); its usage stays. */
  async revoke(id: Identity, keyId: number): Promise<void> {
    await this.#ctx.tx(id, async (em) => {
      const rows = await em.execute<{ id: number }[]>(
        `update integrations.api_keys set revoked_at = now(), is_active = false where id = ? and tenant_id = ? and revoked_at is null returning id::float8 as id`,
        [keyId, id.tenantId],
      );
      if (!rows.length) throw new NotFound('API key not found');
      const revoked = await this.#load(em, id.tenantId, keyId, true);
      addEvent(em, { subject: ApiKeyEvents.Revoked, tenantId: id.tenantId, actorId: id.userId, data: revoked });
    });
  }

  /** POST /test-api-key: is this one of the organization's keys, and would it work now (the plan's API access too)? */
  async test(id: Tenant, key: string): Promise<TestApiKeyResult> {
    const format = checkApiKeyFormat(key);
    if (format === 'malformed') return { success: false, message: IntegrationMessages.keyMalformed };
    if (format === 'checksum') return { success: false, message: IntegrationMessages.keyChecksum };
    const [row] = await this.#ctx.reader.query<{ is_active: boolean; expired: boolean }>(
      id.tenantId,
      `select is_active, coalesce(expires_at <= $3::timestamptz, false) as expired from integrations.api_keys
        where tenant_id = $1 and key_hash = $2 and revoked_at is null`,
      [id.tenantId, hashApiKey(key), this.#now().toISOString()],
    );
    if (!row) return { success: false, message: IntegrationMessages.keyUnknown };
    if (!row.is_active) return { success: false, message: IntegrationMessages.keyInactive };
    if (row.expired) return { success: false, message: IntegrationMessages.keyExpired };
    const applies = await this.#limits.grant(id.tenantId);
    if (applies && !applies.grant.flags.hasApiAccess)
      return { success: false, message: apiAccessMessage(applies.grant, applies.trial, 'use the API') };
    return { success: true, message: IntegrationMessages.keyValid };
  }

  /** The gateway's check, by hash across tenants (the scan role may read exactly these columns of api_keys). */
  async verify(keyHash: string): Promise<ApiKeyGrant | null> {
    const rows = await scanTenants(this.#ctx.orm.em, this.#ctx.schema, (em) =>
      em.execute<
        {
          id: number;
          tenant_id: string;
          key_prefix: string;
          permissions: string[];
          rate_limit: number;
          created_by: string | null;
          expires_at: string | null;
        }[]
      >(
        `select id::float8 as id, tenant_id, key_prefix, permissions, rate_limit, created_by, ${ts('expires_at')} as expires_at
           from integrations.api_keys
          where key_hash = ? and revoked_at is null and is_active and (expires_at is null or expires_at > ?)`,
        [keyHash, this.#now()],
      ),
    );
    const r = rows[0];
    if (!r) return null;
    return {
      tenantId: r.tenant_id,
      keyId: r.id,
      keyPrefix: r.key_prefix,
      createdBy: r.created_by,
      scopes: r.permissions as ApiKeyScope[],
      rateLimit: r.rate_limit,
      expiresAt: r.expires_at,
    };
  }

  /** This month's and today's requests (UTC), per key and in all; error rate and latency percentiles. */
  async usageStats(id: Tenant): Promise<ApiUsageStats> {
    const now = this.#now();
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
    const rows = await this.#ctx.reader.query<{
      id: number | null;
      name: string | null;
      key_prefix: string | null;
      last_used_at: string | null;
      month: string;
      today: string;
      failed: string;
      avg: string | null;
      p95: string | null;
    }>(
      id.tenantId,
      `with u as (select * from integrations.api_usage where tenant_id = $1 and at >= $2::timestamptz and at <= $4::timestamptz)
       select k.id::float8 as id, k.name, k.key_prefix, ${ts('k.last_used_at')} as last_used_at,
              count(u.id)::text as month, count(u.id) filter (where u.at >= $3::timestamptz)::text as today,
              count(u.id) filter (where u.status_code >= 400)::text as failed,
              avg(u.response_time_ms)::text as avg,
              percentile_cont(0.95) within group (order by u.response_time_ms)::text as p95
         from integrations.api_keys k left join u on u.api_key_id = k.id
        where k.tenant_id = $1 and (k.revoked_at is null or u.id is not null)
        group by grouping sets ((k.id, k.name, k.key_prefix, k.last_used_at, k.created_at), ())
        order by k.created_at desc nulls last`,
      [id.tenantId, month, day, now.toISOString()],
    );
    const rate = (failed: number, total: number) => (total ? Math.round((failed / total) * 10_000) / 10_000 : 0);
    const ms = (v: string | null) => (v == null ? null : Math.round(Number(v) * 10) / 10);
    const all = rows.find((r) => r.id === null)!;
    const keys = rows.filter((r) => r.id !== null);
    const [active] = await this.#ctx.reader.query<{ n: number }>(
      id.tenantId,
      `select count(*)::int as n from integrations.api_keys where tenant_id = $1 and revoked_at is null and is_active
          and (expires_at is null or expires_at > $2::timestamptz)`,
      [id.tenantId, now.toISOString()],
    );
    const total = Number(all?.month ?? 0);
    const failed = Number(all?.failed ?? 0);
    return {
      totalRequests: total,
      successfulRequests: total - failed,
      failedRequests: failed,
      requestsToday: Number(all?.today ?? 0),
      errorRate: rate(failed, total),
      averageResponseTimeMs: ms(all?.avg ?? null),
      p95LatencyMs: ms(all?.p95 ?? null),
      activeKeys: active?.n ?? 0,
      keys: keys.map((r) => ({
        keyId: r.id!,
        name: r.name!,
        keyPrefix: r.key_prefix!,
        requestsToday: Number(r.today),
        requestsThisMonth: Number(r.month),
        errorRate: rate(Number(r.failed), Number(r.month)),
        p95LatencyMs: ms(r.p95),
        lastUsedAt: r.last_used_at,
      })),
    };
  }

  async #load(em: EntityManager, tenantId: string, keyId: number, revoked = false): Promise<ApiKey> {
    const [row] = await em.execute<KeyRow[]>(
      `select ${KEY_COLUMNS} from integrations.api_keys k where k.id = ? and k.tenant_id = ?${revoked ? '' : ' and k.revoked_at is null'}`,
      [keyId, tenantId],
    );
    if (!row) throw new NotFound('API key not found');
    return toApiKey(row);
  }
}
