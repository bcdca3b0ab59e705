import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTenantRows } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makePng } from '../../billing/test/support/images.ts';
import { categoriesByName, makeExpense, TINY_PDF, uploadReceipt } from './support.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

type Client = ReturnType<Stack['client']>;
const fetchReceipt = (c: Client, url: string) =>
  fetch(new URL(url, c.base), { headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });

describe('receipts', () => {
  it('stores an image or a PDF known by its bytes, answers its key and URL, serves it back to its tenant only', async () => {
    const c = stack.client();
    await c.register();
    const png = makePng(40, 20);
    const up = await uploadReceipt(c, png, { type: 'image/png', filename: 'taxi.png' });
    expect(up.status).toBe(201);
    expect(up.json).toEqual({
      receipt: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      receiptUrl: `/api/expenses/receipts/${up.json.receipt}`,
      contentType: 'image/png',
      size: png.length,
    });
    // The declared type is not needed: the bytes say what it is.
    const pdf = await uploadReceipt(c, TINY_PDF, { filename: 'invoice' });
    expect([pdf.status, pdf.json.contentType, pdf.json.size]).toEqual([201, 'application/pdf', TINY_PDF.length]);

    const res = await fetchReceipt(c, up.json.receiptUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="receipt\.png"/);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    const pdfRes = await fetchReceipt(c, pdf.json.receiptUrl);
    expect([pdfRes.status, pdfRes.headers.get('content-type')]).toEqual([200, 'application/pdf']);

    const expense = await makeExpense(c, { receipt: up.json.receipt });
    expect([expense.receipt, expense.receiptUrl]).toEqual([up.json.receipt, up.json.receiptUrl]);

    const other = stack.client();
    await other.register();
    expect((await fetchReceipt(other, up.json.receiptUrl)).status).toBe(404);
    expect((await fetchReceipt(c, '/api/expenses/receipts/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await fetchReceipt(c, '/api/expenses/receipts/not*a*key')).status).toBe(404);
  });

  it('refuses a 20 MB receipt (413), an HTML page named .pdf, a wrong field, a non-multipart body — naming receipt, storing nothing', async () => {
    const c = stack.client();
    const me = await c.register();
    await categoriesByName(c); // the default categories are in place (else their seeding could land mid-test)
    const before = await countTenantRows(stack.db, 'tax', me.organization.id);

    const big = Buffer.alloc(20 * 1024 * 1024, 0x20);
    TINY_PDF.copy(big);
    const tooBig = await uploadReceipt(c, big, { type: 'application/pdf', filename: 'scan.pdf' });
    expect([tooBig.status, tooBig.json.message, tooBig.json.issues]).toEqual([
      413,
      'Receipt must be at most 10 MB',
      [{ path: 'receipt', message: 'Receipt must be at most 10 MB' }],
    ]);
    const justOver = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    makePng(2, 2).copy(justOver);
    expect((await uploadReceipt(c, justOver, { type: 'image/png' })).status).toBe(413);

    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const fake = await uploadReceipt(c, html, { type: 'application/pdf', filename: 'receipt.pdf' });
    expect([fake.status, fake.json.issues[0].path]).toEqual([400, 'receipt']);
    const lying = await uploadReceipt(c, makePng(2, 2), { type: 'application/pdf', filename: 'receipt.pdf' });
    expect([lying.status, lying.json.issues[0].path]).toEqual([400, 'receipt']);
    const svg = await uploadReceipt(c, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), { type: 'image/svg+xml' });
    expect([svg.status, svg.json.issues[0].path]).toEqual([400, 'receipt']);
    const empty = await uploadReceipt(c, Buffer.alloc(0));
    expect([empty.status, empty.json.issues[0].path]).toEqual([400, 'receipt']);
    const wrongField = await uploadReceipt(c, TINY_PDF, { field: 'file' });
    expect([wrongField.status, wrongField.json.issues[0].path]).toEqual([400, 'receipt']);
    const json = await c.post('/api/expenses/receipts', { receipt: 'x' });
    expect([json.status, json.json.issues?.[0]?.path]).toEqual([400, 'receipt']);

    expect(await countTenantRows(stack.db, 'tax', me.organization.id)).toEqual(before);
  });
});
