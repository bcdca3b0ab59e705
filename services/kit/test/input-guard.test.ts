import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { registerErrorHandling } from '../src/errors.ts';
import { firstInvalidUtf8, inputGuard, jsonPathAt, MAX_INPUT_DEPTH, unstorableInput } from '../src/input-guard.ts';

const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}"x"${']'.repeat(depth)}`);

describe('unstorableInput', () => {
  it('names the field holding a NUL or an unpaired surrogate', () => {
    expect(unstorableInput({ name: 'a\u0000b' })?.path).toBe('name');
    expect(unstorableInput({ items: [{ description: 'ok' }, { description: '\ud800' }] })?.path).toBe('items.1.description');
    expect(unstorableInput({ notes: 'x\udc00' })?.path).toBe('notes');
    expect(unstorableInput({ ['k\u0000']: 1 })?.message).toMatch(/Field names/);
  });

  it('lets every other text through, paired surrogates (emoji) included', () => {
    expect(unstorableInput({ name: 'Zoë 😀 \u202e\u0007 <b>', tags: ['a', 'b'], n: 1, nil: null })).toBeUndefined();
    expect(unstorableInput('😀')).toBeUndefined();
  });

  it(`refuses input nested more than ${MAX_INPUT_DEPTH} levels`, () => {
    expect(unstorableInput({ a: nested(MAX_INPUT_DEPTH - 1) })).toBeUndefined();
    expect(unstorableInput({ a: nested(10_000) })?.message).toMatch(/nested more than/);
  });

  it('leaves streams and buffers (a proxy or raw parser body) alone', () => {
    expect(unstorableInput(new PassThrough())).toBeUndefined();
    expect(unstorableInput(Buffer.from('\u0000'))).toBeUndefined();
  });
});

/** A bare service app as the kit builds one: the input guard (with its JSON parser) and the kit's error mapping. */
async function guarded() {
  const app = Fastify();
  registerErrorHandling(app);
  inputGuard(app, { parser: true });
  app.post('/things', async (req) => ({ got: req.body }));
  app.get('/things', async (req) => ({ got: req.query }));
  await app.ready();
  return app;
}
const json = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('broken UTF-8', () => {
  it('finds the first byte that is not UTF-8, and nothing in valid text (U+FFFD, emoji, CJK included)', () => {
    expect(firstInvalidUtf8(Buffer.from('Zoë 😀 請求書 \ufffd', 'utf8'))).toBe(-1);
    for (const [bytes, at] of [
      [[0x61, 0xc3, 0x28], 1], // C3 needs a continuation byte
      [[0x61, 0x80], 1], // a lone continuation byte
      [[0xc0, 0xaf], 0], // overlong "/"
      [[0xe0, 0x80, 0xaf], 0], // overlong, three bytes
      [[0xed, 0xa0, 0x80], 0], // an encoded surrogate
      [[0xf4, 0x90, 0x80, 0x80], 0], // past U+10FFFF
      [[0x61, 0x62, 0xe2, 0x82], 2], // cut short at the end
      [[0xff], 0],
    ] as const)
      expect(firstInvalidUtf8(Buffer.from(bytes)), JSON.stringify(bytes)).toBe(at);
  });

  it('names the JSON field the broken byte is in', () => {
    const at = (prefix: string) => jsonPathAt(prefix, prefix.length);
    expect(at('{"name":"a')).toEqual({ path: ['name'], key: false });
    expect(at('{"a":1,"items":[{"d":"x"},{"d":"o\\"k","description":"br')).toEqual({ path: ['items', '1', 'description'], key: false });
    expect(at('{"na\\"me":"x","ke')).toEqual({ path: ['ke'], key: true });
    expect(at('{"outer":{"in":["a","b')).toEqual({ path: ['outer', 'in', '1'], key: false });
    expect(at('{"a":')).toBeUndefined();
  });

  it('refuses a body with broken bytes with a 400 naming the field, and lets valid text through unchanged', async () => {
    const app = await guarded();
    const post = (payload: Buffer) =>
      app.inject({ method: 'POST', url: '/things', payload, headers: { 'content-type': 'application/json' } });
    for (const [payload, path] of [
      [json('{"name":"a', [0xc3, 0x28], 'b"}'), 'name'],
      [json('{"notes":"ok","items":[{"description":"x"},{"description":"', [0xff], '"}]}'), 'items.1.description'],
      [json('{"na', [0xe2, 0x82], 'me":"x"}'), 'na'],
      [json('{"n":1,', [0x80], '}'), 'body'],
    ] as const) {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues).toEqual([{ path, message: expect.stringMatching(/must be valid UTF-8/) }]);
    }
    const text = 'Zoë 😀 請求書 \ufffd and an escaped \\ufffd';
    const ok = await post(Buffer.from(JSON.stringify({ name: text }), 'utf8'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().got.name).toBe(text);
    await app.close();
  });

  it('refuses a query parameter whose percent-encoded bytes are not UTF-8, naming it', async () => {
    const app = await guarded();
    for (const [url, path] of [
      ['/things?ok=%C3%A9&name=a%C3%28b', 'name'],
      ['/things?name=%FF', 'name'],
      ['/things?q=%E2%82', 'q'],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().issues).toEqual([{ path, message: `${path}: Text must be valid UTF-8` }]);
    }
    const ok = await app.inject({ url: '/things?name=Zo%C3%AB+%F0%9F%98%80&r=%EF%BF%BD&pct=100%' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().got).toEqual({ name: 'Zoë 😀', r: '\ufffd', pct: '100%' });
    await app.close();
  });
});
