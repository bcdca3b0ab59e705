/**
 * The docs tell the truth about the service registry: README.md's folder map and docs/architecture.md's services
 * table name exactly the registered services (a missing one and an extra one both fail), the README stays an
 * on-ramp (at most 8 KiB), and every relative link of README.md and docs/*.md reaches a file that exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serviceRegistry } from '@billpoint/proto/services';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const docFiles = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The lines between `<!-- name:start -->` and `<!-- name:end -->`; throws when the markers are not there once each. */
export function delimited(text: string, name: string, file: string): string[] {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to < from || text.indexOf(start, from + 1) !== -1) throw new Error(`${file}: expected one ${start} … ${end} block`);
  return text.slice(from + start.length, to).split('\n');
}

/** The first cell of each body row of a markdown table (header and separator rows left out), backticks removed. */
export function firstCells(lines: string[]): string[] {
  const rows = lines.filter((l) => l.trim().startsWith('|'));
  return rows.slice(2).map((l) => l.trim().slice(1).split('|')[0]!.trim().replaceAll('`', ''));
}

/** README.md's folder map: the services are its `services/<name>/` rows, the kit (no service) left out. */
export const readmeServices = (text: string) =>
  firstCells(delimited(text, 'folder-map', 'README.md'))
    .map((cell) => /^services\/([a-z][a-z0-9-]*)\/?$/.exec(cell)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'kit');

/** docs/architecture.md's services table: a row per service, its name in the first cell and its port in the second. */
export const architectureServices = (text: string) =>
  delimited(text, 'services', 'docs/architecture.md')
    .filter((l) => l.trim().startsWith('|'))
    .slice(2)
    .map((l) => {
      const [name, port] = l
        .trim()
        .slice(1)
        .split('|')
        .map((c) => c.trim().replaceAll('`', ''));
      return { name: name!, port: Number(port) };
    });

/** What a list of names lacks and has in excess against the registry, as readable problems. */
export function listProblems(file: string, names: string[], registered: string[] = serviceRegistry.map((s) => s.name)): string[] {
  const missing = registered.filter((n) => !names.includes(n)).map((n) => `${file} does not list the registered service "${n}"`);
  const extra = names
    .filter((n) => !registered.includes(n))
    .map((n) => `${file} lists "${n}", which proto/src/services.ts does not register`);
  const twice = names.filter((n, i) => names.indexOf(n) !== i).map((n) => `${file} lists "${n}" twice`);
  return [...missing, ...extra, ...twice];
}

/** Relative link targets of a markdown file (inline links and images), without their #fragment; URLs left out. */
export function relativeLinks(text: string): string[] {
  const targets = [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#')).map((t) => t.split('#')[0]!);
}

describe('the docs against the service registry', () => {
  it("README.md's folder map names every registered service and no other", () => {
    const names = readmeServices(read('README.md'));
    expect(listProblems('README.md', names)).toEqual([]);
  });

  it("docs/architecture.md's services table names every registered service, with its port, and no other", () => {
    const rows = architectureServices(read('docs/architecture.md'));
    expect(
      listProblems(
        'docs/architecture.md',
        rows.map((r) => r.name),
      ),
    ).toEqual([]);
    const ports = Object.fromEntries(serviceRegistry.map((s) => [s.name, s.port]));
    expect(Object.fromEntries(rows.map((r) => [r.name, r.port]))).toEqual(ports);
  });

  it('a service missing from a list and one too many are both named', () => {
    const readme = read('README.md');
    const withoutTax = readme.replace(/^\| `services\/tax\/` \|.*\n/m, '');
    expect(withoutTax).not.toBe(readme);
    expect(listProblems('README.md', readmeServices(withoutTax))).toEqual(['README.md does not list the registered service "tax"']);

    const arch = read('docs/architecture.md');
    const withExtra = arch.replace(
      '<!-- services:end -->',
      '| `notifications` | 8088 | notices | `/api/notifications` |\n<!-- services:end -->',
    );
    expect(
      listProblems(
        'docs/architecture.md',
        architectureServices(withExtra).map((r) => r.name),
      ),
    ).toEqual(['docs/architecture.md lists "notifications", which proto/src/services.ts does not register']);
  });
});

describe('the docs themselves', () => {
  it('README.md is an on-ramp: at most 8 KiB', () => {
    expect(statSync(join(root, 'README.md')).size).toBeLessThanOrEqual(8192);
  });

  it('every relative link of README.md and docs/*.md points to a file that exists', () => {
    expect(docFiles).toContain('docs/architecture.md');
    const broken = docFiles.flatMap((file) =>
      relativeLinks(read(file))
        .filter((target) => !existsSync(join(root, dirname(file), decodeURIComponent(target))))
        .map((target) => `${file}: ${target} (${relative(root, join(root, dirname(file), target))}) does not exist`),
    );
    expect(broken).toEqual([]);
  });

  it('finds the links it checks', () => {
    expect(relativeLinks('[a](docs/api.md#errors) [b](https://x.test) [c](#here) ![d](img/x.png "t")')).toEqual([
      'docs/api.md',
      'img/x.png',
    ]);
  });

  it('cites no section sign and no issue number', () => {
    const cited = docFiles.flatMap((file) =>
      read(file)
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => line.includes('\u00a7') || /\bissues? #?\d+/i.test(line))
        .map(({ at }) => at),
    );
    expect(cited).toEqual([]);
  });
});
