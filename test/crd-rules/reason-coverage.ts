import { readFileSync } from 'node:fs';
import type { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';

/**
 * The modules that hold the API's validation of checks, domains and maintenance windows (as built:
 * paths under dist/). Any other module of src/ the validation runs is watched as well, so a rule
 * moved or added elsewhere is not missed.
 */
export const VALIDATION_MODULES = [
  'src/domain/check-validation.js',
  'src/domain/dns-expected-values.js',
  'src/domain/host-name.js',
  'src/domain/domain-name.js',
  'src/domain/maintenance-window-validation.js',
  'src/domain/domain-fields.js',
];

/** Modules the validation runs whose refusals are not about what a spec says. */
export const NOT_SPEC_RULES: Record<string, string> = {
  'src/domain/entitlement.js': "plan rules: what the workspace's plan allows, refused by the operator as PlanLimit and PlanInactive",
};

interface Range {
  startOffset: number;
  endOffset: number;
  count: number;
}

interface ScriptCoverage {
  url: string;
  functions: Array<{ functionName: string; ranges: Range[] }>;
}

/** A refusal reason in the source: a string or template literal that reads as words ("must be …", "is required"). */
const LITERAL = /'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g;
const isReason = (literal: string): boolean => /[a-z] [a-z]/i.test(literal);

export interface UnexercisedReason {
  module: string;
  /** The literal without its quotes, as written in the source. */
  reason: string;
}

/** Sets V8's block counters back to zero. */
export async function resetCoverage(session: Session): Promise<void> {
  await session.post('Profiler.takePreciseCoverage');
}

/**
 * The refusal reasons of the validation modules that no code run since the last call reached: the
 * literals inside the code ranges V8's block coverage counted zero times. Resets the counters.
 */
export async function unexercisedReasons(session: Session): Promise<UnexercisedReason[]> {
  const { result } = (await session.post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
  const found: UnexercisedReason[] = [];
  const ran = result.map((script) => /\/dist\/(src\/.*\.js)$/.exec(script.url)?.[1]).filter((module): module is string => module !== undefined);
  const modules = [...new Set([...VALIDATION_MODULES, ...ran])].filter((module) => !(module in NOT_SPEC_RULES));
  for (const module of modules) {
    const source = readFileSync(fileURLToPath(new URL(`../../${module}`, import.meta.url)), 'utf8');
    const script = result.find((candidate) => candidate.url.endsWith(`/dist/${module}`));
    // V8 leaves out a script none of whose functions ran since the last reset: all of it went unreached.
    const ranges = script ? script.functions.flatMap((fn) => fn.ranges) : [{ startOffset: 0, endOffset: source.length, count: 0 }];
    const zero = ranges.filter((range) => range.count === 0);
    const outermost = zero.filter((range) => !zero.some((other) => other !== range && other.startOffset <= range.startOffset && other.endOffset >= range.endOffset));
    for (const range of outermost) {
      for (const literal of source.slice(range.startOffset, range.endOffset).match(LITERAL) ?? []) {
        if (isReason(literal)) found.push({ module, reason: literal.slice(1, -1) });
      }
    }
  }
  return found;
}
