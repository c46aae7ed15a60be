/**
 * How many statements a SQL text holds: its `;` separators outside string literals, quoted
 * identifiers, dollar-quoted bodies and comments, counting only parts that hold more than blanks
 * and comments. Pure; enough of PostgreSQL's lexical rules to tell one statement from several.
 */
export function statementCount(sql: string): number {
  let count = 0;
  let partHasContent = false;
  let i = 0;
  const closeStatement = (): void => {
    if (partHasContent) count += 1;
    partHasContent = false;
  };
  while (i < sql.length) {
    const char = sql[i]!;
    const next = sql[i + 1];
    if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', i + 2);
      i = end === -1 ? sql.length : end + 1;
    } else if (char === '/' && next === '*') {
      i = afterBlockComment(sql, i);
    } else if (char === "'" || char === '"') {
      partHasContent = true;
      i = afterQuoted(sql, i, char, char === "'" && isEscapeStringPrefix(sql, i));
    } else if (char === '$' && dollarTagAt(sql, i) !== null) {
      const tag = dollarTagAt(sql, i)!;
      const end = sql.indexOf(tag, i + tag.length);
      partHasContent = true;
      i = end === -1 ? sql.length : end + tag.length;
    } else if (char === ';') {
      closeStatement();
      i += 1;
    } else {
      if (!/\s/.test(char)) partHasContent = true;
      i += 1;
    }
  }
  closeStatement();
  return count;
}

/** `/* … *\/`, which PostgreSQL lets nest. */
function afterBlockComment(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth += 1;
      i += 2;
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  return sql.length;
}

/** A quote doubled inside is the quote itself; in an E'…' string a backslash escapes the next character. */
function afterQuoted(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    if (backslashEscapes && sql[i] === '\\') i += 2;
    else if (sql[i] === quote && sql[i + 1] === quote) i += 2;
    else if (sql[i] === quote) return i + 1;
    else i += 1;
  }
  return sql.length;
}

/** Whether the quote at `i` opens an E'…' string (an `e` or `E` that does not end a longer word). */
const isEscapeStringPrefix = (sql: string, i: number): boolean => /[eE]/.test(sql[i - 1] ?? '') && !/[A-Za-z0-9_$]/.test(sql[i - 2] ?? '');

/** The `$tag$` (or `$$`) opening a dollar-quoted body at `i`, or null: `$1` is a parameter, not a tag. */
function dollarTagAt(sql: string, i: number): string | null {
  if (/[A-Za-z0-9_]/.test(sql[i - 1] ?? '')) return null;
  const match = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 64));
  return match ? match[0] : null;
}
