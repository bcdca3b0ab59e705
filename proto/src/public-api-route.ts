import type { z } from 'zod';
import type { HttpMethod } from './services.ts';
import type { ApiKeyScope } from './integrations.ts';

/** One operation of the public REST API (`/api/v1`, proto/src/public-api.ts). */
export interface PublicApiRoute {
  method: HttpMethod;
  /** Under /api/v1, `:id` for the numeric id. */
  path: string;
  scope: Exclude<ApiKeyScope, '*'>;
  /** The service route it is answered by (same `:id`), with the same method; `?…` adds fixed query parameters. */
  target: string;
  summary: string;
  /** A cursor list: the service's array + x-has-more becomes an `ApiList`. */
  list?: boolean;
  /** What the caller may send: strict (an unknown parameter or field is a 400 naming it). */
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The answer's item (a list's item); none for a 204. */
  response?: z.ZodType;
  /** The success status: 200 unless said (201 a creation, 204 a deletion). */
  status?: 200 | 201 | 204;
  /** The answer's media type(s) when not JSON (the PDF; an e-invoice is XML or PDF by its format). */
  produces?: 'application/pdf' | readonly ('application/pdf' | 'application/xml')[];
  /** Longer text for the document: the rules of the operation beyond its schema. */
  description?: string;
}

/** "an" before a vowel sound of the names we have ("an invoice"), "a" otherwise. */
const article = (name: string) => (/^[aeio]/i.test(name) ? 'an' : 'a');

/** The five operations of a collection: list, create, get, update (PATCH), delete. */
export const crud = <Q extends z.ZodObject>(o: {
  name: string;
  plural: string;
  target: string;
  read: Exclude<ApiKeyScope, '*'>;
  write: Exclude<ApiKeyScope, '*'>;
  remove: Exclude<ApiKeyScope, '*'>;
  query: Q;
  create: z.ZodType;
  patch: z.ZodType;
  response: z.ZodType;
  created?: z.ZodType;
  notes?: { patch?: string; remove?: string };
}): PublicApiRoute[] => [
  {
    method: 'GET',
    path: `/${o.plural}`,
    scope: o.read,
    target: o.target,
    summary: `List ${o.plural}`,
    list: true,
    query: o.query,
    response: o.response,
  },
  {
    method: 'POST',
    path: `/${o.plural}`,
    scope: o.write,
    target: o.target,
    summary: `Create ${article(o.name)} ${o.name}`,
    body: o.create,
    response: o.created ?? o.response,
    status: 201,
  },
  {
    method: 'GET',
    path: `/${o.plural}/:id`,
    scope: o.read,
    target: `${o.target}/:id`,
    summary: `Get ${article(o.name)} ${o.name}`,
    response: o.response,
  },
  {
    method: 'PATCH',
    path: `/${o.plural}/:id`,
    scope: o.write,
    target: `${o.target}/:id`,
    summary: `Update ${article(o.name)} ${o.name}`,
    description: `Only the fields sent change; the others keep their values.${o.notes?.patch ? ` ${o.notes.patch}` : ''}`,
    body: o.patch,
    response: o.response,
  },
  {
    method: 'DELETE',
    path: `/${o.plural}/:id`,
    scope: o.remove,
    target: `${o.target}/:id`,
    summary: `Delete ${article(o.name)} ${o.name}`,
    ...(o.notes?.remove ? { description: o.notes.remove } : {}),
    status: 204,
  },
];
