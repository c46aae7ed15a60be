import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { Client } from '../../src/store/entities/client.js';
import { PushToken } from '../../src/store/entities/push-token.js';
import { User } from '../../src/store/entities/user.js';
import { temporaryFolder } from '../support/temporary-folder.js';
import { ApiHarness, basic, type Account } from './helpers/api-harness.js';

let api: ApiHarness;
let dataDir: string;

test.before(async () => {
  dataDir = temporaryFolder('account');
  api = await ApiHarness.start({}, { VANTAGE_DATA_DIR: dataDir, AMQP_URL: 'amqp://publisher:secret@127.0.0.1:5672/%2F', VANTAGE_AMQP_CLIENT_SECRET: 'k'.repeat(32) });
});

test.after.always(async () => {
  await api?.close();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(64, 3)]);

async function upload(account: Account, bytes: Buffer, type = 'image/png', part = 'profile_image') {
  const form = new FormData();
  form.append(part, new Blob([bytes], { type }), 'me.png');
  const res = await fetch(`${api.origin}/app/api/v1/mobile/account/upload-image`, { method: 'POST', headers: { authorization: basic(account.email, account.password) }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

test('change-password verifies the current one, revokes the old credentials at once, works on an expired plan', async (t) => {
  const account = await api.account('expired');
  t.is((await api.call('GET', '/mobile/auth/me', { as: account })).status, 200);
  const wrong = await api.call('POST', '/mobile/account/change-password', { as: account, body: { current_password: 'not it at all', new_password: 'another secret' } });
  t.is(wrong.status, 403);
  t.is(wrong.body.error.code, 'FORBIDDEN');
  for (const [next, why] of [['short77', 'min'], ['x'.repeat(201), 'max'], [account.password, 'same']] as const) {
    const res = await api.call('POST', '/mobile/account/change-password', { as: account, body: { current_password: account.password, new_password: next } });
    t.is(res.status, 422, why);
    t.truthy(res.body.error.fields.new_password);
  }
  t.is((await api.call('POST', '/mobile/account/change-password', { as: account, body: { new_password: 'whatever123' } })).status, 422);
  const changed = await api.call('POST', '/mobile/account/change-password', { as: account, body: { current_password: account.password, new_password: 'e'.repeat(8) } });
  t.is(changed.status, 200);
  t.is(changed.body.data.credentials_version, 2);
  t.is((await api.call('GET', '/mobile/auth/me', { as: account })).status, 401);
  t.is((await api.call('GET', '/mobile/auth/me', { as: { email: account.email, password: 'e'.repeat(8) } })).status, 200);
  const user = await api.em.findOneOrFail(User, account.userId);
  t.is(user.credentialsVersion, 2);
  t.is((await api.call('POST', '/mobile/account/change-password', { as: { email: account.email, password: 'e'.repeat(8) }, body: { current_password: 'e'.repeat(8), new_password: 'f'.repeat(200) } })).status, 200);
});

test('upload-image stores PNG, JPEG and WebP by content under the data dir; refuses others, too large and missing', async (t) => {
  const account = await api.account('trial');
  for (const [bytes, type] of [[PNG, 'image/png'], [JPEG, 'image/jpeg'], [WEBP, 'image/webp']] as const) {
    const res = await upload(account, bytes, 'application/octet-stream');
    t.is(res.status, 200, type);
    t.is(res.body.data.content_type, type);
    t.regex(res.body.data.path, /^uploads\/user-\d+-[0-9a-f]+\.(png|jpg|webp)$/);
    t.deepEqual(await readFile(join(dataDir, res.body.data.path)), bytes);
  }
  t.is((await readdir(join(dataDir, 'uploads'))).filter((f) => f.startsWith(`user-${account.userId}-`)).length, 1);
  const fake = await upload(account, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
  t.is(fake.status, 422);
  t.truthy(fake.body.error.fields.profile_image);
  const exact = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
  t.is((await upload(account, exact)).status, 200);
  const big = await upload(account, Buffer.concat([exact, Buffer.alloc(1)]));
  t.is(big.status, 413);
  t.is(big.body.error.code, 'PAYLOAD_TOO_LARGE');
  t.is((await upload(account, PNG, 'image/png', 'avatar')).status, 422);
  const json = await api.call('POST', '/mobile/account/upload-image', { as: account, body: { profile_image: 'x' } });
  t.is(json.status, 415);
  const anonymous = await fetch(`${api.origin}/app/api/v1/mobile/account/upload-image`, { method: 'POST', body: new FormData() });
  t.is(anonymous.status, 401);
});

test('push tokens: register, move to another user, unregister; bad tokens 422', async (t) => {
  const account = await api.account('trial');
  const other = await api.member(account);
  const token = `fcm-${account.userId}:APA91b${'x'.repeat(100)}`;
  const first = await api.call('POST', '/mobile/push/register-token', { as: account, body: { token } });
  t.deepEqual(first.body.data, { registered: true, moved: false });
  t.deepEqual((await api.call('POST', '/mobile/push/register-token', { as: account, body: { token, platform: 'android' } })).body.data, { registered: true, moved: false });
  const moved = await api.call('POST', '/mobile/push/register-token', { as: other, body: { token } });
  t.deepEqual(moved.body.data, { registered: true, moved: true });
  const rows = await api.em.find(PushToken, { token });
  t.is(rows.length, 1);
  t.is(rows[0]!.user.id, other.userId);
  t.deepEqual((await api.call('POST', '/mobile/push/unregister-token', { as: account, body: { token } })).body.data, { removed: false });
  t.deepEqual((await api.call('POST', '/mobile/push/unregister-token', { as: other, body: { token } })).body.data, { removed: true });
  t.is(await api.em.count(PushToken, { token }), 0);
  for (const body of [{}, { token: '' }, { token: 'a b' }, { token: 'x'.repeat(4097) }, { token: 'ok', platform: 'ios' }, { token: 5 }]) {
    const res = await api.call('POST', '/mobile/push/register-token', { as: account, body });
    t.is(res.status, 422, JSON.stringify(body).slice(0, 60));
  }
  t.is((await api.call('POST', '/mobile/push/register-token', { as: account, body: { token: 'y'.repeat(4096) } })).status, 200);
  t.is((await api.call('POST', '/mobile/push/register-token', { as: null, body: { token } })).status, 401);
});

test('billing summary: plan, profile, masked card, entitlement; needs view_billing', async (t) => {
  const account = await api.account('pro');
  const bare = await api.call('GET', '/mobile/billing/summary', { as: account });
  t.is(bare.status, 200);
  t.like(bare.body.data, { plan: 'pro', profile: { billing_email: account.email }, card: null, entitlement: { status: 'paid', active: true } });
  const em = api.em;
  const client = await em.findOneOrFail(Client, account.clientId);
  client.cardBrand = 'visa';
  client.cardLast4 = '4242';
  await em.flush();
  const carded = await api.call('GET', '/mobile/billing/summary', { as: account });
  t.deepEqual(carded.body.data.card, { brand: 'visa', masked_number: '•••• 4242' });
  const member = await api.member(account, { permissions: { view_billing: false } });
  const denied = await api.call('GET', '/mobile/billing/summary', { as: member });
  t.is(denied.status, 403);
  t.regex(denied.body.error.message, /view_billing/);
  t.is((await api.call('POST', '/mobile/billing/summary', { as: account })).status, 405);
});

test('amqp-config answers the client\'s broker settings, never the publisher credentials', async (t) => {
  const account = await api.account('trial');
  const res = await api.call('GET', '/mobile/amqp-config', { as: account });
  t.is(res.status, 200);
  t.like(res.body.data, { enabled: true, host: '127.0.0.1', port: 5672, username: `vantage-client-${account.clientId}` });
  t.is(typeof res.body.data.password, 'string');
  t.false(res.text.includes('publisher'));
  t.false(res.text.includes(':secret'));
  t.is((await api.call('GET', '/mobile/amqp-config', { as: null })).status, 401);
});
