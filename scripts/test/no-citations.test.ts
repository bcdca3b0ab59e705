import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Comments and test names state their rule in their own words: a pointer to a section sign or an issue number
 * names a document that is not in the repository, so a reader cannot check the claim. Text a person reads that
 * needs the sign (a legal reference on an invoice) lives in a data file beside the code, not in a .ts file.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['services', 'gateway', 'sdk', 'web/src', 'web/e2e', 'web/tooling', 'proto', 'bench', 'charts'];
const SKIPPED = new Set(['node_modules', 'dist']);
/** The fixtures below spell their citations from these parts, so this file holds none itself. */
const SECTION = '\u00a7';
const ISSUE = ['iss', 'ue'].join('');
const CITATION = /\u00a7|\bissues? #?\d+/i;

function* sourceFiles(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries) {
    if (SKIPPED.has(e.name)) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* sourceFiles(path);
    else if (e.isFile() && /\.tsx?$/.test(e.name)) yield path;
  }
}

/** Every `file:line` under `root`'s folders whose line holds a section sign or an issue number, with the line. */
function findCitations(root: string, folders: readonly string[] = FOLDERS): string[] {
  const hits: string[] = [];
  for (const folder of folders) {
    for (const file of sourceFiles(join(root, folder))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (CITATION.test(line)) hits.push(`${relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
    }
  }
  return hits;
}

describe('no citations in the sources', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'no-citations-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds none in services, gateway, sdk, web, proto, bench and charts', () => {
    expect(findCitations(repo)).toEqual([]);
  });

  it('names the file and line of each section sign and issue number, in .ts and .tsx files outside node_modules and dist', () => {
    const write = (path: string, text: string) => {
      mkdirSync(join(scratch, path, '..'), { recursive: true });
      writeFileSync(join(scratch, path), text);
    };
    write('proto/src/a.ts', `const a = 1;\n// spec core ${SECTION}5: the messages\n`);
    write(
      'services/x/test/b.test.tsx',
      `it('works (${ISSUE[0]!.toUpperCase()}${ISSUE.slice(1)} #12)', () => {});\n/** see ${ISSUE}s 36 */\n// ${ISSUE} 44\n`,
    );
    write('web/src/c.ts', '// A tissue 5 cm wide, 12 issues of a magazine: no citation.\n');
    write('gateway/src/d.js', `// ${ISSUE} 44 (not a TypeScript file)\n`);
    write('proto/node_modules/e.ts', `// ${ISSUE} 44\n`);
    write('services/x/dist/f.ts', `// ${SECTION}3\n`);
    write('docs/g.ts', `// ${ISSUE} 44 (not a scanned folder)\n`);

    expect(findCitations(scratch)).toEqual([
      `services/x/test/b.test.tsx:1: it('works (${ISSUE[0]!.toUpperCase()}${ISSUE.slice(1)} #12)', () => {});`,
      `services/x/test/b.test.tsx:2: /** see ${ISSUE}s 36 */`,
      `services/x/test/b.test.tsx:3: // ${ISSUE} 44`,
      `proto/src/a.ts:2: // spec core ${SECTION}5: the messages`,
    ]);
  });
});
