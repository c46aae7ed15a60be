import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's chromium, driven by playwright-core (no browser is ever downloaded). .ci/run installs
 * it; without it the browser tests fail and say so, they never skip.
 */
export const CHROMIUM = '/usr/bin/chromium';

const LAUNCH_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why the browser tests cannot run here, or null when they must. */
export function requireChromium(): void {
  // A skipped browser test proves nothing: without Debian's chromium these tests fail and say why.
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is not installed: install the Debian package chromium (.ci/run does)`);
}

/** playwright gives every launch a fresh temporary user-data-dir, removed on close. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_FLAGS, timeout: 120_000 });
}

/** Screenshots are kept as test artifacts here (git-ignored). */
export function artifactPath(name: string): string {
  const directory = join(process.cwd(), 'test-artifacts', 'status-pages');
  mkdirSync(directory, { recursive: true });
  return join(directory, name);
}

export function axeSource(): Promise<string> {
  return readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
}
