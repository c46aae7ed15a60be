import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { parseHostsFile } from '../../src/resolution/hosts-file.js';
import { hostsFileAddresses } from '../../src/resolution/system-hosts.js';

test('a hosts file is read as the C library reads it', (t) => {
  const table = parseHostsFile(
    ['# comment', '127.0.0.1 localhost', '10.0.0.5\tDB.Internal.test db # primary', '', 'not-an-ip ignored.test', '::1 localhost ip6-localhost', '10.0.0.6 db'].join('\n'),
  );
  t.deepEqual(table.get('localhost'), [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ]);
  t.deepEqual(table.get('db.internal.test'), [{ address: '10.0.0.5', family: 4 }]);
  t.deepEqual(table.get('db')?.map((entry) => entry.address), ['10.0.0.5', '10.0.0.6']);
  t.false(table.has('ignored.test'));
  t.false(table.has('#'));
  t.false(table.has('primary'));
});

test('the file is read again when it changes, at most once a second, and a missing file lists nothing', (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'vantage-hosts-'));
  t.teardown(() => rmSync(folder, { recursive: true, force: true }));
  const path = join(folder, 'hosts');
  t.is(hostsFileAddresses('app.test', path, 0), null);
  writeFileSync(path, '10.1.1.1 app.test\n');
  t.is(hostsFileAddresses('app.test', path, 500), null, 'not looked at again within the second');
  t.deepEqual(hostsFileAddresses('App.Test.', path, 1_000), [{ address: '10.1.1.1', family: 4 }]);
  writeFileSync(path, '10.2.2.2 app.test other.test\n');
  utimesSync(path, new Date(), new Date(Date.now() + 5_000));
  t.deepEqual(hostsFileAddresses('app.test', path, 1_500), [{ address: '10.1.1.1', family: 4 }]);
  t.deepEqual(hostsFileAddresses('app.test', path, 2_500), [{ address: '10.2.2.2', family: 4 }]);
  t.is(hostsFileAddresses('unknown.test', path, 2_600), null);
});
