import { badRequest } from './api-error.js';
import { jsonPathValues } from './jsonpath.js';
import type { KubeObject } from './kube-object.js';

/** Whether an object passes a selector. */
export type Selector = (object: KubeObject) => boolean;

/** Splits on commas outside parentheses (`env in (a,b),tier`). */
function requirements(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of text) {
    if (character === '(') depth++;
    if (character === ')') depth--;
    if (character === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else {
      current += character;
    }
  }
  parts.push(current.trim());
  return parts.filter((part) => part !== '');
}

const KEY = String.raw`((?:[a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)`;
const VALUE = String.raw`([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?`;

type LabelTest = (labels: Record<string, string>) => boolean;

function labelRequirement(requirement: string): LabelTest {
  let match = new RegExp(`^${KEY}\\s*(==|=|!=)\\s*(${VALUE})$`).exec(requirement);
  if (match) {
    const [key, op, value] = [match[1]!, match[4]!, match[5] ?? ''];
    return op === '!=' ? (labels) => labels[key] !== value : (labels) => labels[key] === value;
  }
  match = new RegExp(`^${KEY}\\s+(in|notin)\\s+\\(([^)]*)\\)$`).exec(requirement);
  if (match) {
    const [key, op] = [match[1]!, match[4]!];
    const values = match[5]!.split(',').map((value) => value.trim());
    if (values.some((value) => !new RegExp(`^${VALUE}$`).test(value))) throw badRequest(`unable to parse requirement: invalid label value in "${requirement}"`);
    return op === 'in' ? (labels) => key in labels && values.includes(labels[key]!) : (labels) => !(key in labels) || !values.includes(labels[key]!);
  }
  match = new RegExp(`^${KEY}\\s*(<|>)\\s*(-?\\d+)$`).exec(requirement);
  if (match) {
    const [key, op, bound] = [match[1]!, match[4]!, Number(match[5])];
    return (labels) => key in labels && /^-?\d+$/.test(labels[key]!) && (op === '<' ? Number(labels[key]) < bound : Number(labels[key]) > bound);
  }
  match = new RegExp(`^(!?)\\s*${KEY}$`).exec(requirement);
  if (match) {
    const [not, key] = [match[1], match[2]!];
    return not ? (labels) => !(key in labels) : (labels) => key in labels;
  }
  throw badRequest(`unable to parse requirement: found '${requirement}', expected a label selector requirement`);
}

/** A label selector: `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`, `a>1`, `a<1`; all must hold. */
export function labelSelector(text: string | null): Selector {
  const tests = requirements(text ?? '').map(labelRequirement);
  return (object) => tests.every((test) => test(object.metadata.labels ?? {}));
}

/** A field selector over metadata.name, metadata.namespace and the kind's own selectable fields (=, ==, !=). */
export function fieldSelector(text: string | null, selectable: readonly string[]): Selector {
  const tests = requirements(text ?? '').map((requirement): Selector => {
    const match = /^([\w.]+)\s*(==|=|!=)\s*(.*)$/.exec(requirement);
    if (!match) throw badRequest(`invalid selector: '${requirement}'; can't understand '${requirement}'`);
    const [, field, op, value] = match as unknown as [string, string, string, string];
    if (!['metadata.name', 'metadata.namespace', ...selectable].includes(field)) throw badRequest(`field label not supported: ${field}`);
    const actual = (object: KubeObject) => String(jsonPathValues(object, `.${field}`)[0] ?? '');
    return op === '!=' ? (object) => actual(object) !== value : (object) => actual(object) === value;
  });
  return (object) => tests.every((test) => test(object));
}
