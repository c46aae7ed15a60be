import { normaliseDomainName } from '../domain/domain-name.js';
import { isTimeZone } from '../domain/zoned-time.js';
import type { StatusPageLink } from '../store/entities/status-page.js';

/** A status page as the API and the operator give it; on update an absent field keeps its value. */
export interface StatusPageFields {
  /** 1 to 63 lower-case letters, digits and inner dashes; unique in the installation (409): the page is served at /status/<slug>. */
  slug?: string;
  /** 1 to 200 characters. */
  title?: string;
  /** At most 2000 characters; null clears it. */
  description?: string | null;
  /** At most 200, in the order shown: checks and domains of this workspace (422 otherwise), each at most once; null clears them. */
  components?: StatusPageComponentFields[] | null;
  /** Default false: target host names are not shown. */
  show_host_names?: boolean;
  /** A host name the page is also served on (at / of that host); unique in the installation (409); null clears it. */
  custom_domain?: string | null;
  /** IANA time zone the 90 daily bars are cut in; default UTC. */
  time_zone?: string;
  /** At most 20; null clears them. */
  links?: StatusPageLinkFields[] | null;
  /** Default true; a disabled page answers 404 like an unknown one. */
  enabled?: boolean;
  /** Origins (https://host[:port]) allowed to embed the page in a frame, at most 20; default none. */
  frame_ancestors?: string[] | null;
}

export interface StatusPageComponentFields {
  /** Exactly one of uptime_check_id and domain_id. */
  uptime_check_id?: number | null;
  domain_id?: number | null;
  /** The public name: 1 to 200 characters. */
  display_name: string;
  /** Components with the same group name are shown together under it; null or absent: no group. */
  group?: string | null;
}

export interface StatusPageLinkFields {
  /** 1 to 100 characters. */
  label: string;
  /** An absolute http or https URL, at most 2048 characters. */
  url: string;
}

export interface ComponentChange {
  checkId: number | null;
  domainId: number | null;
  displayName: string;
  groupName: string | null;
}

/** The validated fields; absent ones are not to be changed. */
export interface StatusPageChanges {
  slug?: string;
  title?: string;
  description?: string;
  components?: ComponentChange[];
  showHostNames?: boolean;
  customDomain?: string | null;
  timeZone?: string;
  links?: StatusPageLink[];
  enabled?: boolean;
  frameAncestors?: string[];
}

export const SLUG_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$';
const SLUG = new RegExp(SLUG_PATTERN);
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const COMPONENTS_MAX = 200;
export const NAME_MAX = 200;
export const LINKS_MAX = 20;
export const LABEL_MAX = 100;
export const URL_MAX = 2048;
export const FRAME_ANCESTORS_MAX = 20;
const ID_MAX = 2_147_483_647;

type Result<T> = { ok: true; value: T } | { ok: false; reason: string };
const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, max: number, required: boolean): Result<string> {
  if (typeof value !== 'string') return fail('must be a string');
  const trimmed = value.trim();
  if (required && trimmed === '') return fail('must not be empty');
  if (trimmed.length > max) return fail(`must be at most ${max} characters`);
  return { ok: true, value: trimmed };
}

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= ID_MAX;

function readSlug(value: unknown): Result<string> {
  if (typeof value !== 'string' || !SLUG.test(value)) return fail('must be 1 to 63 lower-case letters, digits and inner dashes (a DNS label)');
  return { ok: true, value };
}

function readComponents(value: unknown): Result<ComponentChange[]> {
  if (value === null) return { ok: true, value: [] };
  if (!Array.isArray(value)) return fail('must be an array');
  if (value.length > COMPONENTS_MAX) return fail(`must hold at most ${COMPONENTS_MAX} components`);
  const seen = new Set<string>();
  const components: ComponentChange[] = [];
  for (const [i, item] of value.entries()) {
    if (!isObject(item)) return fail(`[${i}] must be an object`);
    const checkId = item.uptime_check_id ?? null;
    const domainId = item.domain_id ?? null;
    if ((checkId === null) === (domainId === null)) return fail(`[${i}] must name exactly one of uptime_check_id and domain_id`);
    if (checkId !== null && !isId(checkId)) return fail(`[${i}].uptime_check_id must be a positive 32-bit integer`);
    if (domainId !== null && !isId(domainId)) return fail(`[${i}].domain_id must be a positive 32-bit integer`);
    const key = checkId !== null ? `c${checkId}` : `d${domainId}`;
    if (seen.has(key)) return fail(`[${i}] shows the same ${checkId !== null ? 'uptime check' : 'domain'} twice`);
    seen.add(key);
    const name = text(item.display_name, NAME_MAX, true);
    if (!name.ok) return fail(`[${i}].display_name ${name.reason}`);
    let groupName: string | null = null;
    if (item.group !== undefined && item.group !== null) {
      const group = text(item.group, NAME_MAX, true);
      if (!group.ok) return fail(`[${i}].group ${group.reason}`);
      groupName = group.value;
    }
    components.push({ checkId: checkId as number | null, domainId: domainId as number | null, displayName: name.value, groupName });
  }
  return { ok: true, value: components };
}

/** An absolute http(s) URL, nothing else: links are shown to the public. */
export function readHttpUrl(value: unknown): Result<string> {
  if (typeof value !== 'string') return fail('must be a string');
  if (value.length > URL_MAX) return fail(`must be at most ${URL_MAX} characters`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('must be an absolute http or https URL');
  if (url.username || url.password) return fail('must not hold a user name or password');
  return { ok: true, value: url.href };
}

function readLinks(value: unknown): Result<StatusPageLink[]> {
  if (value === null) return { ok: true, value: [] };
  if (!Array.isArray(value)) return fail('must be an array');
  if (value.length > LINKS_MAX) return fail(`must hold at most ${LINKS_MAX} links`);
  const links: StatusPageLink[] = [];
  for (const [i, item] of value.entries()) {
    if (!isObject(item)) return fail(`[${i}] must be an object`);
    const label = text(item.label, LABEL_MAX, true);
    if (!label.ok) return fail(`[${i}].label ${label.reason}`);
    const url = readHttpUrl(item.url);
    if (!url.ok) return fail(`[${i}].url ${url.reason}`);
    links.push({ label: label.value, url: url.value });
  }
  return { ok: true, value: links };
}

/** An origin (`https://host[:port]`) exactly: no path, query, user or wildcard. */
function readOrigins(value: unknown): Result<string[]> {
  if (value === null) return { ok: true, value: [] };
  if (!Array.isArray(value)) return fail('must be an array');
  if (value.length > FRAME_ANCESTORS_MAX) return fail(`must hold at most ${FRAME_ANCESTORS_MAX} origins`);
  const origins: string[] = [];
  for (const [i, item] of value.entries()) {
    const url = readHttpUrl(item);
    const origin = url.ok ? new URL(url.value).origin : null;
    if (!url.ok || origin === null || origin !== String(item).replace(/\/$/, '').toLowerCase()) return fail(`[${i}] must be an http or https origin such as https://example.com`);
    if (!origins.includes(origin)) origins.push(origin);
  }
  return { ok: true, value: origins };
}

function readCustomDomain(value: unknown): Result<string | null> {
  if (value === null) return { ok: true, value: null };
  if (typeof value !== 'string') return fail('must be a host name');
  const result = normaliseDomainName(value);
  if (!result.ok) return fail(result.reason);
  if (!result.name.includes('.')) return fail('must be a host name with at least two labels');
  return { ok: true, value: result.name };
}

/**
 * Reads a create body (slug and title required) or an update body (every field optional: absent
 * keeps the stored value). Field errors as VALIDATION_ERROR fields, named as in the body.
 */
export function readStatusPageFields(body: unknown, create: boolean): { ok: true; changes: StatusPageChanges } | { ok: false; fields: Record<string, string> } {
  if (!isObject(body)) return { ok: false, fields: { body: 'must be a JSON object' } };
  const fields: Record<string, string> = {};
  const changes: StatusPageChanges = {};
  const take = <T>(name: string, required: boolean, read: (value: unknown) => Result<T>, put: (value: T) => void) => {
    const value = body[name];
    if (value === undefined) {
      if (required) fields[name] = 'is required';
      return;
    }
    const result = read(value);
    if (result.ok) put(result.value);
    else fields[name] = result.reason;
  };
  const boolean = (value: unknown): Result<boolean> => (typeof value === 'boolean' ? { ok: true, value } : fail('must be true or false'));
  take('slug', create, readSlug, (v) => (changes.slug = v));
  take('title', create, (v) => text(v, TITLE_MAX, true), (v) => (changes.title = v));
  take('description', false, (v) => (v === null ? { ok: true, value: '' } : text(v, DESCRIPTION_MAX, false)), (v) => (changes.description = v));
  take('components', false, readComponents, (v) => (changes.components = v));
  take('show_host_names', false, boolean, (v) => (changes.showHostNames = v));
  take('custom_domain', false, readCustomDomain, (v) => (changes.customDomain = v));
  take('time_zone', false, (v) => (typeof v === 'string' && v.length <= 64 && isTimeZone(v) ? { ok: true, value: v } : fail('must be an IANA time zone such as UTC or Europe/Berlin')), (v) => (changes.timeZone = v));
  take('links', false, readLinks, (v) => (changes.links = v));
  take('enabled', false, boolean, (v) => (changes.enabled = v));
  take('frame_ancestors', false, readOrigins, (v) => (changes.frameAncestors = v));
  return Object.keys(fields).length ? { ok: false, fields } : { ok: true, changes };
}
