import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { BillingLogoOwnedRpc, LOGO_FIELD, LOGO_MAX_BYTES, LOGO_URL_PREFIX, LogoKey, type UploadLogoAnswer } from '@billpoint/proto';
import {
  checkFile,
  Invalid,
  NotFound,
  PayloadTooLarge,
  readFile,
  rpcRespond,
  scanTenants,
  sendFile,
  storeFile,
  type FilePolicy,
  type ServiceContext,
  type Subscription,
} from '@billpoint/kit';
import { sanitizeSvg } from './logo.sanitize.ts';

/** Logos: PNG, JPEG or SVG, known by their bytes, at most 5 MB. */
export const LOGO_POLICY: FilePolicy = { accept: ['png', 'jpeg', 'svg'], maxBytes: LOGO_MAX_BYTES };
const tooLarge = () => new PayloadTooLarge('The logo is larger than 5 MB. Upload a PNG, JPG or SVG of at most 5 MB.');

/**
 * POST /api/upload-logo (multipart, field `logo`): checked by its bytes (a declared type that disagrees is refused),
 * bounded while it streams (413 past 5 MB, the rest of the body read and dropped so the answer reaches the caller),
 * an SVG refused when it carries active or external content and stored as the sanitizer wrote it; kept in
 * `billing.files` (every replica serves it) under an unguessable key. Answers `{ url }`.
 *
 * GET /api/logos/{key} (public: the app's <img> and the pay page): the exact type, nosniff, `default-src 'none'`
 * (and `sandbox` for SVG), cacheable for good (a key never changes its bytes).
 */
export function logoRoutes(app: FastifyInstance, ctx: ServiceContext) {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 50 } });
    scope.post('/api/upload-logo', { config: { permission: 'templates.manage' } }, async (req, reply) => {
      if (!req.isMultipart()) throw new Invalid(`Send the logo as multipart/form-data in the field "${LOGO_FIELD}"`, LOGO_FIELD);
      // The route's limit is the registry's (bodyLimits, 8 MiB), which the gateway forwards up to: a larger declared
      // body is not read at all.
      if (Number(req.headers['content-length'] ?? 0) > req.routeOptions.bodyLimit) throw tooLarge();
      let part;
      try {
        part = await req.file({ throwFileSizeLimit: false });
      } catch (err) {
        throw new Invalid(`The upload could not be read: ${(err as Error).message}`, LOGO_FIELD);
      }
      if (!part) throw new Invalid('Choose a logo file to upload', LOGO_FIELD);
      if (part.fieldname !== LOGO_FIELD) {
        part.file.resume();
        throw new Invalid(`Send the logo in the form field "${LOGO_FIELD}"`, LOGO_FIELD);
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      const kind = checkFile({ bytes, contentType: part.mimetype, filename: part.filename, policy: LOGO_POLICY, field: LOGO_FIELD });
      let stored: Buffer = bytes;
      if (kind === 'svg') {
        const clean = sanitizeSvg(bytes.toString('utf8'));
        if (clean.hostile.length)
          throw new Invalid(
            `This SVG was refused because it contains ${clean.hostile.slice(0, 3).join(', ')}. Upload a plain SVG, PNG or JPG.`,
            LOGO_FIELD,
          );
        if (!clean.svg) throw new Invalid('The file is not a usable SVG image', LOGO_FIELD);
        stored = Buffer.from(clean.svg, 'utf8');
      }
      const key = randomBytes(32).toString('base64url');
      await ctx.tx(req.identity, async (em) => {
        const file = await storeFile(em, req.identity.tenantId, {
          bytes: stored,
          contentType: part.mimetype,
          filename: part.filename,
          policy: LOGO_POLICY,
          field: LOGO_FIELD,
        });
        await em.execute(`insert into billing.logos (key, tenant_id, file_id) values (?, ?, ?)`, [key, req.identity.tenantId, file.id]);
      });
      const answer: UploadLogoAnswer = { url: `${LOGO_URL_PREFIX}${key}` };
      return reply.status(201).send(answer);
    });
  });

  app.get('/api/logos/:key', async (req, reply) => {
    const parsed = LogoKey.safeParse((req.params as { key: string }).key);
    if (!parsed.success) throw new NotFound('Logo not found');
    const key = parsed.data;
    const rows = await scanTenants(ctx.orm.em, ctx.schema, (em) =>
      em.execute<{ tenant_id: string }[]>(`select tenant_id from billing.logos where key = ?`, [key]),
    );
    const tenantId = rows[0]?.tenant_id;
    if (!tenantId) throw new NotFound('Logo not found');
    const file = await ctx.tx({ tenantId }, async (em) => {
      const [logo] = await em.execute<{ file_id: string }[]>(`select file_id from billing.logos where tenant_id = ? and key = ?`, [
        tenantId,
        key,
      ]);
      return logo ? readFile(em, logo.file_id) : null;
    });
    if (!file) throw new NotFound('Logo not found');
    void reply.header('content-security-policy', "default-src 'none'");
    return sendFile(req, reply, file, { filename: 'logo', cacheControl: 'public, max-age=31536000, immutable' });
  });
}

/** `rpc.billing.logo.owned`: whether a logo key is one of the tenant's uploads (the gateway's organization settings). */
export function logoOwnedResponder(ctx: ServiceContext): Promise<Subscription> {
  return rpcRespond(
    ctx.bus,
    BillingLogoOwnedRpc,
    async ({ tenantId, key }) => {
      const rows = await ctx.tx({ tenantId }, (em) =>
        em.execute(`select 1 from billing.logos where tenant_id = ? and key = ?`, [tenantId, key]),
      );
      return { owned: rows.length > 0 };
    },
    { logger: ctx.logger },
  );
}
