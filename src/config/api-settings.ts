import { Type } from '@sinclair/typebox';

/** Settings of the API role: who may speak for a client's address, and how 401 answers read. */
export const ApiSettings = Type.Object({
  VANTAGE_TRUSTED_PROXIES: Type.String({
    default: '',
    pattern: '^[0-9A-Fa-f.:/,]*$',
    description:
      'comma-separated addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For is believed (e.g. 10.0.0.0/8); empty: the peer address is the client',
  }),
  VANTAGE_BASIC_CHALLENGE: Type.Union([Type.Literal('0'), Type.Literal('1')], {
    default: '0',
    description: '1: 401 answers carry WWW-Authenticate: Basic (browsers then prompt and cache credentials); 0: no challenge',
  }),
  VANTAGE_ACCESS_LOG: Type.Union([Type.Literal('0'), Type.Literal('1')], {
    default: '0',
    description: '1: one info log line per API request (method, path, route, status, duration_ms, request_id, remote_address, user_id); 0: none',
  }),
  VANTAGE_API_DATABASE_CONNECTIONS: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 4,
    description:
      'connections the api role keeps to PostgreSQL at most (1 to 100); its statements take about a millisecond, and more connections than the database has cores only make them wait for a core (a statement that runs long, such as a bulk action on a large workspace, holds one while it runs)',
  }),
  VANTAGE_STATUS_PAGE_CONFIRMATION_MAILS_PER_HOUR: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 1000,
    description:
      'confirmation mails one status page sends in an hour, whatever the addresses (1 to 1000000); beyond it subscribe requests get the same answer and no mail (each address also gets at most 3 an hour)',
  }),
});
