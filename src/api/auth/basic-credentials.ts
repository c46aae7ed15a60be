import { isStorableText } from '../../domain/storable-text.js';

export interface BasicCredentials {
  email: string;
  password: string;
}

/** Reads `Authorization: Basic base64(email:password)`; null when absent or not of that form. */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | null {
  if (!header) return null;
  const match = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // An e-mail PostgreSQL cannot compare (a NUL character) names no account.
  if (colon <= 0 || !isStorableText(decoded.slice(0, colon))) return null;
  return { email: decoded.slice(0, colon).trim().toLowerCase(), password: decoded.slice(colon + 1) };
}
