import { pino, type Logger } from 'pino';

/** Paths redacted in every log line: secrets never reach the logs. */
const redactPaths = [
  'password',
  '*.password',
  'token',
  '*.token',
  '*.messenger_bot_token',
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'headers.authorization',
  'secret',
  '*.secret',
  'databaseUrl',
];

export type { Logger };

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, base: { service: 'vantage' }, redact: { paths: redactPaths, censor: '[redacted]' } }, destination);
}

/** One child logger per role and component, so every line says where it came from. */
export const componentLogger = (root: Logger, role: string, component: string): Logger => root.child({ role, component });
