import { Writable } from 'node:stream';
import test from 'ava';
import { componentLogger, createLogger } from '../src/log.js';

function capture(): { stream: Writable; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, lines: () => chunks.join('').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>) };
}

test('lines are JSON, carry role and component, and never show secrets', (t) => {
  const { stream, lines } = capture();
  const logger = componentLogger(createLogger('info', stream), 'serve', 'api');
  logger.info(
    {
      password: 'hunter2',
      user: { password: 'hunter3', email: 'a@b.test' },
      req: { headers: { authorization: 'Basic c2VjcmV0' } },
      group: { messenger_bot_token: '123:abc' },
      token: 'device-token',
    },
    'hello',
  );
  const [line] = lines();
  t.is(line!.msg, 'hello');
  t.is(line!.role, 'serve');
  t.is(line!.component, 'api');
  const text = JSON.stringify(line);
  for (const secret of ['hunter2', 'hunter3', 'c2VjcmV0', '123:abc', 'device-token']) t.false(text.includes(secret), secret);
  t.is((line!.user as Record<string, unknown>).email, 'a@b.test');
});

test('the level filters lower levels out', (t) => {
  const { stream, lines } = capture();
  const logger = createLogger('warn', stream);
  logger.info('quiet');
  logger.warn('loud');
  t.deepEqual(lines().map((l) => l.msg), ['loud']);
});
