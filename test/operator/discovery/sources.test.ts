import test from 'ava';
import type { V1Ingress, V1Service } from '@kubernetes/client-node';
import { httpRouteTargets, type Gateway, type HttpRoute } from '../../../operator/discovery/http-route.js';
import { ingressTargets } from '../../../operator/discovery/ingress.js';
import { serviceTargets } from '../../../operator/discovery/service.js';
import { targetUrl } from '../../../operator/discovery/targets.js';

const urls = (found: { targets: Parameters<typeof targetUrl>[0][] }) => found.targets.map(targetUrl);

test('an Ingress: one target per (host, path), https where spec.tls covers the host; no host or a wildcard host is left out', (t) => {
  const ingress: V1Ingress = {
    spec: {
      tls: [{ hosts: ['Shop.Example.com.', '*.wild.example.com'] }],
      rules: [
        { host: 'shop.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: {} }, { path: '/api', pathType: 'Exact', backend: {} }] } },
        { host: 'blog.example.com', http: { paths: [{ pathType: 'ImplementationSpecific', backend: {} }] } },
        { host: 'a.wild.example.com' },
        { host: '*.wild.example.com' },
        { http: { paths: [{ path: '/', pathType: 'Prefix', backend: {} }] } },
      ],
    },
  };
  const found = ingressTargets(ingress);
  t.deepEqual(urls(found), ['https://shop.example.com/', 'https://shop.example.com/api', 'http://blog.example.com/', 'https://a.wild.example.com/']);
  t.deepEqual(found.tlsHosts, ['shop.example.com'], 'a wildcard certificate names no one host');
});

test('a LoadBalancer Service: a TCP target per TCP port once it has an address; HTTP(S) when annotated so', (t) => {
  const service: V1Service = {
    spec: { type: 'LoadBalancer', ports: [{ port: 443 }, { port: 8443, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }] },
    status: { loadBalancer: { ingress: [{ hostname: 'lb.example.com' }] } },
  };
  t.deepEqual(urls(serviceTargets(service, { protocol: 'tcp', path: null })), ['tcp://lb.example.com:443', 'tcp://lb.example.com:8443']);
  t.deepEqual(urls(serviceTargets(service, { protocol: 'https', path: '/healthz' })), ['https://lb.example.com/healthz', 'https://lb.example.com:8443/healthz']);
  t.deepEqual(serviceTargets({ ...service, status: {} }, { protocol: 'tcp', path: null }).targets, []);
  t.deepEqual(serviceTargets({ ...service, spec: { ...service.spec, type: 'ClusterIP' } }, { protocol: 'tcp', path: null }).targets, []);
});

const gateway: Gateway = {
  metadata: { name: 'gw', namespace: 'infra' },
  spec: {
    listeners: [
      { name: 'https', hostname: '*.example.com', port: 443, protocol: 'HTTPS', allowedRoutes: { namespaces: { from: 'All' } } },
      { name: 'alt', port: 8080, protocol: 'HTTP', allowedRoutes: { namespaces: { from: 'Selector', selector: { matchLabels: { gateway: 'yes' } } } } },
      { name: 'same', port: 80, protocol: 'HTTP' },
      { name: 'tls', port: 8443, protocol: 'TLS', allowedRoutes: { namespaces: { from: 'All' } } },
    ],
  },
};

const route = (parentRefs: NonNullable<HttpRoute['spec']>['parentRefs']): HttpRoute => ({
  metadata: { name: 'r', namespace: 'shop' },
  spec: {
    parentRefs,
    hostnames: ['shop.example.com', 'other.org'],
    rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/cart' } }, { path: { type: 'RegularExpression', value: '/x.*' } }] }, {}],
  },
});

test('an HTTPRoute: each listener of its Gateway that accepts it gives its protocol and port; sectionName picks one', (t) => {
  const labels = (name: string): Record<string, string> => (name === 'shop' ? { gateway: 'yes' } : {});
  const every = httpRouteTargets(route([{ name: 'gw', namespace: 'infra' }]), [gateway], labels);
  t.deepEqual(urls(every), [
    'https://shop.example.com/cart',
    'https://shop.example.com/',
    'http://shop.example.com:8080/cart',
    'http://shop.example.com:8080/',
    'http://other.org:8080/cart',
    'http://other.org:8080/',
  ]);
  t.deepEqual(every.tlsHosts, ['shop.example.com'], 'the listener hostname keeps other.org off HTTPS');
  t.deepEqual(urls(httpRouteTargets(route([{ name: 'gw', namespace: 'infra', sectionName: 'alt' }]), [gateway], () => ({}))), [], 'the selector refuses an unlabelled namespace');
  t.deepEqual(urls(httpRouteTargets(route([{ name: 'gw', namespace: 'infra', sectionName: 'same' }]), [gateway], labels)), [], 'Same: only routes of the gateway namespace');
  t.deepEqual(httpRouteTargets(route([{ name: 'missing' }]), [gateway], labels).targets, []);
});
