import test from 'ava';
import { ConfigError, loadSettings, locationsOf } from '../../src/config/load-settings.js';

test('defaults apply on an empty environment', (t) => {
  const settings = loadSettings({});
  t.is(settings.PORT, 8080);
  t.is(settings.VANTAGE_DATA_DIR, './data');
  t.is(settings.LOG_LEVEL, 'info');
  t.is(settings.VANTAGE_PARTITIONS, 16);
  t.deepEqual(locationsOf(settings), ['eu-west', 'us-east', 'ap-south']);
  t.is(settings.DATABASE_URL, undefined);
  t.is(settings.NATS_URL, undefined);
});

test('values are converted from strings', (t) => {
  const settings = loadSettings({
    PORT: '9090',
    VANTAGE_PARTITIONS: '4',
    DATABASE_URL: 'postgres://u@h:5432/db',
    NATS_URL: 'nats://a:4222,nats://b:4222',
    VANTAGE_LOCATIONS: 'fra,nyc',
    LOG_LEVEL: 'debug',
  });
  t.is(settings.PORT, 9090);
  t.is(settings.VANTAGE_PARTITIONS, 4);
  t.deepEqual(locationsOf(settings), ['fra', 'nyc']);
});

const bad: Array<[string, string, RegExp]> = [
  ['PORT', 'eighty', /^PORT="eighty" is not allowed: HTTP port/],
  ['PORT', '0', /^PORT="0"/],
  ['PORT', '65536', /^PORT="65536"/],
  ['VANTAGE_PARTITIONS', '0', /^VANTAGE_PARTITIONS="0" is not allowed: an integer from 1 to 1024/],
  ['VANTAGE_PARTITIONS', '2.5', /^VANTAGE_PARTITIONS="2.5"/],
  ['LOG_LEVEL', 'loud', /^LOG_LEVEL="loud" is not allowed: one of fatal, error/],
  ['DATABASE_URL', 'mysql://x', /^DATABASE_URL="mysql:\/\/x" is not allowed: a postgres/],
  ['NATS_URL', 'http://x', /^NATS_URL=/],
  ['VANTAGE_LOCATIONS', 'EU West', /^VANTAGE_LOCATIONS="EU West" is not allowed: comma-separated location ids/],
  ['VANTAGE_LOCATIONS', 'a,,b', /^VANTAGE_LOCATIONS=/],
  ['VANTAGE_ADMIN_EMAIL', 'not-an-email', /^VANTAGE_ADMIN_EMAIL="not-an-email" is not allowed: an e-mail address/],
  ['VANTAGE_ADMIN_PASSWORD', 'short', /^VANTAGE_ADMIN_PASSWORD="short" is not allowed: at least 8 characters/],
  ['VANTAGE_ALLOW_PRIVATE_TARGETS', 'yes', /^VANTAGE_ALLOW_PRIVATE_TARGETS="yes" is not allowed: 0 or 1/],
];

for (const [name, value, message] of bad) {
  test(`${name}=${value} is refused with one line naming it`, (t) => {
    const error = t.throws(() => loadSettings({ [name]: value }), { instanceOf: ConfigError });
    t.regex(error!.message, message);
    t.false(error!.message.includes('\n'));
  });
}
