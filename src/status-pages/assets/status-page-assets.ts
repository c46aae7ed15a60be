import { createHash } from 'node:crypto';
import { STATUS_PAGE_CSS } from './status-page-css.js';
import { STATUS_PAGE_SCRIPT } from './status-page-script.js';

/** A file served under /status/assets/: its name carries its hash, so a browser may keep it for good. */
export interface StatusPageAsset {
  name: string;
  contentType: string;
  body: Buffer;
  etag: string;
}

function asset(stem: string, extension: string, contentType: string, text: string): StatusPageAsset {
  const body = Buffer.from(text, 'utf8');
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  return { name: `${stem}-${hash}.${extension}`, contentType, body, etag: `"${hash}"` };
}

export const STATUS_PAGE_STYLESHEET = asset('status-page', 'css', 'text/css; charset=utf-8', STATUS_PAGE_CSS);
export const STATUS_PAGE_ENHANCEMENT = asset('status-page', 'js', 'text/javascript; charset=utf-8', STATUS_PAGE_SCRIPT);

export const STATUS_PAGE_ASSET_BASE = '/status/assets';

export const STATUS_PAGE_ASSETS: ReadonlyMap<string, StatusPageAsset> = new Map(
  [STATUS_PAGE_STYLESHEET, STATUS_PAGE_ENHANCEMENT].map((file) => [file.name, file]),
);

export const assetPath = (file: StatusPageAsset): string => `${STATUS_PAGE_ASSET_BASE}/${file.name}`;
