import test from 'ava';
import { planCluster } from '../../src/cluster/cluster-plan.js';

test('the cluster plan: 2 api on consecutive ports, 2 engines, agents for every location with 2 replicas of the first, one installation', (t) => {
  const plan = planCluster({
    databaseUrl: 'postgres://db',
    natsUrl: 'nats://bus',
    clusterName: 'local',
    locations: ['eu-west', 'us-east', 'ap-south'],
    firstLocationReplicas: 2,
    apiReplicas: 2,
    engineReplicas: 2,
    basePort: 8080,
  });
  t.deepEqual(
    plan.map((p) => p.name),
    ['api-1', 'api-2', 'engine-1', 'engine-2', 'agent-eu-west-1', 'agent-eu-west-2', 'agent-us-east-1', 'agent-ap-south-1'],
  );
  t.deepEqual(plan.filter((p) => p.env.PORT).map((p) => p.env.PORT), ['8080', '8081']);
  const opsPorts = plan.map((p) => p.env.VANTAGE_OPS_PORT).filter(Boolean);
  t.is(new Set(opsPorts).size, 6, 'every engine and agent has an ops port of its own');
  t.true(plan.every((p) => p.env.VANTAGE_CLUSTER_NAME === 'local' && p.env.NATS_URL === 'nats://bus' && p.env.DATABASE_URL === 'postgres://db'));
  t.deepEqual(plan.find((p) => p.name === 'agent-eu-west-2')?.args, ['agent', '--location', 'eu-west', '--id', 'eu-west-2']);
  t.deepEqual(plan.filter((p) => p.location === 'eu-west').length, 2);
});
