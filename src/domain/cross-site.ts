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
  /** The public origin people reach the API at (VANTAGE_PUBLIC_URL), for a proxy that rewrites Host. */
  publicOrigin: string | undefined;
}

export function crossSiteReason(marks: RequestMarks): string | null {
  const site = marks.secFetchSite?.toLowerCase();
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site is ${site}`;
  if (marks.origin === undefined) return null;
  let origin: URL;
  try {
    origin = new URL(marks.origin);
  } catch {
    return `Origin ${marks.origin} is not a URL`;
  }
  const sameHost = marks.host !== undefined && origin.host.toLowerCase() === marks.host.toLowerCase();
  return sameHost || origin.origin === marks.publicOrigin ? null : `Origin ${marks.origin} is another site`;
}

/** Methods that change state: the ones a cross-site request must not be able to send. */
export const isStateChanging = (method: string): boolean => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
