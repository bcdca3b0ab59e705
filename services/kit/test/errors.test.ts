import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import {
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  registerErrorHandling,
  toErrorBody,
  TooManyRequests,
  Unauthorized,
} from '../src/errors.ts';

describe('error mapping', () => {
  it('maps the taxonomy to 404/400/409/403/401', () => {
    expect(toErrorBody(new NotFound('Customer not found'))).toEqual({ statusCode: 404, error: 'Not Found', message: 'Customer not found' });
    expect(toErrorBody(new Invalid('Bad', 'email'))).toMatchObject({ statusCode: 400, issues: [{ path: 'email', message: 'Bad' }] });
    expect(toErrorBody(new Conflict('Taken')).statusCode).toBe(409);
    expect(toErrorBody(new Conflict('Number taken', 'resource_already_exists', 'invoice.invoiceNumber'))).toMatchObject({
      statusCode: 409,
      code: 'resource_already_exists',
      issues: [{ path: 'invoice.invoiceNumber', message: 'Number taken' }],
    });
    expect(toErrorBody(new Forbidden()).statusCode).toBe(403);
    expect(toErrorBody(new Unauthorized()).statusCode).toBe(401);
  });

  it('turns zod issues into a 400 naming each field, unknown keys included', () => {
    const r = z
      .strictObject({ name: z.string().min(1, 'Name is required'), items: z.array(z.object({ rate: z.number() })) })
      .safeParse({ name: '', items: [{ rate: 'x' }], extra: 1 });
    const body = toErrorBody(r.error);
    expect(body.statusCode).toBe(400);
    expect(body.issues!.map((i) => i.path)).toEqual(expect.arrayContaining(['name', 'items.0.rate', 'extra']));
  });

  it("names a refused record key by its own rule's message", () => {
    const headers = z.record(z.string().regex(/^[a-z]+$/, 'Header names must be HTTP tokens'), z.string());
    const body = toErrorBody(z.strictObject({ headers }).safeParse({ headers: { 'bad name': 'v' } }).error);
    expect(body).toMatchObject({
      statusCode: 400,
      message: 'headers.bad name: Header names must be HTTP tokens',
      issues: [{ path: 'headers.bad name', message: 'Header names must be HTTP tokens' }],
    });
  });

  it('never echoes internals in a 5xx', () => {
    const body = toErrorBody(Object.assign(new Error('relation "customers.secret" does not exist at 10.0.0.5'), { code: '42P01' }));
    expect(body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(JSON.stringify(body)).not.toContain('10.0.0.5');
  });

  it('sends a 429 with the seconds it names as Retry-After, and none when it names none', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/named', async () => {
      throw new TooManyRequests('Slow down', 42);
    });
    app.get('/unnamed', async () => {
      throw new TooManyRequests();
    });
    const named = await app.inject('/named');
    expect(named.statusCode).toBe(429);
    expect(named.headers['retry-after']).toBe('42');
    expect(named.json()).toMatchObject({ statusCode: 429, message: 'Slow down' });
    expect((await app.inject('/unnamed')).headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
