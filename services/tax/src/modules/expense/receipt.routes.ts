import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_RECEIPT_BYTES, type ReceiptUpload } from '@billpoint/proto';
import { AppError, checkFile, FilePolicies, Invalid, NotFound, readFile, sendFile, storeFile, type ServiceContext } from '@billpoint/kit';
import { RECEIPT_URL_PREFIX } from './expense.sql.ts';

const FIELD = 'receipt';
/** PNG, JPEG, WebP, GIF or PDF, known by their bytes, at most 10 MB. */
const RECEIPT_POLICY = { accept: FilePolicies.documents.accept, maxBytes: MAX_RECEIPT_BYTES };
const KEY = /^[A-Za-z0-9_-]{16,64}$/;

const tooLarge = () => {
  const message = 'Receipt must be at most 10 MB';
  return new AppError(413, message, [{ path: FIELD, message }]);
};

/**
 * POST /api/expenses/receipts (multipart, field `receipt`): checked by its bytes (a declared type that disagrees is
 * refused, an HTML page named .pdf too), bounded while it streams (413 past 10 MB); kept in `tax.files` under an
 * unguessable key of the tenant (`tax.receipts`) that an expense then names. Answers 201 `ReceiptUpload`.
 *
 * GET /api/expenses/receipts/{key}: the tenant's own receipt only (another tenant's key is a 404) with its exact
 * type, nosniff, Content-Disposition inline and private caching.
 */
export function receiptRoutes(app: FastifyInstance, ctx: ServiceContext) {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_RECEIPT_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 50 } });
    scope.post('/api/expenses/receipts', { config: { permission: 'expenses.write' } }, async (req, reply) => {
      if (!req.isMultipart()) throw new Invalid(`Send the receipt as multipart/form-data in the field "${FIELD}"`, FIELD);
      // The route's limit is the registry's (bodyLimits), which the gateway forwards up to: a larger declared body
      // is not read at all.
      if (Number(req.headers['content-length'] ?? 0) > req.routeOptions.bodyLimit) throw tooLarge();
      let part;
      try {
        part = await req.file({ throwFileSizeLimit: false });
      } catch (err) {
        throw new Invalid(`The upload could not be read: ${(err as Error).message}`, FIELD);
      }
      if (!part) throw new Invalid('Choose a receipt file to upload', FIELD);
      if (part.fieldname !== FIELD) {
        part.file.resume();
        throw new Invalid(`Send the receipt in the form field "${FIELD}"`, FIELD);
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      const input = { bytes, contentType: part.mimetype, filename: part.filename, policy: RECEIPT_POLICY, field: FIELD };
      checkFile(input);
      const key = randomBytes(24).toString('base64url');
      const file = await ctx.tx(req.identity, async (em) => {
        const stored = await storeFile(em, req.identity.tenantId, input);
        await em.execute(`insert into tax.receipts (key, tenant_id, file_id) values (?, ?, ?)`, [key, req.identity.tenantId, stored.id]);
        return stored;
      });
      const answer: ReceiptUpload = {
        receipt: key,
        receiptUrl: `${RECEIPT_URL_PREFIX}${key}`,
        contentType: file.contentType,
        size: file.size,
      };
      return reply.status(201).send(answer);
    });
  });

  app.get('/api/expenses/receipts/:key', { config: { permission: 'expenses.read' } }, async (req, reply) => {
    const key = (req.params as { key: string }).key;
    if (!KEY.test(key)) throw new NotFound('Receipt not found');
    const file = await ctx.tx(req.identity, async (em) => {
      const [row] = await em.execute<{ file_id: string }[]>(`select file_id from tax.receipts where tenant_id = ? and key = ?`, [
        req.identity.tenantId,
        key,
      ]);
      return row ? readFile(em, row.file_id) : null;
    });
    if (!file) throw new NotFound('Receipt not found');
    return sendFile(req, reply, file, { filename: 'receipt' });
  });
}
