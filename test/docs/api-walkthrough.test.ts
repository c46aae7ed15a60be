import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { freePort } from '../support/free-port.js';
import { startServe, stopServe, type ServeProcess } from '../support/serve-process.js';

/**
 * docs/api-walkthrough.md works as written: its shell commands are read from the document (so
 * this test fails when the document drifts) and run in order, through bash and the real curl,
 * against a real `vantage serve` on the embedded database, with the document's HTTPS webhook
 * receiver (its private CA given to serve as the document says). Every curl must answer 2xx; a
 * command may be run again for a while, as a person would, while the system catches up (an
 * incident opening, a delivery being attempted). Only addresses change: serve's port and the
 * receiver's, and names resolve to loopback through a hosts file, so nothing leaves the machine.
 */

const DOC = 'docs/api-walkthrough.md';
const run = promisify(execFile);

interface DocCommand {
  section: string;
  text: string;
}

/** The commands of every ```sh block, with continuation lines and multi-line quoted arguments joined; comment lines dropped. */
function shellCommands(markdown: string): DocCommand[] {
  const commands: DocCommand[] = [];
  let section = '';
  let inBlock = false;
  let pending = '';
  let quote: "'" | '"' | null = null;
  for (const line of markdown.split('\n')) {
    if (!inBlock && line.startsWith('## ')) section = line.slice(3).trim();
    if (line.startsWith('```')) {
      inBlock = !inBlock && line.trim() === '```sh';
      continue;
    }
    if (!inBlock) continue;
    if (!pending && /^\s*(#|$)/.test(line)) continue;
    pending += (pending ? '\n' : '') + line;
    for (const char of line) {
      if (quote === null && (char === "'" || char === '"')) quote = char;
      else if (char === quote) quote = null;
      else if (quote === null && char === '#') break;
    }
    if (quote === null && !line.endsWith('\\')) {
      commands.push({ section, text: pending });
      pending = '';
    }
  }
  return commands;
}

const commands = shellCommands(readFileSync(DOC, 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'vantage-walkthrough-'));
const children: ChildProcess[] = [];
let serve: ServeProcess | undefined;

test.after.always(async () => {
  if (serve) await stopServe(serve);
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

/** The variables a command sets (`VAR=value … npm start`), as bash expands them in the working folder. */
async function assignedBy(command: string, names: string[]): Promise<Record<string, string>> {
  const assignments = command.replace(/\s*npm start\s*$/, '');
  const { stdout } = await run('bash', ['-c', `${assignments} bash -c 'printf "%s\\0" ${names.map((n) => `"$${n}"`).join(' ')}'`], { cwd: work });
  const values = stdout.split('\0');
  return Object.fromEntries(names.map((name, i) => [name, values[i] ?? '']));
}

async function waitForOutput(output: () => string, pattern: RegExp, what: string, timeoutMs = 30_000): Promise<void> {
  for (const until = Date.now() + timeoutMs; !pattern.test(output()); ) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; output so far:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('every command of the API walkthrough works against a real vantage serve', async (t) => {
  t.timeout(180_000);
  let servePort = 8080;
  const receiverPort = await freePort();
  // Only the ports differ from the document.
  const local = (text: string) => text.replaceAll('localhost:8080', `127.0.0.1:${servePort}`).replaceAll('9443', String(receiverPort));
  symlinkSync(resolve('docs'), join(work, 'docs'));
  const hostsFile = join(work, 'hosts');
  writeFileSync(hostsFile, '127.0.0.1 example.com shop.internal.test\n');

  // The receiver, started by the document's own command.
  const receiverCommand = commands.find((c) => c.text.startsWith('node docs/https-webhook-receiver.mjs'));
  t.truthy(receiverCommand, 'the walkthrough starts the HTTPS receiver');
  const receiver = spawn('bash', ['-c', `exec ${local(receiverCommand!.text).replace(/&\s*(#.*)?$/, '')}`], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(receiver);
  let received = '';
  receiver.stdout!.on('data', (chunk: Buffer) => (received += chunk.toString()));
  receiver.stderr!.on('data', (chunk: Buffer) => (received += chunk.toString()));
  await waitForOutput(() => received, /listening on https:\/\//, 'the receiver');

  // serve, with the variables of the document's two `npm start` commands (first administrator, extra CA).
  const starts = commands.filter((c) => /\bnpm start\s*$/.test(c.text) && /^[A-Z_]+=/.test(c.text));
  const admin = await assignedBy(starts.find((c) => c.text.includes('VANTAGE_ADMIN_EMAIL'))!.text, ['VANTAGE_ADMIN_EMAIL', 'VANTAGE_ADMIN_PASSWORD']);
  const trust = await assignedBy(starts.find((c) => c.text.includes('VANTAGE_EXTRA_CA_FILE'))!.text, ['VANTAGE_EXTRA_CA_FILE']);
  t.is(trust.VANTAGE_EXTRA_CA_FILE, join(work, '.vantage-receiver', 'ca.pem'));
  serve = await startServe({
    VANTAGE_DATA_DIR: join(work, 'data'),
    VANTAGE_HOSTS_FILE: hostsFile,
    // DNS checks ask a closed local port: they fail here instead of asking the internet.
    VANTAGE_DNS_RESOLVER: `127.0.0.1:${await freePort()}`,
    ...admin,
    ...trust,
  });
  servePort = serve.port;
  t.regex(serve.output(), /"subjects":\["CN=Vantage webhook receiver CA"\],"msg":"trusting extra certificate authorities from VANTAGE_EXTRA_CA_FILE"/);

  // The session's variables (API, AUTH, WS) as the document sets them.
  const prelude = commands.filter((c) => /^(API|AUTH|WS)=/.test(c.text)).map((c) => local(c.text));
  t.is(prelude.length, 3, 'API, AUTH and WS are set');
  // curl as written; the status goes to stderr, so pipes and -o see the body alone.
  const curl = `curl() { command curl -w '%{stderr}\\nHTTP_STATUS %{http_code}\\n' "$@"; }`;
  const answers: Array<{ section: string; command: string; status: number; body: string }> = [];
  const runCurl = async (command: DocCommand): Promise<{ status: number; body: string }> => {
    const script = ['set -o pipefail', ...prelude, curl, local(command.text)].join('\n');
    const result = await run('bash', ['-c', script], { cwd: work }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
    const status = Number(/HTTP_STATUS (\d+)\s*$/.exec(result.stderr)?.[1] ?? 0);
    return { status, body: result.stdout };
  };

  const curls = commands.filter((c) => /^curl\b/.test(c.text));
  t.true(curls.length > 40, `${curls.length} curl commands`);
  for (const command of curls) {
    let answer = await runCurl(command);
    for (const until = Date.now() + 30_000; (answer.status < 200 || answer.status > 299) && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 500));
      answer = await runCurl(command);
    }
    answers.push({ section: command.section, command: command.text, ...answer });
    if (command.text.includes('/send-test')) await waitForOutput(() => received, /signed by Vantage: POST \/vantage notification\.test \{"schema_version":1/, 'the signed test notification');
    if (command.text.includes('/uptime-checks/1/update')) {
      const detail = JSON.parse((await runCurl({ section: '', text: 'curl -s -u "$AUTH" -H "$WS" $API/mobile/uptime-checks/1' })).body);
      t.like(detail.data, { check_frequency: 1, min_failing_locations: 2, notification_group_ids: [1], hostname: 'example.com' }, 'the full update kept every field');
    }
  }
  const failures = answers.filter((a) => a.status < 200 || a.status > 299);
  t.deepEqual(failures.map((f) => `§${f.section}: ${f.command.split('\n')[0]} → ${f.status} ${f.body.slice(0, 300)}`), []);

  const created = answers.find((a) => a.command.includes('"name": "Local API"'));
  t.is(created?.status, 201);
  t.regex(received, /signed by Vantage: .*notification\.test/);
  t.false(/REFUSED/.test(received), received);
});

test('the walkthrough shows the host:port form of an HTTP check and never a port field on one', async (t) => {
  const commandsWithPort = commands.filter((c) => /"check_type": "http"/.test(c.text) && /"port"/.test(c.text));
  t.deepEqual(commandsWithPort, [], 'the walkthrough never puts port on an http check');
  t.true(commands.some((c) => /"check_type": "http"[\s\S]*"hostname": "127\.0\.0\.1:\d+"/.test(c.text)), 'it shows the host:port form');
});
