/**
 * tsoa's validation messages in the words of the API ("must be one of up, down"), for the
 * `fields` of the error envelope. A message this does not know is kept as it is.
 */

const TYPE_WORDS: Array<[RegExp, string]> = [
  [/^invalid integer number/, 'an integer'],
  [/^invalid (float|double) number/, 'a number'],
  [/^invalid string value/, 'a string'],
  [/^invalid boolean value/, 'true or false'],
  [/^invalid array/, 'a list'],
  [/^invalid object/, 'an object'],
  [/^invalid ISO 8601 datetime/, 'an ISO 8601 date-time'],
  [/^invalid ISO 8601 date/, 'an ISO 8601 date (YYYY-MM-DD)'],
  [/^invalid undefined value/, 'left out'],
];

const LIMITS: Array<[RegExp, (n: string) => string]> = [
  [/^max (\S+)$/, (n) => `must be at most ${n}`],
  [/^min (\S+)$/, (n) => `must be at least ${n}`],
  [/^maxLength (\S+)$/, (n) => `must be at most ${n} characters`],
  [/^minLength (\S+)$/, (n) => `must be at least ${n} characters`],
  [/^maxItems (\S+)$/, (n) => `must hold at most ${n} items`],
  [/^minItems (\S+)$/, (n) => `must hold at least ${n} items`],
];

/** The allowed values of `should be one of the following; ['a','b']`, or null for another message. */
function enumMembers(message: string): string[] | null {
  const match = /^should be one of the following; \[(.*)\]$/.exec(message);
  if (!match) return null;
  return match[1]!.split(',').map((member) => member.trim().replace(/^'(.*)'$/, '$1'));
}

/** What one alternative of a union accepts, in words; null when the message says something else. */
function alternative(message: string): string[] | null {
  const members = enumMembers(message);
  if (members) return members;
  const type = TYPE_WORDS.find(([pattern]) => pattern.test(message));
  return type ? [type[1]] : null;
}

function unionMessage(issuesJson: string): string | null {
  let issues: Array<Record<string, { message?: string }>>;
  try {
    issues = JSON.parse(issuesJson) as typeof issues;
  } catch {
    return null;
  }
  const accepted: string[] = [];
  for (const issue of issues) {
    const messages = Object.values(issue).map((detail) => detail.message ?? '');
    // An alternative that failed on an inner field (an object) is described by that field.
    if (messages.length !== 1) return null;
    const words = alternative(messages[0]!);
    if (!words) return readableMessage(messages[0]!);
    accepted.push(...words);
  }
  const unique = [...new Set(accepted)];
  if (unique.length === 0) return null;
  return unique.length === 1 ? `must be ${unique[0]}` : `must be one of ${unique.join(', ')}`;
}

export function readableMessage(message: string): string {
  const union = /^Could not match the union against any of the items\. Issues: (.*)$/s.exec(message);
  if (union) return unionMessage(union[1]!) ?? 'is not one of the accepted values';
  const members = enumMembers(message);
  if (members) return `must be one of ${members.join(', ')}`;
  if (/^'[^']*' is required$/.test(message)) return 'is required';
  const type = TYPE_WORDS.find(([pattern]) => pattern.test(message));
  if (type) return `must be ${type[1]}`;
  for (const [pattern, words] of LIMITS) {
    const match = pattern.exec(message);
    if (match) return words(match[1]!);
  }
  return message;
}
