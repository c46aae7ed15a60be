import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OutboundHttp } from './outbound-http.js';

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri: string;
}

export function readServiceAccount(file: string): ServiceAccount {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServiceAccount>;
  for (const key of ['client_email', 'private_key', 'token_uri'] as const) {
    if (typeof parsed[key] !== 'string' || !parsed[key]) throw new Error(`service account file ${file} has no ${key}`);
  }
  return parsed as ServiceAccount;
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** The signed JWT of the OAuth 2.0 JWT-bearer grant (RFC 7523) that a service account trades for an access token. */
export function serviceAccountAssertion(account: ServiceAccount, audience: string, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: account.client_email, scope: FCM_SCOPE, aud: audience, iat: nowSeconds, exp: nowSeconds + 3600 }));
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

/** Gives a valid FCM access token: the configured one, or one obtained for the service account and kept until shortly before it expires. */
export interface AccessTokenSource {
  get(signal: AbortSignal): Promise<string>;
  /** The token was refused: fetch a new one next time. */
  invalidate(): void;
}

export const staticAccessToken = (token: string): AccessTokenSource => ({ get: async () => token, invalidate: () => {} });

export function serviceAccountAccessToken(
  http: OutboundHttp,
  account: ServiceAccount,
  tokenUrl: string,
  now: () => number = Date.now,
): AccessTokenSource {
  let cached: { token: string; expiresAt: number } | null = null;
  return {
    async get(signal) {
      if (cached && cached.expiresAt > now()) return cached.token;
      const assertion = serviceAccountAssertion(account, tokenUrl, Math.floor(now() / 1000));
      const response = await http.request(
        {
          url: tokenUrl,
          method: 'POST',
          userDestination: false,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
        },
        signal,
      );
      if (response.status !== 200) throw new Error(`the token endpoint answered HTTP ${response.status}`);
      const { access_token, expires_in } = JSON.parse(response.body) as { access_token?: unknown; expires_in?: unknown };
      if (typeof access_token !== 'string') throw new Error('the token endpoint answered without access_token');
      const lifetimeMs = (typeof expires_in === 'number' ? expires_in : 3600) * 1000;
      cached = { token: access_token, expiresAt: now() + Math.max(0, lifetimeMs - 60_000) };
      return access_token;
    },
    invalidate() {
      cached = null;
    },
  };
}
