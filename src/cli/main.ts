#!/usr/bin/env node
import { ConfigError, loadSettings } from '../config/load-settings.js';
import { createLogger } from '../log.js';
import { UsageError, type Role } from './role.js';

const roles: Record<string, () => Promise<{ default: Role }>> = {
  serve: () => import('./serve.js'),
  api: () => import('./api.js'),
  engine: () => import('./engine.js'),
  agent: () => import('./agent.js'),
  operator: () => import('./operator.js'),
  migrate: () => import('./migrate.js'),
  admin: () => import('./admin.js'),
};

const usage = `usage: vantage <role> [options]
roles:
  serve                   everything in one process (embedded database, in-process bus)
  api                     REST API only
  engine                  check and domain actors, scheduling, incidents, notifications
  agent --location ID     probe agent for one location
  operator                Kubernetes operator
  migrate                 apply database migrations
  admin <command> …       create-client, create-user, set-plan`;

async function main(argv: string[]): Promise<number> {
  const [roleName, ...args] = argv;
  const load = roleName ? roles[roleName] : undefined;
  if (!load) {
    process.stderr.write(`${roleName ? `unknown role "${roleName}"\n` : ''}${usage}\n`);
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
    logger.fatal({ err: error }, 'stopped by an unexpected error');
    process.stderr.write(`vantage ${roleName}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

// Exit explicitly: a role that failed half-way may leave connections open that would keep the process alive.
process.exit(await main(process.argv.slice(2)));
