/**
 * Whether a state-changing request may have been made by a browser on another site (a form, or
 * a `fetch` with `mode: 'no-cors'`), riding on credentials the browser holds. Browsers mark such
 * requests with `Sec-Fetch-Site` and `Origin`; the mobile app and scripts send neither.
 */
export interface RequestMarks {
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** The Host header the request was sent to. */
  host: string | undefined;
}

export function crossSiteReason(marks: RequestMarks): string | null {
  const site = marks.secFetchSite?.toLowerCase();
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site is ${site}`;
  if (marks.origin === undefined) return null;
  let originHost: string;
  try {
    originHost = new URL(marks.origin).host;
  } catch {
    return `Origin ${marks.origin} is not a URL`;
  }
  return marks.host !== undefined && originHost.toLowerCase() === marks.host.toLowerCase() ? null : `Origin ${marks.origin} is another site`;
}

/** Media types a browser form can send without a CORS preflight. */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

export const isFormMediaType = (contentType: string | undefined): boolean => contentType !== undefined && FORM_TYPES.test(contentType.trim());

/** Methods that change state: the ones a cross-site request must not be able to send. */
export const isStateChanging = (method: string): boolean => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
