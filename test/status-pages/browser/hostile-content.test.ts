import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'playwright-core';
import { component, incident, MemoryStatusPageSource, statusPage } from '../fixtures.js';
import { startPublicServer, type PublicServer } from '../public-server.js';
import { requireChromium, launchChromium } from './chromium.js';

/**
 * Every field of a page, a component and an incident update holds markup, script and bidi
 * overrides: a browser shows them as text in the page, the feeds and the badges, and runs none.
 */

/** The page functions below run in the browser; the project compiles without the DOM library, so its globals are declared here. */
declare const document: any, window: any, DOMParser: any;

requireChromium();
const test = anyTest as TestFn;
const browserTest = test.serial;

/** Each payload sets window.pwned or opens a dialog if it ever runs. */
const PAYLOAD = `<script>window.pwned = 1; alert(1)</script><img src=x onerror="window.pwned = 2"> "'><svg onload=alert(3)> \u202Etxt.exe\u202C \u2066isolate\u2069 <a href="javascript:alert(4)">link</a> ]]><!-- &amp;`;
/** What the browser shows of it: the text itself, without the bidi controls. */
const SHOWN = PAYLOAD.replace(/[\u202A-\u202E\u2066-\u2069]/g, '');

function hostilePage() {
  return statusPage({
    slug: 'hostile',
    title: PAYLOAD,
    description: PAYLOAD,
    timeZone: PAYLOAD,
    links: [
      { label: PAYLOAD, url: 'javascript:alert(5)' },
      { label: 'home', url: `https://acme.example/?q="><script>alert(6)</script>` },
    ],
    groups: [{ name: PAYLOAD, components: [component('c1', PAYLOAD, { hostName: PAYLOAD }), component('d2', PAYLOAD)] }],
    activeIncidents: [
      incident(7, PAYLOAD, { componentKeys: ['c1'], updates: [{ state: 'investigating', body: PAYLOAD, at: '2026-11-25T08:00:00.000Z' }] }),
    ],
    pastIncidents: [],
    maintenance: [{ id: 3, title: PAYLOAD, state: 'active', startsAt: '2026-11-25T07:00:00.000Z', endsAt: '2026-11-25T09:00:00.000Z', componentKeys: ['c1'] }],
    availabilityPolicy: [PAYLOAD],
  });
}

let browser: Browser;
let server: PublicServer;

test.before(async () => {
  server = await startPublicServer(new MemoryStatusPageSource(hostilePage()));
  browser = await launchChromium();
});
test.after.always(async () => {
  await browser?.close();
  await server?.close();
});

/** Visits a URL with JavaScript on, recording dialogs; a global trap tells whether any payload ran. */
async function visit(path: string, check: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  try {
    const response = await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
    await check(page);
    const pwned = await page.evaluate(() => (window as unknown as { pwned?: number }).pwned);
    return { status: response?.status(), dialogs, pwned };
  } finally {
    await context.close();
  }
}

browserTest('the page shows every hostile field as text and runs none of it', async (t) => {
  const result = await visit('/status/hostile', async (page) => {
    t.is(await page.locator('h1').textContent(), SHOWN);
    t.is(await page.locator('.description').textContent(), SHOWN);
    t.is(await page.locator('#component-c1-name').textContent(), SHOWN);
    t.is(await page.locator('.host').first().textContent(), SHOWN);
    t.is(await page.locator('#incident-7-title').textContent(), SHOWN);
    t.is(await page.locator('.update-body').first().textContent(), SHOWN);
    t.is(await page.locator('.group > h3').textContent(), SHOWN);
    t.is(await page.locator('.policy li').textContent(), SHOWN);
    t.is(await page.locator('#maintenance h3').textContent(), SHOWN);
    t.true((await page.locator('footer').textContent())!.includes(SHOWN), 'the time zone too');
    // No element came from a payload: one script (the page's own), no img, no svg, no javascript: link.
    t.is(await page.locator('script').count(), 1);
    t.is(await page.locator('img, svg, iframe').count(), 0);
    t.is(await page.locator('a[href^="javascript:" i]').count(), 0);
    t.is(await page.locator('nav li').filter({ hasText: 'isolate' }).locator('a').count(), 0, 'the javascript: link is plain text');
    const external = page.locator('nav a[href^="https://acme.example/"]');
    t.is(await external.getAttribute('rel'), 'noopener noreferrer nofollow');
    t.is(await external.getAttribute('href'), 'https://acme.example/?q=%22%3E%3Cscript%3Ealert(6)%3C/script%3E');
    // Open every day of the first component: the incident links inside show the title as text.
    await page.locator('details.day > summary').nth(80).click();
    t.is(await page.locator('details.day').nth(80).locator('.day-tip a').textContent(), SHOWN);
  });
  t.is(result.status, 200);
  t.deepEqual(result.dialogs, []);
  t.is(result.pwned, undefined);
});

browserTest('the feeds parse in the browser and hold the payload as text, with no element made from it', async (t) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    for (const feed of ['feed.atom', 'feed.rss']) {
      const response = await page.request.get(`${server.origin}/status/hostile/${feed}`);
      t.is(response.status(), 200);
      const xml = await response.text();
      const parsed = await page.evaluate((text) => {
        const document = new DOMParser().parseFromString(text, 'application/xml');
        return {
          errors: document.getElementsByTagName('parsererror').length,
          scripts: document.getElementsByTagName('script').length + document.getElementsByTagName('img').length,
          titles: [...document.getElementsByTagName('title')].map((title) => title.textContent),
        };
      }, xml);
      t.is(parsed.errors, 0, feed);
      t.is(parsed.scripts, 0, feed);
      t.true(parsed.titles.includes(`${SHOWN} (Identified)`), `${feed}: ${JSON.stringify(parsed.titles)}`);
    }
  } finally {
    await context.close();
  }
});

browserTest('the badges show the payload as text, opened directly and as images', async (t) => {
  for (const badge of ['c1/status.svg', 'c1/availability.svg', 'd2/certificate.svg']) {
    const result = await visit(`/status/hostile/badge/${badge}`, async (page) => {
      t.is(await page.evaluate(() => document.getElementsByTagName('script').length), 0, badge);
      const title = await page.evaluate(() => document.querySelector('title')?.textContent ?? '');
      t.true(title.startsWith(SHOWN), `${badge}: ${title}`);
    });
    t.is(result.status, 200);
    t.deepEqual(result.dialogs, [], badge);
    t.is(result.pwned, undefined, badge);
  }
});
