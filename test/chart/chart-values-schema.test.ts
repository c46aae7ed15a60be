import test from 'ava';
import { refusal, render } from './helpers/chart.js';

/**
 * Values that used to render into broken objects or a silently wrong system: each is refused by
 * `helm template` (values.schema.json, or the chart's checks between values) with a message that
 * names the value.
 */
const badValues: { name: string; values: Record<string, unknown>; message: RegExp }[] = [
  { name: 'an empty nats.url', values: { 'nats.url': '' }, message: /\/nats\/url/ },
  { name: 'a nats.url that is not nats:// or tls://', values: { 'nats.url': 'http://nats:4222' }, message: /\/nats\/url/ },
  { name: 'no locations', values: { 'agents.locations': [] }, message: /\/agents\/locations/ },
  { name: 'a location id that is not a DNS label', values: { 'agents.locations': [{ id: 'EU_West' }] }, message: /\/agents\/locations\/0\/id/ },
  { name: 'a location id starting with a dash', values: { 'agents.locations': [{ id: '-eu' }] }, message: /\/agents\/locations\/0\/id/ },
  { name: 'a location id too long for its Deployment name', values: { 'agents.locations': [{ id: 'a'.repeat(50) }] }, message: /\/agents\/locations\/0\/id/ },
  { name: 'a location without id', values: { 'agents.locations': [{ nodeSelector: { a: 'b' } }] }, message: /missing property 'id'/ },
  { name: 'the same location twice', values: { 'agents.locations': [{ id: 'eu-west' }, { id: 'eu-west' }] }, message: /the id "eu-west" appears twice/ },
  { name: 'non-integer api replicas', values: { 'api.replicas': 1.5 }, message: /\/api\/replicas/ },
  { name: 'engine replicas as a word', values: { 'engine.replicas': 'two' }, message: /\/engine\/replicas/ },
  { name: 'zero operator replicas', values: { 'operator.replicas': 0 }, message: /\/operator\/replicas/ },
  { name: 'non-integer agent minReplicas', values: { 'agents.minReplicas': 2.5 }, message: /\/agents\/minReplicas/ },
  { name: 'agents.maxReplicas below minReplicas', values: { 'agents.minReplicas': 5, 'agents.maxReplicas': 3 }, message: /agents.maxReplicas \(3\) is below agents.minReplicas \(5\)/ },
  { name: 'an unknown pull policy', values: { 'image.pullPolicy': 'Sometimes' }, message: /\/image\/pullPolicy/ },
  { name: 'a bad log level', values: { logLevel: 'verbose' }, message: /\/logLevel/ },
  { name: 'zero partitions', values: { partitions: 0 }, message: /\/partitions/ },
  { name: 'too many partitions', values: { partitions: 1025 }, message: /\/partitions/ },
  { name: 'fractional partitions', values: { partitions: 2.5 }, message: /\/partitions/ },
  { name: 'neither a database URL nor an existing Secret', values: { 'postgresql.url': '' }, message: /\/postgresql/ },
  { name: 'a database URL that is not postgres://', values: { 'postgresql.url': 'mysql://db/vantage' }, message: /\/postgresql\/url/ },
  { name: 'an AMQP URL that is not amqp://', values: { 'amqp.url': 'rabbit://mq' }, message: /\/amqp\/url/ },
  { name: 'a zero probe rate per agent replica', values: { 'agents.probesPerSecondPerReplica': 0 }, message: /\/agents\/probesPerSecondPerReplica/ },
  { name: 'zero agent concurrency', values: { 'agents.concurrency': 0 }, message: /\/agents\/concurrency/ },
  { name: 'a DNS resolver that is not an address', values: { 'agents.dnsResolver': 'dns.google' }, message: /\/agents\/dnsResolver/ },
  { name: 'an API port a non-root pod cannot bind', values: { 'api.port': 80 }, message: /\/api\/port/ },
  { name: 'a trusted proxy that is not an address or range', values: { 'api.trustedProxies': ['ingress.local'] }, message: /\/api\/trustedProxies\/0/ },
  { name: 'no database connections for the API', values: { 'api.databaseConnections': 0 }, message: /\/api\/databaseConnections/ },
  { name: 'more database connections than the API allows', values: { 'api.databaseConnections': 101 }, message: /\/api\/databaseConnections/ },
  { name: 'a fractional number of database connections', values: { 'api.databaseConnections': 2.5 }, message: /\/api\/databaseConnections/ },
  { name: 'the API database connections through extraEnv', values: { extraEnv: { VANTAGE_API_DATABASE_CONNECTIONS: '8' } }, message: /extraEnv.VANTAGE_API_DATABASE_CONNECTIONS: set it through its own value/ },
  { name: 'a lease shorter than the operator allows', values: { 'operator.leaseSeconds': 1 }, message: /\/operator\/leaseSeconds/ },
  { name: 'a misspelt key', values: { 'api.replica': 3 }, message: /additional properties 'replica' not allowed/ },
  { name: 'a resource quantity that is not one', values: { 'api.resources': { requests: { cpu: 'lots' } } }, message: /\/api\/resources\/requests\/cpu/ },
  { name: 'a toleration with an unknown operator', values: { tolerations: [{ key: 'a', operator: 'Maybe' }] }, message: /\/tolerations\/0\/operator/ },
  { name: 'a node selector with a non-string value', values: { 'agents.locations': [{ id: 'eu', nodeSelector: { zone: 1 } }] }, message: /\/agents\/locations\/0\/nodeSelector\/zone/ },
  { name: 'an image pull secret given as a bare string', values: { imagePullSecrets: ['regcred'] }, message: /\/imagePullSecrets\/0/ },
  { name: 'an extraEnv name that is not an environment variable', values: { extraEnv: { 'public-url': 'x' } }, message: /\/extraEnv.*'public-url' not allowed/ },
  { name: 'an extraEnv that overrides a chart-managed setting', values: { extraEnv: { NATS_URL: 'nats://elsewhere:4222' } }, message: /extraEnv.NATS_URL: set it through its own value/ },
  { name: 'a scrape interval that is not a duration', values: { 'metrics.serviceMonitor': { enabled: true, interval: 'soon' } }, message: /\/metrics\/serviceMonitor\/interval/ },
  { name: 'a PDB maxUnavailable of zero', values: { 'api.podDisruptionBudget': { enabled: true, maxUnavailable: 0 } }, message: /\/api\/podDisruptionBudget\/maxUnavailable/ },
];

for (const { name, values, message } of badValues) {
  test(`helm template refuses ${name}`, async (t) => {
    t.regex(await refusal({ values }), message);
  });
}

test('the good values next to the bad ones render', async (t) => {
  const objects = await render({
    values: { 'agents.locations': [{ id: 'eu-west' }, { id: 'a'.repeat(49) }], 'api.replicas': 1, partitions: 1024, 'agents.dnsResolver': '10.0.0.10:53' },
  });
  t.true(objects.some((o) => o.kind === 'Deployment'));
});
