import type { PublicComponent, PublicComponentState } from '../status-page-view.js';
import { COMPONENT_STATE_TEXT, percentText } from './format.js';
import { escapeMarkup as e, safeText } from './safe-text.js';

/**
 * Flat SVG badges in the shields.io style: a grey label, a coloured message, white text that
 * keeps 4.5:1 contrast on every colour used, and a `<title>` (the image's accessible name, also
 * its tooltip). User text appears only as escaped character data, never in an attribute.
 */

const COLOURS = { good: '#1e7b3c', warn: '#9a4f00', bad: '#b71c1c', info: '#1a56a0', neutral: '#595959', label: '#454545' } as const;
const MAX_LABEL = 40;

const STATE_COLOURS: Record<PublicComponentState, string> = {
  operational: COLOURS.good,
  degraded: COLOURS.warn,
  down: COLOURS.bad,
  maintenance: COLOURS.info,
  unknown: COLOURS.neutral,
  paused: COLOURS.neutral,
};

/** Approximate advance of Verdana 11px, enough to size a badge (browsers keep the text centred if off). */
function textWidth(text: string): number {
  let width = 0;
  for (const character of text) {
    if (/[ilj.,:;|!'I]/.test(character)) width += 3.5;
    else if (/[mwMW@%]/.test(character)) width += 10;
    else if (/[A-Z]/.test(character)) width += 7.5;
    else if (character.codePointAt(0)! > 0x2e80) width += 11;
    else width += 6.6;
  }
  return Math.ceil(width);
}

function shorten(text: string): string {
  const characters = [...safeText(text)];
  return characters.length <= MAX_LABEL ? characters.join('') : `${characters.slice(0, MAX_LABEL - 1).join('')}…`;
}

export function renderBadge(label: string, message: string, colour: string): string {
  const shownLabel = shorten(label);
  const shownMessage = shorten(message);
  const labelWidth = textWidth(shownLabel) + 10;
  const messageWidth = textWidth(shownMessage) + 10;
  const width = labelWidth + messageWidth;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20" role="img">
<title>${e(`${label}: ${message}`)}</title>
<linearGradient id="shine" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="round"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#round)"><rect width="${labelWidth}" height="20" fill="${COLOURS.label}"/><rect x="${labelWidth}" width="${messageWidth}" height="20" fill="${colour}"/><rect width="${width}" height="20" fill="url(#shine)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11" aria-hidden="true">
<text x="${labelWidth / 2}" y="14">${e(shownLabel)}</text>
<text x="${labelWidth + messageWidth / 2}" y="14">${e(shownMessage)}</text>
</g></svg>
`;
}

export function renderStatusBadge(component: PublicComponent): string {
  return renderBadge(component.displayName, COMPONENT_STATE_TEXT[component.state].toLowerCase(), STATE_COLOURS[component.state]);
}

export function renderAvailabilityBadge(component: PublicComponent): string {
  const availability = component.availability30d;
  const colour = availability === null ? COLOURS.neutral : availability >= 0.999 ? COLOURS.good : availability >= 0.99 ? COLOURS.warn : COLOURS.bad;
  return renderBadge(`${component.displayName} 30 days`, percentText(availability), colour);
}

/** Null for a check: only a domain has a certificate badge. */
export function renderCertificateBadge(component: PublicComponent): string | null {
  if (component.kind !== 'domain' || component.certificate === null) return null;
  const daysLeft = component.certificate.daysLeft;
  const label = `${component.displayName} certificate`;
  if (daysLeft === null) return renderBadge(label, 'not read yet', COLOURS.neutral);
  if (daysLeft < 0) return renderBadge(label, 'expired', COLOURS.bad);
  const colour = daysLeft > 30 ? COLOURS.good : daysLeft > 7 ? COLOURS.warn : COLOURS.bad;
  return renderBadge(label, `${daysLeft} day${daysLeft === 1 ? '' : 's'} left`, colour);
}
