import type { EntityManager } from '@billpoint/kit';

export const DEFAULT_PREFIX = 'INV';

/** `INV-0001`: the prefix, a dash and the sequence zero-padded to at least 4 digits. */
export const formatInvoiceNumber = (prefix: string, seq: number) => `${prefix}-${String(seq).padStart(4, '0')}`;

/** The same format in SQL (`lpad` would cut a longer sequence). */
const SQL_FORMAT = (prefix: string, seq: string) =>
  `${prefix} || '-' || case when ${seq} < 1000 then lpad(${seq}::text, 4, '0') else ${seq}::text end`;

/**
 * What the next create will get: the first sequence number from the tenant's counter on whose formatted number
 * no invoice exists (custom numbers may have taken some). A read: nothing is reserved. Run under the tenant (RLS).
 */
export const NEXT_NUMBER_SQL = `
  with n as (
    select coalesce(max(prefix), '${DEFAULT_PREFIX}') as prefix, coalesce(max(next_seq), 1) as start
    from billing.numbering where tenant_id = $1
  )
  select n.prefix, s.seq::text as seq from n cross join lateral (
    select g as seq from generate_series(n.start, n.start + 1000000) g
    where not exists (
      select 1 from billing.invoices i where i.tenant_id = $1 and i.invoice_number = ${SQL_FORMAT('n.prefix', 'g')}
    )
    limit 1
  ) s`;

/**
 * The numbering of one create, inside its transaction. `lock` takes the tenant's counter row FOR UPDATE, so the
 * creates of a tenant allocate one after another, and a create that rolls back leaves the counter as it was:
 * numbers are gap-free and never handed out twice.
 */
export class Numbering {
  readonly #em: EntityManager;
  readonly #tenantId: string;
  #prefix = DEFAULT_PREFIX;
  #seq = 0;
  constructor(em: EntityManager, tenantId: string) {
    this.#em = em;
    this.#tenantId = tenantId;
  }

  /** Locks the counter and finds the next free number; answers it (not yet taken). */
  async lock(): Promise<string> {
    await this.#em.execute(`insert into billing.numbering (tenant_id) values (?) on conflict do nothing`, [this.#tenantId]);
    const [row] = await this.#em.execute<{ prefix: string; next_seq: string }[]>(
      `select prefix, next_seq::text as next_seq from billing.numbering where tenant_id = ? for update`,
      [this.#tenantId],
    );
    this.#prefix = row!.prefix;
    for (let seq = Number(row!.next_seq); ; seq++) {
      const number = formatInvoiceNumber(this.#prefix, seq);
      const taken = await this.#em.execute(`select 1 from billing.invoices where tenant_id = ? and invoice_number = ?`, [
        this.#tenantId,
        number,
      ]);
      if (taken.length === 0) {
        this.#seq = seq;
        return number;
      }
    }
  }

  /** Takes the number `lock` found: the counter moves past it. */
  async take(): Promise<string> {
    await this.#em.execute(`update billing.numbering set next_seq = ? where tenant_id = ?`, [this.#seq + 1, this.#tenantId]);
    return formatInvoiceNumber(this.#prefix, this.#seq);
  }
}
