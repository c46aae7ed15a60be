import test from 'ava';
import type { Bus } from '../../../src/bus/bus.js';

/** Waits until `condition` holds, polling; fails after `ms`. */
export async function eventually(condition: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const quiet = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let unique = 0;
/** Subject tokens of their own per test, so tests sharing a bus (or a NATS server) never meet. */
const token = (): string => `t${process.pid}x${++unique}`;

/**
 * The Bus contract, run against each implementation. `open` returns a fresh bus sharing the
 * same backing store (the same NATS namespace) as every other bus it returned.
 */
export function busContract(name: string, open: () => Promise<Bus>, when = true): void {
  const suite = when ? test : test.skip;

  suite(`${name}: subscribe matches * and > wildcards`, async (t) => {
    const bus = await open();
    const id = token();
    const seen: string[] = [];
    const subs = [
      bus.subscribe(`vantage.probe.${id}.*`, (subject) => void seen.push(`star:${subject}`)),
      bus.subscribe(`vantage.probe.${id}.>`, (subject) => void seen.push(`rest:${subject}`)),
    ];
    await quiet(50);
    await bus.publish(`vantage.probe.${id}.a`, { n: 1 });
    await bus.publish(`vantage.probe.${id}.a.b`, { n: 2 });
    await bus.publish(`vantage.probe.${id}`, { n: 3 });
    await eventually(() => seen.length >= 3);
    await quiet(50);
    t.deepEqual(seen.sort(), [`rest:vantage.probe.${id}.a`, `rest:vantage.probe.${id}.a.b`, `star:vantage.probe.${id}.a`]);
    await Promise.all(subs.map((sub) => sub.stop()));
    await bus.close();
  });

  suite(`${name}: a queue group shares messages; plain subscribers get all`, async (t) => {
    const bus = await open();
    const other = await open();
    const subject = `vantage.probe.${token()}`;
    const got = { a: [] as number[], b: [] as number[], all: [] as number[] };
    const subs = [
      bus.subscribe(subject, (_s, data) => void got.a.push((data as { n: number }).n), { queue: 'agents' }),
      other.subscribe(subject, (_s, data) => void got.b.push((data as { n: number }).n), { queue: 'agents' }),
      bus.subscribe(subject, (_s, data) => void got.all.push((data as { n: number }).n)),
    ];
    await quiet(100);
    for (let n = 0; n < 100; n++) await bus.publish(subject, { n });
    await eventually(() => got.a.length + got.b.length === 100 && got.all.length === 100);
    t.true(got.a.length > 0 && got.b.length > 0, `a ${got.a.length}, b ${got.b.length}`);
    t.deepEqual([...got.a, ...got.b].sort((x, y) => x - y), got.all.sort((x, y) => x - y));
    await Promise.all(subs.map((sub) => sub.stop()));
    await Promise.all([bus.close(), other.close()]);
  });

  suite(`${name}: data arrives as JSON, a copy per delivery`, async (t) => {
    const bus = await open();
    const subject = `vantage.probe.${token()}`;
    let received: unknown;
    const sub = bus.subscribe(subject, (_s, data) => void (received = data));
    await quiet(50);
    const sent = { at: new Date(0), list: [1, 'two'], nested: { ok: true } };
    await bus.publish(subject, sent);
    await eventually(() => received !== undefined);
    t.deepEqual(received, { at: '1970-01-01T00:00:00.000Z', list: [1, 'two'], nested: { ok: true } });
    t.not(received, sent);
    await sub.stop();
    await bus.close();
  });

  suite(`${name}: durable messages published before the consumer are delivered`, async (t) => {
    const bus = await open();
    const id = token();
    await bus.publishDurable(`vantage.result.${id}.1`, { n: 1 });
    await bus.publishDurable(`vantage.result.${id}.2`, { n: 2 });
    await bus.publishDurable(`vantage.result.other${id}.3`, { n: 3 });
    const got: string[] = [];
    const sub = bus.consumeDurable({ durable: `results-${id}`, filter: `vantage.result.${id}.*` }, (subject) => void got.push(subject));
    await eventually(() => got.length >= 2);
    await quiet(100);
    t.deepEqual(got.sort(), [`vantage.result.${id}.1`, `vantage.result.${id}.2`]);
    await sub.stop();
    await bus.close();
  });

  suite(`${name}: a durable publish repeated under its message id is stored once (a retried batch)`, async (t) => {
    const bus = await open();
    const id = token();
    await bus.publishDurable(`vantage.result.${id}.batch`, { n: 1 }, { msgId: `agent-${id}.1` });
    await bus.publishDurable(`vantage.result.${id}.batch`, { n: 1 }, { msgId: `agent-${id}.1` });
    await bus.publishDurable(`vantage.result.${id}.batch`, { n: 2 }, { msgId: `agent-${id}.2` });
    const got: number[] = [];
    const sub = bus.consumeDurable({ durable: `dedup-${id}`, filter: `vantage.result.${id}.*` }, (_subject, data) => void got.push((data as { n: number }).n));
    await eventually(() => got.length >= 2);
    await quiet(200);
    t.deepEqual(got.sort(), [1, 2]);
    await sub.stop();
    await bus.close();
  });

  suite(`${name}: a throwing handler gets the message again; an acknowledged one does not come back`, async (t) => {
    const bus = await open();
    const id = token();
    const attempts = new Map<number, number>();
    const sub = bus.consumeDurable({ durable: `retry-${id}`, filter: `vantage.changes.${id}.>` }, (_subject, data) => {
      const n = (data as { n: number }).n;
      attempts.set(n, (attempts.get(n) ?? 0) + 1);
      if (n === 1 && attempts.get(n)! < 3) throw new Error('not yet');
    });
    await bus.publishDurable(`vantage.changes.${id}.x`, { n: 1 });
    await bus.publishDurable(`vantage.changes.${id}.y`, { n: 2 });
    await eventually(() => attempts.get(1) === 3 && attempts.get(2) === 1);
    await quiet(400);
    t.is(attempts.get(1), 3);
    t.is(attempts.get(2), 1);
    await sub.stop();
    await bus.close();
  });

  suite(`${name}: a new binding of the same durable resumes where the old one stopped`, async (t) => {
    const first = await open();
    const id = token();
    const options = { durable: `resume-${id}`, filter: `vantage.result.${id}.*` };
    const before: number[] = [];
    const sub = first.consumeDurable(options, (_s, data) => void before.push((data as { n: number }).n));
    for (let n = 0; n < 5; n++) await first.publishDurable(`vantage.result.${id}.${n}`, { n });
    await eventually(() => before.length === 5);
    await quiet(100);
    await sub.stop();
    for (let n = 5; n < 8; n++) await first.publishDurable(`vantage.result.${id}.${n}`, { n });
    const second = name.startsWith('InProcess') ? first : await open();
    const after: number[] = [];
    const resumed = second.consumeDurable(options, (_s, data) => void after.push((data as { n: number }).n));
    await eventually(() => after.length >= 3);
    await quiet(200);
    t.deepEqual(after.sort(), [5, 6, 7]);
    await resumed.stop();
    await Promise.all(second === first ? [first.close()] : [first.close(), second.close()]);
  });

  suite(`${name}: a stopped subscription receives nothing more`, async (t) => {
    const bus = await open();
    const subject = `vantage.probe.${token()}`;
    let count = 0;
    const sub = bus.subscribe(subject, () => void count++);
    await quiet(50);
    await bus.publish(subject, {});
    await eventually(() => count === 1);
    await sub.stop();
    await bus.publish(subject, {});
    await quiet(100);
    t.is(count, 1);
    await bus.close();
  });
}
