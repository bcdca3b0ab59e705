/** What the insight rules (rules.ts and its families here) share: their shapes and helpers (texts are written with `Formats`). */
import { divRound, fromCents, type AiInsight } from '@billpoint/proto';
export type { Formats } from '../format.ts';

/** An insight as a rule makes it (the store adds id and createdAt). */
export type DraftInsight = Omit<AiInsight, 'id' | 'createdAt'>;

/** Runs one tenant-scoped statement ($1 = tenant id, $2 = today as YYYY-MM-DD). */
export type Query = <R>(sql: string) => Promise<R[]>;

/** Open invoices: issued, not settled. */
export const OPEN = `status in ('sent', 'viewed', 'overdue') and balance_due > 0`;
/** An estimated value: cents as a decimal amount, in a currency. */
export const money = (c: bigint, currency: string) => ({ amount: fromCents(c), currency });
/** a / b as a whole percent (display only; the decisions compare cents). */
export const pct = (a: bigint, b: bigint) => (b === 0n ? 0 : Number(divRound(a * 100n, b)));
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const names = (list: string[]) => (list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`);
