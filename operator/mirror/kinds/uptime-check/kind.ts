import { everyLocationSupportsEverything, locationsByCheckType } from '../../../../src/domain/check-options.js';
import { validateCheck, type CheckConfig } from '../../../../src/domain/check-validation.js';
import { capabilityDenial, capabilityForCheckType } from '../../../../src/domain/entitlement.js';
import { Incident } from '../../../../src/store/entities/incident.js';
import { createUptimeCheck, deleteUptimeCheck, updateUptimeCheck } from '../../../../src/services/uptime-check-service.js';
import { UptimeCheck } from '../../../../src/store/entities/uptime-check.js';
import { uptimeCheckResource } from './resource.js';
import { compact, groupIds, groupNames, isoSeconds, specField, type MirrorContext, type MirroredKind } from '../mirrored-kind.js';

/** Spec field → API field, for the fields whose names differ only by case. */
const SPEC_TO_API: Record<string, string> = {
  checkType: 'check_type',
  hostname: 'hostname',
  protocol: 'protocol',
  path: 'path',
  checkFrequency: 'check_frequency',
  requestMethod: 'request_method',
  responseTimeout: 'response_timeout',
  triggerLocations: 'trigger_locations',
  minFailingLocations: 'min_failing_locations',
  responseClasses: 'response_classes',
  flagFollowRedirect: 'flag_follow_redirect',
  dnsRecordType: 'dns_record_type',
  dnsExpectedValues: 'dns_expected_values',
  port: 'port',
  bannerMatchOperator: 'banner_match_operator',
  bannerMatchValue: 'banner_match_value',
};

const messageField = (apiField: string): string => (apiField === 'notification_group_ids' ? 'notificationGroups' : specField(apiField));

interface CheckInput {
  config: CheckConfig;
  paused: boolean;
}

/** A check's stored values: its validated config, as a row holds it (the record type as the column's text). */
type CheckValues = Omit<CheckConfig, 'dnsRecordType'> & { dnsRecordType: string | null };

/** The spec of a check's values, whether they come from its row or from a spec just read: one spelling, compared as plain values. */
function specOfValues(values: CheckValues, paused: boolean, context: MirrorContext): Record<string, unknown> {
  return compact({
    name: values.name,
    checkType: values.checkType,
    hostname: values.hostname,
    protocol: values.protocol,
    path: values.path,
    checkFrequency: values.checkFrequency,
    requestMethod: values.requestMethod,
    responseTimeout: values.responseTimeout,
    triggerLocations: [...values.triggerLocations],
    minFailingLocations: values.minFailingLocations,
    responseClasses: values.responseClasses.length ? [...values.responseClasses] : undefined,
    flagFollowRedirect: values.checkType === 'http' ? values.flagFollowRedirect : undefined,
    notificationGroups: values.notificationGroupIds.length ? groupNames(values.notificationGroupIds, context.workspace) : undefined,
    dnsRecordType: values.dnsRecordType,
    dnsExpectedValues: values.dnsExpectedValues ? [...values.dnsExpectedValues] : undefined,
    port: values.port,
    bannerMatchOperator: values.bannerMatchOperator,
    bannerMatchValue: values.bannerMatchOperator && values.bannerMatchOperator !== 'none' ? values.bannerMatchValue : undefined,
    paused,
  });
}

export const uptimeCheckKind: MirroredKind<UptimeCheck, CheckInput> = {
  resource: uptimeCheckResource,
  kind: uptimeCheckResource.kind,
  plural: uptimeCheckResource.plural,
  drivesAgents: true,
  notice: 'uptime_check',
  entity: UptimeCheck,

  references: [],
  findRows: (em, where) => em.find(UptimeCheck, where, { populate: ['notificationGroups', 'lastRunAt'], orderBy: { id: 'asc' } }),

  read(spec, resourceName, context, existing) {
    const body: Record<string, unknown> = { name: spec.name ?? resourceName };
    for (const [specName, apiName] of Object.entries(SPEC_TO_API)) if (spec[specName] !== undefined) body[apiName] = spec[specName];
    const groups = groupIds(spec.notificationGroups, context.workspace);
    if ('ids' in groups) body.notification_group_ids = groups.ids;
    const result = validateCheck(body, {
      locations: locationsByCheckType(context.locations, everyLocationSupportsEverything),
      allowPrivateTargets: context.allowPrivateTargets,
      ...(existing ? { savedCheckType: existing.checkType } : {}),
    });
    const problems: Record<string, string> = {};
    if (!result.ok) for (const [field, reason] of Object.entries(result.fields)) problems[messageField(field)] = reason;
    if ('problem' in groups) problems.notificationGroups = groups.problem;
    const denial = capabilityDenial(context.workspace.entitlement, capabilityForCheckType(String(spec.checkType)));
    if (denial) problems.checkType = denial.message;
    if (!result.ok || Object.keys(problems).length > 0) return { ok: false, problems };
    return { ok: true, input: { config: result.config, paused: spec.paused === true } };
  },

  // The services write with SQL of their own and answer the row's id: the row is read back as an entity.
  save: async (unit, owner, existing, { config, paused }, origin) =>
    unit.tx.findOneOrFail(
      UptimeCheck,
      existing ? await updateUptimeCheck(unit, owner, existing.id, () => config, origin, paused) : await createUptimeCheck(unit, owner, config, origin, paused),
      { populate: ['notificationGroups', 'lastRunAt'], refresh: true },
    ),

  remove: (unit, workspaceId, id, origin) => deleteUptimeCheck(unit, workspaceId, id, origin),

  specOf: (row, context) =>
    specOfValues(
      {
        name: row.name,
        checkType: row.checkType,
        hostname: row.hostname,
        protocol: row.protocol,
        path: row.path,
        checkFrequency: row.checkFrequency,
        requestMethod: row.requestMethod,
        responseTimeout: row.responseTimeout,
        triggerLocations: row.triggerLocations,
        minFailingLocations: row.minFailingLocations,
        responseClasses: row.responseClasses,
        flagFollowRedirect: row.flagFollowRedirect,
        dnsRecordType: row.dnsRecordType,
        dnsExpectedValues: row.dnsExpectedValues,
        port: row.port,
        bannerMatchOperator: row.bannerMatchOperator,
        bannerMatchValue: row.bannerMatchValue,
        notificationGroupIds: row.notificationGroups.isInitialized() ? row.notificationGroups.getItems().map((group) => group.id) : [],
      },
      row.paused,
      context,
    ),

  specOfInput: ({ config, paused }, context) => specOfValues(config, paused, context),

  openIncidentOf: async (em, id) => (await em.findOne(Incident, { check: id, status: { $in: ['open', 'acknowledged'] } }, { fields: ['id'] }))?.id ?? null,

  statusOf: (row, _now, openIncidentId) =>
    compact({ state: row.paused ? 'paused' : row.state, lastRunAt: isoSeconds(row.lastRunAt), openIncidentId: openIncidentId ?? undefined }),
};
