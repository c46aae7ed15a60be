import type { Logger } from '../log.js';
import type { FirstClient } from '../store/first-client.js';

/** Says once, on the first start, how to sign in. The generated password appears only here. */
export function logSignInNotice(logger: Logger, first: FirstClient, port: number): void {
  const how = `sign in at http://localhost:${port}/app/api/v1/mobile/auth/me with HTTP Basic as ${first.email}`;
  if (first.generatedPassword) {
    // Logged through stderr in clear on purpose: it is the only time this password exists in clear.
    process.stderr.write(`\nVantage is ready. First administrator: ${first.email}  password: ${first.generatedPassword}\n\n`);
    logger.info({ email: first.email, client_id: first.client_id }, `first administrator created with a generated password (printed above, once); ${how}`);
  } else {
    logger.info({ email: first.email, client_id: first.client_id }, `first administrator created from VANTAGE_ADMIN_EMAIL/VANTAGE_ADMIN_PASSWORD; ${how}`);
  }
}
