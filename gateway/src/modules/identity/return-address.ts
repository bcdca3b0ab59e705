import type { FastifyRequest } from 'fastify';
import { safeReturnPath } from '@billpoint/proto';

/** The origin the browser is on: the one a return address must stay on. */
export const ownOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** The `?return=` of a request as a path of this site (safeReturnPath), else `/`. */
export function returnPathOf(req: FastifyRequest): string {
  const value = (req.query as Record<string, unknown> | undefined)?.return;
  return safeReturnPath(value, ownOrigin(req));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for an HTML attribute value. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
