import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** scripts/ensure-test-deps.sh, the first step of `npm test`: its three branches, without touching the machine. */
const script = readFileSync(new URL('../ensure-test-deps.sh', import.meta.url), 'utf8');
const root = process.getuid?.() === 0;
const missing = join(tmpdir(), 'no-such-dir', 'chromium');

function run(env: Record<string, string>, o: { asNobody?: boolean } = {}) {
  // The script on standard input, so a user without access to the work tree can run it too.
  const [cmd, args] =
    o.asNobody && root ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'bash', '-s']] : ['bash', ['-s']];
  const r = spawnSync(cmd, args as string[], { input: script, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 10_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('ensure-test-deps', () => {
  it('does nothing when Chromium is there', () => {
    expect(run({ BILLPOINT_CHROMIUM: process.execPath })).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it.runIf(root)('as root, installs Chromium with apt-get when it is missing (dry run: the commands)', () => {
    const r = run({ BILLPOINT_CHROMIUM: missing, ENSURE_TEST_DEPS_DRY_RUN: '1' });
    expect(r).toEqual({
      status: 0,
      stdout: [
        `npm test: ${missing} is missing: installing chromium with apt-get`,
        'would run: apt-get update -q',
        'would run: DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('not root, stops at once with the command to run (and runs nothing)', () => {
    const r = run({ BILLPOINT_CHROMIUM: missing }, { asNobody: true });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${missing} is missing`);
    expect(r.stderr).toContain(
      "sudo sh -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium'",
    );
  });
});
