import type { SubscriberEventType } from '../../store/entities/status-page-subscriber.js';
import { describeNotice, type SubscriberNotice } from './notice.js';

export interface MailLinks {
  page: string;
  unsubscribe: string;
  /** The double opt-in mail only. */
  confirm: string | null;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** One subscriber mail: the page's title, the event, a link to the page, and the unsubscribe link. */
export function buildSubscriberMail(eventType: SubscriberEventType, notice: SubscriberNotice, links: MailLinks): { subject: string; text: string; html: string } {
  const { subject, lines } = describeNotice(eventType, notice);
  const actions: Array<[string, string]> = [
    ...(links.confirm ? [['Confirm your subscription', links.confirm] as [string, string]] : []),
    ['Status page', links.page],
    ['Unsubscribe', links.unsubscribe],
  ];
  const text = [...lines, '', ...actions.map(([label, url]) => `${label}: ${url}`)].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:sans-serif">` +
    `<h2>${escapeHtml(notice.page_title)}</h2>` +
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<p>${actions.map(([label, url]) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`).join(' · ')}</p>` +
    `</body></html>`;
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html };
}
