import test from 'ava';
import { DriverException } from '@mikro-orm/core';
import { faultReport, isClientDataFault } from '../../src/api/fault-report.js';

const driverError = (code: string): DriverException => {
  const cause = Object.assign(new Error(`insert into "uptime_checks" ("name") values ('secret\u0000value') - invalid byte sequence`), { code });
  return Object.assign(new DriverException(cause), { code, sqlState: code });
};

test('a database fault is reported by class, SQLSTATE and frames, never by its message (it quotes the statement and values)', (t) => {
  const report = faultReport(driverError('22021'));
  const text = JSON.stringify(report);
  t.false(text.includes('secret'), text);
  t.false(/insert into/i.test(text), text);
  t.is(report.errorClass, 'DriverException');
  t.is(report.sqlState, '22021');
  t.true((report.frames ?? []).length > 0);
});

test('other faults keep their message', (t) => {
  t.is(faultReport(new TypeError('x is undefined')).message, 'x is undefined');
});

test('SQLSTATE class 22 and 54000 are the request’s fault; others are not', (t) => {
  t.true(isClientDataFault(driverError('22003')));
  t.true(isClientDataFault(driverError('22P05')));
  t.true(isClientDataFault(driverError('54000')));
  t.false(isClientDataFault(driverError('23505')));
  t.false(isClientDataFault(new Error('boom')));
});
