import { escapeMarkup as e } from '../render/safe-text.js';

/** What a subscription link or form answers, as a small page in the status page's own style. */
export interface NoticePage {
  title: string;
  text: string;
  /** The unsubscribe confirmation: a button that posts the one-click form to the same URL. */
  unsubscribeButton?: boolean;
  /** Where the visitor goes back to. */
  pagePath: string;
}

export function renderNoticePage(page: NoticePage, stylesheetPath: string): string {
  const button = page.unsubscribeButton
    ? `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="referrer" content="no-referrer"><title>${e(page.title)}</title>
<link rel="stylesheet" href="${e(stylesheetPath)}"></head>
<body><main id="main" class="wrap"><h1>${e(page.title)}</h1><p>${e(page.text)}</p>${button}
<p><a href="${e(page.pagePath)}">Back to the status page</a></p></main></body></html>
`;
}
