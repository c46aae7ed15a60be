import { readDomainFields, type DomainChanges } from '../../../../src/domain/domain-fields.js';
import { daysUntilExpiry } from '../../../../src/domain/domain-name.js';
import { createDomainRow, deleteDomainRow, updateDomainRow } from '../../../../src/services/domain-service.js';
import { Domain } from '../../../../src/store/entities/domain.js';
import { domainResource } from './resource.js';
import { compact, groupIds, groupNames, isoSeconds, specField, type MirrorContext, type MirroredKind } from '../mirrored-kind.js';

interface DomainInput {
  fields: DomainChanges;
  active: boolean;
}

/** The spec of a domain's values, whether they come from its row or from a spec just read: one spelling, compared as plain values. */
function specOfValues(values: { name: string; description: string | null; groupIds: readonly number[] }, active: boolean, context: MirrorContext): Record<string, unknown> {
  return compact({
    name: values.name,
    description: values.description,
    notificationGroups: values.groupIds.length ? groupNames(values.groupIds, context.workspace) : undefined,
    active,
  });
}

export const domainKind: MirroredKind<Domain, DomainInput> = {
  resource: domainResource,
  kind: domainResource.kind,
  plural: domainResource.plural,
  drivesAgents: false,
  notice: 'domain',
  entity: Domain,

  references: [],
  findRows: (em, where) => em.find(Domain, where, { populate: ['notificationGroups'], orderBy: { id: 'asc' } }),

  read(spec, _resourceName, context) {
    const groups = groupIds(spec.notificationGroups, context.workspace);
    const result = readDomainFields(
      {
        name: spec.name as string,
        description: (spec.description as string | undefined) ?? null,
        notification_group_ids: 'ids' in groups ? groups.ids : [],
      },
      true,
    );
    const problems: Record<string, string> = {};
    if (!result.ok) for (const [field, reason] of Object.entries(result.fields)) problems[field === 'notification_group_ids' ? 'notificationGroups' : specField(field)] = reason;
    if ('problem' in groups) problems.notificationGroups = groups.problem;
    if (spec.active !== undefined && typeof spec.active !== 'boolean') problems.active = 'must be true or false';
    if (!result.ok || Object.keys(problems).length > 0) return { ok: false, problems };
    return { ok: true, input: { fields: result.changes, active: spec.active !== false } };
  },

  save: (unit, owner, existing, { fields, active }, origin) =>
    existing ? updateDomainRow(unit, owner, existing.id, fields, origin, active) : createDomainRow(unit, owner, fields, origin, active),

  remove: (unit, workspaceId, id, origin) => deleteDomainRow(unit, workspaceId, id, origin),

  specOf: (row, context) =>
    specOfValues(
      { name: row.name, description: row.description, groupIds: row.notificationGroups.isInitialized() ? row.notificationGroups.getItems().map((group) => group.id) : [] },
      row.active,
      context,
    ),

  specOfInput: ({ fields, active }, context) => specOfValues({ name: fields.name!, description: fields.description ?? null, groupIds: fields.groupIds ?? [] }, active, context),

  statusOf: (row, now) =>
    compact({
      certificateNotAfter: isoSeconds(row.certificateNotAfter),
      daysUntilExpiry: row.certificateNotAfter ? daysUntilExpiry(row.certificateNotAfter, now) : undefined,
      lastCheckedAt: isoSeconds(row.lastCheckedAt),
    }),
};
