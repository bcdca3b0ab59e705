import type { ServiceContext } from '@billpoint/kit';

export interface CustomerRow {
  id: number;
  name: string;
  company: string | null;
  currency: string | null;
  payment_terms: number | null;
  score: number;
}
export interface ProductRow {
  ord: number;
  id: number;
  name: string;
  price: string;
  currency: string;
  tax_rate: string | null;
  score: number;
}
export interface TaxRateRow {
  id: number;
  name: string;
  rate: string;
}
export interface LastInvoiceLine {
  description: string;
  quantity: string;
  rate: string;
  productId: number | null;
  taxRateId: number | null;
}

/**
 * The draft's reads, each one statement on the tenant's own rows (the reader sets `app.tenant_id`: RLS is forced on
 * every table, and every statement names the tenant too). Names are compared by trigram similarity (pg_trgm) of
 * their `match_key`.
 */
export class DraftRepository {
  readonly ctx: Pick<ServiceContext, 'reader'>;
  constructor(ctx: Pick<ServiceContext, 'reader'>) {
    this.ctx = ctx;
  }

  async organization(tenantId: string): Promise<{ timezone: string | null; default_currency: string | null } | null> {
    const [row] = await this.ctx.reader.query<{ timezone: string | null; default_currency: string | null }>(
      tenantId,
      `select timezone, default_currency from ai.organization_facts where tenant_id = $1`,
      [tenantId],
    );
    return row ?? null;
  }

  /**
   * The customers whose names are closest to the text: how well the name appears anywhere in it, or how close it is
   * to the name the text gives (`mention`), best first.
   */
  customers(tenantId: string, text: string, mention: string, limit = 6): Promise<CustomerRow[]> {
    return this.ctx.reader.query<CustomerRow>(
      tenantId,
      `select id::float8 as id, name, company, currency, payment_terms,
              greatest(public.word_similarity(match_key, $2),
                       case when $3 <> '' then greatest(public.similarity(match_key, $3), public.word_similarity($3, match_key) * 0.9) else 0 end)::float8 as score
         from ai.draft_customers
        where tenant_id = $1 and not deleted and coalesce(is_active, true) and match_key is not null
        order by score desc, public.similarity(match_key, $2) desc, id
        limit ${Math.trunc(limit)}`,
      [tenantId, text, mention],
    );
  }

  /** For each piece of text, the tenant's 3 products whose names are closest to it (ord is the piece's 1-based index). */
  products(tenantId: string, pieces: string[]): Promise<ProductRow[]> {
    if (!pieces.length) return Promise.resolve([]);
    return this.ctx.reader.query<ProductRow>(
      tenantId,
      `select s.ord::int as ord, p.id::float8 as id, p.name, p.price::text as price, p.currency, p.tax_rate::text as tax_rate, p.score::float8 as score
         from jsonb_array_elements_text($2::jsonb) with ordinality as s(piece, ord)
         cross join lateral (
           select id, name, price, currency, tax_rate,
                  greatest(public.word_similarity(match_key, s.piece), public.word_similarity(s.piece, match_key)) as score
             from ai.draft_products
            where tenant_id = $1 and not deleted and coalesce(is_active, true) and match_key is not null
            order by score desc, public.similarity(match_key, s.piece) desc, id
            limit 3) p
        order by s.ord, p.score desc`,
      [tenantId, JSON.stringify(pieces.map((p) => p.toLowerCase()))],
    );
  }

  taxRates(tenantId: string): Promise<TaxRateRow[]> {
    return this.ctx.reader.query<TaxRateRow>(
      tenantId,
      `select id::float8 as id, name, rate::text as rate from ai.draft_tax_rates
        where tenant_id = $1 and not deleted and coalesce(is_active, true) order by id limit 200`,
      [tenantId],
    );
  }

  /** The customer's latest invoice with known lines (not a cancelled one). */
  async lastInvoice(
    tenantId: string,
    customerId: number,
  ): Promise<{ id: number; currency: string | null; lines: LastInvoiceLine[] } | null> {
    const [row] = await this.ctx.reader.query<{ id: number; currency: string | null; lines: LastInvoiceLine[] }>(
      tenantId,
      `select id::float8 as id, currency, lines from ai.draft_invoices
        where tenant_id = $1 and customer_id = $2 and not deleted and lines is not null and coalesce(status, '') <> 'cancelled'
        order by issue_date desc nulls last, id desc limit 1`,
      [tenantId, customerId],
    );
    return row ?? null;
  }
}
