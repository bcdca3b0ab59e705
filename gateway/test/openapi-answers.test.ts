/** The answer checker of test/support/openapi-answers.ts: hand-made answers it must pass, and ones it must refuse. */
import { describe, expect, it } from 'vitest';
import { CURRENT_API_VERSION, type Customer } from '@billpoint/proto';
import { answerProblems, expectDocumentedAnswer, findOperation, type ApiAnswer } from './support/openapi-answers.ts';

const customer: Customer = {
  id: 12,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  address: null,
  company: 'Analytical Engines',
  taxId: null,
  street: null,
  postalCode: null,
  city: null,
  country: null,
  buyerReference: null,
  currency: 'GBP',
  language: 'en',
  paymentTerms: 30,
  creditLimit: '5000.00',
  customerType: 'business',
  industry: null,
  website: null,
  isActive: true,
  tags: ['vip'],
  customFields: {},
  metadata: { order_ref: 'A-17' },
  userId: null,
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: '2026-11-26T00:00:00.000Z',
};
const rate = {
  'x-ratelimit-limit': '1000',
  'x-ratelimit-remaining': '998',
  'x-ratelimit-reset': '3512',
  'ratelimit-policy': '"api-key";q=1000;w=3600',
  ratelimit: '"api-key";r=998;t=3512',
  'billpoint-version': CURRENT_API_VERSION,
  'request-id': '6f1c2a4e-8b0d-4c3e-9a7f-2d5e6b1c0a9f',
};
const json = { ...rate, 'content-type': 'application/json; charset=utf-8' };
const error = (statusCode: number, code: string, extra: object = {}) =>
  JSON.stringify({ statusCode, error: 'Error', message: 'It went wrong', code, ...extra });

describe('answers checked against the OpenAPI document', () => {
  it('finds the operation of a concrete path', () => {
    expect(findOperation('GET', '/api/v1/invoices/12/pdf?x=1')).toMatchObject({
      template: '/api/v1/invoices/{id}/pdf',
      operation: { operationId: 'getInvoicePdf' },
    });
    expect(findOperation('PUT', '/api/v1/invoices/12')).toMatchObject({ template: '/api/v1/invoices/{id}', operation: undefined });
    expect(findOperation('GET', '/api/v1/nothing').template).toBeUndefined();
  });

  it.each<[string, ApiAnswer]>([
    ['a customer', { method: 'GET', path: '/api/v1/customers/12', status: 200, headers: json, body: JSON.stringify(customer) }],
    [
      'a page of customers, as parsed JSON, headers as a fetch Headers',
      {
        method: 'GET',
        path: '/api/v1/customers?limit=1',
        status: 200,
        headers: new Headers(json),
        body: { object: 'list', data: [customer], has_more: true },
      },
    ],
    [
      'a replayed creation',
      {
        method: 'POST',
        path: '/api/v1/customers',
        status: 201,
        headers: { ...json, 'idempotent-replayed': 'true' },
        body: JSON.stringify(customer),
      },
    ],
    ['a deletion', { method: 'DELETE', path: '/api/v1/customers/12', status: 204, headers: rate, body: '' }],
    [
      'a PDF',
      {
        method: 'GET',
        path: '/api/v1/invoices/3/pdf',
        status: 200,
        headers: { ...rate, 'content-type': 'application/pdf' },
        body: '%PDF-1.7',
      },
    ],
    [
      'a 400 naming the field',
      {
        method: 'POST',
        path: '/api/v1/customers',
        status: 400,
        headers: json,
        body: error(400, 'parameter_unknown', { param: 'nickname' }),
      },
    ],
    [
      'a 401 (no rate-limit headers)',
      {
        method: 'GET',
        path: '/api/v1/customers',
        status: 401,
        headers: { 'billpoint-version': CURRENT_API_VERSION, 'request-id': 'r-1', 'content-type': 'application/json' },
        body: error(401, 'api_key_invalid'),
      },
    ],
    [
      'a 405 with Allow',
      {
        method: 'PUT',
        path: '/api/v1/customers/12',
        status: 405,
        headers: { ...json, allow: 'GET, PATCH, DELETE' },
        body: error(405, 'method_not_allowed'),
      },
    ],
    [
      'a 404 of an unknown route',
      { method: 'GET', path: '/api/v1/nothing', status: 404, headers: json, body: error(404, 'route_unknown') },
    ],
    [
      'a 429 with Retry-After',
      { method: 'GET', path: '/api/v1/invoices', status: 429, headers: { ...json, 'retry-after': '60' }, body: error(429, 'rate_limited') },
    ],
    [
      'a 409 of a sent invoice',
      { method: 'PATCH', path: '/api/v1/invoices/4', status: 409, headers: json, body: error(409, 'resource_state_invalid') },
    ],
  ])('passes %s', (_what, answer) => {
    expect(answerProblems(answer)).toEqual([]);
    expect(() => expectDocumentedAnswer(answer)).not.toThrow();
  });

  it.each<[string, ApiAnswer, RegExp]>([
    [
      'a customer without its email',
      { method: 'GET', path: '/api/v1/customers/12', status: 200, headers: json, body: { ...customer, email: undefined } },
      /must have required property 'email'/,
    ],
    [
      'a customer whose id is text',
      { method: 'GET', path: '/api/v1/customers/12', status: 200, headers: json, body: { ...customer, id: '12' } },
      /\/id must be integer/,
    ],
    [
      'a list without has_more',
      { method: 'GET', path: '/api/v1/customers', status: 200, headers: json, body: { object: 'list', data: [customer] } },
      /has_more/,
    ],
    [
      'a status the operation does not document',
      { method: 'GET', path: '/api/v1/customers', status: 201, headers: json, body: JSON.stringify(customer) },
      /status 201 is not documented for GET \/api\/v1\/customers/,
    ],
    [
      'an answer without the rate-limit headers',
      {
        method: 'GET',
        path: '/api/v1/customers/12',
        status: 200,
        headers: { 'content-type': 'application/json', 'billpoint-version': CURRENT_API_VERSION },
        body: customer,
      },
      /the header X-RateLimit-Limit is missing/,
    ],
    [
      'an unknown API version',
      { method: 'GET', path: '/api/v1/customers/12', status: 200, headers: { ...json, 'billpoint-version': '1999-01-01' }, body: customer },
      /Billpoint-Version: "1999-01-01" must be equal to one of the allowed values/,
    ],
    [
      'a 429 without Retry-After',
      { method: 'GET', path: '/api/v1/invoices', status: 429, headers: json, body: error(429, 'rate_limited') },
      /Retry-After is missing/,
    ],
    [
      'a 405 without Allow',
      { method: 'PUT', path: '/api/v1/customers/12', status: 405, headers: json, body: error(405, 'method_not_allowed') },
      /Allow is missing/,
    ],
    [
      'an error without a code',
      {
        method: 'GET',
        path: '/api/v1/customers/12',
        status: 404,
        headers: json,
        body: JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Not Found' }),
      },
      /must have required property 'code'/,
    ],
    [
      "a code of another status (a PATCH's 409 is never idempotency_key_in_use)",
      { method: 'PATCH', path: '/api/v1/invoices/4', status: 409, headers: json, body: error(409, 'idempotency_key_in_use') },
      /\/code must be equal to one of the allowed values \["resource_state_invalid"\]/,
    ],
    [
      'a deletion with a body',
      { method: 'DELETE', path: '/api/v1/customers/12', status: 204, headers: json, body: '{}' },
      /documented without a body/,
    ],
    [
      'a PDF answered as JSON',
      { method: 'GET', path: '/api/v1/invoices/3/pdf', status: 200, headers: json, body: '{}' },
      /content-type application\/json is not the documented application\/pdf/,
    ],
    [
      'a body that is not JSON',
      { method: 'GET', path: '/api/v1/customers/12', status: 200, headers: json, body: '<html>' },
      /the body is not JSON/,
    ],
    [
      'a path the document does not know, answered 200',
      { method: 'GET', path: '/api/v1/nothing', status: 200, headers: json, body: '{}' },
      /the path is not in the document/,
    ],
  ])('refuses %s', (_what, answer, problem) => {
    expect(answerProblems(answer).join('\n')).toMatch(problem);
    expect(() => expectDocumentedAnswer(answer)).toThrow(problem);
  });
});
