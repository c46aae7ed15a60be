import test from 'ava';
import { parseAgentTemplate } from '../../../operator/agents/agent-template.js';

test('the agent template is read with defaults, and a broken one says what is wrong', (t) => {
  const good = parseAgentTemplate({ 'agent-template.json': JSON.stringify({ probesPerSecondPerReplica: 50, podTemplate: { spec: { containers: [{ name: 'agent' }] } } }) });
  t.true(good.ok);
  if (good.ok) t.is(good.template.minReplicas, 2);
  t.regex((parseAgentTemplate(undefined) as { reason: string }).reason, /missing/);
  t.regex((parseAgentTemplate({ 'agent-template.json': '{' }) as { reason: string }).reason, /not JSON/);
  t.regex((parseAgentTemplate({ 'agent-template.json': '{"probesPerSecondPerReplica":0,"podTemplate":{"spec":{}}}' }) as { reason: string }).reason, /probesPerSecondPerReplica/);
  t.regex((parseAgentTemplate({ 'agent-template.json': '{"probesPerSecondPerReplica":1,"minReplicas":3,"maxReplicas":2,"podTemplate":{"spec":{}}}' }) as { reason: string }).reason, /maxReplicas/);
});
