import { planLimitsTableSql, sqlMigration } from '@billpoint/kit';

/** The plan-limits read model (kit `planLimits`): what each tenant's plan allows, fed by `plan.changed`. */
export const m0002PlanLimits = sqlMigration('0002_plan_limits', planLimitsTableSql('catalog'));
