import { ReferenceKind, type EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Several entities' rows in one statement: each table's columns selected as `<alias>__<column>`,
 * then split again and handed to `em.map`, which hydrates them as if the ORM had loaded them.
 */
const columnLists = new Map<string, string>();

/** `<alias>.<column> as <alias>__<column>` for every column of the entity's table (computed once per process). */
export function prefixedColumns(em: EntityManager, entity: EntityName<object>, alias: string): string {
  const meta = em.getMetadata().get(entity);
  const key = `${meta.className} ${alias}`;
  let list = columnLists.get(key);
  if (!list) {
    const columns = meta.props.filter((prop) => prop.persist !== false && (prop.kind === ReferenceKind.SCALAR || prop.kind === ReferenceKind.MANY_TO_ONE)).flatMap((prop) => prop.fieldNames);
    list = columns.map((column) => `${alias}.${column} as ${alias}__${column}`).join(', ');
    columnLists.set(key, list);
  }
  return list;
}

/** The columns selected with `prefixedColumns(…, alias)`, under their own names; null when the row has none (an outer join that found nothing). */
export function rowOf(row: Record<string, unknown>, alias: string): Record<string, unknown> | null {
  const prefix = `${alias}__`;
  const data: Record<string, unknown> = {};
  let found = false;
  for (const [key, value] of Object.entries(row)) {
    if (!key.startsWith(prefix)) continue;
    data[key.slice(prefix.length)] = value;
    found ||= value !== null;
  }
  return found ? data : null;
}
