import { planLimitsTableSql, sqlMigration } from '@billpoint/kit';

/** The plan-limits read model (kit `planLimits`): what each tenant's plan allows, fed by `plan.changed`. */
export const m0009PlanLimits = sqlMigration('0009_plan_limits', planLimitsTableSql('billing'));
