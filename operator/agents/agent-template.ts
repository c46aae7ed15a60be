import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

const Placement = Type.Object({
  nodeSelector: Type.Optional(Type.Record(Type.String(), Type.String())),
  affinity: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  tolerations: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
});

/** The operator's configuration of agent Deployments: the ConfigMap key `agent-template.json` (the chart renders it). */
export const AgentTemplate = Type.Object({
  probesPerSecondPerReplica: Type.Number({ exclusiveMinimum: 0 }),
  minReplicas: Type.Integer({ minimum: 1, default: 2 }),
  maxReplicas: Type.Integer({ minimum: 1, default: 20 }),
  podTemplate: Type.Object({
    metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    spec: Type.Record(Type.String(), Type.Unknown()),
  }),
  placement: Type.Optional(
    Type.Object({ default: Type.Optional(Placement), locations: Type.Optional(Type.Record(Type.String(), Placement)) }),
  ),
});
export type AgentTemplate = Static<typeof AgentTemplate>;
export type Placement = Static<typeof Placement>;

export const AGENT_TEMPLATE_KEY = 'agent-template.json';

/** Reads the template from the ConfigMap's data; a readable reason when it is missing or malformed. */
export function parseAgentTemplate(data: Record<string, string> | undefined): { ok: true; template: AgentTemplate } | { ok: false; reason: string } {
  const text = data?.[AGENT_TEMPLATE_KEY];
  if (text === undefined) return { ok: false, reason: `the key ${AGENT_TEMPLATE_KEY} is missing` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `${AGENT_TEMPLATE_KEY} is not JSON: ${(error as Error).message}` };
  }
  const withDefaults = Value.Default(AgentTemplate, parsed);
  const first = Value.Errors(AgentTemplate, withDefaults).First();
  if (first) return { ok: false, reason: `${AGENT_TEMPLATE_KEY}${first.path.replaceAll('/', '.')}: ${first.message}` };
  const template = withDefaults as AgentTemplate;
  if (template.maxReplicas < template.minReplicas) return { ok: false, reason: 'maxReplicas is below minReplicas' };
  return { ok: true, template };
}
