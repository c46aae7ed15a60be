import anyTest, { type TestFn } from 'ava';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { MemoryStatusPageSource, statusPage } from '../fixtures.js';
import { startPublicServer, type PublicServer } from '../public-server.js';
import { artifactPath, axeSource, requireChromium, launchChromium } from './chromium.js';

/** The status page in a real browser: with and without JavaScript, for a keyboard, a screen reader (axe), a phone and the dark scheme. */

/** The page functions below run in the browser; the project compiles without the DOM library, so its globals are declared here. */
declare const document: any, window: any, getComputedStyle: any;

requireChromium();
const test = anyTest as TestFn;
const browserTest = test.serial;

let browser: Browser;
let server: PublicServer;
const BARS = 3 * 90;

test.before(async () => {
  server = await startPublicServer(new MemoryStatusPageSource(statusPage({ logoPath: null })));
  browser = await launchChromium();
});
test.after.always(async () => {
  await browser?.close();
  await server?.close();
});

/** A page in a fresh context that records what a visitor's browser would complain about or fetch. */
async function open(options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  const response = await page.goto(`${server.origin}/status/acme`, { waitUntil: 'load' });
  return { context, page, problems, requests, response };
}

/** Whether a day's box shows: its body for a day with incidents, otherwise its summary's text, shown once open. */
async function dayTipVisible(page: Page, index: number): Promise<boolean> {
  const box = await page.locator('details.day').nth(index).locator('summary > span, .day-tip').last().boundingBox();
  return box !== null && box.width > 100 && box.height > 16;
}

browserTest('with JavaScript: renders, loads only its own files, breaks no CSP rule, sets no cookie; the script keeps one day open', async (t) => {
  const { context, page, problems, requests, response } = await open();
  try {
    t.is(response?.status(), 200);
    t.is(await page.locator('h1').textContent(), 'Acme services');
    t.is(await page.locator('details.day').count(), BARS);
    await page.screenshot({ path: artifactPath('status-page-javascript.png'), fullPage: true });
    t.deepEqual(problems, [], 'no CSP violation or script error');
    t.true(requests.every((url) => url.startsWith(`${server.origin}/`)), requests.join('\n'));
    t.true(requests.some((url) => url.endsWith('.js')), 'the script was loaded');
    t.deepEqual(await context.cookies(), []);
    await page.locator('details.day > summary').nth(85).click();
    t.true(await dayTipVisible(page, 85));
    await page.locator('details.day > summary').nth(10).click();
    t.true(await dayTipVisible(page, 10));
    t.false(await dayTipVisible(page, 85), 'opening a day closes the other');
    await page.keyboard.press('Escape');
    t.false(await dayTipVisible(page, 10));
    t.true(await page.locator('details.day > summary').nth(10).evaluate((summary) => summary === document.activeElement));
  } finally {
    await context.close();
  }
});

browserTest('without JavaScript: the same page, and a day opens by pointer', async (t) => {
  const { context, page, problems } = await open({ javaScriptEnabled: false });
  try {
    t.is(await page.locator('h1').textContent(), 'Acme services');
    t.is(await page.locator('details.day').count(), BARS);
    await page.locator('details.day > summary').nth(80).click();
    t.true(await dayTipVisible(page, 80));
    t.regex((await page.locator('details.day').nth(80).locator('.day-tip').textContent())!, /available.*Checkout is slow/s);
    await page.locator('details.day > summary').nth(30).click();
    t.true(await dayTipVisible(page, 30), 'a day without incidents shows its text');
    await page.screenshot({ path: artifactPath('status-page-no-javascript.png'), fullPage: true });
    t.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

browserTest('keyboard: Tab reaches every bar, Enter opens its details, and focus is visible', async (t) => {
  const { context, page } = await open({ javaScriptEnabled: false });
  try {
    const reached = new Set<number>();
    for (let press = 0; press < BARS + 60 && reached.size < BARS; press += 1) {
      await page.keyboard.press('Tab');
      const index = await page.evaluate(() => [...document.querySelectorAll('details.day > summary')].indexOf(document.activeElement!));
      if (index >= 0) reached.add(index);
    }
    t.is(reached.size, BARS, 'every bar takes focus');
    const focused = page.locator('details.day > summary:focus');
    const outline = await focused.evaluate((summary) => getComputedStyle(summary).outlineStyle);
    t.not(outline, 'none', 'focus is visible');
    await page.keyboard.press('Enter');
    t.true(await page.locator('details.day:has(> summary:focus)').evaluate((details) => details.open));
    t.regex((await page.locator('details.day:has(> summary:focus) > summary > span').innerText()).trim(), /\d{4}: /);
    t.true(await dayTipVisible(page, await page.evaluate(() => [...document.querySelectorAll('details.day > summary')].indexOf(document.activeElement))));
  } finally {
    await context.close();
  }
});

browserTest('axe finds no serious or critical WCAG 2.1 A/AA violation, in the light and the dark scheme', async (t) => {
  const source = await axeSource();
  for (const colorScheme of ['light', 'dark'] as const) {
    const { context, page } = await open({ colorScheme });
    try {
      await page.locator('details.day > summary').nth(80).click();
      // page.evaluate runs axe through the DevTools protocol, which the page's CSP does not govern.
      await page.evaluate(source);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: unknown, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
        return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
      });
      const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      t.deepEqual(serious, [], `${colorScheme}: ${JSON.stringify(serious)}`);
      if (violations.length > 0) t.log(colorScheme, 'minor findings', JSON.stringify(violations));
    } finally {
      await context.close();
    }
  }
});

browserTest('360 px wide: no horizontal scroll, even with a day open', async (t) => {
  const { context, page } = await open({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    t.is(await overflow(), 0);
    await page.locator('details.day > summary').nth(89).click();
    t.true(await dayTipVisible(page, 89));
    t.is(await overflow(), 0);
    await page.screenshot({ path: artifactPath('status-page-360px.png'), fullPage: true });
  } finally {
    await context.close();
  }
});

browserTest('prefers-color-scheme: dark gives the dark colours', async (t) => {
  const { context, page } = await open();
  try {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    t.is(await background(), 'rgb(255, 255, 255)');
    await page.emulateMedia({ colorScheme: 'dark' });
    t.is(await background(), 'rgb(18, 20, 23)');
    await page.screenshot({ path: artifactPath('status-page-dark.png'), fullPage: true });
  } finally {
    await context.close();
  }
});
