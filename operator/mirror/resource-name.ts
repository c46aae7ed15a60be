/** Label on API-made custom resources: the id of their row, so a resource whose uid never reached the row still finds it. */
export const ROW_ID_LABEL = 'vantage.dev/id';

/**
 * The name of the custom resource for an API-made row: its name as a DNS label, then its id,
 * which keeps names unique however rows are named (`Shop API!` → `shop-api-12`).
 */
export function resourceNameForRow(kind: string, row: { id: number; name: string }): string {
  const slug = row.name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${slug || kind.toLowerCase()}-${row.id}`;
}
