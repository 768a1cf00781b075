/**
 * CPU time (user + system, ms) from Linux's /proc counters: of one process, of a process with all
 * its descendants (the console's primary and its workers), of a set of processes. A process that
 * has ended counts nothing; undefined where /proc cannot say at all.
 */
import { readdirSync, readFileSync } from "node:fs";

/** USER_HZ: 100 on Linux. */
export const CLOCK_TICKS = 100;

export function processCpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** The pid and every descendant's, read from /proc/<pid>/task/<tid>/children. */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const at = out[i] as number;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${at}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        for (const child of readFileSync(`/proc/${at}/task/${tid}/children`, "utf8").trim().split(/\s+/))
          if (child) out.push(Number(child));
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return out;
}

/** The CPU of each process now, by pid (for a difference over an interval). */
export function cpuByPid(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) out.set(pid, ms);
  }
  return out;
}

/** CPU used between two readings, summed over the processes read both times (or started since). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}
