import { Type } from '@sinclair/typebox';
import { toStructuralSchema } from './crd-schema.js';
import { CATEGORY, GROUP, VERSION, type ResourceDefinition } from './resources/common.js';
import { MIRRORED_KINDS } from './mirror/kinds/registry.js';

/** The resources of the mirrored kinds: a kind's CRD comes from its one registry entry. */
export const resources: ResourceDefinition[] = MIRRORED_KINDS.map((kind) => kind.resource);

/** The CustomResourceDefinition of one kind: namespaced, one served version with a status subresource. */
export function customResourceDefinition(resource: ResourceDefinition): Record<string, unknown> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${resource.plural}.${GROUP}` },
    spec: {
      group: GROUP,
      scope: 'Namespaced',
      names: { kind: resource.kind, listKind: `${resource.kind}List`, plural: resource.plural, singular: resource.singular, shortNames: resource.shortNames, categories: [CATEGORY] },
      versions: [
        {
          name: VERSION,
          served: true,
          storage: true,
          subresources: { status: {} },
          additionalPrinterColumns: resource.printerColumns,
          schema: {
            openAPIV3Schema: toStructuralSchema(
              Type.Object(
                { spec: resource.spec, status: Type.Optional(resource.status) },
                { description: `${resource.kind} of Vantage monitoring`, ...(resource.rootRules ? { 'x-kubernetes-validations': resource.rootRules } : {}) },
              ),
            ),
          },
        },
      ],
    },
  };
}
