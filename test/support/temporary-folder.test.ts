import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import test from 'ava';

const helper = new URL('./temporary-folder.js', import.meta.url).href;

/** Runs `body` in a new Node process that has imported the helper as `made`; returns what it printed. */
const inChild = (body: string): string =>
  execFileSync(process.execPath, ['--input-type=module', '-e', `const made = await import(${JSON.stringify(helper)});\n${body}`], { encoding: 'utf8' }).trim();

test('a temporary folder exists while the process runs and is gone once it ends by itself', (t) => {
  const printed = inChild(`import('node:fs').then(({ existsSync, writeFileSync }) => {
    const folder = made.temporaryFolder('probe');
    writeFileSync(folder + '/file', 'x');
    console.log(JSON.stringify({ folder, existed: existsSync(folder + '/file') }));
  });`);
  const { folder, existed } = JSON.parse(printed) as { folder: string; existed: boolean };
  t.true(existed);
  t.regex(folder, /vantage-probe-/);
  t.false(existsSync(folder));
});

test('temporary folders are gone when the process ends with process.exit, as a test process does', (t) => {
  const folders = JSON.parse(inChild(`console.log(JSON.stringify([made.temporaryFolder('a'), made.temporaryFolder('b')])); process.exit(0);`)) as string[];
  t.is(folders.length, 2);
  for (const folder of folders) t.false(existsSync(folder), folder);
});
