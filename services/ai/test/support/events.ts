import { randomUUID } from 'node:crypto';
import type { Bus } from '@billpoint/kit';
import { ExpenseEvents, type ExpenseEventData, type TrainingSource } from '@billpoint/proto';

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
/** Expense ids unique in this run (tax's ids are global identities). */
export const newId = () => ++nextId;

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
