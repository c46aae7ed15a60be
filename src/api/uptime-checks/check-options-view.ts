import {
  BANNER_OPERATORS,
  CHECK_DEFAULTS,
  CHECK_FREQUENCIES,
  CHECK_LIMITS,
  DNS_RECORD_TYPES,
  PROTOCOLS,
  REQUEST_METHODS,
  RESPONSE_CLASSES,
} from '../../domain/check-options.js';
import { capabilityDenial, capabilityForCheckType, type Entitlement } from '../../domain/entitlement.js';
import { CHECK_TYPES, type CheckType } from '../../store/entities/uptime-check.js';

export interface CheckTypeOptions {
  /** Locations whose agents can run this type: the allowed values of trigger_locations. */
  locations: string[];
  /** False when the plan lacks the capability this type needs (create, update, resume and test-now give 403). */
  allowed_by_plan: boolean;
  /** The capability the type needs, if any. */
  capability: string | null;
  /** Body fields that apply to this type besides the common ones. */
  fields: string[];
}

export interface CheckOptions {
  check_types: { http: CheckTypeOptions; ping: CheckTypeOptions; dns: CheckTypeOptions; tcp: CheckTypeOptions };
  check_frequencies: number[];
  protocols: string[];
  request_methods: string[];
  response_classes: string[];
  dns_record_types: string[];
  banner_match_operators: string[];
  defaults: {
    check_frequency: number;
    request_method: string;
    response_timeout: number;
    response_classes: string[];
    path: string;
    flag_follow_redirect: boolean;
    min_failing_locations: number;
    banner_match_operator: string;
  };
  limits: {
    name_max_length: number;
    hostname_max_length: number;
    path_max_length: number;
    response_timeout_min_ms: number;
    response_timeout_max_ms: number;
    dns_expected_values_min: number;
    dns_expected_values_max: number;
    dns_expected_value_max_bytes: number;
    dns_expected_values_max_total_bytes: number;
    port_min: number;
    port_max: number;
    forbidden_ports: number[];
    banner_match_value_max_bytes: number;
    notification_groups_max: number;
  };
}

const TYPE_FIELDS: Record<CheckType, string[]> = {
  http: ['protocol', 'path', 'request_method', 'response_classes', 'flag_follow_redirect'],
  ping: [],
  dns: ['dns_record_type', 'dns_expected_values'],
  tcp: ['port', 'banner_match_operator', 'banner_match_value'],
};

export function checkOptions(locations: Record<CheckType, string[]>, entitlement: Entitlement): CheckOptions {
  const typeOptions = (type: CheckType): CheckTypeOptions => {
    const capability = capabilityForCheckType(type);
    return { locations: locations[type], allowed_by_plan: capabilityDenial(entitlement, capability) === null, capability, fields: TYPE_FIELDS[type] };
  };
  const [http, ping, dns, tcp] = CHECK_TYPES.map(typeOptions) as [CheckTypeOptions, CheckTypeOptions, CheckTypeOptions, CheckTypeOptions];
  const l = CHECK_LIMITS;
  const d = CHECK_DEFAULTS;
  return {
    check_types: { http, ping, dns, tcp },
    check_frequencies: [...CHECK_FREQUENCIES],
    protocols: [...PROTOCOLS],
    request_methods: [...REQUEST_METHODS],
    response_classes: [...RESPONSE_CLASSES],
    dns_record_types: [...DNS_RECORD_TYPES],
    banner_match_operators: [...BANNER_OPERATORS],
    defaults: {
      check_frequency: d.checkFrequency,
      request_method: d.requestMethod,
      response_timeout: d.responseTimeout,
      response_classes: [...d.responseClasses],
      path: d.path,
      flag_follow_redirect: d.flagFollowRedirect,
      min_failing_locations: d.minFailingLocations,
      banner_match_operator: d.bannerMatchOperator,
    },
    limits: {
      name_max_length: l.nameMaxLength,
      hostname_max_length: l.hostnameMaxLength,
      path_max_length: l.pathMaxLength,
      response_timeout_min_ms: l.responseTimeoutMinMs,
      response_timeout_max_ms: l.responseTimeoutMaxMs,
      dns_expected_values_min: l.dnsExpectedValuesMin,
      dns_expected_values_max: l.dnsExpectedValuesMax,
      dns_expected_value_max_bytes: l.dnsExpectedValueMaxBytes,
      dns_expected_values_max_total_bytes: l.dnsExpectedValuesMaxTotalBytes,
      port_min: l.portMin,
      port_max: l.portMax,
      forbidden_ports: [...l.forbiddenPorts],
      banner_match_value_max_bytes: l.bannerMatchValueMaxBytes,
      notification_groups_max: l.notificationGroupsMax,
    },
  };
}
