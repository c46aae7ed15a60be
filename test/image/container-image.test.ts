import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { freePort } from '../support/free-port.js';
import { startHttpTarget } from '../support/http-target.js';

/**
 * The image as CI builds and runs it: Debian's buildah, no registry (.ci/image/build.sh makes the
 * Node base locally), `buildah run --isolation chroot` with the image's own entrypoint and command
 * (there is no PID namespace there, so tini is not PID 1, but it is the process that gets the
 * signal, as PID 1 does in a pod). Needs root and buildah, which .ci/run installs.
 */
const canBuild = process.getuid?.() === 0 && spawnSync('buildah', ['--version']).status === 0;
const imageTest = canBuild ? test.serial : test.skip;

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const buildah = (...args: string[]): string => execFileSync('buildah', args, { encoding: 'utf8' }).trim();

/** pid → parent pid of every process. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      map.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  return map;
}

function descendants(pid: number): number[] {
  const tree = parents();
  const found: number[] = [];
  for (let added = true; added; ) {
    added = false;
    for (const [child, parent] of tree) if ((parent === pid || found.includes(parent)) && !found.includes(child)) (found.push(child), (added = true));
  }
  return found;
}

const commandOf = (pid: number): string[] => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
};

imageTest('CI builds the image with buildah, and vantage serve runs in it: /healthz, an UP run of a local target, a graceful SIGTERM', async (t) => {
  t.timeout(25 * 60_000, 'building and running the image');
  const build = spawn('.ci/image/build.sh', [], { stdio: ['ignore', 'pipe', 'pipe'] });
  let tag = '';
  let log = '';
  build.stdout.on('data', (chunk: Buffer) => (tag += chunk.toString()));
  build.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const [built] = (await once(build, 'close')) as [number | null];
  t.is(built, 0, log.slice(-4000));
  tag = tag.trim();
  t.is(tag, `ghcr.io/vantage-monitoring/vantage:${version}`);
  const size = /^image \S+: ([\d.]+) MB/m.exec(log);
  t.truthy(size, log.slice(-2000));
  t.log(size![0]);
  t.true(Number(size![1]) <= 250, `${size![1]} MB, the target is at most 250 MB`);

  const { config } = (JSON.parse(buildah('inspect', '--type', 'image', tag)) as { OCIv1: { config: { User: string; Entrypoint: string[]; Cmd: string[]; Labels: Record<string, string> } } })
    .OCIv1;
  t.is(config.User, '10001:10001');
  t.deepEqual(config.Entrypoint, ['/usr/bin/tini', '--', '/usr/local/bin/vantage']);
  t.deepEqual(config.Cmd, ['serve']);
  t.like(config.Labels, { 'org.opencontainers.image.title': 'Vantage', 'org.opencontainers.image.version': version, 'org.opencontainers.image.licenses': 'Apache-2.0' });
  for (const label of ['source', 'revision', 'created', 'description']) t.truthy(config.Labels[`org.opencontainers.image.${label}`], label);

  const container = buildah('from', '--quiet', '--name', `vantage-image-test-${process.pid}`, tag);
  const data = mkdtempSync(join(tmpdir(), 'vantage-image-data-'));
  chownSync(data, 10001, 10001);
  const target = await startHttpTarget();
  let serve: ReturnType<typeof spawn> | undefined;
  try {
    // A read-only root changes nothing for uid 10001: it can write only /tmp and /data.
    const root = buildah('mount', container);
    const writable = execFileSync('find', [root, '-xdev', '(', '-uid', '10001', '-o', '-perm', '-0002', ')', '!', '-type', 'l', '-printf', '/%P\\n'], { encoding: 'utf8' })
      .split('\n')
      .filter((path) => path && !/^\/(tmp|data)(\/|$)/.test(path));
    buildah('umount', container);
    t.deepEqual(writable, [], 'nothing outside /tmp and /data is writable by the image user');

    // The native addons ping uses load in the runtime (built in the build stage, their libraries copied).
    const addons = buildah('run', '--isolation', 'chroot', container, '--', 'node', '-e', "const load = require('module').createRequire('/app/dist/agents/probes/'); console.log(typeof load('icmp-datagram').open, typeof load('raw-socket').createSocket)");
    t.is(addons, 'function function');

    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', VANTAGE_LOCATIONS: 'loc-a', VANTAGE_ADMIN_EMAIL: 'owner@image.test', VANTAGE_ADMIN_PASSWORD: 'image-test-password' };
    serve = spawn(
      'buildah',
      ['run', '--isolation', 'chroot', '--volume', `${data}:/data`, ...Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]), container, '--', ...config.Entrypoint, ...config.Cmd],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    serve.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    serve.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const baseUrl = `http://127.0.0.1:${port}`;
    const began = Date.now();
    let healthy = false;
    while (!healthy && Date.now() - began < 120_000 && serve.exitCode === null) {
      healthy = await fetch(`${baseUrl}/healthz`).then((response) => response.status === 200, () => false);
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    t.true(healthy, output.slice(-4000));
    t.log(`/healthz answered ${Date.now() - began} ms after buildah run`);

    const headers = { authorization: `Basic ${Buffer.from('owner@image.test:image-test-password').toString('base64')}`, 'content-type': 'application/json' };
    const me = (await (await fetch(`${baseUrl}/app/api/v1/mobile/auth/me`, { headers })).json()) as { data: { current_workspace_id: number } };
    const workspace = { ...headers, 'x-workspace-id': String(me.data.current_workspace_id) };
    const created = await fetch(`${baseUrl}/app/api/v1/mobile/uptime-checks`, {
      method: 'POST',
      headers: workspace,
      body: JSON.stringify({ name: 'Host target', check_type: 'http', hostname: `127.0.0.1:${target.port}`, protocol: 'http', trigger_locations: ['loc-a'] }),
    });
    const check = (await created.json()) as { data: { id: number } };
    t.is(created.status, 201, JSON.stringify(check));
    const probed = await fetch(`${baseUrl}/app/api/v1/mobile/uptime-checks/${check.data.id}/test-now`, { method: 'POST', headers: workspace });
    const run = (await probed.json()) as { data: { state: string; results: Array<{ location: string }> } };
    t.is(probed.status, 200, JSON.stringify(run));
    t.is(run.data.state, 'UP', JSON.stringify(run));
    t.deepEqual(run.data.results.map((result) => result.location), ['loc-a']);

    const tini = descendants(serve.pid!).find((pid) => commandOf(pid)[0] === '/usr/bin/tini');
    t.truthy(tini, 'tini runs the entrypoint');
    process.kill(tini!, 'SIGTERM');
    const [code] = (await once(serve, 'close')) as [number | null];
    t.is(code, 0, output.slice(-4000));
    t.regex(output, /"msg":"stopped"/, 'serve shut down gracefully');
  } finally {
    if (serve && serve.exitCode === null) for (const pid of [...descendants(serve.pid!).reverse(), serve.pid!]) process.kill(pid, 'SIGKILL');
    target.close();
    spawnSync('buildah', ['rm', container]);
    rmSync(data, { recursive: true, force: true });
  }
});
