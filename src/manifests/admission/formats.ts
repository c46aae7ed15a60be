/** The OpenAPI string formats the API server checks; others are accepted as Kubernetes accepts them. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const checks: Record<string, (text: string) => boolean> = {
  'date-time': (text) => RFC3339.test(text) && !Number.isNaN(Date.parse(text.replace(' ', 'T'))),
  datetime: (text) => checks['date-time']!(text),
  date: (text) => FULL_DATE.test(text) && !Number.isNaN(Date.parse(text)),
  uuid: (text) => UUID.test(text),
  byte: (text) => BASE64.test(text),
};

/** Whether `text` is a valid value of `format`; true for formats this validator does not know. */
export const matchesFormat = (format: string, text: string): boolean => checks[format]?.(text) ?? true;
