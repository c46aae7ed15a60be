import { SettingsSchema } from './schema.js';

interface PropertySchema {
  default?: unknown;
  description?: string;
}

/** The configuration table of the README, made from the settings schema so the two cannot drift. */
export function settingsTable(): string {
  const required = new Set<string>(SettingsSchema.required ?? []);
  const rows = Object.entries(SettingsSchema.properties as Record<string, PropertySchema>).map(([name, schema]) => {
    const fallback = schema.default !== undefined ? `\`${String(schema.default)}\`` : required.has(name) ? 'required' : 'unset';
    return `| \`${name}\` | ${fallback} | ${(schema.description ?? '').replaceAll('|', '\\|')} |`;
  });
  return ['| variable | default | allowed / meaning |', '|---|---|---|', ...rows].join('\n');
}

export const settingsTableStart = '<!-- settings-table:start (npm run generate:docs) -->';
export const settingsTableEnd = '<!-- settings-table:end -->';

/** Replaces the table between the markers of a README text. */
export function withSettingsTable(readme: string): string {
  const start = readme.indexOf(settingsTableStart);
  const end = readme.indexOf(settingsTableEnd);
  if (start < 0 || end < start) throw new Error('README has no settings table markers');
  return `${readme.slice(0, start + settingsTableStart.length)}\n${settingsTable()}\n${readme.slice(end)}`;
}
