import test from 'ava';
import { pino } from 'pino';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import type { ChangeNotice } from '../../src/bus/messages.js';
import { BusDomainChecker } from '../../src/engine/bus-domain-checker.js';
import { domainChangeFilter, domainCheckedSubject } from '../../src/engine/domain-subjects.js';

const logger = pino({ level: 'silent' });

test('check-now travels as a durable check_now notice and resolves with the broadcast result', async (t) => {
  const bus = new InProcessBus(logger);
  const notices: ChangeNotice[] = [];
  bus.consumeDurable({ durable: 'engine-side', filter: domainChangeFilter }, async (_subject, data) => {
    const notice = data as ChangeNotice;
    notices.push(notice);
    await bus.publish(domainCheckedSubject(notice.id), { requestId: 'r-1', outcome: { status: 'checked' } });
  });
  const outcome = await new BusDomainChecker(bus, 5_000).checkNow(42);
  t.deepEqual(outcome, { requestId: 'r-1', outcome: { status: 'checked' } });
  t.is(notices.length, 1);
  t.is(notices[0]!.kind, 'domain');
  t.is(notices[0]!.id, 42);
  t.is(notices[0]!.action, 'check_now');
  await bus.close();
});

test('with no engine to answer, check-now fails after its timeout', async (t) => {
  const bus = new InProcessBus(logger);
  await t.throwsAsync(() => new BusDomainChecker(bus, 200).checkNow(7), { message: /no engine recorded a check of domain 7 within 200 ms/ });
  await bus.close();
});
