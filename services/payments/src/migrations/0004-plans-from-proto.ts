import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The plans are no longer rows: their prices, limits and flags are proto's plan table (`PLAN_TABLE`), which the plan
 * chooser, the comparison table, the landing page and the enforcement all read, so they cannot disagree. The rows
 * 0002 seeded held the same figures; nothing refers to them (a subscription names its plan by `name`).
 */
export const m0004PlansFromProto = sqlMigration('0004_plans_from_proto', [`drop table payments.plans`]);
