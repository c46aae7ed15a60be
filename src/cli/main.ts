#!/usr/bin/env node
import './v8-flags.js';
import { ConfigError, loadSettings } from '../config/load-settings.js';
import { createLogger } from '../log.js';
import { DataDirInUseError } from '../store/data-dir-lock.js';
import { UsageError, type Role } from './role.js';
import { adminCommandUsage, adminUsage, mainUsage, roleUsage, wantsHelp } from './usage.js';

const roles: Record<string, () => Promise<{ default: Role }>> = {
  serve: () => import('./serve.js'),
  api: () => import('./api.js'),
  engine: () => import('./engine.js'),
  agent: () => import('./agent.js'),
  operator: () => import('./operator.js'),
  migrate: () => import('./migrate.js'),
  admin: () => import('./admin.js'),
  validate: () => import('./validate.js'),
};

/** The usage asked for with --help (or `vantage help`), or null when the command runs. */
function helpFor(argv: string[]): string | null {
  const [roleName, ...rest] = argv;
  if (roleName === '--help' || roleName === '-h' || roleName === 'help') return mainUsage;
  if (roleName === undefined || !wantsHelp(rest)) return null;
  if (roleName === 'admin') return adminCommandUsage[rest[0] ?? ''] ?? adminUsage;
  return roleUsage[roleName] ?? null;
}

async function main(argv: string[]): Promise<number> {
  const [roleName, ...args] = argv;
  const load = roleName ? roles[roleName] : undefined;
  const help = helpFor(argv);
  if (help) {
    process.stdout.write(`${help}\n`);
    return 0;
  }
  if (!load) {
    process.stderr.write(`${roleName ? `unknown role "${roleName}"\n` : ''}${mainUsage}\n`);
    return 2;
  }
  let settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`vantage: configuration error: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const logger = createLogger(settings.LOG_LEVEL).child({ role: roleName });
  try {
    const role = (await load()).default;
    return await role(args, { settings, logger });
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`vantage ${roleName}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof DataDirInUseError) {
      process.stderr.write(`vantage ${roleName}: ${error.message}\n`);
      return 1;
    }
    logger.fatal({ err: error }, 'stopped by an unexpected error');
    process.stderr.write(`vantage ${roleName}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

// Exit explicitly: a role that failed half-way may leave connections open that would keep the process alive.
process.exit(await main(process.argv.slice(2)));
