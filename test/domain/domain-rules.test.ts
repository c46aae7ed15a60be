import test from 'ava';
import { availabilityPercent, csvLine, daysBetween, latencyBucketMs, monthRange } from '../../src/domain/check-history.js';
import { locationsByCheckType } from '../../src/domain/check-options.js';
import { statusLabel } from '../../src/domain/check-status.js';
import {
  bannerValueProblem,
  hostnameProblem,
  minFailingLocationsProblem,
  portProblem,
  responseClassesProblem,
  triggerLocationsProblem,
  validateCheck,
  type CheckValidationContext,
} from '../../src/domain/check-validation.js';
import { dnsExpectedValuesProblem, dnsValueProblem } from '../../src/domain/dns-expected-values.js';
import { capabilityDenial, isEntitlementBlocked, limitDenial, mutationDenial, resolveEntitlement } from '../../src/domain/entitlement.js';
import { parseAuthority } from '../../src/domain/host-name.js';
import { addressKey, combineDecisions, decideThrottle as decideFromSummary, summarize, type ThrottlePolicy } from '../../src/domain/sign-in-throttle.js';

const decideThrottle = (failures: number[], now: number, policy: ThrottlePolicy) => decideFromSummary(summarize(failures, now, policy), now, policy);

const locations = { http: ['a', 'b', 'c'], ping: ['a', 'b'], dns: ['a', 'b', 'c'], tcp: ['a', 'b', 'c'] };
const context: CheckValidationContext = { locations, allowPrivateTargets: false };

test('validateCheck applies the defaults of an HTTP check', (t) => {
  const result = validateCheck({ name: ' Site ', check_type: 'http', hostname: 'Example.com.', protocol: 'https' }, context);
  t.true(result.ok);
  if (!result.ok) return;
  t.like(result.config, {
    name: 'Site',
    hostname: 'example.com',
    path: '/',
    requestMethod: 'get',
    responseTimeout: 10_000,
    checkFrequency: 5,
    minFailingLocations: 1,
    flagFollowRedirect: false,
    dnsRecordType: null,
    port: null,
  });
  t.deepEqual(result.config.triggerLocations, ['a', 'b', 'c']);
  t.deepEqual(result.config.responseClasses, ['2XX']);
});

test('validateCheck refuses a changed check_type on update and keeps the saved one when absent', (t) => {
  const changed = validateCheck({ name: 'x', check_type: 'tcp', hostname: 'example.com', port: 22 }, { ...context, savedCheckType: 'ping' });
  t.false(changed.ok);
  if (!changed.ok) t.deepEqual(Object.keys(changed.fields), ['check_type']);
  const kept = validateCheck({ name: 'x', hostname: 'example.com' }, { ...context, savedCheckType: 'ping' });
  t.true(kept.ok);
  if (kept.ok) t.deepEqual(kept.config.triggerLocations, ['a', 'b']);
});

test('validateCheck reports fields of another type that carry a value', (t) => {
  const result = validateCheck({ name: 'x', check_type: 'ping', hostname: 'example.com', port: 80, protocol: null, dns_expected_values: [] }, context);
  t.false(result.ok);
  if (!result.ok) t.deepEqual(result.fields, { port: 'applies only to tcp checks' });
});

test('port on an http check says that hostname takes host:port', (t) => {
  const result = validateCheck({ name: 'x', check_type: 'http', protocol: 'http', hostname: '127.0.0.1', port: 18081 }, context);
  t.false(result.ok);
  if (!result.ok) t.regex(result.fields.port ?? '', /applies only to tcp checks; an http check takes its port in hostname as host:port \(example\.com:8443/);
});

test('validateCheck takes a field of another type at its default as unset, as a Kubernetes resource carries it', (t) => {
  const base = { name: 'x', check_type: 'tcp', hostname: 'db.example.com', port: 5432 };
  t.true(validateCheck({ ...base, request_method: 'get', path: '/', response_classes: ['2XX'], flag_follow_redirect: false }, context).ok);
  const moved = validateCheck({ ...base, request_method: 'post', path: '/x' }, context);
  t.false(moved.ok);
  if (!moved.ok) t.deepEqual(moved.fields, { request_method: 'applies only to http checks', path: 'applies only to http checks' });
  t.true(validateCheck({ name: 'x', check_type: 'http', hostname: 'example.com', protocol: 'https', banner_match_operator: 'none' }, context).ok);
});

test('field rules at their edges', (t) => {
  t.is(portProblem(1), null);
  t.is(portProblem(65_535), null);
  t.truthy(portProblem(0));
  t.truthy(portProblem(65_536));
  t.truthy(portProblem(25));
  t.truthy(portProblem(22.5));
  t.is(bannerValueProblem('contains', 'b'.repeat(512)), null);
  t.truthy(bannerValueProblem('contains', 'b'.repeat(513)));
  t.truthy(bannerValueProblem('contains', 'é'.repeat(257)), 'bytes, not characters');
  t.is(bannerValueProblem('none', null), null);
  t.truthy(bannerValueProblem('none', 'x'));
  t.is(minFailingLocationsProblem(3, 3), null);
  t.truthy(minFailingLocationsProblem(4, 3));
  t.truthy(minFailingLocationsProblem(0, 3));
  t.is(triggerLocationsProblem(['a'], ['a', 'b']), null);
  t.truthy(triggerLocationsProblem([], ['a']));
  t.truthy(triggerLocationsProblem(['a', 'a'], ['a']));
  t.truthy(triggerLocationsProblem(['z'], ['a']));
  t.is(responseClassesProblem(['1XX', '5XX']), null);
  t.truthy(responseClassesProblem(['2xx']));
  t.is(hostnameProblem('http', '[::1]:8080', true), null);
  t.truthy(hostnameProblem('http', '[::1]:8080', false));
  t.truthy(hostnameProblem('ping', '169.254.169.254', false));
  t.is(hostnameProblem('ping', '8.8.8.8', false), null);
  t.truthy(hostnameProblem('tcp', 'example.com:22', false));
  t.truthy(hostnameProblem('http', '1.2.3', false));
});

test('DNS expected values: forms per record type, sizes in bytes', (t) => {
  t.is(dnsValueProblem('A', '192.0.2.1'), null);
  t.truthy(dnsValueProblem('A', '192.0.2.256'));
  t.is(dnsValueProblem('AAAA', '::1'), null);
  t.is(dnsValueProblem('MX', 'mx.example.com'), null);
  t.is(dnsValueProblem('MX', '0 mx.example.com'), null);
  t.truthy(dnsValueProblem('MX', 'x mx.example.com'));
  t.truthy(dnsValueProblem('MX', '10 mx.example.com extra'));
  t.is(dnsValueProblem('TXT', 'anything at all'), null);
  t.is(dnsExpectedValuesProblem('TXT', Array(16).fill('t'.repeat(512))), null);
  t.regex(dnsExpectedValuesProblem('TXT', [...Array(16).fill('t'.repeat(512)), 'x']) ?? '', /combined/);
  t.regex(dnsExpectedValuesProblem('A', Array(21).fill('192.0.2.1')) ?? '', /1 to 20/);
});

test('URL authorities split into host and port', (t) => {
  t.deepEqual(parseAuthority('example.com:8443'), { host: 'example.com', bareHost: 'example.com', port: 8443 });
  t.deepEqual(parseAuthority('[2001:db8::1]:80'), { host: '[2001:db8::1]', bareHost: '2001:db8::1', port: 80 });
  t.deepEqual(parseAuthority('2001:db8::1'), { host: '2001:db8::1', bareHost: '2001:db8::1', port: null });
  t.is(parseAuthority('a:b:c'), null);
  t.is(parseAuthority('[not-v6]:80'), null);
});

test('locations per check type follow what each location supports', (t) => {
  const byType = locationsByCheckType(['x', 'y'], (location, type) => !(type === 'ping' && location === 'y'));
  t.deepEqual(byType, { http: ['x', 'y'], ping: ['x'], dns: ['x', 'y'], tcp: ['x', 'y'] });
});

test('sign-in throttle: free failures, then a delay from the latest failure that doubles up to the cap; never a fixed lock-out', (t) => {
  const policy = { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 8000, windowMs: 60_000 };
  t.deepEqual(decideThrottle([1000, 2000], 3000, policy), { allowed: true });
  t.deepEqual(decideThrottle([1000, 2000, 3000], 3000, policy), { allowed: false, retryAfterSeconds: 1 });
  t.deepEqual(decideThrottle([1000, 2000, 3000], 4000, policy), { allowed: true });
  t.deepEqual(decideThrottle([1000, 2000, 3000, 4000], 4500, policy), { allowed: false, retryAfterSeconds: 2 });
  t.deepEqual(decideThrottle([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000], 8000, policy), { allowed: false, retryAfterSeconds: 8 });
  t.deepEqual(decideThrottle([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000], 16_000, policy), { allowed: true });
  t.deepEqual(decideThrottle([1000, 2000, 3000], 70_000, policy), { allowed: true });
  t.deepEqual(combineDecisions([{ allowed: true }, { allowed: false, retryAfterSeconds: 5 }, { allowed: false, retryAfterSeconds: 9 }]), {
    allowed: false,
    retryAfterSeconds: 9,
  });
});

test('sign-in throttle address keys: IPv4 as is, IPv4-mapped unwrapped, IPv6 by /64', (t) => {
  t.is(addressKey('203.0.113.7'), '203.0.113.7');
  t.is(addressKey('::ffff:203.0.113.7'), '203.0.113.7');
  t.is(addressKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
  t.is(addressKey('2001:db8:1:2::ffff'), '2001:db8:1:2::/64');
  t.is(addressKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
});

test('entitlement decisions: inactive, capability, limits, blocked checks', (t) => {
  const now = new Date('2026-11-22T00:00:00Z');
  const basic = resolveEntitlement({ plan: 'basic', trialEndsAt: null }, now);
  const lapsedTrial = resolveEntitlement({ plan: 'trial', trialEndsAt: new Date('2026-11-21T00:00:00Z') }, now);
  t.is(mutationDenial(basic), null);
  t.is(mutationDenial(lapsedTrial)?.code, 'ENTITLEMENT_REQUIRED');
  t.is(capabilityDenial(basic, 'uptime_check.dns_tcp')?.code, 'PLAN_CAPABILITY_REQUIRED');
  t.is(capabilityDenial(basic, null), null);
  t.is(limitDenial(basic, 'uptimeChecks', 49), null);
  t.regex(limitDenial(basic, 'uptimeChecks', 50)?.message ?? '', /50 uptime checks/);
  t.false(isEntitlementBlocked('http', basic));
  t.true(isEntitlementBlocked('tcp', basic));
  t.true(isEntitlementBlocked('http', lapsedTrial));
});

test('status label, availability, calendar ranges, latency buckets and CSV cells', (t) => {
  t.is(statusLabel({ paused: true, state: 'down' }), 'paused');
  t.is(statusLabel({ paused: false, state: 'pending' }), 'pending');
  t.is(availabilityPercent({ upRuns: 0, downRuns: 0 }), null);
  t.is(availabilityPercent({ upRuns: 2, downRuns: 1 }), 66.667);
  t.deepEqual(monthRange('2024-02'), { from: '2024-02-01', to: '2024-02-29' });
  t.is(monthRange('2024-13'), null);
  t.deepEqual(daysBetween('2024-12-30', '2025-01-02'), ['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02']);
  t.is(latencyBucketMs(60 * 60_000), 60_000);
  t.is(latencyBucketMs(24 * 60 * 60_000), 5 * 60_000);
  t.is(latencyBucketMs(60 * 86_400_000), 6 * 60 * 60_000);
  t.is(latencyBucketMs(90 * 86_400_000), 86_400_000);
  t.is(csvLine(['a', 'b,c', 'say "hi"', null, 3]), 'a,"b,c","say ""hi""",,3\r\n');
});
