import type { KubernetesObject } from '@kubernetes/client-node';
import { normaliseDomainName } from '../../src/domain/domain-name.js';
import type { CheckSettings, Refusal } from './annotations.js';
import { checkSpec, domainSpec } from './check-spec.js';
import { judgeCheck, type RuleContext } from './check-rules.js';
import { discoveredName, type SourceRef } from './source.js';
import { checkHostname, normalHost, targetUrl, uniqueTargets, type SourceTargets, type Target } from './targets.js';

export type DiscoveredKind = 'UptimeCheck' | 'Domain';

/** A custom resource as discovery reads it. */
export interface SpecResource extends KubernetesObject {
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
}

export interface DesiredResource {
  kind: DiscoveredKind;
  name: string;
  /** What it watches, for messages: a URL or a host. */
  target: string;
  spec: Record<string, unknown>;
}

/** What a source should have, and what to tell about it. */
export interface SourcePlan {
  desired: DesiredResource[];
  /** Annotation values the API refuses: with any, the source gets nothing. */
  refusals: Refusal[];
  /** Targets left out because what the source says breaks a rule. */
  problems: string[];
  /** Targets a hand-written resource already watches. */
  yielded: string[];
}

const ref = (resource: KubernetesObject) => `${resource.metadata?.namespace}/${resource.metadata?.name}`;

/** The hand-written check that already watches a target: same type, host and path (HTTP) or port (TCP). */
function handWrittenCheck(target: Target, checks: readonly SpecResource[]): SpecResource | undefined {
  const hostname = checkHostname(target);
  return checks.find((check) => {
    const spec = check.spec ?? {};
    if (spec.checkType !== target.checkType || normalHost(String(spec.hostname ?? '')) !== hostname) return false;
    return target.checkType === 'http' ? (spec.path ?? '/') === target.path : spec.port === target.port;
  });
}

const refusalKey = (refusal: Refusal) => `${refusal.annotation}\u0000${refusal.rule}`;

/**
 * Decides a source's discovered resources from what it serves, its settings and the resources
 * written by hand in its namespace (which win). Pure: the controller applies the outcome.
 */
export function planSource(
  source: SourceRef,
  found: SourceTargets,
  settings: CheckSettings,
  context: RuleContext,
  handWritten: { checks: readonly SpecResource[]; domains: readonly SpecResource[] },
): SourcePlan {
  const plan: SourcePlan = { desired: [], refusals: [], problems: [], yielded: [] };
  const refusals = new Map<string, Refusal>();
  // The path annotation is the one path probed on every host, whatever paths the source serves.
  const targets = uniqueTargets(found.targets.map((target) => (target.checkType === 'http' && settings.path !== null ? { ...target, path: settings.path } : target)));
  for (const target of targets) {
    const url = targetUrl(target);
    const spec = checkSpec(source, target, settings);
    const verdict = judgeCheck(spec, settings, context);
    for (const refusal of verdict.refusals) refusals.set(refusalKey(refusal), refusal);
    if (verdict.problems.length > 0) {
      plan.problems.push(`${url}: ${verdict.problems.join('; ')}`);
      continue;
    }
    const owner = handWrittenCheck(target, handWritten.checks);
    if (owner) plan.yielded.push(`${url} is already checked by UptimeCheck ${ref(owner)}`);
    else plan.desired.push({ kind: 'UptimeCheck', name: discoveredName('UptimeCheck', source, url), target: url, spec });
  }
  for (const host of found.tlsHosts) {
    const name = normaliseDomainName(host);
    if (!name.ok) {
      plan.problems.push(`domain ${host}: ${name.reason}`);
      continue;
    }
    const owner = handWritten.domains.find((domain) => normaliseDomainName(String(domain.spec?.name ?? '')).ok && normalHost(String(domain.spec?.name)) === name.name);
    if (owner) plan.yielded.push(`the certificate of ${name.name} is already watched by Domain ${ref(owner)}`);
    else plan.desired.push({ kind: 'Domain', name: discoveredName('Domain', source, name.name), target: name.name, spec: domainSpec(name.name, settings) });
  }
  plan.refusals = [...refusals.values()];
  if (plan.refusals.length > 0) plan.desired = [];
  return plan;
}
