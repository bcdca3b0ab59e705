import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CustomerPatchBody } from './customer.ts';
import { ApiCustomerListQuery } from './public-api.ts';
import { foldMetadataQuery, mergeMetadata, MetadataInput, MetadataMessages, withMetadataFilter } from './metadata.ts';

const issues = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  // As the services answer them: a bad record key by its own message.
  return r.success
    ? []
    : r.error.issues.map((i) => ({
        path: i.path.map(String).join('.'),
        message: i.code === 'invalid_key' && i.issues.length ? i.issues[0]!.message : i.message,
      }));
};
const keys = (n: number, prefix = 'k') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, 'v']));

describe('MetadataInput', () => {
  it('takes up to 50 keys of 1–40 characters with text values up to 500 characters', () => {
    expect(MetadataInput.parse(keys(50))).toEqual(keys(50));
    expect(MetadataInput.parse({ ['k'.repeat(40)]: 'v'.repeat(500), order_ref: 'A-17', 'ünï code': 'é\tline\n' })).toBeTruthy();
    expect(MetadataInput.parse({})).toEqual({});
  });

  it('refuses 51 keys, a 41-character key, brackets, a 501-character value, non-text values and control characters', () => {
    expect(issues(CustomerPatchBody, { metadata: keys(51) })).toEqual([{ path: 'metadata', message: MetadataMessages.tooMany }]);
    expect(issues(CustomerPatchBody, { metadata: { ['k'.repeat(41)]: 'v' } })).toEqual([
      { path: `metadata.${'k'.repeat(41)}`, message: MetadataMessages.keyLength },
    ]);
    expect(issues(MetadataInput, { '': 'v' })).toEqual([{ path: '', message: MetadataMessages.keyLength }]);
    expect(issues(MetadataInput, { 'a[b]': 'v' })).toEqual([{ path: 'a[b]', message: MetadataMessages.keyBrackets }]);
    expect(issues(CustomerPatchBody, { metadata: { order_ref: 'x'.repeat(501) } })).toEqual([
      { path: 'metadata.order_ref', message: MetadataMessages.valueLength },
    ]);
    expect(issues(CustomerPatchBody, { metadata: { order_ref: 12 } })).toEqual([
      { path: 'metadata.order_ref', message: MetadataMessages.valueText },
    ]);
    expect(issues(CustomerPatchBody, { metadata: { order_ref: 'a\u001Bb' } })).toEqual([
      { path: 'metadata.order_ref', message: 'A metadata value cannot contain the control character U+001B' },
    ]);
    expect(issues(MetadataInput, { 'a\u0000': 'v' })[0]?.message).toContain('U+0000');
    expect(issues(MetadataInput, ['a'])).toEqual([{ path: '', message: MetadataMessages.notObject }]);
    expect(issues(MetadataInput, 'a=b')).toEqual([{ path: '', message: MetadataMessages.notObject }]);
  });
});

describe('mergeMetadata (the update rule)', () => {
  it('adds and replaces the keys sent, removes a key sent as "", keeps the others; {} changes nothing', () => {
    const stored = { order_ref: 'A-17', channel: 'shop', batch: '1' };
    expect(mergeMetadata(stored, { channel: '', batch: '2', new_key: 'x' })).toEqual({
      ok: true,
      metadata: { order_ref: 'A-17', batch: '2', new_key: 'x' },
    });
    expect(mergeMetadata(stored, {})).toEqual({ ok: true, metadata: stored });
    expect(mergeMetadata(stored, undefined)).toEqual({ ok: true, metadata: stored });
    expect(mergeMetadata(stored, { absent: '' })).toEqual({ ok: true, metadata: stored });
    expect(stored).toEqual({ order_ref: 'A-17', channel: 'shop', batch: '1' }); // the stored object is never changed
  });

  it('is a create when nothing is stored: "" keys are left out', () => {
    expect(mergeMetadata(null, { a: '1', b: '' })).toEqual({ ok: true, metadata: { a: '1' } });
  });

  it('refuses a result over 50 keys, counted after removals', () => {
    expect(mergeMetadata(keys(50), { one_more: 'v' })).toEqual({ ok: false, message: MetadataMessages.tooMany });
    expect(mergeMetadata(keys(50), { k0: '', one_more: 'v' })).toMatchObject({ ok: true });
    expect(mergeMetadata(keys(50), { k0: 'replaced' })).toMatchObject({ ok: true });
  });
});

describe('the metadata filter of a list query', () => {
  it('folds metadata[key]=value into one object and leaves every other parameter alone', () => {
    expect(foldMetadataQuery({ limit: '5', 'metadata[order_ref]': 'A-17', 'metadata[a]': 'b' })).toEqual({
      limit: '5',
      metadata: { order_ref: 'A-17', a: 'b' },
    });
    const untouched = { search: 'x' };
    expect(foldMetadataQuery(untouched)).toBe(untouched);
    // A plain `metadata=` beside bracketed ones stays as sent, so the schema refuses it.
    expect(foldMetadataQuery({ metadata: 'x', 'metadata[a]': 'b' })).toEqual({ metadata: 'x' });
  });

  it('reads several pairs (AND) and names a bad key as the parameter sent', () => {
    const q = (raw: Record<string, unknown>) => ApiCustomerListQuery.safeParse(foldMetadataQuery(raw));
    expect(q({ 'metadata[order_ref]': 'A-17', 'metadata[channel]': 'shop' }).data?.metadata).toEqual({
      order_ref: 'A-17',
      channel: 'shop',
    });
    const long = `metadata[${'k'.repeat(41)}]`;
    expect(q({ [long]: 'x' }).error?.issues.map((i) => i.path.join('.'))).toEqual([long]);
    expect(q({ 'metadata[]': 'x' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['metadata[]']);
    expect(q({ 'metadata[a][b]': 'x' }).error?.issues[0]?.message).toBe(MetadataMessages.keyBrackets);
    expect(q({ 'metadata[a]': ['1', '2'] }).success).toBe(false);
    expect(q({ metadata: 'x' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['metadata']);
    expect(q({ 'metadata[a]': 'v'.repeat(501) }).error?.issues.map((i) => i.path.join('.'))).toEqual(['metadata[a]']);
  });

  it('keeps a lenient list query lenient and a strict one strict', () => {
    expect(withMetadataFilter(z.object({})).safeParse({ other: 1 }).success).toBe(true);
    expect(withMetadataFilter(z.strictObject({})).safeParse({ other: 1 }).success).toBe(false);
  });
});
