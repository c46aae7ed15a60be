import { createHash } from 'node:crypto';
import type { LocationResult } from './entities/run.js';

/**
 * The per-location results of a run, stored compactly: a JSON array with one positional array per
 * location, `[location, state, latencyMs, dnsMs, connectMs, tlsMs, firstByteMs, late, reason]`,
 * the state as one letter, `late` as 1 or null, trailing nulls left out. Three locations of an
 * HTTP run take about 100 characters instead of the 430 of the object form, with the same detail.
 */
type Encoded = [string, string, ...Array<number | string | null>];

const stateLetters = { up: 'u', down: 'd', unsupported: 'x', missing: 'm' } as const satisfies Record<LocationResult['state'], string>;
const statesByLetter = new Map<string, LocationResult['state']>(Object.entries(stateLetters).map(([state, letter]) => [letter, state as LocationResult['state']]));

export function encodeLocationResults(results: LocationResult[]): string {
  const rows = results.map((result): Encoded => {
    const row: Encoded = [
      result.location,
      stateLetters[result.state],
      result.latencyMs,
      result.phases.dnsMs ?? null,
      result.phases.connectMs ?? null,
      result.phases.tlsMs ?? null,
      result.phases.firstByteMs ?? null,
      result.late ? 1 : null,
      result.reason,
    ];
    while (row.length > 2 && row[row.length - 1] === null) row.pop();
    return row;
  });
  return JSON.stringify(rows);
}

const numberAt = (row: unknown[], index: number): number | null => (typeof row[index] === 'number' ? (row[index] as number) : null);

export function decodeLocationResults(text: string): LocationResult[] {
  const rows = JSON.parse(text) as unknown[][];
  return rows.map((row) => {
    const phases: LocationResult['phases'] = {};
    const [dnsMs, connectMs, tlsMs, firstByteMs] = [3, 4, 5, 6].map((index) => numberAt(row, index));
    if (dnsMs !== null) phases.dnsMs = dnsMs;
    if (connectMs !== null) phases.connectMs = connectMs;
    if (tlsMs !== null) phases.tlsMs = tlsMs;
    if (firstByteMs !== null) phases.firstByteMs = firstByteMs;
    return {
      location: String(row[0]),
      state: statesByLetter.get(String(row[1])) ?? 'missing',
      reason: typeof row[8] === 'string' ? row[8] : null,
      latencyMs: numberAt(row, 2),
      phases,
      late: row[7] === 1,
    };
  });
}

/** The compact form's way to say "a result of this location" for a text search (`LIKE`): every location starts its own array. */
export const locationPattern = (location: string): string => `%${JSON.stringify([location]).slice(0, -1).replace(/[\\%_]/g, (c) => `\\${c}`)},%`;

/**
 * A cycle's 64-bit key (signed, as PostgreSQL's bigint), from its id: a run row carries the key
 * instead of the id's 30-odd characters. The writer never relies on it alone: a cycle is looked for
 * among its own check's runs of the same quarter hour.
 */
export function cycleKey(cycleId: string): string {
  return createHash('sha256').update(cycleId).digest().readBigInt64BE(0).toString();
}
