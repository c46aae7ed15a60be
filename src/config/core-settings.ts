import { Type } from '@sinclair/typebox';

const LocationList = Type.String({
  pattern: '^[a-z0-9][a-z0-9-]*(,[a-z0-9][a-z0-9-]*)*$',
  description: 'comma-separated location ids (lower-case letters, digits, dashes)',
});

/** Where the roles other than serve listen when HOST is unset: in a container, the pod's address. */
export const ALL_INTERFACES = '0.0.0.0';

/** Settings every role reads. Each key is the environment variable's name. */
export const CoreSettings = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080, description: 'HTTP port of the API' }),
  HOST: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'address the API and the ops port listen on; unset: 127.0.0.1 in serve (HOST=0.0.0.0 opens it to the network), 0.0.0.0 in the other roles',
    }),
  ),
  VANTAGE_DATA_DIR: Type.String({ default: './data', minLength: 1, description: 'embedded database and uploads' }),
  DATABASE_URL: Type.Optional(
    Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// or postgresql:// URL, its parameters read as libpq reads them (host=/var/run/postgresql for a Unix socket, sslmode, sslrootcert, application_name); unset: embedded PGlite' }),
  ),
  NATS_URL: Type.Optional(
    Type.String({ pattern: '^(nats|tls)://[^,]+(,(nats|tls)://[^,]+)*$', description: 'nats:// URLs, comma-separated; unset: in-process bus' }),
  ),
  AMQP_URL: Type.Optional(Type.String({ pattern: '^amqps?://', description: 'an amqp:// or amqps:// URL' })),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info', description: 'one of fatal, error, warn, info, debug, trace, silent' },
  ),
  VANTAGE_LOCATIONS: Type.String({ ...LocationList, default: 'eu-west,us-east,ap-south' }),
  VANTAGE_PARTITIONS: Type.Integer({ minimum: 1, maximum: 1024, default: 16, description: 'an integer from 1 to 1024' }),
  VANTAGE_ADMIN_EMAIL: Type.Optional(Type.String({ format: 'email', description: 'an e-mail address' })),
  VANTAGE_ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8, description: 'at least 8 characters' })),
  VANTAGE_ALLOW_PRIVATE_TARGETS: Type.Optional(
    Type.Union([Type.Literal('0'), Type.Literal('1')], { description: '0 or 1; unset: on in serve, off elsewhere' }),
  ),
  VANTAGE_OPS_PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 9464,
    description: 'port of /healthz, /readyz and /metrics for the engine, agent and operator roles (the API serves them on PORT); 0: any free port',
  }),
  VANTAGE_PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://', description: 'base URL people reach the API at' })),
});
