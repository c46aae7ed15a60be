/**
 * Text PostgreSQL cannot store: a NUL character (text columns refuse it) or a UTF-16 surrogate
 * without its pair (it has no UTF-8 form). The API refuses both wherever they appear, once, at
 * the edge, rather than letting each column fail in its own way.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

export const UNSTORABLE_TEXT_REASON = 'must not contain NUL characters or unpaired UTF-16 surrogates';

const childPath = (parent: string, key: string | number): string =>
  typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`;

/**
 * The path (`name`, `email_addresses[1]`, `a.b`) of the first string value or object key in a
 * parsed JSON value that cannot be stored; null when all can. Iterative, so that a deeply
 * nested body cannot exhaust the stack.
 */
export function firstUnstorableText(value: unknown, rootName: string): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path || rootName;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => pending.push({ value: item, path: childPath(path, i) }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return childPath(path, key.replace(UNSTORABLE, '?'));
        pending.push({ value: item, path: childPath(path, key) });
      }
    }
  }
  return null;
}
