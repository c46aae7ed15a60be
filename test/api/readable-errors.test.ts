import test from 'ava';
import { readableMessage } from '../../src/api/validation-messages.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

/** Validation and filter errors say in plain words what is wrong with which field, never the framework's text. */

let api: ApiHarness;
let owner: Account;
test.before(async () => {
  api = await ApiHarness.start();
  owner = await api.account('pro');
});
test.after.always(async () => {
  await api?.close();
});

const frameworkWords = /Could not match|should be one of the following|invalid (integer|float|string|boolean) |Issues:/;

test('a filter outside its values names the field and the values it takes', async (t) => {
  const cases: Array<[string, string, RegExp]> = [
    ['/mobile/uptime-checks?status=sideways', 'status', /^must be one of up, down, unknown, paused, all$/],
    ['/mobile/uptime-checks?paused=maybe', 'paused', /^must be one of (true|false|1|0)(, (true|false|1|0)){3}$/],
    ['/mobile/incidents?severity=apocalyptic', 'severity', /^must be one of /],
    ['/mobile/maintenance-windows?state=soon', 'state', /^must be one of (scheduled|active|completed|disabled)(, (scheduled|active|completed|disabled)){3}$/],
    ['/mobile/uptime-checks?limit=lots', 'limit', /^must be an integer( from -?\d+ to \d+)?$/],
  ];
  for (const [path, field, reason] of cases) {
    const res = await api.call('GET', path, { account: owner });
    t.is(res.status, 400, path);
    t.regex(res.body.error.fields[field], reason, `${path}: ${res.text}`);
    t.regex(res.body.error.message, new RegExp(`^${field} must be`), res.text);
    t.notRegex(res.text, frameworkWords);
  }
});

test('a body field of the wrong type or value is named with what it must be', async (t) => {
  const action = await api.call('POST', '/mobile/uptime-checks/bulk-pause', { account: owner, body: { action: 'sideways' } });
  t.is(action.status, 422);
  t.deepEqual(action.body.error.fields, { action: 'must be one of pause, resume' });
  const name = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: { name: 5, hostname: 'example.com' } });
  t.is(name.status, 422);
  t.is(name.body.error.fields.name, 'must be a string');
  t.notRegex(action.text + name.text, frameworkWords);
});

test('the wording of each tsoa message', (t) => {
  t.is(readableMessage("should be one of the following; ['a','b']"), 'must be one of a, b');
  t.is(readableMessage("'name' is required"), 'is required');
  t.is(readableMessage('invalid float number'), 'must be a number');
  t.is(readableMessage('maxLength 200'), 'must be at most 200 characters');
  t.is(readableMessage('min 1'), 'must be at least 1');
  t.is(readableMessage('Could not match the union against any of the items. Issues: [{"x":{"message":"invalid string value"}},{"x":{"message":"should be one of the following; [null]"}}]'), 'must be one of a string, null');
  t.is(readableMessage('Could not match the union against any of the items. Issues: not json'), 'is not one of the accepted values');
  t.is(readableMessage('something new'), 'something new');
});
