import { Session } from 'node:inspector/promises';
import test from 'ava';
import type { OneSidedCase, RuleCase } from './rule-cases.js';
import { resetCoverage, unexercisedReasons } from './reason-coverage.js';

/**
 * A rule added to the API without its case in the rule table fails here: every refusal reason of
 * the API's validation must be reached by some case of the table (where the CRD must agree), or be
 * listed as unreachable from a resource with the reason why.
 */
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
// Imported only now, so that V8 counts the validation modules' code from its first run.
const { CRD_NARROWER_CASES, OPERATOR_ONLY_CASES, RULE_CASES, UNREACHABLE_FROM_RESOURCES } = await import('./rule-cases.js');
const { apiVerdict } = await import('./verdicts.js');

const everyCase: Array<RuleCase | OneSidedCase> = [...RULE_CASES, ...OPERATOR_ONLY_CASES, ...CRD_NARROWER_CASES];
const unreachable = new Set(UNREACHABLE_FROM_RESOURCES.map((entry) => entry.reason));

test.after.always(() => session.disconnect());

test.serial('the coverage sees a refusal reason go unreached when the cases that reach it are left out', async (t) => {
  await resetCoverage(session);
  for (const ruleCase of everyCase.filter((candidate) => !/SMTP|MX/.test(candidate.rule))) apiVerdict(ruleCase);
  const reasons = (await unexercisedReasons(session)).map((entry) => entry.reason);
  t.true(reasons.includes('port ${value} (SMTP) cannot be monitored'), reasons.join('\n'));
  t.true(reasons.includes('priority must be an integer from 0 to 65535'), reasons.join('\n'));
});

test.serial('every refusal reason of the API validation is reached by a case of the rule table, or is listed as unreachable from a resource', async (t) => {
  await resetCoverage(session);
  for (const ruleCase of everyCase) apiVerdict(ruleCase);
  const missed = await unexercisedReasons(session);
  const unlisted = missed.filter((entry) => !unreachable.has(entry.reason));
  t.deepEqual(
    unlisted.map((entry) => `${entry.module}: ${entry.reason}`),
    [],
    'API rules without a case in test/crd-rules/rule-cases.ts: add the case (and the CRD rule it needs)',
  );
  const reached = [...unreachable].filter((reason) => !missed.some((entry) => entry.reason === reason));
  t.deepEqual(reached, [], 'listed as unreachable from a resource, yet reached or gone: remove from UNREACHABLE_FROM_RESOURCES');
});
