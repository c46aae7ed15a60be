// `npm start` runs this before serve: compiles only when a source is newer than the last build,
// so a start with nothing changed does not pay for a TypeScript build.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.build-stamp';
const SOURCES = ['src', 'agents', 'operator', 'test', 'bench', 'tsconfig.json', 'package-lock.json'];

/** Modification time of the newest file under a path (0 when the path is missing). */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

const built = newest(STAMP);
if (built === 0 || SOURCES.some((source) => newest(source) > built)) {
  const startedAt = Date.now();
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { stdio: 'inherit' });
  } catch {
    process.exit(1);
  }
  mkdirSync('dist', { recursive: true });
  // Dated when the build began: a source saved while it ran is newer, and the next start compiles again.
  writeFileSync(STAMP, '');
  utimesSync(STAMP, startedAt / 1000, startedAt / 1000);
}
