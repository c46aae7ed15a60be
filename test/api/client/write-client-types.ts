import { readFileSync, writeFileSync } from 'node:fs';
import { clientTypes } from './client-types.js';

/** Run by `npm run generate:api`: the typed client the tests use, from the committed document. */
writeFileSync('test/api/client/vantage-api.ts', await clientTypes(JSON.parse(readFileSync('src/api/generated/openapi.json', 'utf8'))));
