import { allPermissions, memberPermissions, permissionsFromList, UnknownPermissionError } from '../domain/permissions.js';
import { closeStore } from '../store/orm.js';
import { provisionClient, provisionUser, ProvisioningError, setPlan } from '../store/provisioning.js';
import { openMigratedStore } from './open-migrated-store.js';
import { parseFlags, UsageError, type RoleContext } from './role.js';

const usage = `commands:
  create-client --name N --email E --password P --plan trial|basic|pro|expired
  create-user --client-id C --email E --password P [--admin] [--permissions a,b,c]
  set-plan --client-id C --plan trial|basic|pro|expired`;

function required(flags: Map<string, string>, name: string): string {
  const value = flags.get(name);
  if (value === undefined || value === 'true') throw new UsageError(`--${name} is required\n${usage}`);
  return value;
}

function clientId(flags: Map<string, string>): number {
  const value = required(flags, 'client-id');
  if (!/^[1-9][0-9]*$/.test(value)) throw new UsageError(`--client-id must be a positive integer, not "${value}"`);
  return Number(value);
}

type Command = (flags: Map<string, string>, em: Parameters<typeof setPlan>[0]) => Promise<object>;

const commands: Record<string, Command> = {
  'create-client': (flags, em) =>
    provisionClient(em, {
      name: required(flags, 'name'),
      email: required(flags, 'email'),
      password: required(flags, 'password'),
      plan: required(flags, 'plan') as never,
    }),
  'create-user': (flags, em) => {
    const isAdmin = flags.get('admin') === 'true';
    const list = flags.get('permissions');
    return provisionUser(em, {
      clientId: clientId(flags),
      email: required(flags, 'email'),
      password: required(flags, 'password'),
      isAdmin,
      permissions: list !== undefined ? permissionsFromList(list) : isAdmin ? allPermissions() : memberPermissions(),
    });
  },
  'set-plan': async (flags, em) => {
    const id = clientId(flags);
    const plan = required(flags, 'plan');
    await setPlan(em, id, plan);
    return { client_id: id, plan };
  },
};

/** `vantage admin <command>`: provisioning. The last line printed is the result as JSON. */
export default async function adminRole(args: string[], { settings, logger }: RoleContext): Promise<number> {
  const [name, ...rest] = args;
  const command = name ? commands[name] : undefined;
  if (!command) throw new UsageError(`${name ? `unknown command "${name}"\n` : ''}${usage}`);
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
