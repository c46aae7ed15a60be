import test from 'ava';
import { amqpConfigForClient, amqpPasswordForClient } from '../../src/notify/amqp-config.js';

const keys = ['exchange', 'exchange_type', 'routing_keys'];

test('without AMQP_URL the queue is off, but the exchange naming is still stated', (t) => {
  const config = amqpConfigForClient({ AMQP_URL: undefined, VANTAGE_AMQP_PUBLIC_URL: undefined, VANTAGE_AMQP_CLIENT_SECRET: undefined }, 4);
  t.false(config.enabled);
  t.is(config.host, null);
  t.is(config.exchange, 'vantage.client.4');
  for (const key of keys) t.true(key in config);
});

test('the publisher credentials of AMQP_URL are never given out', (t) => {
  const config = amqpConfigForClient({ AMQP_URL: 'amqp://publisher:topsecret@rabbit.internal:5672/prod', VANTAGE_AMQP_PUBLIC_URL: undefined, VANTAGE_AMQP_CLIENT_SECRET: undefined }, 4);
  t.like(config, { enabled: true, host: 'rabbit.internal', port: 5672, vhost: 'prod', tls: false, username: null, password: null });
  t.false(JSON.stringify(config).includes('topsecret'));
  t.false(JSON.stringify(config).includes('publisher'));
  t.deepEqual(config.routing_keys, ['uptime.check.failed', 'uptime.check.recovered', 'domain.ssl.expiring_soon']);
});

test('the public address wins, amqps defaults to 5671, an empty vhost is "/"', (t) => {
  const config = amqpConfigForClient({ AMQP_URL: 'amqp://u:p@10.0.0.5', VANTAGE_AMQP_PUBLIC_URL: 'amqps://mq.example.com', VANTAGE_AMQP_CLIENT_SECRET: undefined }, 1);
  t.like(config, { host: 'mq.example.com', port: 5671, vhost: '/', tls: true });
  t.is(amqpConfigForClient({ AMQP_URL: 'amqp://h/%2Fteam', VANTAGE_AMQP_PUBLIC_URL: undefined, VANTAGE_AMQP_CLIENT_SECRET: undefined }, 1).vhost, '/team');
});

test('per-client credentials are derived from the secret: stable, and different for each client', (t) => {
  const settings = { AMQP_URL: 'amqp://u:p@h', VANTAGE_AMQP_PUBLIC_URL: undefined, VANTAGE_AMQP_CLIENT_SECRET: 'a-long-enough-secret' };
  const one = amqpConfigForClient(settings, 1);
  const two = amqpConfigForClient(settings, 2);
  t.is(one.username, 'vantage-client-1');
  t.is(one.password, amqpPasswordForClient('a-long-enough-secret', 1));
  t.is(one.password!.length, 32);
  t.not(one.password, two.password);
  t.deepEqual(amqpConfigForClient(settings, 1), one);
  t.not(amqpConfigForClient({ ...settings, VANTAGE_AMQP_CLIENT_SECRET: 'another-long-secret!' }, 1).password, one.password);
});
