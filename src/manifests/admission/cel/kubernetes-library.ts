import { CelScalar, celFunc, celMethod, listType, type CelFunc, type CelList, type CelValue } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';

/**
 * The Kubernetes CEL libraries that CRD validation rules commonly use, on top of the CEL standard
 * library (size, matches, startsWith, endsWith, contains, has, all, exists, exists_one, map, filter,
 * timestamp, duration, bytes): the strings extension, the lists library (isSorted, sum, min, max,
 * indexOf, lastIndexOf), the regex library (find, findAll) and the sets extension. The URL, IP/CIDR,
 * quantity and authorizer libraries are not here: a rule using them is refused when it is compiled.
 */

const DYN_LIST = listType(CelScalar.DYN);

type Scalar = bigint | number | string | boolean;

function scalarOf(value: CelValue): Scalar {
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  throw new Error(`no such overload: list element of this type cannot be compared`);
}

/** CEL order across int and double (heterogeneous numeric comparison), and within strings or booleans. */
function compare(a: CelValue, b: CelValue): number {
  const left = scalarOf(a);
  const right = scalarOf(b);
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  if (typeof left === 'boolean' && typeof right === 'boolean') return Number(left) - Number(right);
  if (typeof left !== 'string' && typeof left !== 'boolean' && typeof right !== 'string' && typeof right !== 'boolean') return Number(left) - Number(right);
  throw new Error('no such overload: list elements of different types');
}

/** A key under which CEL-equal scalars (1 and 1.0 included) coincide. */
function equalityKey(value: CelValue): string {
  const scalar = scalarOf(value);
  return typeof scalar === 'bigint' || typeof scalar === 'number' ? `n:${Number(scalar)}` : `${typeof scalar}:${String(scalar)}`;
}

function extreme(list: CelList, sign: 1 | -1): CelValue {
  const items = [...list];
  if (items.length === 0) throw new Error(`${sign === 1 ? 'max' : 'min'}: list is empty`);
  return items.reduce((best, item) => (compare(item, best) * sign > 0 ? item : best));
}

function sum(list: CelList): bigint | number {
  const items = [...list].map(scalarOf);
  if (items.every((item) => typeof item === 'bigint')) return items.reduce((total, item) => total + (item as bigint), 0n);
  return items.reduce<number>((total, item) => total + Number(item), 0);
}

const positionOf = (list: CelList, wanted: CelValue, last: boolean): bigint => {
  const keys = [...list].map(equalityKey);
  return BigInt(last ? keys.lastIndexOf(equalityKey(wanted)) : keys.indexOf(equalityKey(wanted)));
};

const keySet = (list: CelList): Set<string> => new Set([...list].map(equalityKey));

const lists: CelFunc[] = [
  celMethod('isSorted', DYN_LIST, [], CelScalar.BOOL, function () {
    const items = [...this];
    return items.every((item, index) => index === 0 || compare(items[index - 1]!, item) <= 0);
  }),
  celMethod('sum', DYN_LIST, [], CelScalar.DYN, function () {
    return sum(this);
  }),
  celMethod('min', DYN_LIST, [], CelScalar.DYN, function () {
    return extreme(this, -1) as never;
  }),
  celMethod('max', DYN_LIST, [], CelScalar.DYN, function () {
    return extreme(this, 1) as never;
  }),
  celMethod('indexOf', DYN_LIST, [CelScalar.DYN], CelScalar.INT, function (wanted) {
    return positionOf(this, wanted, false);
  }),
  celMethod('lastIndexOf', DYN_LIST, [CelScalar.DYN], CelScalar.INT, function (wanted) {
    return positionOf(this, wanted, true);
  }),
];

const regex: CelFunc[] = [
  celMethod('find', CelScalar.STRING, [CelScalar.STRING], CelScalar.STRING, function (pattern) {
    return new RegExp(pattern, 'u').exec(this)?.[0] ?? '';
  }),
  celMethod('findAll', CelScalar.STRING, [CelScalar.STRING], DYN_LIST, function (pattern) {
    return [...this.matchAll(new RegExp(pattern, 'gu'))].map((match) => match[0]);
  }),
  celMethod('findAll', CelScalar.STRING, [CelScalar.STRING, CelScalar.INT], DYN_LIST, function (pattern, limit) {
    const found = [...this.matchAll(new RegExp(pattern, 'gu'))].map((match) => match[0]);
    return limit < 0n ? found : found.slice(0, Number(limit));
  }),
];

const sets: CelFunc[] = [
  celFunc('sets.contains', [DYN_LIST, DYN_LIST], CelScalar.BOOL, (list, sublist) => {
    const have = keySet(list);
    return [...keySet(sublist)].every((key) => have.has(key));
  }),
  celFunc('sets.equivalent', [DYN_LIST, DYN_LIST], CelScalar.BOOL, (a, b) => {
    const left = keySet(a);
    const right = keySet(b);
    return left.size === right.size && [...left].every((key) => right.has(key));
  }),
  celFunc('sets.intersects', [DYN_LIST, DYN_LIST], CelScalar.BOOL, (a, b) => {
    const left = keySet(a);
    return [...keySet(b)].some((key) => left.has(key));
  }),
];

export const kubernetesCelFunctions: CelFunc[] = [...strings, ...lists, ...regex, ...sets];
