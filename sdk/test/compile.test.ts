/**
 * The SDK and its quick start compile under strict settings (`strict`, `noUncheckedIndexedAccess`) as an
 * integrator's project would hold them, importing `@billpoint/sdk`; and the generated types catch a caller's
 * mistakes: a misspelt body field, a query parameter of the wrong type, an answer field that does not exist, a
 * version the API does not have.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strictDiagnostics } from '../../gateway/test/support/strict-compile.ts';

const root = join(import.meta.dirname, '..', '..');
const EXAMPLE = join(root, 'sdk', 'examples', 'quick-start.ts');
let dir: string;
let diagnostics: Record<string, string[]>;

/** Each mistake, made in a copy of the quick start, and what the compiler must say about it. */
const MISTAKES: { name: string; from: string; to: string; says: RegExp }[] = [
  {
    name: 'misspelt-body-field',
    from: "email: 'billing@acme.example'",
    to: "emial: 'billing@acme.example'",
    says: /'emial' does not exist/,
  },
  { name: 'query-of-wrong-type', from: '{ limit: 100 }', to: "{ limit: '100' }", says: /'string' is not assignable to type 'number'/ },
  { name: 'answer-field-unknown', from: 'read.invoiceNumber', to: 'read.number', says: /Property 'number' does not exist/ },
  {
    name: 'version-unknown',
    from: 'createBillpoint({ apiKey,',
    to: "createBillpoint({ version: '2020-01-01', apiKey,",
    says: /'"2020-01-01"' is not assignable/,
  },
];

beforeAll(async () => {
  const example = await readFile(EXAMPLE, 'utf8');
  // Inside the repository, so that `@billpoint/sdk`, openapi-fetch and @types/node resolve as in a caller's project.
  await mkdir(join(root, 'node_modules', '.cache'), { recursive: true });
  dir = await mkdtemp(join(root, 'node_modules', '.cache', 'sdk-compile-'));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  const files: Record<string, string> = { 'quick-start.ts': example };
  for (const m of MISTAKES) {
    if (!example.includes(m.from)) throw new Error(`the quick start no longer holds ${JSON.stringify(m.from)}: update ${m.name}`);
    files[`${m.name}.ts`] = example.replace(m.from, m.to);
  }
  for (const [name, source] of Object.entries(files)) await writeFile(join(dir, name), source);
  diagnostics = strictDiagnostics(dir, Object.keys(files), {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    lib: ['lib.es2023.d.ts'],
  });
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the SDK under strict TypeScript', () => {
  it('compiles the quick start and the SDK it imports with 0 diagnostics', () => {
    const mistaken = new Set(MISTAKES.map((m) => `${m.name}.ts`));
    const rest = Object.entries(diagnostics).filter(([file]) => !mistaken.has(file));
    expect(rest.flatMap(([, found]) => found)).toEqual([]);
    expect(diagnostics['quick-start.ts']).toEqual([]);
  });

  it.each(MISTAKES)('refuses the quick start with a mistake: $name', ({ name, says }) => {
    const found = diagnostics[`${name}.ts`]!;
    expect(found.join('\n')).toMatch(says);
    expect(found, 'one mistake, one diagnostic').toHaveLength(1);
  });
});
