import type { PublicStatusPage } from '../status-page-view.js';
import { PAGE_STATE_TEXT, instantText } from './format.js';
import { renderComponentsSection, type HtmlParts } from './html-components.js';
import { componentNamesOf, renderActiveIncidents, renderMaintenanceSection, renderPastIncidents } from './html-incidents.js';
import { escapeMarkup as e, httpUrl } from './safe-text.js';

export interface StatusPageHtmlOptions {
  /** Root-relative path of the page's answers, `/status/<slug>`: feeds, logo. */
  pagePath: string;
  /** Root-relative paths of the same-origin stylesheet and enhancing script. */
  stylesheetPath: string;
  scriptPath: string;
}

/** A link the page's owner gave: only http(s), opened without passing the page or a referrer on. */
function renderLink(label: string, url: string): string {
  const href = httpUrl(url);
  if (href === null) return `<li>${e(label)}</li>`;
  return `<li><a href="${e(href)}" rel="noopener noreferrer nofollow">${e(label)}</a></li>`;
}

function renderHeader(page: PublicStatusPage, options: StatusPageHtmlOptions): string {
  const logo = page.logoPath === null ? '' : `<img class="logo" src="${e(`${options.pagePath}/logo`)}" alt="${e(page.title)} logo" width="40" height="40">`;
  const links = page.links.map((link) => renderLink(link.label, link.url)).join('');
  return `<header class="site-header"><div class="wrap">
<p class="site-title">${logo}<span>${e(page.title)}</span></p>
<nav aria-label="Status page"><ul>
<li><a href="#components">Components</a></li><li><a href="#past-incidents">Past incidents</a></li>
<li><a href="${e(options.pagePath)}/feed.atom">Atom feed</a></li><li><a href="${e(options.pagePath)}/feed.rss">RSS feed</a></li>
${links}</ul></nav></div></header>`;
}

/** Subscriptions (src/status-pages/subscriptions): a plain form, so subscribing works without script. */
function renderSubscribeForm(pagePath: string): string {
  return `<section aria-labelledby="subscribe-heading"><h2 id="subscribe-heading">Get updates by e-mail</h2>
<form method="post" action="${e(pagePath)}/subscribe"><label for="subscribe-email">E-mail address</label>
<input id="subscribe-email" name="email" type="email" autocomplete="email" required maxlength="254">
<button type="submit">Subscribe</button></form></section>`;
}

/**
 * The buffer pages are written into, grown to the largest page yet: a page of 100 components is a
 * megabyte, which a cache miss then neither allocates nor keeps (its answer keeps only its
 * compressed forms). One suffices: a page is written and used without a pause.
 */
let scratch = Buffer.alloc(0);

/** The parts in the scratch buffer, each string encoded once straight into it. */
function joined(parts: HtmlParts): Buffer {
  let length = 0;
  for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part, 'utf8') : part.length;
  if (scratch.length < length) scratch = Buffer.allocUnsafe(Math.ceil(length * 1.25));
  const bytes = scratch.subarray(0, length);
  let at = 0;
  for (const part of parts) {
    if (typeof part === 'string') at += bytes.write(part, at, 'utf8');
    else {
      // set, not copy: Buffer#copy wraps each source in a new view first.
      bytes.set(part, at);
      at += part.length;
    }
  }
  return bytes;
}

/**
 * The public status page as one server-rendered HTML document, in UTF-8, lent to `use`: the
 * bytes are written over by the next page, so `use` must not keep them (publicAnswer does not).
 * The page needs no script (the script only enhances), carries no inline script or style, and
 * loads nothing from another origin.
 */
export function withStatusPageHtml<T>(page: PublicStatusPage, options: StatusPageHtmlOptions, use: (bytes: Buffer) => T): T {
  const names = componentNamesOf(page);
  const description = page.description === '' ? '' : `<p class="description">${e(page.description)}</p>`;
  const parts: HtmlParts = [`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>${e(page.title)}: status</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${e(options.stylesheetPath)}">
<link rel="alternate" type="application/atom+xml" title="${e(page.title)}: incidents (Atom)" href="${e(options.pagePath)}/feed.atom">
<link rel="alternate" type="application/rss+xml" title="${e(page.title)}: incidents (RSS)" href="${e(options.pagePath)}/feed.rss">
<script src="${e(options.scriptPath)}" defer></script>
</head><body>
<a class="skip-link" href="#main">Skip to content</a>
${renderHeader(page, options)}
<main id="main" class="wrap">
<h1>${e(page.title)}</h1>
${description}
<section class="overall overall-${page.state}" aria-labelledby="overall-heading"><h2 id="overall-heading">${PAGE_STATE_TEXT[page.state]}</h2>
<p>As of <time datetime="${e(page.generatedAt)}">${e(instantText(page.generatedAt, page.timeZone))}</time> (${e(page.timeZone)})</p></section>
${renderActiveIncidents(page, names)}
${renderMaintenanceSection(page, names)}
`];
  renderComponentsSection(parts, page);
  parts.push(`
${renderPastIncidents(page, names)}
${renderSubscribeForm(options.pagePath)}
</main>
<footer class="site-footer"><div class="wrap"><p>Times in ${e(page.timeZone)}. Served by Vantage; this page sets no cookies and loads nothing from elsewhere.</p></div></footer>
</body></html>
`);
  return use(joined(parts));
}

/** The page as text. */
export const renderStatusPageHtml = (page: PublicStatusPage, options: StatusPageHtmlOptions): string => withStatusPageHtml(page, options, (bytes) => bytes.toString('utf8'));

/** The one answer for an unknown slug and a disabled page alike. */
export function renderNotFoundHtml(stylesheetPath: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>Status page not found</title>
<link rel="stylesheet" href="${e(stylesheetPath)}"></head>
<body><main id="main" class="wrap"><h1>Status page not found</h1><p>There is no status page at this address.</p></main></body></html>
`;
}
