import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crdFiles } from './crd-files.js';

const folder = process.argv[2] ?? 'crds';
mkdirSync(folder, { recursive: true });
for (const [name, text] of crdFiles()) writeFileSync(join(folder, name), text);
