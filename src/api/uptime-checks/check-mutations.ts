import { locationsByCheckType, everyLocationSupportsEverything, parseLocationList } from '../../domain/check-options.js';
import { validateCheck, type CheckConfig } from '../../domain/check-validation.js';
import { capabilityForCheckType } from '../../domain/entitlement.js';
import { UptimeCheck, UptimeCheckFavorite, type CheckType } from '../../store/entities/uptime-check.js';
import { workspaceIdOfRoute, workspaceOf, type Principal } from '../auth/principal.js';
import { ApiError, validationError } from '../errors.js';
import { requireActiveEntitlement, requireCapability, requirePermission } from '../guards.js';
import { mutate, mutateInOneStatement } from '../mutation.js';
import type { RequestContext } from '../request-context.js';
import { API, refuseManaged, type Owner } from '../../services/rules.js';
import { RuleRefusal } from '../../services/refusal.js';
import { ConditionNotHeld, type WriteCondition } from '../../services/uptime-check-rows.js';
import { createUptimeCheck, deleteUptimeCheck, updateUptimeCheck } from '../../services/uptime-check-service.js';
import type { SignInCheck } from '../auth/sign-in-check.js';
import { findCheck } from './check-queries.js';

/** The locations each check type may use in this deployment, as the options endpoint shows them. */
export function usableLocations(context: RequestContext): Record<CheckType, string[]> {
  const { settings, probeSupport } = context.deps;
  return locationsByCheckType(parseLocationList(settings.VANTAGE_LOCATIONS), probeSupport ?? everyLocationSupportsEverything);
}

/** Private targets are refused in the hosted shape unless allowed; `serve` allows them by default. */
const allowPrivateTargets = (context: RequestContext): boolean => context.deps.settings.VANTAGE_ALLOW_PRIVATE_TARGETS === '1';

/** Permission, then entitlement: the order every check mutation answers in. */
export function guardMutation(principal: Principal): void {
  requirePermission(principal, 'manage_uptime_checks');
  requireActiveEntitlement(principal);
}

function validated(context: RequestContext, body: Record<string, unknown>, savedCheckType?: CheckType): CheckConfig {
  const result = validateCheck(body, {
    locations: usableLocations(context),
    allowPrivateTargets: allowPrivateTargets(context),
    ...(savedCheckType ? { savedCheckType } : {}),
  });
  if (!result.ok) throw validationError(result.fields);
  return result.config;
}

/** The capability the raw body's type needs, checked before the fields so that a basic plan hears 403 and not a list of field errors. */
const requestedType = (body: Record<string, unknown>): string => (typeof body.check_type === 'string' ? body.check_type : '');

const ownerOf = (principal: Principal): Owner => ({ workspaceId: workspaceIdOfRoute(principal), clientId: principal.caller.clientId, entitlement: principal.entitlement });

async function createAs(context: RequestContext, principal: Principal, body: Record<string, unknown>, condition?: WriteCondition): Promise<number> {
  guardMutation(principal);
  requireCapability(principal, capabilityForCheckType(requestedType(body)));
  const config = validated(context, body);
  return mutateInOneStatement(context, principal, (tx, changes) => createUptimeCheck({ tx, changes }, ownerOf(principal), config, API, false, condition));
}

/** The create's statement writes only while the remembered sign-in is what the rows say (see sign-in-check.ts). */
const signInHolds = (check: SignInCheck): WriteCondition => ({
  sql: `${check.column.sql} is not distinct from ?::text`,
  params: [...check.column.params, check.fingerprint],
});

/**
 * Creates a check. On a sign-in remembered from an earlier request, the create's one statement
 * checks it (one round trip less): when the rows no longer agree, or when the remembered sign-in
 * was refused (permission, plan, limit, fields), the caller signs in again from the rows (401/403
 * first, as always) and the create is judged again on that. Nothing was written in between.
 */
export async function createCheck(context: RequestContext, principal: Principal, body: Record<string, unknown>): Promise<number> {
  const check = principal.signInCheck;
  if (!check || check.confirmed) return createAs(context, principal, body);
  try {
    const id = await createAs(context, principal, body, signInHolds(check));
    check.confirmed = true;
    return id;
  } catch (error) {
    if (!(error instanceof ConditionNotHeld || error instanceof ApiError || error instanceof RuleRefusal)) throw error;
    return createAs(context, await check.reread(), body);
  }
}

export async function updateCheck(context: RequestContext, principal: Principal, id: number, body: Record<string, unknown>): Promise<void> {
  guardMutation(principal);
  await mutateInOneStatement(context, principal, (tx, changes) =>
    updateUptimeCheck({ tx, changes }, ownerOf(principal), id, (saved) => validated(context, body, saved.checkType), API),
  );
}

export async function deleteCheck(context: RequestContext, principal: Principal, id: number): Promise<void> {
  guardMutation(principal);
  await mutate(context, principal, (tx, changes) => deleteUptimeCheck({ tx, changes }, workspaceIdOfRoute(principal), id, API));
}

/** Pause and resume are idempotent: pausing a paused check answers the same and records nothing. */
export async function setPaused(context: RequestContext, principal: Principal, id: number, paused: boolean): Promise<UptimeCheck> {
  guardMutation(principal);
  return mutate(context, principal, async (tx, changes) => {
    const check = await findCheck(tx, workspaceOf(principal), id);
    refuseManaged(API, check, 'uptime check');
    if (!paused) requireCapability(principal, capabilityForCheckType(check.checkType));
    if (check.paused === paused) return check;
    check.paused = paused;
    const action = paused ? 'paused' : 'resumed';
    changes.record({ action: `uptime_check.${paused ? 'pause' : 'resume'}`, resourceType: 'uptime_check', resourceId: id, notice: action });
    return check;
  });
}

/** Favorite is the caller's own flag: no manage permission needed, and the engine has nothing to reload. */
export async function toggleFavorite(context: RequestContext, principal: Principal, id: number): Promise<boolean> {
  requireActiveEntitlement(principal);
  return mutate(context, principal, async (tx, changes) => {
    const check = await findCheck(tx, workspaceOf(principal), id);
    const existing = await tx.findOne(UptimeCheckFavorite, { user: principal.user.id, check });
    if (existing) tx.remove(existing);
    else tx.create(UptimeCheckFavorite, { user: principal.user.id, workspace: check.workspace, check });
    changes.record({ action: existing ? 'uptime_check.unfavorite' : 'uptime_check.favorite', resourceType: 'uptime_check', resourceId: id, notice: null });
    return !existing;
  });
}
