import test from 'ava';
import { crossSiteReason, isStateChanging } from '../../src/domain/cross-site.js';

const marks = (over: Partial<Parameters<typeof crossSiteReason>[0]>) => ({ secFetchSite: undefined, origin: undefined, host: 'api.example.com', publicOrigin: undefined, ...over });

test('requests without browser marks (the mobile app, scripts) and same-origin ones pass', (t) => {
  t.is(crossSiteReason(marks({})), null);
  t.is(crossSiteReason(marks({ secFetchSite: 'same-origin', origin: 'https://api.example.com' })), null);
  t.is(crossSiteReason(marks({ secFetchSite: 'none' })), null);
  t.is(crossSiteReason(marks({ host: 'vantage-api:8080', origin: 'https://vantage.example.com', publicOrigin: 'https://vantage.example.com' })), null);
});

test('cross-site and same-site marks, foreign and opaque origins are refused', (t) => {
  t.regex(crossSiteReason(marks({ secFetchSite: 'cross-site' })) ?? '', /cross-site/);
  t.regex(crossSiteReason(marks({ secFetchSite: 'same-site' })) ?? '', /same-site/);
  t.regex(crossSiteReason(marks({ origin: 'https://evil.example' })) ?? '', /another site/);
  t.regex(crossSiteReason(marks({ origin: 'null' })) ?? '', /not a URL/);
  t.regex(crossSiteReason(marks({ origin: 'https://api.example.com.evil.example' })) ?? '', /another site/);
});

test('state-changing methods', (t) => {
  t.false(isStateChanging('GET'));
  t.false(isStateChanging('head'));
  t.true(isStateChanging('POST'));
  t.true(isStateChanging('DELETE'));
});
