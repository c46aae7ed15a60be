/** The `ilike` pattern matching `text` anywhere in a value, its own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether a trigram index can look the term up: pg_trgm needs three word characters in a row of a
 * substring pattern (shorter runs give no trigram it can require), else it reads the whole index.
 */
export const hasTrigram = (text: string): boolean => /[\p{L}\p{N}]{3}/u.test(text);
