import {
  EmailTemplateTypes,
  type EmailTemplate,
  type EmailTemplateInput,
  type EmailTemplatePreview,
  type EmailTemplateType,
} from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import { fromHeader, loadOrganization, mailFromOf, portalLink, type OrganizationBrand } from '../readmodel/organization.ts';
import { defaultTemplate } from './defaults.ts';
import { mailLogoHtml, publicUrlOf } from './logo-header.ts';
import { parseTemplate, renderTemplate, type TemplateValue } from './render.ts';
import { sampleValues } from './variables.ts';

interface Row {
  type: EmailTemplateType;
  language: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  updatedAt: string;
}
const COLUMNS = `type, language, subject, html_content as "htmlContent", text_content as "textContent", updated_at::text as "updatedAt"`;

const toTemplate = (row: Row): EmailTemplate => ({ ...row, updatedAt: new Date(row.updatedAt).toISOString(), customized: true });
const builtIn = (type: EmailTemplateType, language: string): EmailTemplate => ({
  type,
  language,
  ...defaultTemplate(type, language),
  customized: false,
  updatedAt: null,
});

type Ctx = ServiceContext & { config: { PUBLIC_URL: string; MAIL_FROM: string } };

/** `/api/email-templates`: the organization's customer e-mails per type and language, saved or built in. */
export class EmailTemplateService {
  readonly #ctx: Ctx;
  constructor(ctx: ServiceContext) {
    this.#ctx = ctx as Ctx;
  }

  async list(tenantId: string, language: string): Promise<EmailTemplate[]> {
    const rows = await this.#ctx.reader.query<Row>(
      tenantId,
      `select ${COLUMNS} from billing.email_templates where tenant_id = $1 and language = $2`,
      [tenantId, language],
    );
    return EmailTemplateTypes.map((type) => {
      const saved = rows.find((r) => r.type === type);
      return saved ? toTemplate(saved) : builtIn(type, language);
    });
  }

  async get(tenantId: string, type: EmailTemplateType, language: string): Promise<EmailTemplate> {
    const [row] = await this.#ctx.reader.query<Row>(
      tenantId,
      `select ${COLUMNS} from billing.email_templates where tenant_id = $1 and type = $2 and language = $3`,
      [tenantId, type, language],
    );
    return row ? toTemplate(row) : builtIn(type, language);
  }

  /** Saves the organization's version, once it renders with the sample values (else a 400 naming the part). */
  async save(tenantId: string, type: EmailTemplateType, language: string, body: EmailTemplateInput): Promise<EmailTemplate> {
    await this.preview(tenantId, type, body);
    const [row] = await this.#ctx.tx({ tenantId }, (em) =>
      em.execute<Row[]>(
        `insert into billing.email_templates (tenant_id, type, language, subject, html_content, text_content)
         values (?, ?, ?, ?, ?, ?)
         on conflict (tenant_id, type, language) do update set subject = excluded.subject, html_content = excluded.html_content,
           text_content = excluded.text_content, updated_at = now()
         returning ${COLUMNS}`,
        [tenantId, type, language, body.subject, body.htmlContent, body.textContent],
      ),
    );
    return toTemplate(row!);
  }

  /** Back to the built-in template (nothing saved for the type and language). */
  async reset(tenantId: string, type: EmailTemplateType, language: string): Promise<void> {
    await this.#ctx.tx({ tenantId }, (em) =>
      em.execute(`delete from billing.email_templates where tenant_id = ? and type = ? and language = ?`, [tenantId, type, language]),
    );
  }

  /** A body rendered with sample values (the organization's own name and portal). */
  async preview(tenantId: string, type: EmailTemplateType, body: EmailTemplateInput): Promise<EmailTemplatePreview> {
    parseTemplate(body);
    const org = await loadOrganization(this.#ctx, tenantId);
    const url = this.#ctx.config.PUBLIC_URL;
    return renderTemplate(body, sampleValues(type, org, url, portalLink(org, url)));
  }
}

export interface ComposedMail {
  from: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * A customer e-mail of a type in a language: the organization's saved template, else the built-in one, rendered with
 * the values; From names the organization ("{org} via Billpoint", or the organization alone when white-label).
 */
export async function composeMail(
  ctx: ServiceContext,
  tenantId: string,
  org: OrganizationBrand,
  type: EmailTemplateType,
  language: string,
  values: TemplateValue,
): Promise<ComposedMail> {
  const [saved] = await ctx.reader.query<Row>(
    tenantId,
    `select ${COLUMNS} from billing.email_templates where tenant_id = $1 and type = $2 and language = $3`,
    [tenantId, type, language],
  );
  const body = saved ?? defaultTemplate(type, language);
  let rendered;
  try {
    rendered = await renderTemplate(body, values);
  } catch (err) {
    // A saved template that no longer renders (a limit reached on real values): the built-in one goes out instead.
    if (!saved) throw err;
    ctx.logger.warn({ err, tenantId, type, language }, 'a saved e-mail template failed to render; the default was used');
    rendered = await renderTemplate(defaultTemplate(type, language), values);
  }
  // The organization's logo heads the HTML part (added after the template is cleaned: it is ours, not the template's).
  const logo = mailLogoHtml(org.logoUrl, org.name, publicUrlOf(ctx));
  return { from: fromHeader(org, mailFromOf(ctx)), ...rendered, html: rendered.html.trim() ? logo + rendered.html : rendered.html };
}
