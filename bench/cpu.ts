/** CPU time spent by processes (user + system, from /proc), to report CPU per request beside the noisy rates. */
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

/** Runs `fn` and returns the CPU microseconds per unit (`units(result)`) each named process spent meanwhile. */
export async function cpuPerUnit<T>(
  pids: Record<string, number | number[]>,
  fn: () => Promise<T>,
  units: (r: T) => number,
): Promise<{ result: T; cpuUs: Record<string, number> }> {
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMs(pid)]));
  const result = await fn();
  const n = Math.max(1, units(result));
  const cpuUs = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, Math.round(((cpuMs(pid) - before[k]!) * 1000) / n)]));
  return { result, cpuUs };
}
