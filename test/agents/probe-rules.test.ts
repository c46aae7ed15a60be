import test from 'ava';
import { parseAuthority } from '../../agents/probes/target.js';
import { statusAccepted } from '../../agents/probes/response-class.js';
import { missingValues } from '../../agents/probes/dns-answers.js';
import { reasonOf } from '../../agents/probes/probe.js';

test('authorities split into host and port like URLs', (t) => {
  t.deepEqual(parseAuthority('example.com', 443), { host: 'example.com', port: 443 });
  t.deepEqual(parseAuthority('example.com:8443', 443), { host: 'example.com', port: 8443 });
  t.deepEqual(parseAuthority('[2001:db8::1]:8080', 80), { host: '2001:db8::1', port: 8080 });
  t.deepEqual(parseAuthority('[2001:db8::1]', 80), { host: '2001:db8::1', port: 80 });
  t.deepEqual(parseAuthority('2001:db8::1', 80), { host: '2001:db8::1', port: 80 });
});

test('status classes and exact codes', (t) => {
  t.true(statusAccepted(200, ['2XX']));
  t.true(statusAccepted(302, ['2xx', '3XX']));
  t.false(statusAccepted(302, ['2XX']));
  t.true(statusAccepted(204, ['204']));
  t.false(statusAccepted(200, ['204']));
  t.true(statusAccepted(200, []), 'an empty list means 2XX');
  t.false(statusAccepted(200, ['2X', 'abc']));
});

test('DNS values: names ignore case and the root dot, addresses their spelling, MX its priority when given', (t) => {
  t.deepEqual(missingValues('CNAME', ['A.Example.'], ['a.example']), []);
  t.deepEqual(missingValues('AAAA', ['2001:DB8:0:0::1'], ['2001:db8::1']), []);
  t.deepEqual(missingValues('MX', ['mx.example', '10 mx.example'], ['10 mx.example']), []);
  t.deepEqual(missingValues('MX', ['20 mx.example'], ['10 mx.example']), ['20 mx.example']);
  t.deepEqual(missingValues('TXT', ['Hello'], ['hello']), ['Hello']);
  t.deepEqual(missingValues('A', ['10.0.0.1'], ['10.0.0.1', '10.0.0.2']), [], 'extra answers are allowed');
});

test('errors become readable reasons', (t) => {
  t.is(reasonOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })), 'connection refused');
  t.is(reasonOf(Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' })), 'TLS error: certificate has expired');
  t.is(reasonOf('odd'), 'odd');
});
