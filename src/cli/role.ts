import type { Logger } from '../log.js';
import type { Settings } from '../config/schema.js';

/** What every role receives from the CLI entry point. */
export interface RoleContext {
  settings: Settings;
  logger: Logger;
}

/** A role module's default export: runs the role; resolves to the process exit code when it ends. */
export type Role = (args: string[], context: RoleContext) => Promise<number>;

/** Thrown for wrong command-line usage: the entry point prints the message and exits 2. */
export class UsageError extends Error {}

/** Parses `--name value` and `--flag` pairs; positional words are refused. */
export function parseFlags(args: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (i + 1 < args.length && !args[i + 1]!.startsWith('--')) flags.set(arg.slice(2), args[++i]!);
    else flags.set(arg.slice(2), 'true');
  }
  return flags;
}

/**
 * Waits for SIGINT or SIGTERM. Call it before the role says it is running: from that line on a
 * supervisor may signal, and a signal that came before the handler would end the process by
 * default, without its shutdown.
 */
export const untilSignal = (): Promise<NodeJS.Signals> =>
  new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
