import test from 'ava';
import type { Principal } from '../../src/api/auth/principal.js';
import { ApiError } from '../../src/api/errors.js';
import { requireActiveEntitlement, requireAdmin, requireCapability, requirePermission, requireWithinLimit } from '../../src/api/guards.js';
import { resolveEntitlement } from '../../src/domain/entitlement.js';
import { memberPermissions } from '../../src/domain/permissions.js';
import type { Plan } from '../../src/store/entities/client.js';

const principal = (plan: Plan, isAdmin: boolean): Principal =>
  ({
    caller: { userId: 1, clientId: 1, isAdmin, permissions: { ...memberPermissions(), manage_domains: false }, workspaceId: null },
    client: { id: 1, plan },
    entitlement: resolveEntitlement({ plan, trialEndsAt: null }, new Date()),
    workspace: null,
  }) as unknown as Principal;

const refusal = (t: import('ava').ExecutionContext, run: () => void): ApiError => {
  const error = t.throws(run, { instanceOf: ApiError }) as ApiError;
  return error;
};

test('requireAdmin lets administrators through and refuses others with 403 FORBIDDEN', (t) => {
  t.notThrows(() => requireAdmin(principal('pro', true)));
  const error = refusal(t, () => requireAdmin(principal('pro', false)));
  t.is(error.status, 403);
  t.is(error.code, 'FORBIDDEN');
});

test('requirePermission reads the caller\'s permissions', (t) => {
  t.notThrows(() => requirePermission(principal('pro', false), 'manage_uptime_checks'));
  const error = refusal(t, () => requirePermission(principal('pro', false), 'manage_domains'));
  t.is(error.code, 'FORBIDDEN');
  t.regex(error.message, /manage_domains/);
});

test('entitlement guards answer 402, 403 PLAN_CAPABILITY_REQUIRED and 403 naming the limit', (t) => {
  t.is(refusal(t, () => requireActiveEntitlement(principal('expired', true))).status, 402);
  t.notThrows(() => requireActiveEntitlement(principal('basic', true)));
  const capability = refusal(t, () => requireCapability(principal('basic', true), 'uptime_check.dns_tcp'));
  t.is(capability.code, 'PLAN_CAPABILITY_REQUIRED');
  t.is(capability.status, 403);
  t.notThrows(() => requireCapability(principal('pro', true), 'uptime_check.dns_tcp'));
  const limit = refusal(t, () => requireWithinLimit(principal('basic', true), 'domains', 25));
  t.is(limit.code, 'FORBIDDEN');
  t.regex(limit.message, /25 domains/);
  t.notThrows(() => requireWithinLimit(principal('basic', true), 'domains', 24));
});
