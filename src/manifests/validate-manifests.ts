import { loadAllYaml } from '@kubernetes/client-node';
import { admitCustomResource, type CustomResourceDefinitionObject } from './admission/index.js';
import { isJsonObject } from './admission/types.js';
import { apiProblems, VANTAGE_KINDS, type OfflineOptions } from './api-rules.js';

const GROUP = 'monitoring.vantage.dev';

export interface ManifestFile {
  path: string;
  text: string;
}

/** One thing wrong with one document: `document` counts from 1 within its file; `field` is a path like `spec.hostname`. */
export interface ManifestProblem {
  file: string;
  document: number;
  resource: string | null;
  field: string;
  message: string;
}

export interface ValidationReport {
  problems: ManifestProblem[];
  /** Vantage resources checked, and documents of other kinds left alone (a folder may hold a Namespace or a Kustomization). */
  checked: number;
  skipped: Array<{ file: string; document: number; what: string }>;
}

/**
 * Checks manifests as `kubectl apply` against a cluster with Vantage's CRDs would, then as the
 * operator would: the CRD's structural schema, defaults and CEL rules, then the API's own rules
 * that need no database (api-rules.ts says what is assumed about the installation).
 */
export function validateManifests(files: readonly ManifestFile[], crds: readonly CustomResourceDefinitionObject[], options: OfflineOptions): ValidationReport {
  const report: ValidationReport = { problems: [], checked: 0, skipped: [] };
  const seen = new Map<string, string>();
  for (const file of files) {
    let documents: unknown[];
    try {
      documents = loadAllYaml(file.text) as unknown[];
    } catch (error) {
      report.problems.push({ file: file.path, document: documentOfYamlError(file.text, error), resource: null, field: '<yaml>', message: `not valid YAML: ${firstLine(error)}` });
      continue;
    }
    documents.forEach((document, index) => {
      if (document === null || document === undefined) return;
      const at = { file: file.path, document: index + 1 };
      const problem = (resource: string | null, field: string, message: string) => report.problems.push({ ...at, resource, field, message });
      if (!isJsonObject(document)) return problem(null, '<root>', 'a manifest must be a mapping with apiVersion, kind and metadata');
      const { apiVersion, kind } = document;
      if (typeof apiVersion !== 'string' || typeof kind !== 'string') return problem(null, typeof apiVersion !== 'string' ? 'apiVersion' : 'kind', 'required: every Kubernetes object names its apiVersion and kind');
      if (apiVersion.split('/')[0] !== GROUP) {
        report.skipped.push({ ...at, what: `${apiVersion} ${kind}` });
        return;
      }
      const crd = crds.find((candidate) => candidate.spec.names.kind === kind);
      if (!crd) return problem(null, 'kind', `unknown kind "${kind}" in ${GROUP}: the kinds are ${crds.map((candidate) => candidate.spec.names.kind).join(', ')}`);
      const metadata = isJsonObject(document.metadata) ? document.metadata : {};
      const name = typeof metadata.name === 'string' ? metadata.name : null;
      const resource = `${kind} ${typeof metadata.namespace === 'string' ? `${metadata.namespace}/` : ''}${name ?? '<no name>'}`;
      report.checked += 1;
      if (!name) return problem(resource, 'metadata.name', 'required');
      const identity = `${kind} ${String(metadata.namespace ?? '')}/${name}`;
      const first = seen.get(identity);
      if (first) problem(resource, 'metadata.name', `the same ${kind} as ${first}: applying both keeps only the last`);
      else seen.set(identity, `${file.path} document ${index + 1}`);
      const verdict = admitCustomResource(crd, { ...document, metadata: { namespace: 'default', ...metadata } });
      if (!verdict.allowed) {
        for (const cause of verdict.causes) problem(resource, cause.field, cause.message);
        return;
      }
      if (!VANTAGE_KINDS.includes(kind)) return;
      const spec = isJsonObject(verdict.object.spec) ? verdict.object.spec : {};
      for (const [field, message] of Object.entries(apiProblems(kind, spec, name, options))) problem(resource, `spec.${field}`, message);
    });
  }
  return report;
}

const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

/** The document (from 1) a YAML syntax error sits in: the `---` separators before the error's line, less a leading one. */
function documentOfYamlError(text: string, error: unknown): number {
  const line = (error as { mark?: { line?: number } }).mark?.line;
  if (typeof line !== 'number') return 1;
  const rows = text.split('\n');
  const separator = (row: string) => /^---(\s|$)/.test(row);
  const firstContent = rows.find((row) => row.trim() !== '' && !row.trimStart().startsWith('#'));
  const separators = rows.slice(0, line).filter(separator).length;
  return separators - (firstContent !== undefined && separator(firstContent) ? 1 : 0) + 1;
}
