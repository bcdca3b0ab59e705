import type { EntityManager } from '@mikro-orm/postgresql';
import {
  effectiveGrant,
  LimitedResources,
  limitMessage,
  PaymentsPlanGetRpc,
  PlanChangedData,
  PlanEvents,
  type LimitedResource,
  type PlanGrant,
  type TenantPlan,
} from '@billpoint/proto';
import { ident, tenantRlsSql } from './db.ts';
import { Forbidden } from './errors.ts';
import { readModel } from './read-model.ts';
import type { ServiceContext } from './service.ts';
import type { Subscription } from './bus/types.ts';

/**
 * The table of the plan-limits read model, for a migration of each service that enforces a limit: print these
 * statements once and paste them into the migration as literal SQL (a migration imports only the kit's migration
 * module). Its key is the tenant (`id` = `tenant_id`): one row each.
 */
export function planLimitsTableSql(schema: string): string[] {
  return [
    `create table ${ident(schema)}.plan_limits (
      tenant_id uuid not null,
      id uuid not null,
      version timestamptz,
      deleted boolean not null default false,
      status text,
      granted jsonb,
      trial jsonb,
      trial_ends_at timestamptz,
      primary key (tenant_id, id)
    )`,
    ...tenantRlsSql(schema, 'plan_limits'),
  ];
}

export interface PlanLimitsOptions {
  /** After payments did not answer for a tenant's plan, how long to use only the local row before asking again (10 s). */
  retryUnansweredMs?: number;
  /** The clock that decides whether a trial still runs (tests move it). */
  now?: () => Date;
  /** How long a miss waits for the payments service (default 2 s). */
  fillTimeoutMs?: number;
}

/** Runs inside the creating transaction: refuses (403 naming the limit and the plan) when one more would exceed it. */
export type LimitCheck = (em: EntityManager, count: (em: EntityManager, limit: number) => Promise<number>) => Promise<void>;

export interface PlanLimits {
  /** The consumer of `plan.changed` that keeps the local table current. */
  start(): Promise<Subscription>;
  /** What the tenant's plan grants now (the trial's grant while it runs); null when it cannot be known. */
  grant(tenantId: string): Promise<{ grant: PlanGrant; trial: boolean } | null>;
  /** Call before the creating transaction (it may ask the payments service); run the answer inside it. */
  check(tenantId: string, resource: LimitedResource): Promise<LimitCheck>;
}

const unlimited: LimitCheck = async () => {};

/**
 * Plan limits, enforced where things are created. Why a read model and not a call to payments per creation: the
 * hot paths (an invoice is one statement) get one local primary-key read instead of a bus round trip; a creation
 * keeps working while payments is away; a plan change reaches every replica as soon as its event is consumed (no
 * cache to expire). The event carries the trial's end, so a trial ends on time without another event. A miss
 * (a tenant whose plan has not arrived yet) asks payments over `PaymentsPlanGetRpc`, which starts a first-seen
 * tenant's trial.
 *
 * The count is the creating service's own rows, taken inside the creating transaction under a per-tenant,
 * per-resource advisory lock, so concurrent creations at the boundary cannot both pass. Unlimited plans take
 * neither the lock nor the count. If the plan cannot be known (no row and payments does not answer) the creation
 * goes through, logged: limits are a commercial rule, and an outage of payments must not stop invoicing.
 */
export function planLimits(
  ctx: Pick<ServiceContext, 'orm' | 'schema' | 'bus' | 'logger' | 'reader' | 'tx' | 'name'>,
  o: PlanLimitsOptions = {},
): PlanLimits {
  const now = o.now ?? (() => new Date());
  const model = readModel(ctx, {
    table: 'plan_limits',
    durable: `${ctx.name}-plan-limits`,
    subject: PlanEvents.Changed,
    upsertOn: { [PlanEvents.Changed]: PlanChangedData },
    deleteOn: {},
    key: (p: TenantPlan) => p.tenantId,
    version: (p) => p.updatedAt,
    columns: {
      status: (p) => p.status,
      granted: (p) => JSON.stringify(p.granted),
      trial: (p) => (p.trial ? JSON.stringify(p.trial) : null),
      trial_ends_at: (p) => p.trialEndsAt,
    },
    fill: { contract: PaymentsPlanGetRpc, request: (tenantId) => ({ tenantId }), timeoutMs: o.fillTimeoutMs ?? 2_000 },
  });

  // Tenants whose plan payments did not give when asked, until when: meanwhile only the local row is read, so an
  // outage of payments costs each call neither a round trip (up to the fill timeout) nor a warning.
  const unanswered = new Map<string, number>();
  const self: PlanLimits = {
    start: () => model.start(),

    async grant(tenantId) {
      let row;
      const quietUntil = unanswered.get(tenantId);
      try {
        if (quietUntil !== undefined && quietUntil > Date.now()) {
          const known = await model.find(tenantId, tenantId);
          row = known && !known.deleted ? known : null;
        } else row = await model.get(tenantId, tenantId);
      } catch (err) {
        if (unanswered.size > 10_000) unanswered.clear();
        unanswered.set(tenantId, Date.now() + (o.retryUnansweredMs ?? 10_000));
        ctx.logger.warn({ err, tenantId }, 'the tenant’s plan is unknown (payments did not answer); limits not enforced');
        return null;
      }
      if (!row) return null;
      const plan = {
        granted: row.granted as PlanGrant,
        trial: row.trial as PlanGrant | null,
        trialEndsAt: row.trial_ends_at as Date | null,
      };
      return effectiveGrant(plan, now());
    },

    async check(tenantId, resource) {
      const applies = await self.grant(tenantId);
      const limit = applies?.grant.limits[LimitedResources[resource].limit] ?? null;
      if (!applies || limit === null) return unlimited;
      const lockKey = `${ctx.schema}.limit.${resource}:${tenantId}`;
      return async (em, count) => {
        await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [lockKey]);
        if ((await count(em, limit)) >= limit)
          throw new Forbidden(limitMessage(applies.grant, applies.trial, resource, limit), 'plan_limit_reached');
      };
    },
  };
  return self;
}
