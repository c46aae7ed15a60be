import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

// A folder a child process or a server keeps using until the test process ends has no earlier
// moment to go; exit-when-done ends those children before the process exits. A child killed a
// moment before may still be writing: a folder left behind then is not worth failing the run for.
process.on('exit', () => {
  for (const folder of made) {
    try {
      rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // left for the system's temporary-file clean-up
    }
  }
});

/** A new folder under the system's temporary folder, removed when this test process exits. */
export function temporaryFolder(name: string): string {
  const folder = mkdtempSync(join(tmpdir(), `vantage-${name}-`));
  made.add(folder);
  return folder;
}
