import { readdirSync, readFileSync } from 'node:fs';
import test, { registerCompletionHandler } from 'ava';

/**
 * ava 6 waits for a test process to exit by itself once its tests are done, so one handle a test
 * left open (a socket, a timer, a child process a failed test never stopped) holds the whole run
 * until CI's time-out. Each test process ends its own descendants and exits once ava is done with
 * it, and names what was left, so a leak shows in the output instead of as a hang.
 */

function processParents(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // it ended meanwhile
    }
  }
  return parents;
}

function descendantsOf(root: number): number[] {
  const parents = processParents();
  const found = new Set<number>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if ((parent === root || found.has(parent)) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found];
}

const commandOf = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 160);
  } catch {
    return `pid ${pid}`;
  }
};

registerCompletionHandler(() => {
  const left: string[] = [];
  for (const pid of descendantsOf(process.pid)) {
    left.push(`process ${commandOf(pid)}`);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // it ended meanwhile
    }
  }
  // Its own stdout, stderr and the channel to ava are pipes; anything else was left by a test.
  left.push(...process.getActiveResourcesInfo().filter((resource) => resource !== 'PipeWrap' && resource !== 'TTYWrap' && resource !== 'ProcessWrap'));
  if (left.length > 0) process.stderr.write(`${test.meta.file}: exiting with these still open: ${left.join('; ')}\n`);
  process.exit();
});
