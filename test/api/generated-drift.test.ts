import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { generateSpecAndRoutes, type Config } from 'tsoa';
import { completeOpenApi } from '../../src/api/openapi/complete-document.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Relative imports point at the same files whatever folder the routes were generated into. */
const normaliseImports = (source: string, folder: string): string =>
  source.replace(/from '(\.{1,2}\/[^']+)'/g, (_match, path: string) => `from '${relative(root, resolve(folder, path))}'`);

test('src/api/generated is what `npm run generate:api` makes of the controllers (no drift)', async (t) => {
  const config = JSON.parse(await readFile(join(root, 'tsoa.json'), 'utf8')) as Config;
  const out = await mkdtemp(join(tmpdir(), 'vantage-tsoa-'));
  t.teardown(() => rm(out, { recursive: true, force: true }));
  const absolute = (path: string) => resolve(root, path);
  await generateSpecAndRoutes({
    configuration: {
      ...config,
      entryFile: absolute(config.entryFile),
      controllerPathGlobs: (config.controllerPathGlobs ?? []).map(absolute),
      spec: { ...config.spec, outputDirectory: out },
      routes: {
        ...config.routes,
        routesDir: out,
        authenticationModule: absolute(config.routes.authenticationModule!),
        iocModule: absolute(config.routes.iocModule!),
      },
    },
  });
  const committedFolder = join(root, 'src/api/generated');
  const spec = await readFile(join(out, 'openapi.json'), 'utf8');
  t.deepEqual(completeOpenApi(JSON.parse(spec)), JSON.parse(await readFile(join(committedFolder, 'openapi.json'), 'utf8')), 'openapi.json differs: run npm run generate:api');
  const routes = normaliseImports(await readFile(join(out, 'routes.ts'), 'utf8'), out);
  const committed = normaliseImports(await readFile(join(committedFolder, 'routes.ts'), 'utf8'), committedFolder);
  t.true(routes === committed, 'routes.ts differs: run npm run generate:api');
});
