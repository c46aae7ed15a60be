import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crdFiles } from './crd-files.js';

/** The CRDs go to crds/ (kubectl apply) and to the chart's crds/ (helm installs them before anything else). */
export const CRD_FOLDERS = ['crds', 'charts/vantage/crds'] as const;

for (const folder of process.argv[2] ? [process.argv[2]] : CRD_FOLDERS) {
  mkdirSync(folder, { recursive: true });
  for (const [name, text] of crdFiles()) writeFileSync(join(folder, name), text);
}
