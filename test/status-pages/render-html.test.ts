import test from 'ava';
import { renderBadge, renderCertificateBadge } from '../../src/status-pages/render/badges.js';
import { renderStatusPageHtml } from '../../src/status-pages/render/html-page.js';
import { renderSummaryJson } from '../../src/status-pages/render/summary-json.js';
import type { PublicDay } from '../../src/status-pages/status-page-view.js';
import { component, days, incident, statusPage } from './fixtures.js';
import { attribute, byClass, byId, htmlElements, htmlText, parseHtml, parseXml, xmlElements } from './markup.js';

const OPTIONS = { pagePath: '/status/acme', stylesheetPath: '/status/assets/s.css', scriptPath: '/status/assets/s.js' };

function rendered(overrides: Parameters<typeof statusPage>[0] = {}) {
  const { document, errors } = parseHtml(renderStatusPageHtml(statusPage(overrides), OPTIONS));
  return { document, errors, all: htmlElements(document) };
}

test('no inline script, no inline style, no event handler attribute; the one script and stylesheet are same-origin files', (t) => {
  const { all, errors } = rendered();
  t.deepEqual(errors, []);
  t.deepEqual(all.filter((element) => element.attrs.some((attr) => attr.name === 'style' || attr.name.startsWith('on'))), []);
  const scripts = all.filter((element) => element.tagName === 'script');
  t.deepEqual(scripts.map((script) => [attribute(script, 'src'), htmlText(script)]), [['/status/assets/s.js', '']]);
  t.deepEqual(all.filter((element) => element.tagName === 'style'), []);
  const resources = all.flatMap((element) => [attribute(element, 'src'), element.tagName === 'link' ? attribute(element, 'href') : undefined]).filter((url) => url !== undefined);
  t.true(resources.every((url) => url!.startsWith('/') || url === 'data:,'), resources.join(' '));
});

test('landmarks once each, one h1, headings never skip a level, ids unique', (t) => {
  const { all } = rendered();
  for (const landmark of ['header', 'nav', 'main', 'footer']) t.is(all.filter((element) => element.tagName === landmark).length, 1, landmark);
  const levels = all.filter((element) => /^h[1-6]$/.test(element.tagName)).map((element) => Number(element.tagName[1]));
  t.is(levels.filter((level) => level === 1).length, 1);
  t.is(levels[0], 1);
  levels.forEach((level, index) => {
    if (index > 0) t.true(level <= levels[index - 1]! + 1, `h${levels[index - 1]} then h${level}`);
  });
  const ids = all.map((element) => attribute(element, 'id')).filter((id) => id !== undefined);
  t.is(new Set(ids).size, ids.length);
  t.is(attribute(all.find((element) => element.tagName === 'html')!, 'lang'), 'en');
});

test('links: only http(s) from the page owner, with rel="noopener noreferrer nofollow"; anything else is text', (t) => {
  const { document } = rendered({
    links: [
      { label: 'Home', url: 'https://acme.example/' },
      { label: 'Script', url: 'javascript:alert(1)' },
      { label: 'Data', url: 'data:text/html,<script>alert(1)</script>' },
      { label: 'Relative', url: '/elsewhere' },
    ],
  });
  const anchors = htmlElements(document, (element) => element.tagName === 'a');
  const external = anchors.filter((anchor) => !/^[#/]/.test(attribute(anchor, 'href')!));
  t.deepEqual(external.map((anchor) => [attribute(anchor, 'href'), attribute(anchor, 'rel')]), [['https://acme.example/', 'noopener noreferrer nofollow']]);
  const nav = htmlText(htmlElements(document, (element) => element.tagName === 'nav')[0]!);
  for (const label of ['Script', 'Data', 'Relative']) t.true(nav.includes(label));
});

test('every component has its bars, each naming its day and availability; the policy is shown beside them', (t) => {
  const { document } = rendered();
  const bars = htmlElements(document, (element) => element.tagName === 'details' && (attribute(element, 'class') ?? '').includes('day'));
  t.is(bars.length, 3 * 90);
  const texts = bars.slice(0, 90).map((bar) => htmlText(bar.childNodes[0]!));
  t.is(texts[0], 'Fri 28 Aug 2026: no data');
  t.is(texts[2], 'Sun 30 Aug 2026: no data, maintenance (not counted)');
  t.is(texts[11], 'Tue 8 Sep 2026: 99.95% available, 1 min of downtime');
  t.is(texts[20], 'Thu 17 Sep 2026: 98.50% available, 21 min of downtime');
  t.is(texts[89], 'Wed 25 Nov 2026: 100.00% available');
  t.is(texts[80], 'Mon 16 Nov 2026: 100.00% available, 1 incident');
  t.regex(htmlText(byClass(bars[80]!, 'day-tip')[0]!), /Checkout is slow/);
  t.is(attribute(htmlElements(bars[80]!, (element) => element.tagName === 'a')[0]!, 'href'), '#incident-7');
  t.truthy(byId(document, 'incident-7'));
  const policy = htmlText(byClass(document, 'policy')[0]!);
  t.regex(policy, /How availability is counted/);
  t.regex(policy, /Runs inside a maintenance window are not counted\./);
});

test('host names only when the page shows them; certificates; an empty page says so', (t) => {
  const hidden = rendered();
  t.deepEqual(byClass(hidden.document, 'host'), []);
  const shown = rendered({ groups: [{ name: null, components: [component('c1', 'Shop', { hostName: 'shop.acme.example' }), component('d2', 'Cert', { certificate: { notAfter: '2026-11-01T00:00:00.000Z', daysLeft: -24 } })] }] });
  t.is(htmlText(byClass(shown.document, 'host')[0]!), 'shop.acme.example');
  t.regex(htmlText(byClass(shown.document, 'certificate')[0]!), /^Certificate expired on 1 Nov 2026/);
  const empty = rendered({ groups: [], activeIncidents: [], pastIncidents: [], maintenance: [] });
  const text = htmlText(empty.document);
  t.regex(text, /No components are shown on this page\./);
  t.regex(text, /No incidents in the last 90 days\./);
  t.falsy(byId(empty.document, 'active-incidents'));
});

test('a badge keeps a long name whole in its title and short in its text; a check has no certificate badge', (t) => {
  const svg = parseXml(renderBadge('x'.repeat(100), 'operational', '#1e7b3c'));
  t.is(xmlElements(svg, 'title')[0]!.text, `${'x'.repeat(100)}: operational`);
  t.is(xmlElements(svg, 'text')[0]!.text, `${'x'.repeat(39)}…`);
  t.is(svg.attributes.role, 'img');
  t.is(renderCertificateBadge(component('c1', 'Shop')), null);
  t.regex(renderCertificateBadge(component('d1', 'Cert', { certificate: { notAfter: null, daysLeft: null } }))!, /not read yet/);
});

test('summary.json escapes markup characters so it may be inlined in HTML', (t) => {
  const json = renderSummaryJson(statusPage({ title: '</script><script>alert(1)</script>&' }), 'https://status.example/status/acme');
  t.false(/[<>&]/.test(json));
  t.is((JSON.parse(json) as { page: { title: string } }).page.title, '</script><script>alert(1)</script>&');
});

test('bars of frozen days are kept, the same markup as bars made anew, and made again for other day objects or incident titles', (t) => {
  const html = (componentDays: PublicDay[], title = 'Checkout is slow') =>
    renderStatusPageHtml(statusPage({ groups: [{ name: null, components: [component('c1', 'Checkout', { days: componentDays })] }], activeIncidents: [incident(7, title)] }), OPTIONS);
  const frozen = (list: PublicDay[]) => list.map((day) => Object.freeze({ ...day }));
  const shared = frozen(days(90, { index: 80, incidentId: 7 }));
  const fresh = html(days(90, { index: 80, incidentId: 7 }));
  t.is(html(shared), fresh);
  t.is(html(shared), fresh, 'from the kept bars');
  t.is(html(shared, 'Checkout is down'), html(days(90, { index: 80, incidentId: 7 }), 'Checkout is down'), 'a new incident title');
  const changed = [...shared];
  changed[10] = Object.freeze({ ...shared[10]!, availability: 0.5 });
  t.is(html(changed), html(changed.map((day) => ({ ...day }))), 'another day object');
  t.regex(html(changed), /50\.00% available/);
  t.is(html([...shared.slice(0, 89), { ...shared[89]!, availability: 0.25 }]), html([...days(90, { index: 80, incidentId: 7 }).slice(0, 89), { ...shared[89]!, availability: 0.25 }]), 'a last day made anew');
});
