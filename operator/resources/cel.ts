import { ADDRESS_PATTERNS } from '../../src/domain/host-name.js';

/** One `x-kubernetes-validations` entry. */
export interface ValidationRule {
  rule: string;
  message: string;
  fieldPath?: string;
  reason?: 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';
}

/** A CEL string literal (CEL reads JSON's escapes). */
export const celString = (value: string): string => JSON.stringify(value);

/** A CEL literal of a JSON value: strings, numbers, booleans and lists of them. */
export const celLiteral = (value: unknown): string => (Array.isArray(value) ? `[${value.map(celLiteral).join(', ')}]` : typeof value === 'string' ? celString(value) : String(value));

/** `expr` matches the whole of `pattern`. */
export const matchesWhole = (expr: string, pattern: string): string => `${expr}.matches(${celString(`^(?:${pattern})$`)})`;

export const celIpv4 = (expr: string, suffix = ''): string => matchesWhole(expr, `${ADDRESS_PATTERNS.ipv4}${suffix}`);
export const celIpv6 = (expr: string): string => matchesWhole(expr, ADDRESS_PATTERNS.ipv6);

/**
 * `expr` is a host name as src/domain/host-name.ts judges it (shape, length, last label not all
 * digits), optionally between a `prefix` and a `suffix` pattern (an MX priority, a port).
 */
export function celHostName(expr: string, options: { underscore?: boolean; prefix?: string; suffix?: string } = {}): string {
  const { prefix = '', suffix = '' } = options;
  const shape = options.underscore ? ADDRESS_PATTERNS.hostNameWithUnderscore : ADDRESS_PATTERNS.hostName;
  return (
    `(${matchesWhole(expr, `${prefix}${shape}${suffix}`)} && ${matchesWhole(expr, `${prefix}${ADDRESS_PATTERNS.hostNameLength}${suffix}`)}` +
    ` && !${expr}.matches(${celString(`(?:^${prefix}|\\.)${ADDRESS_PATTERNS.numericLastLabel}${suffix}$`)}))`
  );
}
