import { readFileSync, writeFileSync } from 'node:fs';
import { completeOpenApi } from './complete-document.js';

/** Run by `npm run generate:api` after tsoa: completes the document it wrote in place. */
const file = 'src/api/generated/openapi.json';
writeFileSync(file, JSON.stringify(completeOpenApi(JSON.parse(readFileSync(file, 'utf8'))), null, '\t'));
