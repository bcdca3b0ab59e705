import { waitFor, type HttpClient, type TestDatabase } from '@billpoint/kit/testing';
import type { BillingCycle, PlanName } from '@billpoint/proto';

/** The tenant's plan row in a service's limits read model. */
export const limitsRow = async (db: TestDatabase, schema: string, tenantId: string) =>
  (
    await db.query<{ status: string; granted: { plan: PlanName }; trial: { plan: PlanName } | null; trial_ends_at: Date | null }>(
      `select status, granted, trial, trial_ends_at from ${schema}.plan_limits where tenant_id = $1`,
      [tenantId],
    )
  ).rows[0];

/** Chooses `plan` (demo mode) and waits until the enforcing services' read models have it. */
export async function choosePlan(db: TestDatabase, c: HttpClient, tenantId: string, plan: PlanName, cycle: BillingCycle = 'monthly') {
  const res = await c.post('/api/subscription/change', { planName: plan, billingCycle: cycle });
  if (res.status !== 200) throw new Error(`plan change failed: ${res.status} ${res.text}`);
  for (const schema of ['customers', 'billing', 'catalog', 'integrations', 'gateway'])
    await waitFor(async () => {
      const row = await limitsRow(db, schema, tenantId);
      return row?.status === 'active' && row.granted.plan === plan;
    });
}
