/** Subject names of DESIGN.md, in one place so that publishers and subscribers agree. */
export const probeSubject = (location: string): string => `vantage.probe.${location}`;
export const agentQueue = (location: string): string => `agents.${location}`;
/** Where the results of a partition's checks are published, in batches; a batch holds results of one partition only. */
export const resultSubject = (partition: number): string => `vantage.result.${partition}.batch`;
export const resultFilter = (partition: number): string => `vantage.result.${partition}.*`;
export const changeSubject = (kind: string, id: number): string => `vantage.changes.${kind}.${id}`;
export const agentCapabilitiesSubject = (location: string): string => `vantage.agents.${location}.capabilities`;
export const agentCapabilitiesFilter = 'vantage.agents.*.capabilities';

/** Streams that hold durable subjects; every `publishDurable` subject falls in one of them. */
export const durableStreams = [
  { name: 'VANTAGE_RESULTS', subjects: ['vantage.result.>'] },
  { name: 'VANTAGE_CHANGES', subjects: ['vantage.changes.>'] },
] as const;

/** FNV-1a over the decimal id: stable across processes and languages, cheap, well spread. */
export function partitionOf(checkId: number, partitions: number): number {
  let hash = 0x811c9dc5;
  for (const ch of String(checkId)) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}
