import { randomBytes } from 'node:crypto';
import { allPermissions, memberPermissions, permissionsFromList, UnknownPermissionError } from '../domain/permissions.js';
import { closeStore } from '../store/orm.js';
import { provisionClient, provisionUser, ProvisioningError, resetPassword, setPlan } from '../store/provisioning.js';
import { openMigratedStore } from './open-migrated-store.js';
import { parseFlags, UsageError, type RoleContext } from './role.js';
import { adminCommandUsage, adminUsage } from './usage.js';

type Flags = Map<string, string>;

function required(flags: Flags, name: string, command: string): string {
  const value = flags.get(name);
  if (value === undefined || value === 'true') throw new UsageError(`--${name} is required\n${adminCommandUsage[command]}`);
  return value;
}

const positiveInteger = (name: string, value: string): number => {
  if (!/^[1-9][0-9]{0,9}$/.test(value)) throw new UsageError(`--${name} must be a positive integer, not "${value}"`);
  return Number(value);
};

const clientId = (flags: Flags, command: string): number => positiveInteger('client-id', required(flags, 'client-id', command));

type Command = (flags: Flags, em: Parameters<typeof setPlan>[0]) => Promise<object>;

const commands: Record<string, Command> = {
  'create-client': (flags, em) =>
    provisionClient(em, {
      name: required(flags, 'name', 'create-client'),
      email: required(flags, 'email', 'create-client'),
      password: required(flags, 'password', 'create-client'),
      plan: required(flags, 'plan', 'create-client') as never,
    }),
  'create-user': (flags, em) => {
    const isAdmin = flags.get('admin') === 'true';
    const list = flags.get('permissions');
    const workspaces = flags.get('workspace-ids');
    return provisionUser(em, {
      clientId: clientId(flags, 'create-user'),
      email: required(flags, 'email', 'create-user'),
      password: required(flags, 'password', 'create-user'),
      isAdmin,
      permissions: list !== undefined ? permissionsFromList(list) : isAdmin ? allPermissions() : memberPermissions(),
      workspaceIds: workspaces === undefined ? [] : workspaces.split(',').map((id) => positiveInteger('workspace-ids', id.trim())),
    });
  },
  'set-plan': async (flags, em) => {
    const id = clientId(flags, 'set-plan');
    const plan = required(flags, 'plan', 'set-plan');
    await setPlan(em, id, plan);
    return { client_id: id, plan };
  },
  'reset-password': async (flags, em) => {
    const given = flags.get('password');
    const password = given === undefined ? randomBytes(12).toString('base64url') : required(flags, 'password', 'reset-password');
    const result = await resetPassword(em, required(flags, 'email', 'reset-password'), password);
    return given === undefined ? { ...result, password } : result;
  },
};

/** `vantage admin <command>`: provisioning. The last line printed is the result as JSON. */
export default async function adminRole(args: string[], { settings, logger }: RoleContext): Promise<number> {
  const [name, ...rest] = args;
  const command = name ? commands[name] : undefined;
  if (!command) throw new UsageError(`${name ? `unknown command "${name}"\n` : ''}${adminUsage}`);
  const flags = parseFlags(rest);
  const store = await openMigratedStore(settings, logger);
  try {
    const result = await command(flags, store.em.fork());
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof ProvisioningError || error instanceof UnknownPermissionError) {
      process.stderr.write(`vantage admin ${name}: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await closeStore(store);
  }
}
