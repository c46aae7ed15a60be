import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { runCli } from '../support/cli.js';

const folder = mkdtempSync(join(tmpdir(), 'vantage-help-'));
test.after.always(() => rmSync(folder, { recursive: true, force: true }));

const asked = [
  ['--help', /usage: vantage <role>/],
  ['-h', /usage: vantage <role>/],
  ['help', /usage: vantage <role>/],
  ['serve --help', /usage: vantage serve/],
  ['api --help', /usage: vantage api/],
  ['engine --help', /usage: vantage engine/],
  ['agent --help', /usage: vantage agent --location ID/],
  ['operator --help', /usage: vantage operator/],
  ['migrate --help', /usage: vantage migrate/],
  ['admin --help', /create-client[\s\S]*create-user[\s\S]*set-plan[\s\S]*reset-password/],
  ['admin create-client --help', /usage: vantage admin create-client --name N/],
  ['admin create-user --help', /--workspace-ids/],
  ['admin set-plan -h', /usage: vantage admin set-plan/],
  ['admin reset-password --help', /usage: vantage admin reset-password --email E/],
] as const;

for (const [args, usage] of asked) {
  test(`vantage ${args} prints its usage and exits 0 without touching data`, async (t) => {
    const dataDir = join(folder, args.replace(/\W+/g, '-'));
    const result = await runCli(args.split(' '), { VANTAGE_DATA_DIR: dataDir });
    t.is(result.code, 0, result.stderr);
    t.regex(result.stdout, usage);
    t.is(result.stderr, '');
    t.false(existsSync(dataDir), `${dataDir} was created: ${existsSync(dataDir) ? readdirSync(dataDir).join(', ') : ''}`);
  });
}

test('an unknown role still exits 2 with the usage on stderr', async (t) => {
  const result = await runCli(['dance', '--help'], { VANTAGE_DATA_DIR: join(folder, 'dance') });
  t.is(result.code, 2);
  t.regex(result.stderr, /unknown role "dance"[\s\S]*usage: vantage <role>/);
});
