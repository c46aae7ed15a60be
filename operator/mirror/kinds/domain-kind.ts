import { readDomainFields } from '../../../src/api/domains/domain-fields.js';
import { daysUntilExpiry } from '../../../src/domain/domain-name.js';
import { Domain } from '../../../src/store/entities/domain.js';
import { NotificationGroup } from '../../../src/store/entities/notification-group.js';
import { compact, groupIds, groupNames, isoSeconds, specField, type MirroredKind } from './mirrored-kind.js';

export const domainKind: MirroredKind<Domain> = {
  kind: 'Domain',
  plural: 'domains',
  notice: 'domain',
  limit: 'domains',
  entity: Domain,
  newRow: () => new Domain(),

  loadRows: (em, workspaceIds) =>
    em.find(Domain, { workspace: { $in: [...workspaceIds] } }, { populate: ['notificationGroups'], orderBy: { id: 'asc' } }),

  countOfClient: (em, clientId) => em.count(Domain, { workspace: { client: clientId } }),

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
    const changes = result.changes;
    return {
      ok: true,
      apply: (tx, row) => {
        if (row.name !== undefined && row.name !== changes.name) {
          // Another host: the certificate seen so far belonged to the old one.
          Object.assign(row, { currentCertificate: null, certificateNotAfter: null, lastCheckedAt: null, lastCheckError: null });
        }
        row.name = changes.name!;
        row.description = changes.description ?? null;
        row.active = spec.active !== false;
        row.notificationGroups.set((changes.groupIds ?? []).map((id) => tx.getReference(NotificationGroup, id)));
      },
    };
  },

  specOf: (row, context) =>
    compact({
      name: row.name,
      description: row.description,
      notificationGroups: row.notificationGroups.isInitialized() && row.notificationGroups.length
        ? groupNames(row.notificationGroups.getItems().map((group) => group.id), context.workspace)
        : undefined,
      active: row.active,
    }),

  statusOf: (row, now) =>
    compact({
      certificateNotAfter: isoSeconds(row.certificateNotAfter),
      daysUntilExpiry: row.certificateNotAfter ? daysUntilExpiry(row.certificateNotAfter, now) : undefined,
      lastCheckedAt: isoSeconds(row.lastCheckedAt),
    }),
};
