import { Type } from '@sinclair/typebox';
import {
  COMPONENTS_MAX,
  DESCRIPTION_MAX,
  FRAME_ANCESTORS_MAX,
  LABEL_MAX,
  LINKS_MAX,
  NAME_MAX,
  SLUG_PATTERN,
  TITLE_MAX,
  URL_MAX,
} from '../../../../src/status-pages/status-page-fields.js';
import { celString } from '../../../resources/cel.js';
import { ageColumn, commonStatus, notBlank, ObjectName, readyColumn, type ResourceDefinition } from '../../../resources/common.js';

const Component = Type.Object(
  {
    uptimeCheck: Type.Optional({ ...ObjectName, description: 'name of an UptimeCheck in this namespace' }),
    domain: Type.Optional({ ...ObjectName, description: 'name of a Domain in this namespace' }),
    displayName: Type.String({ minLength: 1, maxLength: NAME_MAX, description: 'the name the public sees', 'x-kubernetes-validations': [notBlank('displayName')] }),
    group: Type.Optional(Type.String({ minLength: 1, maxLength: NAME_MAX, description: 'components of the same group are shown under its name' })),
  },
  { 'x-kubernetes-validations': [{ rule: 'has(self.uptimeCheck) != has(self.domain)', message: 'a component names exactly one of uptimeCheck and domain' }] },
);

const Link = Type.Object({
  label: Type.String({ minLength: 1, maxLength: LABEL_MAX, 'x-kubernetes-validations': [notBlank('label')] }),
  url: Type.String({ maxLength: URL_MAX, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', description: 'an absolute http or https URL' }),
});

/** The StatusPage custom resource: a public page of checks and domains of the namespace's workspace. */
export const StatusPageSpec = Type.Object({
  slug: Type.Optional(
    Type.String({ minLength: 1, maxLength: 63, pattern: SLUG_PATTERN, description: 'the page is served at /status/<slug>; unique in the installation; default: metadata.name' }),
  ),
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX, 'x-kubernetes-validations': [notBlank('title')] }),
  description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX })),
  components: Type.Optional(Type.Array(Component, { maxItems: COMPONENTS_MAX, 'x-kubernetes-list-type': 'atomic', description: 'in the order shown' })),
  showHostNames: Type.Optional(Type.Boolean({ default: false, description: 'show the target host names (hidden by default)' })),
  customDomain: Type.Optional(Type.String({ minLength: 1, maxLength: 253, description: 'a host name the page is also served on; unique in the installation' })),
  timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, default: 'UTC', description: 'IANA time zone the daily bars are cut in' })),
  links: Type.Optional(Type.Array(Link, { maxItems: LINKS_MAX, 'x-kubernetes-list-type': 'atomic' })),
  enabled: Type.Optional(Type.Boolean({ default: true, description: 'false: the page answers 404 like an unknown one' })),
  frameAncestors: Type.Optional(
    Type.Array(Type.String({ maxLength: URL_MAX, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+/?$' }), {
      maxItems: FRAME_ANCESTORS_MAX,
      'x-kubernetes-list-type': 'atomic',
      description: 'origins allowed to embed the page; default none',
    }),
  ),
});

export const StatusPageStatus = Type.Object({
  ...commonStatus,
  publicPath: Type.Optional(Type.String({ description: 'where the page is served' })),
});

export const statusPageResource: ResourceDefinition = {
  kind: 'StatusPage',
  plural: 'statuspages',
  singular: 'statuspage',
  shortNames: ['vsp'],
  spec: StatusPageSpec,
  status: StatusPageStatus,
  rootRules: [
    {
      rule: `has(self.spec.slug) || self.metadata.name.matches(${celString(SLUG_PATTERN)})`,
      message: 'metadata.name is not a slug (at most 63 lower-case letters, digits and inner dashes): set spec.slug',
      fieldPath: '.spec.slug',
    },
  ],
  printerColumns: [{ name: 'Path', type: 'string', jsonPath: '.status.publicPath' }, readyColumn, ageColumn],
};
