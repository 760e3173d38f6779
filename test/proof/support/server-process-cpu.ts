import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/**
 * CPU time a process has used, in milliseconds (user + system, from Linux's /proc/<pid>/stat), or null
 * elsewhere. Divided by the requests it served, it gives a cost per request that does not depend on how
 * busy the rest of the machine was, unlike latency.
 */
export function cpuMilliseconds(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis):
  // utime and stime are the 12th and 13th, in clock ticks.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / clockTicksPerSecond();
}

let ticksPerSecond: number | null = null;

function clockTicksPerSecond(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

/** The machine a figure was measured on: cores and the 1-minute load average when it was taken. */
export function machineFigures(): { cores: number; load_avg_1m: number } {
  return { cores: cpus().length, load_avg_1m: Math.round((loadavg()[0] ?? 0) * 10) / 10 };
}
