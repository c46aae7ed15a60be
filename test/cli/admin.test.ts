import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { Client, User, Workspace, WorkspaceShare } from '../../src/store/entities/index.js';
import { closeStore, openStore } from '../../src/store/orm.js';
import { verifyPassword } from '../../src/domain/password-hash.js';
import { runCli } from '../support/cli.js';
import { freshDatabase } from '../support/database.js';

const database = await freshDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'vantage-admin-'));
const env = { DATABASE_URL: database.databaseUrl, VANTAGE_DATA_DIR: dataDir };
test.after.always(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const lastLine = (text: string): string => text.trim().split('\n').at(-1)!;

async function inspect<T>(read: (em: Awaited<ReturnType<typeof openStore>>['em']) => Promise<T>): Promise<T> {
  const store = await openStore({ databaseUrl: database.databaseUrl, dataDir });
  try {
    return await read(store.em.fork());
  } finally {
    await closeStore(store);
  }
}

test.serial('create-client creates a client, its administrator and a workspace', async (t) => {
  const result = await runCli(
    ['admin', 'create-client', '--name', 'Acme', '--email', 'Ops@Acme.test', '--password', 'correct horse', '--plan', 'trial'],
    env,
  );
  t.is(result.code, 0, result.stderr);
  const ids = JSON.parse(lastLine(result.stdout)) as { client_id: number; user_id: number; workspace_id: number };
  t.deepEqual(Object.keys(ids), ['client_id', 'user_id', 'workspace_id']);
  await inspect(async (em) => {
    const client = await em.findOneOrFail(Client, ids.client_id);
    t.is(client.plan, 'trial');
    t.true(client.trialEndsAt!.getTime() > Date.now() + 13 * 86_400_000);
    const user = await em.findOneOrFail(User, ids.user_id);
    t.is(user.email, 'ops@acme.test');
    t.true(user.isAdmin);
    t.true(user.passwordHash.startsWith('$argon2id$'));
    t.true(await verifyPassword(user.passwordHash, 'correct horse'));
    t.is((await em.findOneOrFail(Workspace, ids.workspace_id)).client.id, ids.client_id);
  });
});

test.serial('a duplicate e-mail is refused with a clear error and a non-zero exit', async (t) => {
  const result = await runCli(['admin', 'create-client', '--name', 'Other', '--email', 'ops@acme.test', '--password', 'x'.repeat(10), '--plan', 'pro'], env);
  t.is(result.code, 1);
  t.regex(result.stderr, /a user with e-mail ops@acme\.test already exists/);
  t.is(await inspect((em) => em.count(Client, { name: 'Other' })), 0);
});

test.serial('a bad plan is refused', async (t) => {
  const result = await runCli(['admin', 'create-client', '--name', 'Gold', '--email', 'gold@acme.test', '--password', 'x'.repeat(10), '--plan', 'gold'], env);
  t.is(result.code, 1);
  t.regex(result.stderr, /plan "gold" is not one of trial, basic, pro, expired/);
});

test.serial('a missing flag is a usage error', async (t) => {
  const result = await runCli(['admin', 'create-client', '--name', 'NoMail', '--password', 'x'.repeat(10), '--plan', 'pro'], env);
  t.is(result.code, 2);
  t.regex(result.stderr, /--email is required/);
});

test.serial('create-user adds a user with permission flags; set-plan moves the client', async (t) => {
  const created = await runCli(
    ['admin', 'create-user', '--client-id', '1', '--email', 'dev@acme.test', '--password', 'another-pass', '--permissions', 'manage_incidents'],
    env,
  );
  t.is(created.code, 0, created.stderr);
  const { user_id } = JSON.parse(lastLine(created.stdout)) as { user_id: number };
  const badPermission = await runCli(['admin', 'create-user', '--client-id', '1', '--email', 'x@acme.test', '--password', 'pw-pw-pw-pw', '--permissions', 'fly'], env);
  t.is(badPermission.code, 1);
  t.regex(badPermission.stderr, /unknown permission "fly"/, badPermission.stdout);
  const noClient = await runCli(['admin', 'create-user', '--client-id', '999', '--email', 'y@acme.test', '--password', 'pw-pw-pw-pw'], env);
  t.is(noClient.code, 1);
  t.regex(noClient.stderr, /client 999 does not exist/, noClient.stdout);
  const plan = await runCli(['admin', 'set-plan', '--client-id', '1', '--plan', 'basic'], env);
  t.is(plan.code, 0, plan.stderr);
  await inspect(async (em) => {
    const user = await em.findOneOrFail(User, user_id);
    t.false(user.isAdmin);
    t.true(user.permissions.manage_incidents);
    t.false(user.permissions.manage_uptime_checks);
    const client = await em.findOneOrFail(Client, 1);
    t.is(client.plan, 'basic');
    t.is(client.trialEndsAt, null);
  });
  const unlimited = await runCli(['admin', 'set-plan', '--client-id', '1', '--plan', 'unlimited'], env);
  t.is(unlimited.code, 0, unlimited.stderr);
  await inspect(async (em) => t.is((await em.findOneOrFail(Client, 1, { refresh: true })).plan, 'unlimited'));
  const unknown = await runCli(['admin', 'set-plan', '--client-id', '1', '--plan', 'enterprise'], env);
  t.is(unknown.code, 1);
  t.regex(unknown.stderr, /plan "enterprise" is not one of trial, basic, pro, expired, unlimited/);
});

test('a bad configuration value stops the process with one line naming it', async (t) => {
  const result = await runCli(['migrate'], { ...env, VANTAGE_PARTITIONS: 'many' });
  t.is(result.code, 1);
  t.is(result.stderr.trim(), 'vantage: configuration error: VANTAGE_PARTITIONS="many" is not allowed: an integer from 1 to 1024');
});

test('an unknown role prints the usage and exits 2', async (t) => {
  const result = await runCli(['dance'], env);
  t.is(result.code, 2);
  t.regex(result.stderr, /unknown role "dance"/);
});

test.serial('the CLI applies the API rules to e-mail addresses and passwords', async (t) => {
  const cases = [
    [['create-client', '--name', 'Short', '--email', 'short@acme.test', '--password', 'x', '--plan', 'pro'], /the password must be at least 8 characters/],
    [['create-client', '--name', 'NoMail', '--email', 'not-an-email', '--password', 'long-enough', '--plan', 'pro'], /"not-an-email" is not an e-mail address/],
    [['create-user', '--client-id', '1', '--email', 'dev2@acme.test', '--password', 'p'.repeat(201)], /the password must be at most 200 characters/],
    [['reset-password', '--email', 'dev@acme.test', '--password', 'short'], /the password must be at least 8 characters/],
  ] as const;
  for (const [args, message] of cases) {
    const result = await runCli(['admin', ...args], env);
    t.is(result.code, 1, `${args.join(' ')}: ${result.stdout}`);
    t.regex(result.stderr, message);
  }
  t.is(await inspect((em) => em.count(User, { email: { $in: ['short@acme.test', 'not-an-email', 'dev2@acme.test'] } })), 0);
});

test.serial('create-user can share workspaces of the client with the new user, and refuses others', async (t) => {
  const workspaceId = await inspect(async (em) => (await em.findOneOrFail(Workspace, { client: 1 })).id);
  const created = await runCli(
    ['admin', 'create-user', '--client-id', '1', '--email', 'viewer@acme.test', '--password', 'viewer-pass', '--workspace-ids', String(workspaceId)],
    env,
  );
  t.is(created.code, 0, created.stderr);
  const { user_id, workspace_ids } = JSON.parse(lastLine(created.stdout)) as { user_id: number; workspace_ids: number[] };
  t.deepEqual(workspace_ids, [workspaceId]);
  t.is(await inspect((em) => em.count(WorkspaceShare, { user: user_id, workspace: workspaceId })), 1);
  const foreign = await runCli(['admin', 'create-user', '--client-id', '1', '--email', 'other@acme.test', '--password', 'other-pass', '--workspace-ids', '9999'], env);
  t.is(foreign.code, 1);
  t.regex(foreign.stderr, /not workspaces of client 1: 9999/);
});

test.serial('reset-password sets a given or generated password and ends the old credentials', async (t) => {
  const before = await inspect((em) => em.findOneOrFail(User, { email: 'dev@acme.test' }));
  const given = await runCli(['admin', 'reset-password', '--email', 'Dev@Acme.test', '--password', 'brand-new-pass'], env);
  t.is(given.code, 0, given.stderr);
  t.deepEqual(JSON.parse(lastLine(given.stdout)), { user_id: before.id });
  const generated = await runCli(['admin', 'reset-password', '--email', 'dev@acme.test'], env);
  t.is(generated.code, 0, generated.stderr);
  const { password } = JSON.parse(lastLine(generated.stdout)) as { password: string };
  t.true(password.length >= 12);
  await inspect(async (em) => {
    const user = await em.findOneOrFail(User, before.id);
    t.true(await verifyPassword(user.passwordHash, password));
    t.is(user.credentialsVersion, before.credentialsVersion + 2);
  });
  const unknown = await runCli(['admin', 'reset-password', '--email', 'nobody@acme.test', '--password', 'whatever-pass'], env);
  t.is(unknown.code, 1);
  t.regex(unknown.stderr, /no user with e-mail nobody@acme\.test/);
});
