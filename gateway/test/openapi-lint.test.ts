/**
 * The served OpenAPI document passes Redocly's `recommended` ruleset without one error or warning: written to a file
 * as GET /api/v1/openapi.json serves it, then linted with @redocly/openapi-core (the engine of `redocly lint`).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lint, type NormalizedProblem } from '@redocly/openapi-core';
import { openApiDocument } from '../src/modules/public-api/openapi.ts';

const show = (p: NormalizedProblem) =>
  `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer ?? '').join(', ')}${p.suggest.length ? ` (did you mean ${p.suggest.join(', ')}?)` : ''}`;

const lintRecommended = async (doc: unknown) => {
  const file = join(dir, `openapi-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(doc, null, 2));
  return lint({ ref: file, config: await createConfig({ extends: ['recommended'] }) });
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'billpoint-openapi-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the OpenAPI document under redocly lint (recommended)', () => {
  it('has no error and no warning', async () => {
    const problems = await lintRecommended(openApiDocument('https://billing.billpoint.app'));
    const shown = problems.map(show);
    if (shown.length) console.error(`redocly lint found ${shown.length} problem(s):\n${shown.join('\n')}`);
    expect(shown).toEqual([]);
  });

  it('reports what it should: a document with an operation without summary and a broken $ref fails', async () => {
    const doc = openApiDocument('https://billing.billpoint.app') as { paths: Record<string, Record<string, Record<string, unknown>>> };
    delete doc.paths['/api/v1/customers']!.get!.summary;
    (doc.paths['/api/v1/customers']!.post!.requestBody as Record<string, unknown>).content = {
      'application/json': { schema: { $ref: '#/components/schemas/Nowhere' } },
    };
    const rules = (await lintRecommended(doc)).map((p) => p.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['operation-summary', 'no-unresolved-refs']));
  });
});
