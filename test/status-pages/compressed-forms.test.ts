import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import test from 'ava';
import { CompressedForms, type Encoding } from '../../src/status-pages/compressed-forms.js';
import { publicAnswer } from '../../src/status-pages/public-routes-answer.js';

/** A large, repetitive page, as a status page is. */
const BODY = Buffer.from(Array.from({ length: 4000 }, (_, i) => `<li><details class="day bar-${i % 7 === 0 ? 'minor' : 'up'}"><summary><span>Day ${i % 90}: ${(99 + (i % 13) / 13).toFixed(2)}% available</span></summary></details></li>`).join(''));
const DECODE: Record<Encoding, (bytes: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

async function improved(forms: CompressedForms, encoding: Encoding, fast: Buffer): Promise<Buffer> {
  for (let i = 0; i < 200; i += 1) {
    const bytes = forms.serve(encoding);
    if (bytes !== fast) return bytes;
    await sleep(10);
  }
  throw new Error(`the ${encoding} form was not improved`);
}

for (const encoding of ['br', 'gzip'] as const) {
  test(`${encoding}: made fast for the first request, made smaller off the event loop once served again, always the same body`, async (t) => {
    const forms = new CompressedForms(BODY);
    const fast = forms.serve(encoding);
    t.deepEqual(DECODE[encoding](fast), BODY);
    await sleep(50);
    t.is(forms.serve(encoding), fast, 'served once: not improved yet, so an answer replaced at once costs nothing more');
    const best = await improved(forms, encoding, fast);
    t.true(best.length < fast.length, `${best.length} < ${fast.length}`);
    t.deepEqual(DECODE[encoding](best), BODY);
    t.is(forms.serve(encoding), best, 'kept');
    t.deepEqual(forms.body(), BODY);
  });
}

test('the ETag names the content: the same for the same body, whatever forms the answer was served in since', async (t) => {
  const answer = publicAnswer(200, BODY, {});
  const fast = answer.forms!.serve('br');
  await improved(answer.forms!, 'br', fast);
  t.is(publicAnswer(200, Buffer.from(BODY), {}).etag, answer.etag);
  t.not(publicAnswer(200, Buffer.concat([BODY, Buffer.from(' ')]), {}).etag, answer.etag);
  t.is(publicAnswer(200, 'small', {}).forms, undefined, 'a small body is sent as it is');
  const lent = Buffer.from(BODY);
  const answer2 = publicAnswer(200, lent, {});
  lent.fill(0);
  t.deepEqual(answer2.forms!.body(), BODY, 'the buffer handed in may be written over');
});
