import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';

/** Every relative link of the README and docs/ names a file of this repository (a clone has nothing beside it). */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const markdownFiles = (): string[] => [
  'README.md',
  'agents/README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

/** Targets of `[text](target)` links and of paths in backticks that leave the repository (`../x`). */
function references(text: string): Array<{ target: string; kind: 'link' | 'outside' }> {
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => ({ target: match[1]!, kind: 'link' as const }));
  const outside = [...text.matchAll(/`(\.\.\/[^`\s]+)`/g)].map((match) => ({ target: match[1]!, kind: 'outside' as const }));
  return [...links, ...outside];
}

test('README and docs link only to files inside the repository that exist', (t) => {
  const broken: string[] = [];
  for (const file of markdownFiles()) {
    for (const { target, kind } of references(readFileSync(join(root, file), 'utf8'))) {
      if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
      const path = resolve(root, dirname(file), target.split('#')[0]!);
      if (!path.startsWith(`${root}/`) || !existsSync(path)) broken.push(`${file}: ${kind} ${target}`);
    }
  }
  t.true(markdownFiles().length >= 5);
  t.deepEqual(broken, []);
});
