import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Another live process holds the embedded database: opening it too would lose one side's writes. */
export class DataDirInUseError extends Error {}

interface LockRecord {
  pid: number;
  since: string;
}

const LOCK_FILE = 'vantage.lock';

/** Whether a process with that id runs now (EPERM: it runs under another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readRecord(path: string): LockRecord | null {
  try {
    const record = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockRecord>;
    return typeof record.pid === 'number' ? { pid: record.pid, since: String(record.since) } : null;
  } catch {
    return null;
  }
}

/** Opens in this process, so a second store of the same process (tests, migrations) shares the lock. */
const held = new Map<string, number>();

/**
 * Takes the data dir for this process: a lock file with its pid, created exclusively. A lock
 * left by a process that no longer runs is taken over; one of a live process is refused with a
 * message that says what to do. Resolves to the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(resolve(dataDir), LOCK_FILE);
  const release = () => {
    const count = (held.get(path) ?? 1) - 1;
    if (count > 0) return void held.set(path, count);
    held.delete(path);
    if (readRecord(path)?.pid === process.pid) unlinkSync(path);
  };
  if (held.has(path)) {
    held.set(path, held.get(path)! + 1);
    return release;
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, since: new Date().toISOString() } satisfies LockRecord));
      closeSync(fd);
      held.set(path, 1);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readRecord(path);
      if (owner && owner.pid !== process.pid && isAlive(owner.pid)) {
        throw new DataDirInUseError(
          `the data dir ${resolve(dataDir)} is in use by another vantage process (pid ${owner.pid}, since ${owner.since}); ` +
            'the embedded database takes one process at a time: stop that process first, or make the change through its API (docs/api-admin.md)',
        );
      }
      unlinkSync(path);
    }
  }
  throw new DataDirInUseError(`the data dir ${resolve(dataDir)} is being taken by another process; try again`);
}
