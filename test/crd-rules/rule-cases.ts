/**
 * The rule table: custom resource specs with the verdict both the API's validation (as the operator
 * applies it) and the CRD's admission (schema, defaults, CEL) must give. Every rule of the API's
 * check, domain and maintenance-window validation is exercised here, accepted and refused; the
 * coverage test (rule-coverage.test.ts) fails when an API rule has no case.
 */

export type Kind = 'UptimeCheck' | 'Domain' | 'MaintenanceWindow' | 'StatusPage';

export interface RuleCase {
  /** What the case shows, as a person would say it. */
  rule: string;
  kind: Kind;
  /** metadata.name (default: `case`), which a missing spec.name defaults to. */
  name?: string;
  spec: Record<string, unknown>;
  /** The spec before an update (transition rules); absent on create. */
  old?: Record<string, unknown>;
  accepted: boolean;
  /** The operator's setting for private targets (default: allowed, as the CRD cannot know it). */
  allowPrivateTargets?: boolean;
}

/** A rule one side cannot state, with the reason: both verdicts are asserted as written. */
export interface OneSidedCase extends Omit<RuleCase, 'accepted'> {
  why: string;
}

const http = (spec: Record<string, unknown> = {}) => ({ checkType: 'http', hostname: 'shop.example.com', protocol: 'https', triggerLocations: ['eu-west'], ...spec });
const ping = (spec: Record<string, unknown> = {}) => ({ checkType: 'ping', hostname: 'shop.example.com', triggerLocations: ['eu-west'], ...spec });
const tcp = (spec: Record<string, unknown> = {}) => ({ checkType: 'tcp', hostname: 'db.example.com', port: 5432, triggerLocations: ['eu-west'], ...spec });
const dns = (recordType: string, values: unknown, spec: Record<string, unknown> = {}) => ({
  checkType: 'dns',
  hostname: 'shop.example.com',
  dnsRecordType: recordType,
  dnsExpectedValues: values,
  triggerLocations: ['eu-west'],
  ...spec,
});
const window = (spec: Record<string, unknown> = {}) => ({ scope: 'workspace', startsAt: '2030-01-05T22:00:00Z', endsAt: '2030-01-06T02:00:00Z', ...spec });

const check = (rule: string, accepted: boolean, spec: Record<string, unknown>, extra: Partial<RuleCase> = {}): RuleCase => ({ rule, kind: 'UptimeCheck', spec, accepted, ...extra });
const domain = (rule: string, accepted: boolean, spec: Record<string, unknown>): RuleCase => ({ rule, kind: 'Domain', spec, accepted });
const maintenance = (rule: string, accepted: boolean, spec: Record<string, unknown>): RuleCase => ({ rule, kind: 'MaintenanceWindow', spec, accepted });
const statusPage = (rule: string, accepted: boolean, spec: Record<string, unknown>, extra: Partial<RuleCase> = {}): RuleCase => ({ rule, kind: 'StatusPage', spec: { title: 'Shop', ...spec }, accepted, ...extra });

const bytes512 = 'é'.repeat(256);
const bytes514 = 'é'.repeat(257);
const label = (length: number) => 'a'.repeat(length);
/** A valid Kubernetes object name (labels of at most 63) longer than a display name may be. */
const longResourceName = `${label(60)}.${label(60)}.${label(60)}.${label(18)}`;
/** 51 distinct location ids and group names: one more than a list may hold. */
const many = (prefix: string) => Array.from({ length: 51 }, (_, index) => `${prefix}${index}`);

export const RULE_CASES: RuleCase[] = [
  // Names and the fixed values of a check.
  check('a check with only the required fields takes every default', true, http()),
  check('a display name of spaces only', false, http({ name: '   ' })),
  check('a display name of 200 characters', true, http({ name: label(200) })),
  check('a display name of 201 characters', false, http({ name: label(201) })),
  check('no display name and a resource name of 201 characters', false, http(), { name: longResourceName }),
  check('a display name and a resource name of 201 characters', true, http({ name: 'Shop' }), { name: longResourceName }),
  check('an unknown check type', false, http({ checkType: 'smtp' })),
  check('a frequency outside the offered ones', false, http({ checkFrequency: 3 })),
  check('a frequency of 15 minutes', true, http({ checkFrequency: 15 })),
  check('a response timeout below 1000 ms', false, http({ responseTimeout: 999 })),
  check('a response timeout of 30000 ms', true, http({ responseTimeout: 30_000 })),
  check('a response timeout above 30000 ms', false, http({ responseTimeout: 30_001 })),

  // checkType is fixed once the check exists.
  check('checkType changed on update', false, tcp(), { old: http() }),
  check('an update that keeps checkType', true, http({ hostname: 'www.shop.example.com' }), { old: http() }),

  // Locations and quorum.
  check('minFailingLocations equal to the number of triggerLocations', true, http({ triggerLocations: ['eu-west', 'us-east'], minFailingLocations: 2 })),
  check('minFailingLocations above the number of triggerLocations', false, http({ triggerLocations: ['eu-west', 'us-east'], minFailingLocations: 3 })),
  check('minFailingLocations of 0', false, http({ minFailingLocations: 0 })),
  check('a location named twice', false, http({ triggerLocations: ['eu-west', 'eu-west'] })),
  check('no trigger locations', false, http({ triggerLocations: [] })),
  check('trigger locations that are not a list', false, http({ triggerLocations: 'eu-west' })),
  check('more than 50 trigger locations', false, http({ triggerLocations: many('l') })),

  // Host names.
  check('an HTTP host with a port', true, http({ hostname: 'shop.example.com:8443' })),
  check('an HTTP host with a trailing dot and a port', true, http({ hostname: 'shop.example.com.:8443' })),
  check('an HTTP IPv4 address with a port', true, http({ hostname: '192.0.2.10:8080' })),
  check('an HTTP IPv6 address in brackets with a port', true, http({ hostname: '[2001:db8::1]:8443' })),
  check('an HTTP IPv6 address in brackets without a port', true, http({ hostname: '[2001:db8::1]' })),
  check('a bare HTTP IPv6 address', true, http({ hostname: '2001:db8::1' })),
  check('an HTTP host with port 0', false, http({ hostname: 'shop.example.com:0' })),
  check('an HTTP host with port 65536', false, http({ hostname: 'shop.example.com:65536' })),
  check('an HTTP host with port 65535', true, http({ hostname: 'shop.example.com:65535' })),
  check('an HTTP host with port 00080 (leading zeros)', true, http({ hostname: 'shop.example.com:00080' })),
  check('a URL instead of a host', false, http({ hostname: 'https://shop.example.com/' })),
  check('brackets around something that is not IPv6', false, http({ hostname: '[shop.example.com]:80' })),
  check('an underscore in an HTTP host name', false, http({ hostname: 'shop_front.example.com' })),
  check('a label that starts with a dash', false, http({ hostname: '-shop.example.com' })),
  check('an all-numeric last label (not an address)', false, http({ hostname: 'shop.example.123' })),
  check('a malformed IPv4 address', false, http({ hostname: '1.2.3' })),
  check('a label of 63 characters', true, http({ hostname: `${label(63)}.example.com` })),
  check('a label of 64 characters', false, http({ hostname: `${label(64)}.example.com` })),
  check('a host name of 253 characters and a trailing dot', true, ping({ hostname: `${label(62)}.${label(62)}.${label(62)}.${label(62)}.a.` })),
  check('a host name of 255 characters', false, ping({ hostname: `${label(62)}.${label(62)}.${label(62)}.${label(62)}.abc` })),
  check('a host name longer than 300 characters', false, ping({ hostname: `${label(60)}.`.repeat(5) + 'a' })),
  check('no host name', false, http({ hostname: '' })),
  check('a TCP host with a port in the host name', false, tcp({ hostname: 'db.example.com:5432' })),
  check('a ping target given as an IPv4 address', true, ping({ hostname: '192.0.2.1' })),
  check('a ping target given as an IPv6 address', true, ping({ hostname: '2001:db8::1' })),
  check('a DNS name with an underscore label', true, dns('TXT', ['v=DMARC1'], { hostname: '_dmarc.example.com' })),
  check('a DNS check of an IP address', false, dns('A', ['192.0.2.1'], { hostname: '192.0.2.1' })),

  // HTTP fields.
  check('an HTTP check without protocol', false, http({ protocol: undefined })),
  check('an unknown protocol', false, http({ protocol: 'ftp' })),
  check('a path that does not start with /', false, http({ path: 'health' })),
  check('a path with a space', false, http({ path: '/a b' })),
  check('a path with a no-break space', false, http({ path: '/a\u00a0b' })),
  check('a path with a control character', false, http({ path: '/a\u0007b' })),
  check('a path of 2048 characters', true, http({ path: `/${label(2047)}` })),
  check('a path of 2049 characters', false, http({ path: `/${label(2048)}` })),
  check('a request method in upper case', false, http({ requestMethod: 'GET' })),
  check('request method head', true, http({ requestMethod: 'head' })),
  check('response classes 1XX and 5XX', true, http({ responseClasses: ['1XX', '5XX'] })),
  check('a response class in lower case', false, http({ responseClasses: ['2xx'] })),
  check('a response class named twice', false, http({ responseClasses: ['2XX', '2XX'] })),
  check('no response classes', false, http({ responseClasses: [] })),
  check('follow redirects as a string', false, http({ flagFollowRedirect: 'yes' })),

  // Fields of one type on another.
  check('HTTP protocol on a TCP check', false, tcp({ protocol: 'https' })),
  check('HTTP request method post on a TCP check', false, tcp({ requestMethod: 'post' })),
  check('HTTP request method at its default on a TCP check (what defaulting writes)', true, tcp({ requestMethod: 'get', path: '/', responseClasses: ['2XX'], flagFollowRedirect: false })),
  check('following redirects on a ping check', false, ping({ flagFollowRedirect: true })),
  check('an HTTP path other than / on a DNS check', false, dns('A', ['192.0.2.1'], { path: '/x' })),
  check('response classes other than 2XX on a ping check', false, ping({ responseClasses: ['5XX'] })),
  check('a TCP port on an HTTP check', false, http({ port: 8443 })),
  check('a banner operator on an HTTP check', false, http({ bannerMatchOperator: 'contains' })),
  check('a banner value on a ping check', false, ping({ bannerMatchValue: 'SSH' })),
  check('an empty banner value with operator none on a ping check', true, ping({ bannerMatchOperator: 'none', bannerMatchValue: '' })),
  check('a DNS record type on an HTTP check', false, http({ dnsRecordType: 'A' })),
  check('DNS expected values on a ping check', false, ping({ dnsExpectedValues: ['192.0.2.1'] })),

  // TCP fields.
  check('a TCP check without port', false, tcp({ port: undefined })),
  check('TCP port 25 (SMTP)', false, tcp({ port: 25 })),
  check('TCP port 0', false, tcp({ port: 0 })),
  check('TCP port 65535', true, tcp({ port: 65_535 })),
  check('TCP port 65536', false, tcp({ port: 65_536 })),
  check('a banner value with operator none', false, tcp({ bannerMatchOperator: 'none', bannerMatchValue: 'SSH' })),
  check('an empty banner value with operator none', true, tcp({ bannerMatchOperator: 'none', bannerMatchValue: '' })),
  check('a banner value with no operator (defaults to none)', false, tcp({ bannerMatchValue: 'SSH' })),
  check('operator contains without a value', false, tcp({ bannerMatchOperator: 'contains' })),
  check('operator not_contains with an empty value', false, tcp({ bannerMatchOperator: 'not_contains', bannerMatchValue: '' })),
  check('an unknown banner operator', false, tcp({ bannerMatchOperator: 'matches' })),
  check('a banner value of 512 bytes (256 two-byte characters)', true, tcp({ bannerMatchOperator: 'contains', bannerMatchValue: bytes512 })),
  check('a banner value of 514 bytes in 257 characters', false, tcp({ bannerMatchOperator: 'contains', bannerMatchValue: bytes514 })),
  check('a banner value that is not a string', false, tcp({ bannerMatchOperator: 'contains', bannerMatchValue: 7 })),

  // DNS fields.
  check('a DNS check without record type', false, dns('A', ['192.0.2.1'], { dnsRecordType: undefined })),
  check('an unknown record type', false, dns('SRV', ['x'])),
  check('a DNS check without expected values', false, dns('A', undefined)),
  check('no expected values', false, dns('A', [])),
  check('expected values that are not a list', false, dns('A', '192.0.2.1')),
  check('20 expected values', true, dns('A', Array.from({ length: 20 }, (_, index) => `192.0.2.${index}`))),
  check('21 expected values', false, dns('A', Array.from({ length: 21 }, (_, index) => `192.0.2.${index}`))),
  check('an A record value that is an IPv4 address', true, dns('A', ['203.0.113.10'])),
  check('an A record value that is not an IPv4 address', false, dns('A', ['203.0.113.256'])),
  check('an AAAA record value that is an IPv6 address', true, dns('AAAA', ['2001:db8::10', '::ffff:192.0.2.1'])),
  check('an AAAA record value that is an IPv4 address', false, dns('AAAA', ['192.0.2.1'])),
  check('a CNAME value that is a host name', true, dns('CNAME', ['shop.cdn.example.net.'])),
  check('a CNAME value that is not a host name', false, dns('CNAME', ['not a name'])),
  check('an NS value with an underscore label', true, dns('NS', ['_ns1.example.net'])),
  check('an NS value that is not a host name', false, dns('NS', ['ns1 example net'])),
  check('MX values with and without priority', true, dns('MX', ['mx.example.com', '10 mx2.example.com', '65535 mx3.example.com'])),
  check('an MX priority above 65535', false, dns('MX', ['65536 mx.example.com'])),
  check('an MX priority that is not a number', false, dns('MX', ['x mx.example.com'])),
  check('an MX value of three parts', false, dns('MX', ['10 mx.example.com extra'])),
  check('an MX host with an underscore', false, dns('MX', ['10 mx_1.example.com'])),
  check('an MX host that is all digits', false, dns('MX', ['10 20'])),
  check('an empty TXT value', false, dns('TXT', [''])),
  check('a TXT value of 512 bytes in 256 characters', true, dns('TXT', [bytes512])),
  check('a TXT value of 514 bytes in 257 characters', false, dns('TXT', [bytes514])),
  check('TXT values of 8192 bytes combined', true, dns('TXT', Array.from({ length: 16 }, () => 't'.repeat(512)))),
  check('TXT values of 8193 bytes combined', false, dns('TXT', [...Array.from({ length: 16 }, () => 't'.repeat(512)), 'x'])),
  check('TXT values of 8704 bytes combined in 17 values', false, dns('TXT', Array.from({ length: 17 }, () => bytes512))),

  // Notification groups (by name; the operator resolves names to the API's ids).
  check('50 notification groups', true, http({ notificationGroups: many('g').slice(0, 50) })),
  check('51 notification groups', false, http({ notificationGroups: many('g') })),

  // Domains.
  domain('a domain name', true, { name: 'shop.example.com' }),
  domain('a domain name with spaces around it and a trailing dot', true, { name: ' Shop.Example.com. ' }),
  domain('an international domain name (converted to ASCII)', true, { name: 'bücher.example' }),
  domain('no domain name', false, {}),
  domain('a blank domain name', false, { name: '   ' }),
  domain('a URL instead of a domain name', false, { name: 'https://shop.example.com' }),
  domain('a domain name with a port', false, { name: 'shop.example.com:443' }),
  domain('a domain name with a space inside', false, { name: 'shop example.com' }),
  domain('a wildcard domain name', false, { name: '*.example.com' }),
  domain('an IP address as domain name', false, { name: '192.0.2.1' }),
  domain('a domain label of 64 characters', false, { name: `${label(64)}.example.com` }),
  domain('a domain label that ends with a dash', false, { name: 'shop-.example.com' }),
  domain('a domain name of 254 characters', false, { name: `${label(62)}.${label(62)}.${label(62)}.${label(62)}.ab` }),
  domain('50 notification groups on a domain', true, { name: 'shop.example.com', notificationGroups: many('g').slice(0, 50) }),
  domain('51 notification groups on a domain', false, { name: 'shop.example.com', notificationGroups: many('g') }),
  domain('a description of 1000 characters', true, { name: 'shop.example.com', description: label(1000) }),
  domain('a description of 1001 characters', false, { name: 'shop.example.com', description: label(1001) }),

  // Maintenance windows.
  maintenance('a workspace window', true, window()),
  maintenance('a window of one check', true, window({ scope: 'uptime_check', uptimeCheck: 'shop-db' })),
  maintenance('a check window without its check', false, window({ scope: 'uptime_check' })),
  maintenance('a workspace window that names a check', false, window({ uptimeCheck: 'shop-db' })),
  maintenance('an unknown scope', false, window({ scope: 'everything' })),
  maintenance('a window that ends when it starts', false, window({ endsAt: '2030-01-05T22:00:00Z' })),
  maintenance('a window that ends before it starts', false, window({ endsAt: '2030-01-05T21:00:00Z' })),
  maintenance('a window that ends before it starts, in another zone', false, window({ endsAt: '2030-01-05T23:30:00+02:00' })),
  maintenance('a window of 31 days', true, window({ endsAt: '2030-02-05T22:00:00Z' })),
  maintenance('a window of 31 days and a second', false, window({ endsAt: '2030-02-05T22:00:01Z' })),
  maintenance('a start that is not a date-time', false, window({ startsAt: 'tomorrow' })),
  maintenance('an end in month 13', false, window({ endsAt: '2030-13-01T00:00:00Z' })),
  maintenance('a blank window name', false, window({ name: '  ' })),
  { rule: 'no window name and a resource name of 201 characters', kind: 'MaintenanceWindow', name: longResourceName, spec: window(), accepted: false },
  maintenance('a window name of 201 characters', false, window({ name: label(201) })),
  maintenance('a window description that is not a string', false, window({ description: 5 })),
  maintenance('a window description of 1001 characters', false, window({ description: label(1001) })),
  maintenance('enabled as a string', false, window({ enabled: 'yes' })),
  maintenance('a disabled window', true, window({ enabled: false })),

  // Status pages.
  statusPage('a page with only a title, its slug the resource name', true, {}),
  statusPage('a page with every field', true, {
    slug: 'shop',
    description: 'Everything we run',
    components: [{ uptimeCheck: 'shop-db', displayName: 'Database', group: 'Backend' }, { domain: 'shop-db', displayName: 'Certificate' }],
    showHostNames: true,
    customDomain: 'status.shop.example',
    timeZone: 'Europe/Berlin',
    links: [{ label: 'Home', url: 'https://shop.example/' }],
    enabled: false,
    frameAncestors: ['https://intranet.shop.example'],
  }),
  statusPage('a resource name that is no slug, without a slug', false, {}, { name: 'shop.status' }),
  statusPage('a resource name that is no slug, with a slug', true, { slug: 'shop' }, { name: 'shop.status' }),
  statusPage('a slug with capitals and spaces', false, { slug: 'Not A Slug' }),
  statusPage('a slug of 64 characters', false, { slug: label(64) }),
  statusPage('a page title of spaces only', false, { title: '   ' }),
  statusPage('a page title of 201 characters', false, { title: label(201) }),
  statusPage('a page description of 2001 characters', false, { description: label(2001) }),
  statusPage('a component naming a check and a domain', false, { components: [{ uptimeCheck: 'shop-db', domain: 'shop-db', displayName: 'Both' }] }),
  statusPage('a component naming neither a check nor a domain', false, { components: [{ displayName: 'Neither' }] }),
  statusPage('a component display name of spaces only', false, { components: [{ uptimeCheck: 'shop-db', displayName: '  ' }] }),
  statusPage('a component display name of 201 characters', false, { components: [{ uptimeCheck: 'shop-db', displayName: label(201) }] }),
  statusPage('a component group of 201 characters', false, { components: [{ uptimeCheck: 'shop-db', displayName: 'Database', group: label(201) }] }),
  statusPage('a link label of spaces only', false, { links: [{ label: ' ', url: 'https://shop.example/' }] }),
  statusPage('a link label of 101 characters', false, { links: [{ label: label(101), url: 'https://shop.example/' }] }),
  statusPage('a javascript: link', false, { links: [{ label: 'x', url: 'javascript:alert(1)' }] }),
  statusPage('a link of 2049 characters', false, { links: [{ label: 'x', url: `https://shop.example/${label(2028)}` }] }),
  statusPage('21 links', false, { links: Array.from({ length: 21 }, () => ({ label: 'x', url: 'https://shop.example/' })) }),
  statusPage('a frame ancestor with a path', false, { frameAncestors: ['https://shop.example/embed'] }),
  statusPage('showHostNames as a string', false, { showHostNames: 'yes' }),
  statusPage('enabled as a string', false, { enabled: 'yes' }),
  statusPage('a page without a title', false, { title: undefined }),
  statusPage('a page title that is not a string', false, { title: 5 }),
  statusPage('201 components', false, { components: Array.from({ length: 201 }, (_, i) => ({ uptimeCheck: 'shop-db', displayName: `c${i}` })) }),
  statusPage('components that are not a list', false, { components: 'shop-db' }),
  statusPage('links that are not a list', false, { links: 'https://shop.example/' }),
  statusPage('a component that is not an object', false, { components: ['shop-db'] }),
  statusPage('a link that is not an object', false, { links: ['https://shop.example/'] }),
  statusPage('a link URL that is not a string', false, { links: [{ label: 'x', url: 5 }] }),
  statusPage('frame ancestors that are not a list', false, { frameAncestors: 'https://shop.example' }),
  statusPage('21 frame ancestors', false, { frameAncestors: Array.from({ length: 21 }, (_, i) => `https://e${i}.example`) }),
  statusPage('a custom domain that is not a string', false, { customDomain: 5 }),
];

/** Rules only the operator can apply: what they need is not in the manifest. The CRD admits, the API refuses. */
export const OPERATOR_ONLY_CASES: OneSidedCase[] = [
  { rule: 'a page time zone that does not exist', kind: 'StatusPage', spec: { title: 'Shop', timeZone: 'Mars/Olympus' }, why: 'the time zones are the runtime\'s (Intl); CEL has no list of them' },
  { rule: 'a custom domain of one label', kind: 'StatusPage', spec: { title: 'Shop', customDomain: 'localhost' }, why: 'host names are judged by the API\'s rules, international names converted first, which CEL cannot' },
  {
    rule: 'a link with a user name and password',
    kind: 'StatusPage',
    spec: { title: 'Shop', links: [{ label: 'x', url: 'https://user:pw@shop.example/' }] },
    why: 'the CRD checks the scheme; the URL parser judges the rest',
  },
  { rule: 'a link that is a scheme only', kind: 'StatusPage', spec: { title: 'Shop', links: [{ label: 'x', url: 'https://' }] }, why: 'the CRD checks the scheme; the URL parser judges the rest' },
  {
    rule: 'a check shown twice on a page',
    kind: 'StatusPage',
    spec: { title: 'Shop', components: [{ uptimeCheck: 'shop-db', displayName: 'a' }, { uptimeCheck: 'shop-db', displayName: 'b' }] },
    why: 'components are an ordered list; the operator resolves names to rows and refuses a row twice',
  },
  {
    rule: 'a trigger location this installation does not offer',
    kind: 'UptimeCheck',
    spec: http({ triggerLocations: ['mars'] }),
    why: 'the offered locations are a setting of the installation (VANTAGE_LOCATIONS)',
  },
  {
    rule: 'a private address as target where private targets are not allowed',
    kind: 'UptimeCheck',
    spec: http({ hostname: '10.0.0.1:8080' }),
    allowPrivateTargets: false,
    why: 'whether private targets are allowed is a setting of the installation',
  },
  {
    rule: 'a maintenance window that has already ended',
    kind: 'MaintenanceWindow',
    spec: window({ startsAt: '2020-01-05T22:00:00Z', endsAt: '2020-01-06T02:00:00Z' }),
    why: 'CRD rules have no clock',
  },
  {
    rule: 'an international domain name whose ASCII form has a label over 63 characters',
    kind: 'Domain',
    spec: { name: `${'é'.repeat(60)}.example` },
    why: 'CEL cannot convert an international name to its ASCII (punycode) form',
  },
  {
    rule: 'an international domain name that has no ASCII form',
    kind: 'Domain',
    spec: { name: 'xn--é.example' },
    why: 'CEL cannot convert an international name to its ASCII (punycode) form',
  },
  {
    rule: 'an international domain name whose ASCII form is over 253 characters',
    kind: 'Domain',
    spec: { name: `${Array.from({ length: 8 }, () => 'é'.repeat(20)).join('.')}.${label(60)}` },
    why: 'CEL cannot convert an international name to its ASCII (punycode) form',
  },
  {
    rule: 'an international domain name that is not a valid host name once converted',
    kind: 'Domain',
    spec: { name: 'bü_cher.example' },
    why: 'CEL cannot convert an international name to its ASCII (punycode) form',
  },
];

/** Where the CRD is stricter than the API: Kubernetes conventions. The CRD refuses, the API accepts. */
export const CRD_NARROWER_CASES: OneSidedCase[] = [
  {
    rule: 'a window start without seconds',
    kind: 'MaintenanceWindow',
    spec: window({ startsAt: '2030-01-05T22:00Z' }),
    why: 'Kubernetes date-time fields are RFC 3339 date-times, seconds included',
  },
  {
    rule: 'an empty path on a TCP check',
    kind: 'UptimeCheck',
    spec: tcp({ path: '' }),
    why: "a field's own schema (here: a path starts with /) holds whatever the check type; a manifest leaves an unused field out",
  },
  {
    rule: 'a check notification group named twice',
    kind: 'UptimeCheck',
    spec: http({ notificationGroups: ['g1', 'g1'] }),
    why: 'a list of names in a manifest is a set; the API counts ids, and the operator resolves names to distinct ids',
  },
];

/**
 * API rules no custom resource can reach, by their reason: a resource names groups and checks,
 * where the API takes ids. The coverage test lets these branches go unexercised, and fails if one
 * of them is reached or disappears.
 */
export const UNREACHABLE_FROM_RESOURCES: Array<{ reason: string; why: string }> = [
  { reason: 'must be a list of notification group ids', why: 'resources name groups; the operator resolves names to ids' },
  { reason: 'must not repeat a group', why: 'the operator resolves names to distinct ids' },
  { reason: 'must be a positive integer', why: 'a window names its check; the operator resolves the name to the row id' },
  { reason: 'must be positive integers', why: 'resources name groups; the operator resolves names to ids' },
  { reason: '[${i}].uptime_check_id must be a positive 32-bit integer', why: 'a page names its checks; the operator resolves names to row ids' },
  { reason: '[${i}].domain_id must be a positive 32-bit integer', why: 'a page names its domains; the operator resolves names to row ids' },
  { reason: 'must be a JSON object', why: 'the operator passes a spec, always an object' },
];
