/**
 * What `vantage --help`, `vantage <role> --help` and `vantage admin <command> --help` print. Kept
 * apart from the roles so help is answered before any setting is read or any data is touched.
 */

export const mainUsage = `usage: vantage <role> [options]     (vantage <role> --help: that role's options)
roles:
  serve                   everything in one process (embedded database, in-process bus)
  api                     REST API only
  engine                  check and domain actors, scheduling, incidents, notifications
  agent --location ID     probe agent for one location
  operator                Kubernetes operator
  migrate                 apply database migrations
  admin <command> …       create-client, create-user, set-plan, reset-password
  validate -f PATH…       check UptimeCheck, Domain and MaintenanceWindow manifests offline
Settings come from environment variables (README.md, Configuration).`;

export const roleUsage: Record<string, string> = {
  serve: `usage: vantage serve
The API, the engine, the notifier and one probe agent per location of VANTAGE_LOCATIONS, in one
process: embedded database in VANTAGE_DATA_DIR unless DATABASE_URL is set, in-process bus unless
NATS_URL is. Listens on HOST:PORT (loopback by default; HOST=0.0.0.0 opens it to the network).`,
  api: `usage: vantage api
The stateless REST API on HOST:PORT; test-now and check-now reach the engine over NATS_URL.`,
  engine: `usage: vantage engine
Check and domain actors, scheduling, incidents and notifications; replicas share the checks over NATS_URL.`,
  agent: 'usage: vantage agent --location ID [--id AGENT_ID]\nA stateless prober for one location, fed over NATS_URL.',
  operator: `usage: vantage operator
The Kubernetes operator; reads KUBECONFIG, or the pod's service account.`,
  migrate: 'usage: vantage migrate\nBrings the database schema up to date and exits.',
  validate: `usage: vantage validate -f FILE_OR_FOLDER [-f …] [--locations ID,ID…]
Checks UptimeCheck, Domain and MaintenanceWindow manifests (multi-document YAML or JSON; folders are
read recursively for *.yaml, *.yml, *.json) without a cluster or a database: the CRDs' schemas,
defaults and CEL rules as the API server applies them, then the API's own rules as the operator
applies them. Prints one line per problem (file, document, resource, field, message) and exits 1
on any, 0 when all are valid. Documents of other kinds are left alone. What only the installation
knows is assumed to be there: notification groups, the UptimeCheck a window names, plan limits,
and the locations unless --locations lists the offered ones.`,
};

export const adminCommandUsage: Record<string, string> = {
  'create-client': `usage: vantage admin create-client --name N --email E --password P --plan trial|basic|pro|expired|unlimited
Creates a client (account), its administrator and a workspace "Default"; prints their ids as JSON.`,
  'create-user': `usage: vantage admin create-user --client-id C --email E --password P [--admin] [--permissions a,b,c] [--workspace-ids 1,2]
Adds a user to client C. --workspace-ids shares those workspaces of the client with the user
(administrators see every workspace; others only what is shared). Prints the ids as JSON.`,
  'set-plan': `usage: vantage admin set-plan --client-id C --plan trial|basic|pro|expired|unlimited
Moves client C to another plan (a new trial runs 14 days from now). The limits of trial, basic
and pro are the installation's settings (VANTAGE_PLAN_<PLAN>_<LIMIT>); unlimited has none.`,
  'reset-password': `usage: vantage admin reset-password --email E [--password P]
Sets a user's password (generated and printed when --password is left out); signed-in sessions
of the old password end.`,
};

export const adminUsage = `usage: vantage admin <command> [options]     (vantage admin <command> --help: its options)
commands:
${Object.values(adminCommandUsage)
  .map((text) => `  ${text.split('\n')[0]!.replace('usage: vantage admin ', '')}`)
  .join('\n')}
E-mail addresses and passwords follow the API's rules (a password has 8 to 200 characters).
With the embedded database, stop \`vantage serve\` first or provision through its API: the data
dir takes one process at a time.`;

export const wantsHelp = (args: readonly string[]): boolean => args.includes('--help') || args.includes('-h');
