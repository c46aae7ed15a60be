import type { V1OwnerReference } from '@kubernetes/client-node';
import { createHash } from 'node:crypto';

/** The kinds a check can be discovered from. */
export const SOURCE_KINDS = {
  Ingress: { apiVersion: 'networking.k8s.io/v1' },
  HTTPRoute: { apiVersion: 'gateway.networking.k8s.io/v1' },
  Service: { apiVersion: 'v1' },
} as const;
export type SourceKind = keyof typeof SOURCE_KINDS;

export const isSourceKind = (value: string): value is SourceKind => Object.hasOwn(SOURCE_KINDS, value);

/** The object a discovered resource comes from. */
export interface SourceRef {
  kind: SourceKind;
  namespace: string;
  name: string;
  uid: string;
}

/** Labels every discovered resource carries: how kubectl and discovery itself select them. */
export const DISCOVERY_LABEL = {
  origin: 'vantage.dev/origin',
  sourceKind: 'vantage.dev/source-kind',
  sourceName: 'vantage.dev/source-name',
} as const;
export const DISCOVERED = 'discovered';
export const DISCOVERED_SELECTOR = `${DISCOVERY_LABEL.origin}=${DISCOVERED}`;

export const shortHash = (...parts: string[]): string => createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 8);

/** A label value holds at most 63 characters: a longer source name is cut and given a hash of the whole. */
export function sourceNameLabel(name: string): string {
  return name.length <= 63 ? name : `${name.slice(0, 54).replace(/[-.]+$/, '')}-${shortHash(name)}`;
}

export const sourceLabels = (source: Pick<SourceRef, 'kind' | 'name'>): Record<string, string> => ({
  [DISCOVERY_LABEL.origin]: DISCOVERED,
  [DISCOVERY_LABEL.sourceKind]: source.kind,
  [DISCOVERY_LABEL.sourceName]: sourceNameLabel(source.name),
});

/** Whether a resource's labels say it was discovered from that source. */
export function isFromSource(labels: Record<string, string> | undefined, source: Pick<SourceRef, 'kind' | 'name'>): boolean {
  const wanted = sourceLabels(source);
  return Object.entries(wanted).every(([key, value]) => labels?.[key] === value);
}

/**
 * The owner reference to the source. Not blockOwnerDeletion: that needs permission to set
 * finalizers on the source, and discovery only reads sources.
 */
export const ownerReference = (source: SourceRef): V1OwnerReference => ({
  apiVersion: SOURCE_KINDS[source.kind].apiVersion,
  kind: source.kind,
  name: source.name,
  uid: source.uid,
  controller: true,
});

const slug = (value: string, max: number): string =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, max)
    .replace(/-+$/, '');

/**
 * A discovered resource's name, stable from its source and what it watches: the same source and
 * target always give the same name, so a restart, a relist or a recreated source finds the
 * resource again instead of making another.
 */
export function discoveredName(kind: 'UptimeCheck' | 'Domain', source: Pick<SourceRef, 'kind' | 'name'>, target: string): string {
  const readable = [slug(source.name, 60), slug(target.replace(/^[a-z]+:\/\//, ''), 120)].filter(Boolean).join('-');
  return `${readable}-${shortHash(kind, source.kind, source.name, target)}`;
}
