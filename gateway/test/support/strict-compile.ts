import { join } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..', '..', '..');

/**
 * Compiles the given files of `dir` as one program (loading the typings is the slow part) under the settings an
 * integrator's strict project would have (`strict`, `noUncheckedIndexedAccess`), with `options` on top, and answers
 * each file's diagnostics as `file:line: message`. A diagnostic in another file (a library, a module they import) is
 * listed under that file's full path; one of no file under `(program)`.
 */
export function strictDiagnostics(dir: string, files: string[], options: ts.CompilerOptions): Record<string, string[]> {
  const program = ts.createProgram(
    files.map((f) => join(dir, f)),
    {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      types: ['node'],
      typeRoots: [join(root, 'node_modules', '@types')],
      skipLibCheck: true,
      ...options,
    },
  );
  const diagnostics: Record<string, string[]> = Object.fromEntries(files.map((f) => [f, []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const name = d.file ? (d.file.fileName.startsWith(`${dir}/`) ? d.file.fileName.slice(dir.length + 1) : d.file.fileName) : '(program)';
    const line = d.file ? `:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
    (diagnostics[name] ??= []).push(`${name}${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  }
  return diagnostics;
}
