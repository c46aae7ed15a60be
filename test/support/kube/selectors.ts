/** A parsed label or field selector: every requirement must hold. */
export type Selector = (labels: Record<string, string>) => boolean;

/** Splits on commas outside parentheses (`env in (a,b),tier`). */
function requirements(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** Label selector syntax: `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`. Throws on what it cannot read. */
export function parseSelector(text: string | undefined): Selector {
  if (!text) return () => true;
  const tests = requirements(text).map((requirement): Selector => {
    let match = /^([\w./-]+)\s*(==|=|!=)\s*([\w./-]*)$/.exec(requirement);
    if (match) {
      const [, key, op, value] = match;
      return op === '!=' ? (labels) => labels[key!] !== value : (labels) => labels[key!] === value;
    }
    match = /^([\w./-]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(requirement);
    if (match) {
      const [, key, op, list] = match;
      const values = list!.split(',').map((v) => v.trim());
      return op === 'in' ? (labels) => values.includes(labels[key!]!) : (labels) => !values.includes(labels[key!]!);
    }
    match = /^(!?)([\w./-]+)$/.exec(requirement);
    if (match) {
      const [, not, key] = match;
      return not ? (labels) => !(key! in labels) : (labels) => key! in labels;
    }
    throw new Error(`unable to parse requirement: ${requirement}`);
  });
  return (labels) => tests.every((check) => check(labels));
}

/** The fields a field selector may name, for any kind: `metadata.name` and `metadata.namespace`. */
export const selectableFields = (object: { metadata?: { name?: string; namespace?: string } }): Record<string, string> => ({
  'metadata.name': object.metadata?.name ?? '',
  'metadata.namespace': object.metadata?.namespace ?? '',
});
