import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadResult } from './api-load.js';

export interface WrkOptions {
  port: number;
  headers: Record<string, string>;
  connections: number;
  threads: number;
  /** Whole seconds (wrk takes no fractions): rounded, at least one. */
  seconds: number;
  /** GET these paths in turn on each connection; one path is sent as is, without a Lua request hook. */
  paths: string[];
  /** Instead of the GETs: a POST of a JSON body per request, both made by Lua from the request's number. */
  posts?: WrkPosts;
}

/**
 * Lua expressions of `n` (1, 2, … per wrk thread) and `run` (a text of its own per wrk run) giving
 * each request's path and body, so that every create carries a name of its own:
 * `string.format("/checks/%d/update", 100 + n)`.
 */
export interface WrkPosts {
  path: string;
  body: string;
}

/** Debian's `wrk` (apt-get install wrk): a C load generator using a fraction of the Node client's CPU. */
export const wrkInstalled = (): boolean => spawnSync('wrk', ['--version']).error === undefined;

/** CPU seconds of this process's children that have ended (cutime + cstime from /proc). */
function endedChildrenCpu(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** wrk's summary through a Lua done() hook: exact counts and percentiles in µs rather than its rounded text. */
function script(paths: string[], posts: WrkPosts | undefined): string {
  const cycle = posts
    ? `local n = 0
local run = "${randomBytes(4).toString('hex')}"
wrk.headers["content-type"] = "application/json"
request = function()
  n = n + 1
  return wrk.format("POST", ${posts.path}, nil, ${posts.body})
end
local failed = false
response = function(status, headers, body)
  if status >= 400 and not failed then
    failed = true
    io.write("FAILED " .. status .. " " .. string.gsub(body:sub(1, 300), "\\n", " ") .. "\\n")
  end
end
`
    : paths.length > 1
      ? `local paths = { ${paths.map((path) => JSON.stringify(path)).join(', ')} }
local next = 0
request = function()
  next = next % #paths + 1
  return wrk.format(nil, paths[next])
end
`
      : '';
  return `${cycle}done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK %d %d %d %d %d\\n", summary.requests, summary.duration,
    e.connect + e.read + e.write + e.timeout + e.status, latency:percentile(50), latency:percentile(99)))
end
`;
}

/**
 * `connections` keep-alive connections sending GETs (or the POSTs of `posts`, whose first failed
 * answer is kept), each sending its next request when the last answered. A failure is an answer
 * with status ≥ 400 or a transport error; wrk keeps no bodies of GETs.
 * clientCpuSeconds is wrk's own CPU, counted apart from the server's.
 */
export async function runWrk(options: WrkOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'vantage-wrk-'));
  try {
    const scriptPath = join(dir, 'summary.lua');
    writeFileSync(scriptPath, script(options.paths, options.posts));
    const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    const args = ['-t', String(options.threads), '-c', String(options.connections), '-d', `${Math.max(1, Math.round(options.seconds))}s`, '-s', scriptPath];
    const cpuBefore = endedChildrenCpu();
    const wrk = spawn('wrk', [...args, ...headerArgs, `http://127.0.0.1:${options.port}${options.paths[0]}`], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    wrk.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(wrk, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`wrk exited with ${code}:\n${output}`);
    const summary = /^WRK (\d+) (\d+) (\d+) (\d+) (\d+)$/m.exec(output);
    if (!summary) throw new Error(`no summary in wrk's output:\n${output}`);
    const [requests, durationUs, failures, p50Us, p99Us] = summary.slice(1).map(Number) as [number, number, number, number, number];
    const seconds = durationUs / 1e6;
    return {
      requests,
      failures,
      firstFailure: failures ? (/^FAILED (.*)$/m.exec(output)?.[1] ?? `${failures} answers with status ≥ 400 or transport errors (wrk keeps no bodies of GETs)`) : null,
      seconds,
      perSecond: requests / seconds,
      p50Ms: p50Us / 1000,
      p99Ms: p99Us / 1000,
      clientCpuSeconds: endedChildrenCpu() - cpuBefore,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
