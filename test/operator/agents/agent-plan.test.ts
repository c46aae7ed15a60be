import test from 'ava';
import { agentReplicasByLocation } from '../../../operator/agents/agent-plan.js';

test('agent replicas follow the probe rate per location, with a floor and a ceiling', (t) => {
  const template = { probesPerSecondPerReplica: 1, minReplicas: 2, maxReplicas: 5 };
  const checks = [
    ...Array.from({ length: 300 }, () => ({ triggerLocations: ['eu-west', 'us-east'], checkFrequency: 1 })),
    { triggerLocations: ['ap-south', 'ap-south'], checkFrequency: 15 },
  ];
  t.deepEqual([...agentReplicasByLocation(checks, template)], [['ap-south', 2], ['eu-west', 5], ['us-east', 5]]);
  t.deepEqual([...agentReplicasByLocation(checks.slice(0, 180), template)], [['eu-west', 3], ['us-east', 3]]);
  t.deepEqual([...agentReplicasByLocation([], template)], []);
});
