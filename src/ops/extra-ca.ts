import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import type { Logger } from '../log.js';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The subject of each certificate of a PEM bundle, one line each (`CN=…, O=…`); a block that does not parse says so. */
export function certificateSubjects(pem: string): string[] {
  return (pem.match(PEM_BLOCK) ?? []).map((block) => {
    try {
      return new X509Certificate(block).subject.split('\n').join(', ');
    } catch {
      return '(a certificate that does not parse)';
    }
  });
}

/**
 * Reads VANTAGE_EXTRA_CA_FILE and says at start which authorities it adds, so a delivery or probe
 * failing TLS verification can be told apart from a file that was not loaded.
 */
export function readExtraCa(file: string, logger: Logger): string {
  const pem = readFileSync(file, 'utf8');
  const subjects = certificateSubjects(pem);
  if (subjects.length === 0) logger.warn({ extra_ca_file: file }, 'VANTAGE_EXTRA_CA_FILE holds no PEM certificate; no extra authority is trusted');
  else logger.info({ extra_ca_file: file, subjects }, 'trusting extra certificate authorities from VANTAGE_EXTRA_CA_FILE');
  return pem;
}
