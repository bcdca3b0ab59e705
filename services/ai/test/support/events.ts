import { randomUUID } from 'node:crypto';
import type { Bus } from '@billpoint/kit';
import {
  DefaultExpenseCategories,
  ExpenseCategoryEvents,
  ExpenseEvents,
  type ExpenseCategory,
  type ExpenseEventData,
  type TrainingSource,
} from '@billpoint/proto';

/**
 * Publishes a real event envelope on the bus, as the tax service's outbox relay does (message id = envelope id).
 * `msgId` differs from the envelope id only to simulate a redelivery that the bus itself would not deduplicate.
 */
export async function publishEvent<T>(bus: Bus, subject: string, tenantId: string, data: T, o: { id?: string; msgId?: string } = {}) {
  const id = o.id ?? randomUUID();
  const envelope = { id, type: subject, occurredAt: new Date().toISOString(), tenantId, actorId: null, data };
  await bus.publish(subject, envelope, { msgId: o.msgId ?? id });
  return envelope;
}

let nextId = 900_000 + Math.floor(Math.random() * 1000) * 1000;
/** Category ids unique in this run (tax's ids are global identities). */
export const newId = () => ++nextId;

/** A category as the tax service describes it in its events. */
export const category = (o: Partial<ExpenseCategory> & { name: string }): ExpenseCategory => ({
  id: newId(),
  color: '#3B82F6',
  description: null,
  taxDeductible: true,
  keywords: [],
  isSystem: false,
  isActive: true,
  ...o,
});

/** The default categories of a tenant, published as tax publishes created categories; returns them by name. */
export async function publishDefaultCategories(bus: Bus, tenantId: string): Promise<Map<string, ExpenseCategory>> {
  const out = new Map<string, ExpenseCategory>();
  for (const d of DefaultExpenseCategories) {
    const c = category({ name: d.name, color: d.color, keywords: d.keywords, isSystem: true });
    out.set(c.name, c);
    await publishEvent(bus, ExpenseCategoryEvents.Created, tenantId, c);
  }
  return out;
}

/** An expense as tax's expense events carry it. */
export function expense(
  o: Partial<ExpenseEventData> & { description: string; categoryId: number | null; trainingSource?: TrainingSource },
): ExpenseEventData {
  const now = new Date().toISOString();
  return {
    id: newId(),
    amount: '42.00',
    currency: 'USD',
    date: '2026-05-01',
    vendor: null,
    category: null,
    notes: null,
    receipt: null,
    receiptUrl: null,
    paymentMethod: null,
    taxAmount: '0.00',
    isReimbursable: false,
    tags: [],
    suggestedCategoryId: null,
    categoryConfidence: null,
    manualCategoryOverride: o.trainingSource === 'manual_correction',
    trainingSource: 'user_input',
    duplicateChecksum: randomUUID(),
    possibleDuplicate: false,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    ...o,
  };
}

export const publishExpense = (bus: Bus, tenantId: string, e: ExpenseEventData, subject: string = ExpenseEvents.Created) =>
  publishEvent(bus, subject, tenantId, e);
