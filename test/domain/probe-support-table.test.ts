import test from 'ava';
import { ProbeSupportTable } from '../../src/domain/probe-support-table.js';

test('a location supports what any of its live agents announced', (t) => {
  const table = new ProbeSupportTable(60_000);
  table.record('eu-west', 'a', ['http', 'dns', 'tcp'], 1_000);
  table.record('eu-west', 'b', ['http', 'ping', 'dns', 'tcp'], 2_000);
  t.true(table.supports('eu-west', 'ping', 10_000));
  t.true(table.supports('eu-west', 'http', 10_000));
});

test('a location whose live agents cannot ping is not offered ping', (t) => {
  const table = new ProbeSupportTable(60_000);
  table.record('us-east', 'a', ['http', 'dns', 'tcp'], 1_000);
  t.false(table.supports('us-east', 'ping', 5_000));
  t.true(table.supports('us-east', 'tcp', 5_000));
});

test('announcements expire; a location with no live agent is offered every type', (t) => {
  const table = new ProbeSupportTable(60_000);
  table.record('ap-south', 'a', ['http'], 1_000);
  t.false(table.supports('ap-south', 'ping', 61_000));
  t.true(table.supports('ap-south', 'ping', 61_001));
  t.true(table.supports('never-seen', 'dns', 0));
});

test('a newer announcement of the same agent replaces its older one', (t) => {
  const table = new ProbeSupportTable(60_000);
  table.record('eu-west', 'a', ['http', 'ping'], 1_000);
  table.record('eu-west', 'a', ['http'], 2_000);
  t.false(table.supports('eu-west', 'ping', 3_000));
});
