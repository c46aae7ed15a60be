import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/** CPU seconds a process has used so far (user + system), from /proc; null when it is gone. */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Processes whose command line matches, as pids. */
export function pidsWhere(matches: (commandLine: string) => boolean): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      if (matches(commandLine)) pids.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return pids;
}

/** CPU seconds per pid now, for the pids given. */
export function cpuSnapshot(pids: Iterable<number>): Map<number, number> {
  const snapshot = new Map<number, number>();
  for (const pid of pids) {
    const seconds = cpuSecondsOf(pid);
    if (seconds !== null) snapshot.set(pid, seconds);
  }
  return snapshot;
}

/** CPU seconds used between two snapshots by the pids of `after`; a pid born in between counts from zero. */
export function cpuUsed(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}
