import test from 'ava';
import { resourceNameForRow } from '../../../operator/mirror/resource-name.js';

test('API-made rows get DNS-safe resource names that keep their id', (t) => {
  t.is(resourceNameForRow('UptimeCheck', { id: 12, name: 'Shop API!' }), 'shop-api-12');
  t.is(resourceNameForRow('UptimeCheck', { id: 3, name: '☃☃' }), 'uptimecheck-3');
  t.is(resourceNameForRow('Domain', { id: 4, name: 'Ünïcode\ud800 name' }), 'unicode-name-4');
  t.true(resourceNameForRow('Domain', { id: 99, name: 'x'.repeat(300) }).length <= 63);
});
