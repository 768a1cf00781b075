/**
 * CPU time (ms) from Linux's /proc counters: of one process, of a process with all its descendants
 * (the console's primary and its workers), of a set of processes. Each thread's scheduler counter
 * (/proc/<pid>/task/<tid>/schedstat: time on a CPU, to the nanosecond) is summed over the process's
 * threads; where the kernel keeps none, user + system time from /proc/<pid>/stat, which moves in 10 ms
 * ticks (a route of 1.5 ms read that way over 300 requests is off by up to 5 %). A process that has
 * ended counts nothing; undefined where /proc cannot say at all.
 */
import { readdirSync, readFileSync } from "node:fs";

/** USER_HZ: 100 on Linux. */
const CLOCK_TICKS = 100;

/** How CPU time is read on this machine, for the benchmarks' notes. */
export const CPU_COUNTER = readsSchedstat()
  ? "read to the nanosecond (each thread's /proc/<pid>/task/<tid>/schedstat)"
  : `read in ${1000 / CLOCK_TICKS} ms ticks (/proc/<pid>/stat: this kernel keeps no schedstat)`;

function readsSchedstat(): boolean {
  try {
    return schedstatMs(process.pid) !== undefined;
  } catch {
    return false;
  }
}

/** The threads' time on a CPU, summed; undefined where the kernel keeps no such counter. */
function schedstatMs(pid: number): number | undefined {
  let ns = 0;
  let read = false;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const value = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      if (!Number.isFinite(value)) return undefined;
      ns += value;
      read = true;
    } catch (error) {
      // A thread that ended meanwhile counts nothing; a kernel without the counter has none to read.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" && (error as NodeJS.ErrnoException).code !== "ESRCH")
        return undefined;
    }
  }
  return read ? ns / 1e6 : undefined;
}

export function processCpuMs(pid: number): number | undefined {
  try {
    const precise = schedstatMs(pid);
    if (precise !== undefined) return precise;
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
