/** CPU time spent by processes (user + system, from /proc), to report CPU per request beside the noisy rates. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU milliseconds used so far by the process `pid` (this process: its own usage). */
export function cpuMs(pid: number | number[] = process.pid): number {
  if (Array.isArray(pid)) return pid.reduce((sum, p) => sum + cpuMs(p), 0);
  if (pid === process.pid) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0; // gone (a backend the pool closed): its time is no longer counted
  }
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
}

/**
 * CPU milliseconds used so far by the whole PostgreSQL server: the postmaster, its live children (backends, walwriter,
 * autovacuum…) and — through the postmaster's cutime/cstime — every child that has already exited, so a backend that a
 * pool closes mid-run still counts. All databases of the server: run on a quiet machine.
 */
export function postgresCpuMs(): number {
  const postmaster = Number(execFileSync('pgrep', ['-o', '-x', 'postgres'], { encoding: 'utf8' }).trim());
  const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map(Number)
    .filter(Boolean);
  const stat = readFileSync(`/proc/${postmaster}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const reaped = (Number(f[13]) + Number(f[14])) * TICK_MS; // cutime + cstime: children waited for
  return cpuMs(postmaster) + reaped + cpuMs(children);
}

/** Runs `fn` and returns the CPU microseconds per unit (`units(result)`) each named process spent meanwhile. */
export async function cpuPerUnit<T>(
  pids: Record<string, number | number[] | (() => number)>,
  fn: () => Promise<T>,
  units: (r: T) => number,
): Promise<{ result: T; cpuUs: Record<string, number> }> {
  const read = (pid: number | number[] | (() => number)) => (typeof pid === 'function' ? pid() : cpuMs(pid));
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, read(pid)]));
  const result = await fn();
  const n = Math.max(1, units(result));
  const cpuUs = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, Math.round(((read(pid) - before[k]!) * 1000) / n)]));
  return { result, cpuUs };
}
