import { randomUUID } from 'node:crypto';
import { WEBHOOK_DISABLE_AFTER_MS } from '@billpoint/proto';
import { scanTenants, type EntityManager, type ServiceContext } from '@billpoint/kit';
import { signatureHeaders, type SendResult, type Sender } from './webhook.sender.ts';

/**
 * Delays before retry n (1-based), in seconds: exponential-ish, ten retries spread over about a day (23.7 h), each
 * with ±20 % jitter so that endpoints that failed together do not all come back at once.
 */
export const RETRY_DELAYS_S = [30, 120, 600, 1800, 3600, 7200, 14_400, 21_600, 21_600, 14_400];
export const retryDelayMs = (retry: number, random: () => number = Math.random) =>
  Math.round(RETRY_DELAYS_S[Math.min(retry, RETRY_DELAYS_S.length) - 1]! * 1000 * (0.8 + 0.4 * random()));

/** Claim-send-record loops per tenant in a round. */
const LANES = 2;

/** A new delivery's message id: the `webhook-id` header, the same on every attempt. */
export const newMessageId = () => `msg_${randomUUID().replace(/-/g, '')}`;

interface Claimed {
  id: number;
  webhook_id: number;
  message_id: string;
  event_data: unknown;
  attempts: number;
  url: string;
  headers: Record<string, string>;
  secret: string;
  previous_secret: string | null;
  timeout_seconds: number;
  retry_attempts: number;
  usable: boolean;
}

/** The result standing for a delivery whose endpoint was deactivated or deleted after it was queued. */
const UNUSABLE: SendResult = { ok: false, status: null, body: null, error: 'The endpoint is inactive or deleted', durationMs: 0 };

export interface WorkerOptions {
  /** The clock deliveries are scheduled by (tests move it). */
  now?: () => Date;
  random?: () => number;
  concurrency?: number;
  /** Deliveries claimed per tenant per round. */
  batch?: number;
}

/**
 * Delivers due webhook deliveries, on every replica at once: a round lists the tenants with deliveries due (the
 * scan role), then per tenant claims a batch with FOR UPDATE SKIP LOCKED and leases them (next_retry_at moved past
 * the attempt's timeout) in one short transaction, sends outside any transaction, and records each result in its
 * own. A replica that dies mid-attempt leaves a lease that runs out: the delivery is attempted again, never lost.
 */
export class DeliveryWorker {
  readonly #ctx: ServiceContext;
  readonly #sender: Sender;
  readonly #now: () => Date;
  readonly #random: () => number;
  readonly #concurrency: number;
  readonly #batch: number;
  constructor(ctx: ServiceContext, sender: Sender, o: WorkerOptions = {}) {
    this.#ctx = ctx;
    this.#sender = sender;
    this.#now = o.now ?? (() => new Date());
    this.#random = o.random ?? Math.random;
    this.#concurrency = o.concurrency ?? 20;
    this.#batch = o.batch ?? 100;
  }

  #round: Promise<number> | undefined;
  #again = false;

  /**
   * New deliveries were just committed: run a round now rather than at the next poll (a round already running
   * runs once more after it), so a delivery leaves within milliseconds of its event, not up to WEBHOOK_POLL_MS.
   */
  nudge(): void {
    if (this.#round) {
      this.#again = true;
      return;
    }
    this.#round = this.runOnce()
      .catch((err: unknown) => {
        this.#ctx.logger.warn({ err }, 'webhook delivery round failed');
        return 0;
      })
      .finally(() => {
        this.#round = undefined;
        if (this.#again) {
          this.#again = false;
          this.nudge();
        }
      });
  }

  /** One round: every due delivery this replica can claim; answers how many it attempted. */
  async runOnce(): Promise<number> {
    const now = this.#now();
    const tenants = await scanTenants(this.#ctx.orm.em, this.#ctx.schema, (em) =>
      em.execute<{ tenant_id: string }[]>(
        `select distinct tenant_id from integrations.webhook_deliveries where status in ('pending', 'retrying') and next_retry_at <= ? limit 200`,
        [now],
      ),
    );
    let total = 0;
    // Per tenant, LANES claim-send-record loops at once (SKIP LOCKED keeps their batches apart), so one batch's
    // database round trips overlap another's sends instead of leaving the receivers idle.
    for (const { tenant_id } of tenants) {
      const lane = async () => {
        for (;;) {
          const claimed = await this.#claim(tenant_id, now);
          await this.#attemptAll(tenant_id, claimed);
          total += claimed.length;
          if (claimed.length < this.#batch) return;
        }
      };
      await Promise.all(Array.from({ length: LANES }, lane));
    }
    return total;
  }

  /** Attempts one delivery now, whatever its schedule (test sends, manual retries); answers when it is recorded. */
  async attemptNow(tenantId: string, deliveryId: number): Promise<void> {
    const claimed = await this.#claim(tenantId, this.#now(), deliveryId);
    await this.#attemptAll(tenantId, claimed);
  }

  async #claim(tenantId: string, now: Date, only?: number): Promise<Claimed[]> {
    return this.#ctx.tx({ tenantId }, async (em) => {
      const rows = await em.execute<Claimed[]>(
        `select d.id::float8 as id, d.webhook_id::float8 as webhook_id, d.message_id, d.event_data, d.attempts, w.url, w.headers, w.secret,
                case when w.previous_secret_expires_at > ? then w.previous_secret end as previous_secret,
                w.timeout_seconds, w.retry_attempts, (w.is_active and w.deleted_at is null) as usable
           from integrations.webhook_deliveries d join integrations.webhooks w on w.id = d.webhook_id and w.tenant_id = d.tenant_id
          where d.tenant_id = ? and ${only ? 'd.id = ?' : `d.status in ('pending', 'retrying') and d.next_retry_at <= ?`}
          order by d.next_retry_at, d.id limit ? for update of d skip locked`,
        [now, tenantId, only ?? now, this.#batch],
      );
      if (rows.length)
        await em.execute(
          `update integrations.webhook_deliveries d set next_retry_at = ?::timestamptz + make_interval(secs => w.timeout_seconds + 60)
             from integrations.webhooks w where w.id = d.webhook_id and d.id in (select x::bigint from jsonb_array_elements_text(?::jsonb) x)`,
          [now, JSON.stringify(rows.map((r) => r.id))],
        );
      return rows;
    });
  }

  /**
   * Sends a claimed batch (`concurrency` at a time), then records every result in one transaction: the successes in
   * two set-based statements, each failure with its retry schedule. A crash between a send and the record leaves the
   * lease to run out and the delivery is sent again with the same `webhook-id` (receivers drop repeats by it).
   */
  async #attemptAll(tenantId: string, claimed: Claimed[]) {
    const results: { d: Claimed; r: SendResult }[] = [];
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const d = claimed[next++]!;
        results.push({ d, r: d.usable ? await this.#send(d) : UNUSABLE });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.#concurrency, claimed.length) }, lane));
    if (!results.length) return;
    await this.#ctx.tx({ tenantId }, async (em) => {
      const now = this.#now();
      const ok = results.filter((x) => x.r.ok);
      if (ok.length) {
        await em.execute(
          `update integrations.webhook_deliveries d set status = 'success', attempts = d.attempts + 1, response_status = x.status,
              response_body = x.body, error_message = null, duration_ms = x.duration, delivered_at = ?, next_retry_at = null,
              last_attempt_at = ?
             from jsonb_to_recordset(?::jsonb) as x (id bigint, status int, body text, duration int)
            where d.id = x.id and d.tenant_id = ?`,
          [
            now,
            now,
            JSON.stringify(ok.map(({ d, r }) => ({ id: d.id, status: r.status, body: r.body, duration: r.durationMs }))),
            tenantId,
          ],
        );
        await em.execute(
          `update integrations.webhooks set failing_since = null, last_triggered_at = ?
            where tenant_id = ? and id in (select x::bigint from jsonb_array_elements_text(?::jsonb) x)`,
          [now, tenantId, JSON.stringify([...new Set(ok.map(({ d }) => d.webhook_id))])],
        );
      }
      for (const { d, r } of results.filter((x) => !x.r.ok)) {
        if (r === UNUSABLE)
          await em.execute(
            `update integrations.webhook_deliveries set status = 'failed', next_retry_at = null, error_message = ? where id = ? and tenant_id = ?`,
            ['The endpoint is inactive or deleted', d.id, tenantId],
          );
        else await this.#record(em, tenantId, d, r);
      }
    });
  }

  async #send(d: Claimed): Promise<SendResult> {
    const body = JSON.stringify(d.event_data);
    const timestamp = Math.floor(Date.now() / 1000); // the attempt's real time: receivers check it against theirs
    const secrets = d.previous_secret ? [d.secret, d.previous_secret] : [d.secret];
    try {
      return await this.#sender.send({
        url: d.url,
        body,
        timeoutMs: d.timeout_seconds * 1000,
        headers: { ...d.headers, ...signatureHeaders({ msgId: d.message_id, timestamp, body, secrets }) },
      });
    } catch (err) {
      return { ok: false, status: null, body: null, error: err instanceof Error ? err.message : String(err), durationMs: 0 };
    }
  }

  async #record(em: EntityManager, tenantId: string, d: Claimed, r: SendResult) {
    const now = this.#now();
    const attempts = d.attempts + 1;
    const final = r.ok || attempts > d.retry_attempts;
    const status = r.ok ? 'success' : final ? 'failed' : 'retrying';
    const nextAt = final ? null : new Date(now.getTime() + retryDelayMs(attempts, this.#random));
    await em.execute(
      `update integrations.webhook_deliveries set status = ?, attempts = ?, response_status = ?, response_body = ?, error_message = ?,
          duration_ms = ?, delivered_at = ?, next_retry_at = ?, last_attempt_at = ? where id = ? and tenant_id = ?`,
      [status, attempts, r.status, r.body, r.error?.slice(0, 2000) ?? null, r.durationMs, r.ok ? now : null, nextAt, now, d.id, tenantId],
    );
    if (r.ok) {
      await em.execute(`update integrations.webhooks set failing_since = null, last_triggered_at = ? where id = ? and tenant_id = ?`, [
        now,
        d.webhook_id,
        tenantId,
      ]);
      return;
    }
    // Failing since the first failure after a success; failing for 3 days switches the endpoint off (the screen says so).
    await em.execute(
      `update integrations.webhooks set last_triggered_at = ?, failing_since = coalesce(failing_since, ?::timestamptz),
          is_active = case when coalesce(failing_since, ?::timestamptz) <= ?::timestamptz - make_interval(secs => ?) then false else is_active end,
          disabled_at = case when is_active and coalesce(failing_since, ?::timestamptz) <= ?::timestamptz - make_interval(secs => ?)
                             then ?::timestamptz else disabled_at end,
          disabled_reason = case when is_active and coalesce(failing_since, ?::timestamptz) <= ?::timestamptz - make_interval(secs => ?)
                             then 'Deliveries failed for 3 days: the endpoint was disabled. Fix it, then switch it on again.' else disabled_reason end
        where id = ? and tenant_id = ?`,
      [
        now,
        now,
        now,
        now,
        WEBHOOK_DISABLE_AFTER_MS / 1000,
        now,
        now,
        WEBHOOK_DISABLE_AFTER_MS / 1000,
        now,
        now,
        now,
        WEBHOOK_DISABLE_AFTER_MS / 1000,
        d.webhook_id,
        tenantId,
      ],
    );
  }
}
