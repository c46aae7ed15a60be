import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

// A folder a child process or a server keeps using until the test process ends has no earlier
// moment to go; exit-when-done ends those children before the process exits.
process.on('exit', () => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

/** A new folder under the system's temporary folder, removed when this test process exits. */
export function temporaryFolder(name: string): string {
  const folder = mkdtempSync(join(tmpdir(), `vantage-${name}-`));
  made.add(folder);
  return folder;
}
