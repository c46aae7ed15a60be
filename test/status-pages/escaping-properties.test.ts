import test from 'ava';
import fc from 'fast-check';
import { renderAvailabilityBadge, renderStatusBadge } from '../../src/status-pages/render/badges.js';
import { renderAtomFeed, renderRssFeed } from '../../src/status-pages/render/feeds.js';
import { renderStatusPageHtml } from '../../src/status-pages/render/html-page.js';
import { safeText } from '../../src/status-pages/render/safe-text.js';
import { component, incident, statusPage } from './fixtures.js';
import { byClass, byId, htmlElements, htmlText, parseHtml, parseXml, xmlElements } from './markup.js';

/**
 * For any string in any field: the HTML page, the feeds and the badges parse, the string comes
 * back as text (with safeText's documented replacements only), and no markup it holds becomes an
 * element.
 */

const OPTIONS = { pagePath: '/status/acme', stylesheetPath: '/status/assets/a.css', scriptPath: '/status/assets/a.js' };
const FEED = { pageUrl: 'https://status.example/status/acme', feedUrl: 'https://status.example/status/acme/feed.atom' };

/** Hostile strings: any UTF-16 (lone surrogates included), markup, bidi controls, NUL and CR mixed in. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", '\u0000', '\r', '\n', '\u202E', '\u2066', '\uD800', '\uDC00', 'a', ' ', ';', '#', 'x', '/', '='), maxLength: 40 }),
  fc.constantFrom('<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '&lt;b&gt;', ']]><!--', '&#0;', '\u202Egnp.exe', '</title><script>x</script>', '<![CDATA[x]]>'),
);

const RUNS = { numRuns: 150 };

test('HTML: the title, description, a component name and an update body round-trip as text', (t) => {
  fc.assert(
    fc.property(hostile, (value) => {
      const page = statusPage({
        title: value,
        description: value,
        groups: [{ name: value, components: [component('c1', value)] }],
        activeIncidents: [incident(7, value, { updates: [{ state: 'identified', body: value, at: '2026-11-25T08:20:00.000Z' }] })],
        pastIncidents: [],
      });
      const { document, errors } = parseHtml(renderStatusPageHtml(page, OPTIONS));
      const expected = safeText(value);
      t.deepEqual(errors, []);
      t.is(htmlText(htmlElements(document, (element) => element.tagName === 'h1')[0]!), expected);
      if (value !== '') t.is(htmlText(byClass(document, 'description')[0]!), expected);
      t.is(htmlText(byId(document, 'component-c1-name')!), expected);
      t.is(htmlText(byId(document, 'incident-7-title')!), expected);
      t.is(htmlText(byClass(document, 'update-body')[0]!), expected);
      // The only script is the page's own file; nothing the string holds became an element.
      t.deepEqual(htmlElements(document, (element) => element.tagName === 'script').length, 1);
      t.deepEqual(htmlElements(document, (element) => element.tagName === 'img').length, 0);
    }),
    RUNS,
  );
});

test('Atom and RSS: the incident title and update body round-trip as character data', (t) => {
  fc.assert(
    fc.property(hostile, (value) => {
      const page = statusPage({ title: value, description: value, activeIncidents: [incident(7, value, { updates: [{ state: 'monitoring', body: value, at: '2026-11-25T08:20:00.000Z' }] })], pastIncidents: [] });
      const expected = safeText(value);
      const atom = parseXml(renderAtomFeed(page, FEED));
      t.is(xmlElements(atom, 'title')[0]!.text, `${expected}: incidents`);
      const entry = xmlElements(atom, 'entry')[0]!;
      t.is(xmlElements(entry, 'title')[0]!.text, `${expected} (Identified)`);
      t.true(xmlElements(entry, 'content')[0]!.text.endsWith(`: ${expected}`));
      const rss = parseXml(renderRssFeed(page, FEED));
      t.is(xmlElements(xmlElements(rss, 'item')[0]!, 'title')[0]!.text, `${expected} (Identified)`);
      t.true(xmlElements(xmlElements(rss, 'item')[0]!, 'description')[0]!.text.endsWith(`: ${expected}`));
    }),
    RUNS,
  );
});

test('SVG badges: the component name round-trips in <title>, and the badge is well-formed', (t) => {
  fc.assert(
    fc.property(hostile, (value) => {
      const status = parseXml(renderStatusBadge(component('c1', value)));
      t.is(status.name, 'svg');
      t.is(xmlElements(status, 'title')[0]!.text, `${safeText(value)}: operational`);
      const availability = parseXml(renderAvailabilityBadge(component('c1', value)));
      t.is(xmlElements(availability, 'title')[0]!.text, `${safeText(value)} 30 days: 99.93%`);
      t.deepEqual(xmlElements(status, 'script'), []);
    }),
    RUNS,
  );
});

test('safeText removes bidi controls and replaces NUL, lone surrogates and CR as documented', (t) => {
  t.is(safeText('a\u202Eb\u2066c\u2069d\u202Ae'), 'abcde');
  t.is(safeText('a\u0000b\uD800c\uDC00d'), 'a\uFFFDb\uFFFDc\uFFFDd');
  t.is(safeText('ok 😀 \uD83D\uDE00'), 'ok 😀 😀');
  t.is(safeText('a\r\nb\rc'), 'a\nb\nc');
  t.is(safeText('tab\tstays'), 'tab\tstays');
});
