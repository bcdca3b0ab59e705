import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { MAX_INPUT_DEPTH, unstorableInput } from '../src/input-guard.ts';

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
