import type { AdmissionCause } from './types.js';

/**
 * Field errors in the words of the Kubernetes API server (k8s.io/apimachinery field.Error), so that a
 * refusal reads the same here as from a real cluster: `field` is a path like `spec.ports[0].name`.
 */

/** How Kubernetes prints a value inside an error: strings quoted, numbers and booleans bare. */
export const printValue = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' && value !== null ? JSON.stringify(JSON.stringify(value)) : String(value));

export const childPath = (path: string, name: string): string => (path === '' ? name : `${path}.${name}`);
export const indexPath = (path: string, index: number | string): string => `${path}[${index}]`;

export const required = (field: string, detail?: string): AdmissionCause => ({ field, reason: 'FieldValueRequired', message: detail ? `Required value: ${detail}` : 'Required value' });

export const invalid = (field: string, value: unknown, detail: string): AdmissionCause => ({ field, reason: 'FieldValueInvalid', message: `Invalid value: ${printValue(value)}: ${detail}` });

export const typeInvalid = (field: string, value: unknown, detail: string): AdmissionCause => ({ field, reason: 'FieldValueTypeInvalid', message: `Invalid value: ${printValue(value)}: ${detail}` });

export const notSupported = (field: string, value: unknown, supported: unknown[]): AdmissionCause => ({
  field,
  reason: 'FieldValueNotSupported',
  message: `Unsupported value: ${printValue(value)}: supported values: ${supported.map(printValue).join(', ')}`,
});

export const tooLong = (field: string, max: number): AdmissionCause => ({ field, reason: 'FieldValueTooLong', message: `Too long: may not be more than ${max} characters` });

export const tooMany = (field: string, actual: number, max: number): AdmissionCause => ({ field, reason: 'FieldValueTooMany', message: `Too many: ${actual}: must have at most ${max} items` });

export const duplicate = (field: string, value: unknown): AdmissionCause => ({ field, reason: 'FieldValueDuplicate', message: `Duplicate value: ${printValue(value)}` });

export const forbidden = (field: string, detail: string): AdmissionCause => ({ field, reason: 'FieldValueForbidden', message: `Forbidden: ${detail}` });

/** The error of a failed x-kubernetes-validations rule, shaped by the rule's optional `reason`. */
export function ruleFailure(field: string, reason: string | undefined, schemaType: string, message: string): AdmissionCause {
  switch (reason) {
    case 'FieldValueForbidden':
      return forbidden(field, message);
    case 'FieldValueRequired':
      return required(field, message);
    case 'FieldValueDuplicate':
      return { field, reason, message: `Duplicate value: ${message}` };
    default:
      return invalid(field, schemaType, message);
  }
}
