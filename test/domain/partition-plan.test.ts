import test from 'ava';
import { nextUnitStart, partitionName, planPartitions, unitStart } from '../../src/domain/partition-plan.js';

const day = 86_400_000;
const at = (iso: string) => Date.parse(iso);

test('units are UTC days and months; names say the span', (t) => {
  t.is(unitStart(at('2026-11-25T23:59:59Z'), 'day'), at('2026-11-25T00:00:00Z'));
  t.is(unitStart(at('2026-11-25T23:59:59Z'), 'month'), at('2026-11-01T00:00:00Z'));
  t.is(nextUnitStart(at('2026-12-01T00:00:00Z'), 'month'), at('2027-01-01T00:00:00Z'));
  t.is(partitionName('runs', at('2026-11-25T00:00:00Z'), 'day'), 'runs_p20261125');
  t.is(partitionName('hourly_availability', at('2026-02-01T00:00:00Z'), 'month'), 'hourly_availability_p202602');
});

test('the plan makes today and the days ahead, drops the days wholly past retention, oldest first, bounded', (t) => {
  const now = at('2026-11-25T10:00:00Z');
  const existing = [20, 21, 22, 23, 24, 25].map((d) => ({ name: `runs_p202611${d}`, fromMs: at(`2026-11-${d}T00:00:00Z`), toMs: at(`2026-11-${d}T00:00:00Z`) + day }));
  const plan = planPartitions({ table: 'runs', unit: 'day', nowMs: now, retentionMs: 3 * day, ahead: 2, existing, stray: [], maxChanges: 2 });
  t.deepEqual(
    plan.drop.map((p) => p.name),
    ['runs_p20261120', 'runs_p20261121'],
    'the 22nd ends after the cutoff (the 22nd, 10:00) and stays',
  );
  t.deepEqual(
    plan.create.map((p) => p.name),
    ['runs_p20261126', 'runs_p20261127'],
  );
  t.is(plan.cutoffMs, now - 3 * day);
});

test('stray rows get their day unless it is past retention; ranges already covered are never made again', (t) => {
  const now = at('2026-11-25T10:00:00Z');
  const legacy = { name: 'runs_legacy', fromMs: at('2026-11-01T00:00:00Z'), toMs: at('2026-11-26T00:00:00Z') };
  const plan = planPartitions({
    table: 'runs',
    unit: 'day',
    nowMs: now,
    retentionMs: 31 * day,
    ahead: 1,
    existing: [legacy],
    stray: [at('2026-12-03T05:00:00Z'), at('2026-10-01T00:00:00Z'), at('2026-11-10T00:00:00Z')],
    maxChanges: 10,
  });
  t.deepEqual(
    plan.create.map((p) => p.name),
    ['runs_p20261126', 'runs_p20261203'],
    'the 10th is in the attached range, the 1 October past retention (its rows are purged instead)',
  );
  t.deepEqual(plan.drop, []);
});
