import type { RequestHandler } from 'express';

/** A page that needs nothing from outside: no scripts, no styles, nothing framed. */
const HOME_CONTENT_SECURITY_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** Where people reach the API: VANTAGE_PUBLIC_URL when set, otherwise the address this request came to. */
const baseUrlOf = (publicUrl: string | undefined, protocol: string, host: string | undefined): string =>
  (publicUrl ?? `${protocol}://${host ?? 'localhost'}`).replace(/\/+$/, '');

function homeText(base: string, apiBasePath: string): string {
  return `Vantage: uptime and TLS-certificate monitoring

API reference (browsable): ${base}/docs/
OpenAPI document:          ${base}${apiBasePath}/openapi.json
Health:                    ${base}/healthz, ${base}/readyz

Signing in: every API call carries HTTP Basic credentials, a user's e-mail address and password:
  curl -u you@example.com:PASSWORD ${base}${apiBasePath}/mobile/auth/me
The first administrator is the one VANTAGE_ADMIN_EMAIL / VANTAGE_ADMIN_PASSWORD named at the first
start, or the one whose generated password that start printed once in its log. A new password:
vantage admin reset-password --email you@example.com
`;
}

function homeHtml(base: string, apiBasePath: string): string {
  const link = (path: string) => `<a href="${escapeHtml(path)}">${escapeHtml(`${base}${path}`)}</a>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Vantage</title></head>
<body>
<h1>Vantage</h1>
<p>Uptime and TLS-certificate monitoring. This address serves its REST API.</p>
<ul>
<li>API reference: ${link('/docs/')}</li>
<li>OpenAPI document: ${link(`${apiBasePath}/openapi.json`)}</li>
<li>Health: ${link('/healthz')}, ${link('/readyz')}</li>
</ul>
<h2>Signing in</h2>
<p>Every API call carries HTTP Basic credentials, a user's e-mail address and password:</p>
<pre>curl -u you@example.com:PASSWORD ${escapeHtml(`${base}${apiBasePath}`)}/mobile/auth/me</pre>
<p>The first administrator is the one <code>VANTAGE_ADMIN_EMAIL</code> / <code>VANTAGE_ADMIN_PASSWORD</code> named at the first start,
or the one whose generated password that start printed once in its log.
A new password: <code>vantage admin reset-password --email you@example.com</code>.</p>
</body></html>
`;
}

/** `GET /`: what this address is, where the API documentation is and how to sign in; HTML for browsers, plain text otherwise. */
export function homePage(publicUrl: string | undefined, apiBasePath: string): RequestHandler {
  return (req, res) => {
    const base = baseUrlOf(publicUrl, req.protocol, req.get('host'));
    res.set({ 'Content-Security-Policy': HOME_CONTENT_SECURITY_POLICY, Vary: 'Accept' });
    res.format({
      'text/plain': () => res.send(homeText(base, apiBasePath)),
      'text/html': () => res.send(homeHtml(base, apiBasePath)),
      default: () => res.type('text/plain').send(homeText(base, apiBasePath)),
    });
  };
}
