const characters = (...codePoints: number[]): string => codePoints.map((codePoint) => String.fromCodePoint(codePoint)).join('');

/**
 * The characters JavaScript's `\s` matches, as the body of a character class that JavaScript and
 * RE2 (the CRDs' patterns and CEL) read alike: RE2's `\s` is ASCII only, so it is spelled out.
 */
export const WHITESPACE_CLASS = `\\t\\n\\v\\f\\r \\xa0${characters(0x1680)}${characters(0x2000)}-${characters(0x200a)}${characters(0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff)}`;

/** ASCII control characters, as the body of a character class. */
export const CONTROL_CLASS = '\\x00-\\x1f\\x7f';
