/**
 * The Kubernetes Pod Security Standards (kubernetes.io/docs/concepts/security/pod-security-standards,
 * as of v1.35), checked on a pod template as the PodSecurity admission plugin checks it: a pure
 * function of the pod's metadata and spec, answering every rule the pod breaks.
 */

export type PodSecurityLevel = 'baseline' | 'restricted';

type Json = Record<string, any>;

const baselineCapabilities = new Set([
  'AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD',
  'NET_BIND_SERVICE', 'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT',
]);
const safeSysctls = new Set([
  'kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.ip_unprivileged_port_start',
  'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range', 'net.ipv4.ip_local_reserved_ports',
  'net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes', 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem',
]);
const seLinuxTypes = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t', 'container_engine_t']);
const restrictedVolumeSources = new Set(['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret', 'image']);

const allContainers = (spec: Json): Json[] => [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])];

function baseline(metadata: Json, spec: Json): string[] {
  const found: string[] = [];
  const pod = spec.securityContext ?? {};
  for (const field of ['hostNetwork', 'hostPID', 'hostIPC'] as const) if (spec[field]) found.push(`${field} is true`);
  if (pod.windowsOptions?.hostProcess) found.push('pod: windowsOptions.hostProcess is true');
  for (const volume of spec.volumes ?? []) if (volume.hostPath) found.push(`volume ${volume.name} is a hostPath`);
  for (const sysctl of pod.sysctls ?? []) if (!safeSysctls.has(sysctl.name)) found.push(`sysctl ${sysctl.name} is not in the safe set`);
  const seLinux = (where: string, options: Json | undefined) => {
    if (!options) return;
    if (!seLinuxTypes.has(options.type ?? '')) found.push(`${where}: seLinuxOptions.type ${options.type} is not allowed`);
    if (options.user || options.role) found.push(`${where}: seLinuxOptions.user and role must be unset`);
  };
  const appArmor = (where: string, profile: Json | undefined) => {
    if (profile && !['RuntimeDefault', 'Localhost'].includes(profile.type)) found.push(`${where}: appArmorProfile ${profile.type} is not allowed`);
  };
  const seccomp = (where: string, profile: Json | undefined) => {
    if (profile?.type === 'Unconfined') found.push(`${where}: seccompProfile is Unconfined`);
  };
  seLinux('pod', pod.seLinuxOptions);
  appArmor('pod', pod.appArmorProfile);
  seccomp('pod', pod.seccompProfile);
  for (const [key, value] of Object.entries((metadata.annotations ?? {}) as Record<string, string>)) {
    if (key.startsWith('container.apparmor.security.beta.kubernetes.io/') && value !== 'runtime/default' && !value.startsWith('localhost/')) {
      found.push(`annotation ${key}: ${value} is not allowed`);
    }
  }
  for (const container of allContainers(spec)) {
    const where = `container ${container.name}`;
    const context = container.securityContext ?? {};
    if (context.privileged) found.push(`${where}: privileged`);
    if (context.windowsOptions?.hostProcess) found.push(`${where}: windowsOptions.hostProcess is true`);
    if (context.procMount && context.procMount !== 'Default') found.push(`${where}: procMount ${context.procMount}`);
    for (const capability of context.capabilities?.add ?? []) {
      if (!baselineCapabilities.has(capability)) found.push(`${where}: adds capability ${capability}`);
    }
    for (const port of container.ports ?? []) if (port.hostPort) found.push(`${where}: hostPort ${port.hostPort}`);
    seLinux(where, context.seLinuxOptions);
    appArmor(where, context.appArmorProfile);
    seccomp(where, context.seccompProfile);
  }
  return found;
}

function restricted(spec: Json): string[] {
  const found: string[] = [];
  const pod = spec.securityContext ?? {};
  for (const volume of spec.volumes ?? []) {
    const source = Object.keys(volume).find((key) => key !== 'name');
    if (source && !restrictedVolumeSources.has(source)) found.push(`volume ${volume.name}: ${source} is not allowed`);
  }
  if (pod.runAsUser === 0) found.push('pod: runAsUser is 0');
  for (const container of allContainers(spec)) {
    const where = `container ${container.name}`;
    const context = container.securityContext ?? {};
    if (context.allowPrivilegeEscalation !== false) found.push(`${where}: allowPrivilegeEscalation is not false`);
    if (context.runAsNonRoot === false || (context.runAsNonRoot !== true && pod.runAsNonRoot !== true)) found.push(`${where}: runAsNonRoot is not true`);
    if (context.runAsUser === 0) found.push(`${where}: runAsUser is 0`);
    const seccompType = context.seccompProfile?.type ?? pod.seccompProfile?.type;
    if (!['RuntimeDefault', 'Localhost'].includes(seccompType)) found.push(`${where}: seccompProfile is not RuntimeDefault or Localhost`);
    if (!(context.capabilities?.drop ?? []).includes('ALL')) found.push(`${where}: capabilities do not drop ALL`);
    for (const capability of context.capabilities?.add ?? []) {
      if (capability !== 'NET_BIND_SERVICE') found.push(`${where}: adds capability ${capability} (only NET_BIND_SERVICE may be added)`);
    }
  }
  return found;
}

/** Every rule of `level` that the pod (its template's metadata and spec) breaks; empty when it passes. */
export function podSecurityViolations(pod: { metadata?: Json; spec: Json }, level: PodSecurityLevel): string[] {
  const found = baseline(pod.metadata ?? {}, pod.spec);
  return level === 'restricted' ? [...found, ...restricted(pod.spec)] : found;
}
