import { deleteStatusPageRow, createStatusPageRow, updateStatusPageRow } from '../../../../src/services/status-page-service.js';
import { readStatusPageFields, type StatusPageChanges } from '../../../../src/status-pages/status-page-fields.js';
import { StatusPage, type StatusPageLink } from '../../../../src/store/entities/status-page.js';
import { domainKind } from '../domain/kind.js';
import { compact, specField, type MirrorContext, type MirroredKind } from '../mirrored-kind.js';
import { uptimeCheckKind } from '../uptime-check/kind.js';
import { statusPageResource } from './resource.js';

interface PageValues {
  slug: string;
  title: string;
  description: string;
  components: Array<{ checkId: number | null; domainId: number | null; displayName: string; groupName: string | null }>;
  showHostNames: boolean;
  customDomain: string | null;
  timeZone: string;
  links: StatusPageLink[];
  enabled: boolean;
  frameAncestors: string[];
}

/**
 * The spec of a page's values, whether they come from its row or from a spec just read: one
 * spelling, compared as plain values. Null while a component's check or domain has no resource to name.
 */
function specOfValues(values: PageValues, context: MirrorContext): Record<string, unknown> | null {
  const components = values.components.map((component) =>
    compact({
      uptimeCheck: component.checkId === null ? null : context.resourceNameOfRow(uptimeCheckKind, component.checkId),
      domain: component.domainId === null ? null : context.resourceNameOfRow(domainKind, component.domainId),
      displayName: component.displayName,
      group: component.groupName,
    }),
  );
  if (components.some((component) => component.uptimeCheck === undefined && component.domain === undefined)) return null;
  return compact({
    slug: values.slug,
    title: values.title,
    description: values.description || null,
    components: components.length ? components : null,
    showHostNames: values.showHostNames,
    customDomain: values.customDomain,
    timeZone: values.timeZone,
    links: values.links.length ? values.links.map((link) => ({ label: link.label, url: link.url })) : null,
    enabled: values.enabled,
    frameAncestors: values.frameAncestors.length ? values.frameAncestors : null,
  });
}

/** The names of the resources a spec's components name in one field. */
const componentNames = (spec: Record<string, unknown>, field: 'uptimeCheck' | 'domain'): string[] =>
  Array.isArray(spec.components)
    ? spec.components.flatMap((component: unknown) => {
        const name = typeof component === 'object' && component !== null ? (component as Record<string, unknown>)[field] : undefined;
        return typeof name === 'string' ? [name] : [];
      })
    : [];

/** A manifest says the whole page: every field it leaves out takes its default, as on create. */
const valuesOf = (changes: StatusPageChanges): PageValues => ({
  slug: changes.slug!,
  title: changes.title!,
  description: changes.description ?? '',
  components: changes.components ?? [],
  showHostNames: changes.showHostNames ?? false,
  customDomain: changes.customDomain ?? null,
  timeZone: changes.timeZone ?? 'UTC',
  links: changes.links ?? [],
  enabled: changes.enabled ?? true,
  frameAncestors: changes.frameAncestors ?? [],
});

export const statusPageKind: MirroredKind<StatusPage, PageValues> = {
  resource: statusPageResource,
  kind: statusPageResource.kind,
  plural: statusPageResource.plural,
  drivesAgents: false,
  notice: 'status_page',
  entity: StatusPage,

  references: [
    { kind: uptimeCheckKind, namesIn: (spec) => componentNames(spec, 'uptimeCheck') },
    { kind: domainKind, namesIn: (spec) => componentNames(spec, 'domain') },
  ],
  findRows: (em, where) => em.find(StatusPage, where, { populate: ['components'], orderBy: { id: 'asc' } }),

  read(spec, resourceName, context) {
    const problems: Record<string, string> = {};
    const resolve = (component: Record<string, unknown>, i: number, field: 'uptimeCheck' | 'domain', kind: Parameters<MirrorContext['rowIdOfResource']>[0]) => {
      if (typeof component[field] !== 'string') return null;
      const id = context.rowIdOfResource(kind, component[field] as string);
      if (id === null) problems[`components[${i}].${field}`] = `no synced ${kind.kind} named "${component[field]}" in this namespace`;
      return id ?? undefined;
    };
    // What is not a list of objects goes to the API's rules as it is, to be refused in their words.
    const apiComponents = Array.isArray(spec.components)
      ? spec.components.map((component: unknown, i) =>
          typeof component === 'object' && component !== null && !Array.isArray(component)
            ? {
                uptime_check_id: resolve(component as Record<string, unknown>, i, 'uptimeCheck', uptimeCheckKind),
                domain_id: resolve(component as Record<string, unknown>, i, 'domain', domainKind),
                display_name: (component as Record<string, unknown>).displayName,
                group: (component as Record<string, unknown>).group ?? null,
              }
            : component,
        )
      : (spec.components ?? null);
    // A component naming a check or domain not synced yet: read again when that one changes.
    if (Object.keys(problems).length) return { ok: false, problems, pending: true };
    const result = readStatusPageFields(
      {
        slug: spec.slug ?? resourceName,
        title: spec.title,
        description: spec.description ?? null,
        components: apiComponents,
        show_host_names: spec.showHostNames ?? false,
        custom_domain: spec.customDomain ?? null,
        time_zone: spec.timeZone ?? 'UTC',
        links: spec.links ?? null,
        enabled: spec.enabled ?? true,
        frame_ancestors: spec.frameAncestors ?? null,
      },
      true,
    );
    if (!result.ok) return { ok: false, problems: Object.fromEntries(Object.entries(result.fields).map(([field, reason]) => [specField(field), reason])) };
    return { ok: true, input: valuesOf(result.changes) };
  },

  save: (unit, owner, existing, values, origin) => (existing ? updateStatusPageRow(unit, owner, existing.id, values, origin) : createStatusPageRow(unit, owner, values, origin)),

  remove: (unit, workspaceId, id, origin) => deleteStatusPageRow(unit, workspaceId, id, origin),

  specOf: (row, context) =>
    specOfValues(
      {
        slug: row.slug,
        title: row.title,
        description: row.description,
        components: (row.components.isInitialized() ? row.components.getItems() : []).map((component) => ({
          checkId: component.check?.id ?? null,
          domainId: component.domain?.id ?? null,
          displayName: component.displayName,
          groupName: component.groupName,
        })),
        showHostNames: row.showHostNames,
        customDomain: row.customDomain,
        timeZone: row.timeZone,
        links: row.links,
        enabled: row.enabled,
        frameAncestors: row.frameAncestors,
      },
      context,
    ),

  specOfInput: (values, context) => specOfValues(values, context),

  statusOf: (row) => ({ publicPath: `/status/${row.slug}` }),
};
