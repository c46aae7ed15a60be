import test from 'ava';
import agent from '../../src/cli/agent.js';
import { UsageError } from '../../src/cli/role.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { createLogger } from '../../src/log.js';

const context = { settings: loadSettings({}), logger: createLogger('silent') };

test('vantage agent without --location is a usage error', async (t) => {
  await t.throwsAsync(() => agent([], context), { instanceOf: UsageError, message: /missing --location/ });
});

test('a location must be lower-case letters, digits and dashes', async (t) => {
  await t.throwsAsync(() => agent(['--location', 'EU_West'], context), { instanceOf: UsageError });
});

test('unknown options are refused', async (t) => {
  await t.throwsAsync(() => agent(['--location', 'eu-west', '--colour', 'red'], context), { instanceOf: UsageError, message: /--colour/ });
});
