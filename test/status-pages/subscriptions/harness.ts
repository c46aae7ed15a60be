import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { errorHandler } from '../../../src/api/error-handler.js';
import { securityHeaders } from '../../../src/api/security-headers.js';
import type { Store } from '../../../src/store/orm.js';
import { StatusPage, StatusPageComponent } from '../../../src/store/entities/status-page.js';
import { UptimeCheck } from '../../../src/store/entities/uptime-check.js';
import { subscriptionRoutes, type SubscriptionRoutesOptions } from '../../../src/status-pages/subscriptions/subscription-routes.js';
import { startMailSink, type ReceivedMail } from '../../support/notify/mail-sink.js';
import { seedClient } from '../../support/notify/seed.js';

export const silent = pino({ level: 'silent' });

export interface Mail {
  to: string[];
  headers: Map<string, string>;
  /** The text part, quoted-printable decoded. */
  text: string;
}

/** Header names lower-cased, folded lines joined. */
function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

const decodeQuotedPrintable = (text: string): string =>
  Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** The text/plain part of a multipart mail nodemailer wrote. */
function textPart(raw: string): string {
  const parts = raw.split(/\r\n--[^\r\n]+\r\n/);
  for (const part of parts) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const headers = parseHeaders(part.slice(0, split));
    if (!(headers.get('content-type') ?? '').startsWith('text/plain')) continue;
    const body = part.slice(split + 4);
    return headers.get('content-transfer-encoding') === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  }
  return '';
}

export interface MailServer {
  url: string;
  mails: Mail[];
  close(): Promise<void>;
}

function parseMail({ to, raw }: ReceivedMail): Mail {
  return { to, headers: parseHeaders(raw.slice(0, raw.indexOf('\r\n\r\n'))), text: textPart(raw) };
}

/** A real SMTP server on loopback; `mails` reads every mail it accepted so far. */
export async function startMailServer(): Promise<MailServer> {
  const sink = await startMailSink();
  return {
    url: sink.url,
    get mails() {
      return sink.mails.map(parseMail);
    },
    close: sink.close,
  };
}

/** The link after `label: ` in a mail's text. */
export function linkIn(mail: Mail, label: string): string {
  const line = mail.text.split(/\r?\n/).find((candidate) => candidate.startsWith(`${label}: `));
  if (!line) throw new Error(`no "${label}" link in the mail:\n${mail.text}`);
  return line.slice(label.length + 2).trim();
}

export interface PublicApp {
  origin: string;
  close(): Promise<void>;
}

/** The subscription routes as the API server mounts them, with the API's error handler, on loopback. */
export async function startSubscriptionApp(options: SubscriptionRoutesOptions): Promise<PublicApp> {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders);
  app.use(subscriptionRoutes(options));
  app.use(errorHandler(silent, { basicChallenge: false }));
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  server.keepAliveTimeout = 1000;
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let pages = 0;

/** A workspace with one check shown on an enabled page; the slug is unique in the database. */
export async function seedPage(store: Store): Promise<{ slug: string; pageId: number; checkId: number; clientId: number; workspaceId: number }> {
  pages += 1;
  const { clientId, workspaceId } = await seedClient(store);
  const em = store.em.fork();
  const check = em.create(UptimeCheck, {
    workspace: workspaceId,
    name: 'Checkout API (private name)',
    checkType: 'http',
    hostname: 'shop.internal.example',
    protocol: 'https',
    path: '/health',
    checkFrequency: 1,
    responseTimeout: 10000,
    triggerLocations: ['eu-west', 'us-east'],
    minFailingLocations: 1,
  });
  const slug = `subs-${pages}-${process.pid}`;
  const page = em.create(StatusPage, { workspace: workspaceId, slug, title: 'Shop <status>' });
  em.create(StatusPageComponent, { page, position: 0, displayName: 'Checkout', check });
  await em.flush();
  return { slug, pageId: page.id, checkId: check.id, clientId, workspaceId };
}

export const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

export const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
