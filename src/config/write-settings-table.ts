import { readFileSync, writeFileSync } from 'node:fs';
import { withSettingsTable } from './settings-table.js';

writeFileSync('README.md', withSettingsTable(readFileSync('README.md', 'utf8')));
