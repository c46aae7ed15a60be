import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadAllYaml } from '@kubernetes/client-node';
import { helmBinary } from '../../support/helm-binary.js';

const run = promisify(execFile);

export const chartDir = 'charts/vantage';
export const releaseName = 'vantage';
export const namespace = 'monitoring';
export const fullname = 'vantage-vantage';

/** The realistic values files under charts/vantage/ci/, as `helm template -f` takes them. */
export const ciValuesFiles = readdirSync(join(chartDir, 'ci'))
  .filter((name) => name.endsWith('-values.yaml'))
  .sort()
  .map((name) => join(chartDir, 'ci', name));
export const defaultCiValues = join(chartDir, 'ci', 'default-values.yaml');

export type KubeObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; annotations?: Record<string, string>; labels?: Record<string, string> } } & Record<string, any>;

export interface RenderOptions {
  valuesFiles?: string[];
  sets?: string[];
  /** Values given as one JSON document (numbers stay numbers, unlike --set). */
  values?: unknown;
  extraArgs?: string[];
}

function valueArgs({ valuesFiles = [defaultCiValues], sets = [], values }: RenderOptions): string[] {
  const args = valuesFiles.flatMap((file) => ['-f', file]);
  for (const [key, value] of Object.entries((values ?? {}) as Record<string, unknown>)) args.push('--set-json', `${key}=${JSON.stringify(value)}`);
  for (const set of sets) args.push('--set', set);
  return args;
}

/** Runs helm; rejects with its stderr in the message. */
export async function helm(args: string[]): Promise<string> {
  try {
    const { stdout } = await run(helmBinary(), args, { maxBuffer: 32 * 1024 * 1024, timeout: 60_000 });
    return stdout;
  } catch (error) {
    const failure = error as Error & { stderr?: string };
    throw new Error(failure.stderr?.trim() || failure.message);
  }
}

export const parseObjects = (yaml: string): KubeObject[] => (loadAllYaml(yaml) as KubeObject[]).filter(Boolean);

/** `helm template` of the chart: every object it renders (CRDs too with --include-crds). */
export async function render(options: RenderOptions = {}): Promise<KubeObject[]> {
  const args = ['template', releaseName, chartDir, '--namespace', namespace, ...valueArgs(options), ...(options.extraArgs ?? [])];
  return parseObjects(await helm(args));
}

/** The error helm gives for values it refuses; fails when it renders them. */
export async function refusal(options: RenderOptions): Promise<string> {
  try {
    await render(options);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`helm template accepted ${JSON.stringify(options)}`);
}

/** `helm install --dry-run=client`: its output, split into the hooks (in the order helm lists them) and the manifest. */
export async function dryRunInstall(options: RenderOptions = {}): Promise<{ hooks: KubeObject[]; manifest: KubeObject[]; notes: string }> {
  const output = await helm(['install', releaseName, chartDir, '--namespace', namespace, '--dry-run=client', ...valueArgs(options)]);
  const section = (name: string, next: string) => {
    const start = output.indexOf(`\n${name}:\n`);
    if (start < 0) return '';
    const end = output.indexOf(`\n${next}:\n`, start);
    return output.slice(start + name.length + 3, end < 0 ? undefined : end);
  };
  return { hooks: parseObjects(section('HOOKS', 'MANIFEST')), manifest: parseObjects(section('MANIFEST', 'NOTES')), notes: section('NOTES', '') };
}

/** The rendered object of that kind and name; throws when there is none. */
export function find(objects: KubeObject[], kind: string, name: string): KubeObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`${kind} ${name} is not rendered`);
  return found;
}

export const workloads = (objects: KubeObject[]) => objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job');
