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
import { buildReport, LEDGER_GROUPS_SQL, REPORT_TITLES, type LedgerGroup } from './report.compute.ts';

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

/** Financial reports: computed from the ledger for a period and one currency, stored, listed, downloaded. */
export class ReportService {
  readonly #ctx: ServiceContext;
  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
  }

  /** The period's ledger lines of one currency, summed per account and tax rate. */
  groups(id: Tenant, currency: string, startDate: string, endDate: string): Promise<LedgerGroup[]> {
    return this.#ctx.reader.query<LedgerGroup>(id.tenantId, LEDGER_GROUPS_SQL, [id.tenantId, currency, startDate, endDate]);
  }

  /** Computes the report from the ledger and stores it (status generated). Currency: the organization's by default. */
  async generate(id: Identity, b: z.output<typeof GenerateReportBody>): Promise<FinancialReport> {
    const currency = b.currency ?? (await this.#ctx.tx(id, (em) => orgSettings(em, id.tenantId))).defaultCurrency;
    const data = buildReport(b.type, currency, await this.groups(id, currency, b.startDate, b.endDate));
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
