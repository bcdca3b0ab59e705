import {
  FinancialReportEvents,
  reportPeriodLabel,
  type FinancialReport,
  type FinancialReportEventData,
  type GenerateReportBody,
  type ReportData,
  type UpdateReportBody,
} from '@billpoint/proto';
import { addEvent, NotFound, type EntityManager, type Identity, type ServiceContext } from '@billpoint/kit';
import type { z } from 'zod';
import { orgSettings } from '../ledger/organizations.ts';
import { groupsInBase, mergeGroups } from '../base-currency/in-base.ts';
import { buildReport, LEDGER_GROUPS_SQL, REPORT_TITLES, type GeneratedType, type LedgerGroup } from './report.compute.ts';

type Tenant = Pick<Identity, 'tenantId'>;

interface ReportRow {
  id: string;
  type: FinancialReport['type'];
  title: string;
  period: string;
  start_date: string;
  end_date: string;
  status: FinancialReport['status'];
  report_data: ReportData;
  generated_at: Date | null;
  filed_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id::text, type, title, period, start_date::text as start_date, end_date::text as end_date, status, report_data,
  generated_at, filed_at, created_at`;

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
const toReport = (r: ReportRow): FinancialReport => ({
  id: Number(r.id),
  type: r.type,
  title: r.title,
  period: r.period,
  startDate: r.start_date,
  endDate: r.end_date,
  status: r.status,
  reportData: r.report_data,
  generatedAt: iso(r.generated_at),
  filedAt: iso(r.filed_at),
  createdAt: iso(r.created_at)!,
});

/** The report as its events carry it: without the figures, with the bottom line. */
export const reportEventData = ({ reportData, ...r }: FinancialReport): FinancialReportEventData => ({
  ...r,
  summary: reportData.summary,
  currency: reportData.currency,
});

function emit(em: EntityManager, id: Identity, subject: string, report: FinancialReport) {
  addEvent(em, { subject, tenantId: id.tenantId, actorId: id.userId, data: reportEventData(report) });
}

/** Financial reports: computed from the ledger for a period (one currency, or all in the base), stored, listed, downloaded. */
export class ReportService {
  readonly #ctx: ServiceContext;
  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
  }

  /** The period's ledger lines of one currency, summed per account and tax rate. */
  groups(id: Tenant, currency: string, startDate: string, endDate: string): Promise<LedgerGroup[]> {
    return this.#ctx.reader.query<LedgerGroup>(id.tenantId, LEDGER_GROUPS_SQL, [id.tenantId, currency, startDate, endDate]);
  }

  /**
   * The report in the base currency: every currency with ledger figures in the period, its own groups and
   * those converted day by day at billing's rates (base-currency/in-base.ts, as the tax summary); the report is built
   * from the converted groups of the currencies that have rates, and `byCurrency` names each one's own bottom line and
   * what it came to (null: no rate, left out, never as 0); `excludedCurrencies` names the ones left out.
   */
  async inBase(id: Tenant, type: GeneratedType, base: string, period: { startDate: string; endDate: string }): Promise<ReportData> {
    const present = await this.#ctx.reader.query<{ currency: string }>(
      id.tenantId,
      `select distinct currency from tax.ledger_daily where tenant_id = $1 and entry_date between $2::date and $3::date order by currency`,
      [id.tenantId, period.startDate, period.endDate],
    );
    const currencies = [...new Set([base, ...present.map((c) => c.currency.trim())])];
    const parts = await Promise.all(
      currencies.map(async (currency) => {
        const own = await this.groups(id, currency, period.startDate, period.endDate);
        const converted = currency === base ? own : await groupsInBase(this.#ctx, id.tenantId, currency, base, period);
        return { currency, own, converted };
      }),
    );
    const data = buildReport(type, base, mergeGroups(parts.flatMap((p) => (p.converted ? [p.converted] : []))));
    return {
      ...data,
      excludedCurrencies: parts.filter((p) => p.own.length && !p.converted).map((p) => p.currency),
      byCurrency: parts
        .filter((p) => p.currency === base || p.own.length)
        .map((p) => ({
          currency: p.currency,
          amount: buildReport(type, p.currency, p.own).summary.amount,
          inBase: p.converted ? buildReport(type, base, p.converted).summary.amount : null,
          ledgerLines: p.own.reduce((n, g) => n + g.lines, 0),
        })),
    };
  }

  /**
   * Computes the report from the ledger and stores it (status generated): in the currency asked for alone, or without
   * one in the organization's base currency with every currency converted (`inBase`).
   */
  async generate(id: Identity, b: z.output<typeof GenerateReportBody>): Promise<FinancialReport> {
    const base = b.currency ? null : (await this.#ctx.tx(id, (em) => orgSettings(em, id.tenantId))).defaultCurrency;
    const currency = b.currency ?? base!;
    const data = base
      ? await this.inBase(id, b.type, base, b)
      : buildReport(b.type, currency, await this.groups(id, currency, b.startDate, b.endDate));
    const period = reportPeriodLabel(b.period, b.startDate);
    const title = `${REPORT_TITLES[b.type]} — ${period}`;
    return this.#ctx.tx(id, async (em) => {
      const [row] = await em.execute<ReportRow[]>(
        `insert into tax.financial_reports (tenant_id, type, title, period, start_date, end_date, currency, status, report_data,
           generated_at, created_by)
         values (?, ?, ?, ?, ?, ?, ?, 'generated', ?::jsonb, now(), ?) returning ${COLUMNS}`,
        [id.tenantId, b.type, title, period, b.startDate, b.endDate, currency, JSON.stringify(data), id.userId],
      );
      const report = toReport(row!);
      emit(em, id, FinancialReportEvents.Generated, report);
      return report;
    });
  }

  /**
   * Sets the status a user chooses (filed, back to generated, archived) with its event, in one transaction. Setting
   * the status it already has changes nothing and emits nothing.
   */
  async update(id: Identity, reportId: number, b: UpdateReportBody): Promise<FinancialReport> {
    return this.#ctx.tx(id, async (em) => {
      const [row] = await em.execute<ReportRow[]>(
        `update tax.financial_reports r set status = ?,
            filed_at = case when ? = 'filed' then coalesce(r.filed_at, now()) when ? = 'generated' then null else r.filed_at end
          where r.tenant_id = ? and r.id = ? and r.status is distinct from ?
          returning ${COLUMNS}`,
        [b.status, b.status, b.status, id.tenantId, reportId, b.status],
      );
      if (!row) {
        const [same] = await em.execute<ReportRow[]>(`select ${COLUMNS} from tax.financial_reports where tenant_id = ? and id = ?`, [
          id.tenantId,
          reportId,
        ]);
        if (!same) throw new NotFound('Report not found');
        return toReport(same);
      }
      const report = toReport(row);
      emit(em, id, FinancialReportEvents.Updated, report);
      return report;
    });
  }

  /** Newest first. */
  async list(id: Tenant): Promise<FinancialReport[]> {
    const rows = await this.#ctx.reader.query<ReportRow>(
      id.tenantId,
      `select ${COLUMNS} from tax.financial_reports where tenant_id = $1 order by created_at desc, id desc limit 500`,
      [id.tenantId],
    );
    return rows.map(toReport);
  }

  async get(id: Tenant, reportId: number): Promise<FinancialReport> {
    const [row] = await this.#ctx.reader.query<ReportRow>(
      id.tenantId,
      `select ${COLUMNS} from tax.financial_reports where tenant_id = $1 and id = $2`,
      [id.tenantId, reportId],
    );
    if (!row) throw new NotFound('Report not found');
    return toReport(row);
  }
}
