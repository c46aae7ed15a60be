import { readFileSync } from 'node:fs';
import test from 'ava';
import { withSettingsTable } from '../../src/config/settings-table.js';

test('the README configuration table is the one the settings schema makes', (t) => {
  const readme = readFileSync('README.md', 'utf8');
  t.is(readme, withSettingsTable(readme), 'run npm run generate:docs');
});
