/**
 * NATS subject matching: tokens split on `.`, `*` matches exactly one token, `>` (last token
 * only) matches one or more remaining tokens.
 */
export function subjectMatches(pattern: string, subject: string): boolean {
  return compileSubjectPattern(pattern)(subject);
}

/** Whether a pattern holds a wildcard token; a pattern without one matches only the identical subject. */
export const hasWildcard = (pattern: string): boolean => pattern.split('.').some((token) => token === '*' || token === '>');

/**
 * A pattern turned into a matcher once, for buses that test every published subject against
 * every subscription: matching walks the subject in place instead of splitting it per test.
 */
export function compileSubjectPattern(pattern: string): (subject: string) => boolean {
  const tokens = pattern.split('.');
  const rest = tokens.indexOf('>');
  if (rest >= 0 && rest !== tokens.length - 1) return () => false;
  if (!hasWildcard(pattern)) return (subject) => subject === pattern;
  const fixed = rest >= 0 ? tokens.slice(0, -1) : tokens;
  return (subject) => {
    let start = 0;
    for (let i = 0; i < fixed.length; i++) {
      if (start > subject.length) return false;
      let end = subject.indexOf('.', start);
      if (end < 0) end = subject.length;
      const token = fixed[i]!;
      if (token !== '*' && (end - start !== token.length || !subject.startsWith(token, start))) return false;
      start = end + 1;
    }
    // `>` needs at least one more token; otherwise the subject must end exactly here.
    return rest >= 0 ? start <= subject.length : start === subject.length + 1;
  };
}
