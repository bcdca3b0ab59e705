import { planLimitsTableSql, sqlMigration } from '@billpoint/kit';

/**
 * The gateway's read model of each tenant's plan (kit "Plan limits"): `/api/v1` refuses the keys of a tenant whose
 * plan has no API access, judged at every call from this table, which `evt.payments.plan.changed` keeps current.
 */
export const m0005PlanLimits = sqlMigration('0005_plan_limits', [...planLimitsTableSql('gateway')]);
