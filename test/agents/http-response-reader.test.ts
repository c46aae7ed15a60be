import test from 'ava';
import fc from 'fast-check';
import { HttpResponseReader, maxHeadBytes, type ResponseOutline } from '../../agents/probes/http-response-reader.js';
import { ProbeFailure } from '../../agents/probes/probe.js';

/** What reading `bytes` in the given pieces gives: the outline, 'incomplete' (more is awaited), 'closed-early', or the failure's reason. */
function read(bytes: string, { method = 'GET', maxBody = 64 * 1024, cuts = [] as number[], close = false } = {}): ResponseOutline | string {
  const reader = new HttpResponseReader(method, maxBody);
  const data = Buffer.from(bytes, 'latin1');
  const edges = [...new Set([0, ...cuts.filter((cut) => cut > 0 && cut < data.length), data.length])].sort((a, b) => a - b);
  try {
    for (let i = 1; i < edges.length; i++) {
      const outline = reader.push(data.subarray(edges[i - 1], edges[i]));
      if (outline) return outline;
    }
    return close ? reader.end() : 'incomplete';
  } catch (error) {
    if (error instanceof ProbeFailure) return error.message;
    throw error;
  }
}

const ok = { status: 200, location: undefined };

test('a Content-Length body ends the response once it all arrived, not before', (t) => {
  t.deepEqual(read('HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello'), ok);
  t.is(read('HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhell'), 'incomplete');
  t.is(read('HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhell', { close: true }), 'connection closed before the response ended');
});

test('a chunked body ends at its last chunk and trailers, whatever its extensions', (t) => {
  const body = '5;name=value\r\nhello\r\nA\r\n0123456789\r\n0\r\nx-trailer: 1\r\n\r\n';
  t.deepEqual(read(`HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n${body}`), ok);
  t.is(read(`HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n${body.slice(0, -2)}`), 'incomplete');
  t.is(read('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n'), 'invalid HTTP response: malformed chunk size');
  t.is(read('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nabc\r\n'), 'invalid HTTP response: malformed chunked body');
});

test('no body after HEAD, 204 and 304; a body without length runs until the connection closes', (t) => {
  t.deepEqual(read('HTTP/1.1 200 OK\r\ncontent-length: 1000\r\n\r\n', { method: 'HEAD' }), ok);
  t.deepEqual(read('HTTP/1.1 204 No Content\r\n\r\n'), { status: 204, location: undefined });
  t.deepEqual(read('HTTP/1.1 304 Not Modified\r\ncontent-length: 10\r\n\r\n'), { status: 304, location: undefined });
  t.is(read('HTTP/1.0 200 OK\r\n\r\nsome body'), 'incomplete');
  t.deepEqual(read('HTTP/1.0 200 OK\r\n\r\nsome body', { close: true }), ok);
  t.deepEqual(read('HTTP/1.1 200 OK\r\ntransfer-encoding: gzip\r\n\r\nxx', { close: true }), ok, 'a coding other than chunked last: until close');
});

test('interim 1xx heads are skipped; the final status and its Location are kept', (t) => {
  const outline = read('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nlink: </a.css>\r\n\r\nHTTP/1.1 302 Found\r\nLocation: /next\r\nlocation: /ignored\r\ncontent-length: 0\r\n\r\n');
  t.deepEqual(outline, { status: 302, location: '/next' });
});

test('enough body is enough: the response counts as answered after maxBody bytes', (t) => {
  t.deepEqual(read(`HTTP/1.1 200 OK\r\ncontent-length: 100000\r\n\r\n${'x'.repeat(1000)}`, { maxBody: 1000 }), ok);
  t.deepEqual(read(`HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n186A0\r\n${'x'.repeat(1000)}`, { maxBody: 1000 }), ok);
  t.deepEqual(read(`HTTP/1.1 200 OK\r\n\r\n${'x'.repeat(1000)}`, { maxBody: 1000 }), ok);
});

test('malformed heads are failures with a reason a person reads', (t) => {
  t.is(read('SSH-2.0-OpenSSH_9.2\r\n\r\n'), 'invalid HTTP status line');
  t.is(read('HTTP/1.1 99 Low\r\n\r\n'), 'invalid HTTP status line');
  t.is(read('HTTP/2 200\r\n\r\n'), 'invalid HTTP status line');
  t.is(read('HTTP/1.1 200 OK\r\nno colon here\r\n\r\n'), 'invalid HTTP response: malformed header line');
  t.is(read('HTTP/1.1 200 OK\r\nbad name: x\r\n\r\n'), 'invalid HTTP response: malformed header line');
  t.is(read('HTTP/1.1 302 Found\r\nlocation: /a\u0000b\r\n\r\n'), 'invalid HTTP response: control character in a header value');
  t.is(read('HTTP/1.1 200 OK\r\nx-bell: \u0007\r\n\r\n'), 'invalid HTTP response: control character in a header value');
  t.deepEqual(read('HTTP/1.1 200 OK\r\nx-tab: a\tb\r\ncontent-length: 0\r\n\r\n'), ok, 'a tab is allowed');
  t.is(read('HTTP/1.1 200 OK\r\ncontent-length: 5, 6\r\n\r\n'), 'invalid HTTP response: bad Content-Length');
  t.is(read('HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\n'), 'invalid HTTP response: bad Content-Length');
  t.deepEqual(read('HTTP/1.1 200 OK\r\ncontent-length: 2, 2\r\n\r\nab'), ok, 'equal repeated lengths are one length');
  t.is(read(`HTTP/1.1 200 OK\r\nx-filler: ${'a'.repeat(maxHeadBytes)}`), 'HTTP headers too large');
  t.is(read(`HTTP/1.1 200 OK\r\nx-filler: ${'a'.repeat(maxHeadBytes)}\r\n\r\n`), 'HTTP headers too large');
  t.is(read('HTTP/1.1 200 OK\r\ncontent-length: 1\r\n', { close: true }), 'connection closed before the response ended');
  t.is(read('', { close: true }), 'connection closed before the response ended');
});

test('the response reads the same however the connection splits it', (t) => {
  const responses = [
    'HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello',
    'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 301 Moved\r\nlocation: https://example.com/\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n',
    'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabx\r\n0\r\n\r\n',
    'HTTP/1.1 200 OK\r\ncontent-length: x\r\n\r\n',
  ];
  fc.assert(
    fc.property(fc.constantFrom(...responses), fc.array(fc.nat({ max: 200 }), { maxLength: 12 }), (response, cuts) => {
      t.deepEqual(read(response, { cuts }), read(response));
    }),
  );
});
