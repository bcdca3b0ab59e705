/**
 * A client generated from the served OpenAPI document compiles: openapi-typescript makes the types, and the quick start
 * the Documentation tab shows (web/src/features/integrations/lib/quick-start.ts, one source) is compiled against them
 * with openapi-fetch under strict settings. A mistake a caller could make (a misspelt field, a wrong query type) must
 * not compile, so the types say something.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/modules/public-api/openapi.ts';
import { strictDiagnostics } from './support/strict-compile.ts';
import { QUICK_START_TYPES_FILE, quickStartClient } from '../../web/src/features/integrations/lib/quick-start.ts';

const root = join(import.meta.dirname, '..', '..');
const ORIGIN = 'https://billing.billpoint.app';
let dir: string;
let diagnostics: Record<string, string[]>;

/** The quick start with mistakes a caller could make: a misspelt body field, a query parameter of the wrong type, an answer field that does not exist. */
const wrong = quickStartClient(ORIGIN)
  .replace("email: 'billing@acme.example'", "emial: 'billing@acme.example'")
  .replace('limit: 20,', "limit: '20',")
  .replace('invoice.invoiceNumber,', 'invoice.number,');

beforeAll(async () => {
  // Inside the repository, so that `openapi-fetch` and @types/node resolve as they would in a caller's project.
  await mkdir(join(root, 'node_modules', '.cache'), { recursive: true });
  dir = await mkdtemp(join(root, 'node_modules', '.cache', 'openapi-client-'));
  await writeFile(join(dir, QUICK_START_TYPES_FILE), astToString(await openapiTS(openApiDocument(ORIGIN) as never)));
  const files = { 'quick-start.ts': quickStartClient(ORIGIN), 'wrong.ts': wrong };
  for (const [name, source] of Object.entries(files)) await writeFile(join(dir, name), source);
  diagnostics = strictDiagnostics(dir, Object.keys(files), {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  });
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the typed client made from the OpenAPI document', () => {
  it('compiles the quick start of the Documentation tab with 0 diagnostics (strict)', () => {
    if (diagnostics['quick-start.ts']!.length) console.error(diagnostics['quick-start.ts']!.join('\n'));
    expect(diagnostics['quick-start.ts']).toEqual([]);
    expect(Object.keys(diagnostics)).toEqual(['quick-start.ts', 'wrong.ts']);
  });

  it('refuses a misspelt body field, a query parameter of the wrong type and an answer field that does not exist', () => {
    const found = diagnostics['wrong.ts']!.join('\n');
    expect(found).toMatch(/emial/);
    expect(found).toMatch(/'string' is not assignable to type 'number'/);
    expect(found).toMatch(/Property 'number' does not exist/);
  });
});
