import { resolveEntitlement } from '../../src/domain/entitlement.js';
import { domainKind } from '../../operator/mirror/kinds/domain/kind.js';
import { maintenanceWindowKind } from '../../operator/mirror/kinds/maintenance-window/kind.js';
import type { MirrorContext, MirroredKind, MirroredRow } from '../../operator/mirror/kinds/mirrored-kind.js';
import { statusPageKind } from '../../operator/mirror/kinds/status-page/kind.js';
import { uptimeCheckKind } from '../../operator/mirror/kinds/uptime-check/kind.js';
import { admitCustomResource, loadCrds, type AdmissionVerdict } from '../../src/manifests/admission/index.js';
import type { Kind, RuleCase } from './rule-cases.js';

export const NOW = new Date('2026-01-01T00:00:00Z');
export const LOCATIONS = ['eu-west', 'us-east', 'ap-south', ...Array.from({ length: 51 }, (_, index) => `l${index}`)];
const GROUPS = Array.from({ length: 51 }, (_, index) => `g${index}`);
const CHECK_IDS = new Map([['shop-db', 7]]);

/** The operator's reading of each kind: spec → row with the API's rules, and row → spec. */
export const KINDS: Record<Kind, MirroredKind<MirroredRow>> = {
  UptimeCheck: uptimeCheckKind as unknown as MirroredKind<MirroredRow>,
  Domain: domainKind as unknown as MirroredKind<MirroredRow>,
  MaintenanceWindow: maintenanceWindowKind as unknown as MirroredKind<MirroredRow>,
  StatusPage: statusPageKind as unknown as MirroredKind<MirroredRow>,
};

/** A workspace on a plan with every capability, its groups `g0`…`g50`, and the check `shop-db`. */
export function mirrorContext(allowPrivateTargets = true): MirrorContext {
  return {
    workspace: {
      id: 1,
      clientId: 1,
      entitlement: resolveEntitlement({ plan: 'pro', trialEndsAt: null }, NOW),
      groupIdByName: new Map(GROUPS.map((name, index) => [name, index + 1])),
      groupNameById: new Map(GROUPS.map((name, index) => [index + 1, name])),
    },
    now: NOW,
    locations: LOCATIONS,
    allowPrivateTargets,
    rowIdOfResource: (_kind, name) => CHECK_IDS.get(name) ?? null,
    resourceNameOfRow: (_kind, id) => [...CHECK_IDS].find(([, checkId]) => checkId === id)?.[0] ?? null,
  };
}

export type ApiVerdict = { ok: true } | { ok: false; problems: Record<string, string> };

/** Drops the keys a case sets to undefined, as a manifest would leave them out. */
const present = (spec: Record<string, unknown>) => Object.fromEntries(Object.entries(spec).filter(([, value]) => value !== undefined));

/** The API's verdict on a spec, through the operator's reading of it (kinds' `read`, which applies src/domain's validation). */
export function apiVerdict(ruleCase: Omit<RuleCase, 'accepted'>, spec = ruleCase.spec): ApiVerdict {
  const existing = ruleCase.old ? ({ checkType: ruleCase.old.checkType } as unknown as MirroredRow) : null;
  const verdict = KINDS[ruleCase.kind].read(present(spec), ruleCase.name ?? 'case', mirrorContext(ruleCase.allowPrivateTargets ?? true), existing);
  return verdict.ok ? { ok: true } : { ok: false, problems: verdict.problems };
}

const crds = loadCrds();

const resourceOf = (kind: Kind, name: string, spec: Record<string, unknown>) => ({
  apiVersion: 'monitoring.vantage.dev/v1',
  kind,
  metadata: { name, namespace: 'shop' },
  spec: present(spec),
});

/** The API server's verdict on the resource: defaults, structural schema, CEL rules (transition rules against `old`). */
export function crdVerdict(ruleCase: Omit<RuleCase, 'accepted'>): AdmissionVerdict {
  const crd = crds.find((candidate) => candidate.spec.names.kind === ruleCase.kind)!;
  const name = ruleCase.name ?? 'case';
  return admitCustomResource(crd, resourceOf(ruleCase.kind, name, ruleCase.spec), ruleCase.old ? resourceOf(ruleCase.kind, name, ruleCase.old) : undefined);
}
