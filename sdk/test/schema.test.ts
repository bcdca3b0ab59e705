/**
 * The committed types are the ones today's OpenAPI document makes: a public operation that changes without a
 * regeneration fails here, naming the command that brings sdk/src/schema.ts up to date.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { REGENERATE, SCHEMA_FILE, generateSchema, sdkDocument } from '../scripts/generate.ts';
import { openApiDocument } from '../../gateway/src/modules/public-api/openapi.ts';

/** The first line where two texts part, with both versions of it, or null when they are the same. */
function firstDifference(committed: string, generated: string): string | null {
  if (committed === generated) return null;
  const a = committed.split('\n');
  const b = generated.split('\n');
  const i = a.findIndex((line, n) => line !== b[n]);
  const at = i === -1 ? a.length : i;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end of file)')}, generated ${JSON.stringify(b[at] ?? '(end of file)')}`;
}

describe('sdk/src/schema.ts', () => {
  it('is what the generator makes from the OpenAPI document the gateway serves today', async () => {
    const difference = firstDifference(await readFile(SCHEMA_FILE, 'utf8'), await generateSchema());
    expect(
      difference,
      `sdk/src/schema.ts is out of date with the OpenAPI document: run \`${REGENERATE}\` and commit the result`,
    ).toBeNull();
  }, 60_000);

  it('holds every operation of the document, each path relative to /api/v1', () => {
    const served = Object.keys((openApiDocument() as { paths: object }).paths);
    const sdk = Object.keys((sdkDocument() as { paths: object }).paths);
    expect(sdk.map((p) => `/api/v1${p}`)).toEqual(served);
    expect(sdk).toContain('/customers');
  });
});
