/** Minimal valid create bodies per check type; tests spread their own fields over them. */
let counter = 0;
const unique = (prefix: string): string => `${prefix} ${++counter}`;

export const httpCheck = (fields: Record<string, unknown> = {}) => ({
  name: unique('HTTP check'),
  check_type: 'http',
  hostname: 'example.com',
  protocol: 'https',
  ...fields,
});

export const pingCheck = (fields: Record<string, unknown> = {}) => ({ name: unique('Ping check'), check_type: 'ping', hostname: 'example.net', ...fields });

export const dnsCheck = (fields: Record<string, unknown> = {}) => ({
  name: unique('DNS check'),
  check_type: 'dns',
  hostname: 'example.org',
  dns_record_type: 'A',
  dns_expected_values: ['93.184.216.34'],
  ...fields,
});

export const tcpCheck = (fields: Record<string, unknown> = {}) => ({ name: unique('TCP check'), check_type: 'tcp', hostname: 'mail.example.com', port: 22, ...fields });
