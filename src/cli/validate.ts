import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadCrds } from '../manifests/admission/index.js';
import { validateManifests, type ManifestFile, type ManifestProblem } from '../manifests/validate-manifests.js';
import { UsageError, type Role } from './role.js';

const MANIFEST = /\.(ya?ml|json)$/;

/** `-f a.yaml -f dir/ b.yaml` and `--filename=…`: every path after -f, until the next option. */
function parseArgs(args: string[]): { paths: string[]; locations: string[] | null } {
  const paths: string[] = [];
  let locations: string[] | null = null;
  let collecting = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [option, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (option === '-f' || option === '--filename') {
      collecting = true;
      if (inline !== undefined) paths.push(inline);
    } else if (option === '--locations') {
      const value = inline ?? args[++i];
      if (!value) throw new UsageError('--locations needs a comma-separated list of location ids');
      locations = value.split(',').map((id) => id.trim()).filter(Boolean);
      collecting = false;
    } else if (arg.startsWith('-')) {
      throw new UsageError(`unknown option "${arg}"`);
    } else if (collecting) {
      paths.push(arg);
    } else {
      throw new UsageError(`unexpected argument "${arg}": name files and folders after -f`);
    }
  }
  if (paths.length === 0) throw new UsageError('name at least one file or folder with -f');
  return { paths, locations };
}

/** The manifest files a path names: the file itself, or every *.yaml, *.yml and *.json under a folder. */
function manifestFiles(path: string): ManifestFile[] {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new UsageError(`${path}: no such file or folder`);
  }
  if (!stat.isDirectory()) return [{ path, text: readFileSync(path, 'utf8') }];
  return readdirSync(path)
    .sort()
    .flatMap((name) => {
      const child = join(path, name);
      return statSync(child).isDirectory() || MANIFEST.test(name) ? manifestFiles(child) : [];
    });
}

const describe = (problem: ManifestProblem): string =>
  `${problem.file}: document ${problem.document}${problem.resource ? ` (${problem.resource})` : ''}: ${problem.field}: ${problem.message}`;

/** `vantage validate`: checks manifests offline; exit 0 when every Vantage resource passes, 1 on any problem. */
const validate: Role = async (args) => {
  const { paths, locations } = parseArgs(args);
  const files = paths.flatMap(manifestFiles);
  const report = validateManifests(files, loadCrds(), { locations, now: new Date() });
  for (const skipped of report.skipped) process.stderr.write(`${skipped.file}: document ${skipped.document}: ${skipped.what} is not a Vantage kind, not checked\n`);
  for (const problem of report.problems) process.stdout.write(`${describe(problem)}\n`);
  const summary = `${files.length} file${files.length === 1 ? '' : 's'}, ${report.checked} Vantage resource${report.checked === 1 ? '' : 's'} checked`;
  if (report.problems.length > 0) {
    process.stderr.write(`${summary}: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}\n`);
    return 1;
  }
  process.stderr.write(`${summary}: all valid\n`);
  return 0;
};

export default validate;
