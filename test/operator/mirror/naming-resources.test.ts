import test from 'ava';
import type { CustomResource } from '../../../operator/mirror/custom-resource.js';
import { domainKind } from '../../../operator/mirror/kinds/domain/kind.js';
import { maintenanceWindowKind } from '../../../operator/mirror/kinds/maintenance-window/kind.js';
import { MIRRORED_KINDS } from '../../../operator/mirror/kinds/registry.js';
import { uptimeCheckKind } from '../../../operator/mirror/kinds/uptime-check/kind.js';
import type { AnyKind } from '../../../operator/mirror/mirror-caches.js';
import { resourcesNaming } from '../../../operator/mirror/naming-resources.js';

const window = (name: string, spec: Record<string, unknown>): CustomResource => ({ metadata: { name, namespace: 'team' }, spec });

const windows = [
  window('db-upgrade', { scope: 'uptime_check', uptimeCheck: 'db' }),
  window('web-upgrade', { scope: 'uptime_check', uptimeCheck: 'web' }),
  window('everything', { scope: 'workspace' }),
];
const inNamespace = (kind: AnyKind) => (kind === maintenanceWindowKind ? windows : []);

test('a changed UptimeCheck reconciles again the windows naming it, and only those', (t) => {
  t.deepEqual(resourcesNaming(MIRRORED_KINDS, uptimeCheckKind, 'db', inNamespace), [{ kind: maintenanceWindowKind, key: 'team/db-upgrade' }]);
  t.deepEqual(resourcesNaming(MIRRORED_KINDS, uptimeCheckKind, 'api', inNamespace), []);
});

test('a kind no spec names reconciles nothing else', (t) => {
  t.deepEqual(resourcesNaming(MIRRORED_KINDS, domainKind, 'db', inNamespace), []);
  t.deepEqual(resourcesNaming(MIRRORED_KINDS, maintenanceWindowKind, 'db-upgrade', inNamespace), []);
});
