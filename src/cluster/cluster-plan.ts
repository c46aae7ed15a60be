/** One process of a local cluster: what runs, under which name, and in which location's network namespace if any. */
export interface PlannedProcess {
  name: string;
  args: string[];
  env: Record<string, string>;
  /** The location whose agents this is, when it is an agent. */
  location: string | null;
}

export interface ClusterOptions {
  databaseUrl: string;
  natsUrl: string;
  clusterName: string;
  locations: string[];
  /** Agent replicas of the first location (the others get one). */
  firstLocationReplicas: number;
  apiReplicas: number;
  engineReplicas: number;
  /** API ports are basePort, basePort + 1, …; ops ports follow from basePort + 100. */
  basePort: number;
  /** Extra settings for every process. */
  env?: Record<string, string>;
}

/** The processes of `npm run cluster`: API replicas, engine replicas, agents per location. Pure, so that it can be read and tested. */
export function planCluster(options: ClusterOptions): PlannedProcess[] {
  const shared: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    NATS_URL: options.natsUrl,
    VANTAGE_CLUSTER_NAME: options.clusterName,
    VANTAGE_LOCATIONS: options.locations.join(','),
    HOST: '127.0.0.1',
    ...options.env,
  };
  let ops = options.basePort + 100;
  const processes: PlannedProcess[] = [];
  for (let i = 1; i <= options.apiReplicas; i++) {
    processes.push({ name: `api-${i}`, args: ['api'], env: { ...shared, PORT: String(options.basePort + i - 1) }, location: null });
  }
  for (let i = 1; i <= options.engineReplicas; i++) {
    processes.push({ name: `engine-${i}`, args: ['engine'], env: { ...shared, VANTAGE_OPS_PORT: String(ops++) }, location: null });
  }
  options.locations.forEach((location, index) => {
    const replicas = index === 0 ? options.firstLocationReplicas : 1;
    for (let i = 1; i <= replicas; i++) {
      processes.push({
        name: `agent-${location}-${i}`,
        args: ['agent', '--location', location, '--id', `${location}-${i}`],
        // Agents listen on every address: inside a network namespace the ops port is reached through its own interface.
        env: { ...shared, HOST: '0.0.0.0', VANTAGE_OPS_PORT: String(ops++) },
        location,
      });
    }
  });
  return processes;
}
