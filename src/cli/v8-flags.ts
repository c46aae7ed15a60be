import { setFlagsFromString } from 'node:v8';

/**
 * Imported first by the command line, before any role allocates: V8's allocation-site
 * pretenuring off. With it on (V8's default), a quarter of what the API allocated under load
 * survived two scavenges and was promoted, among it the JSON text of every list page as `pg`
 * parsed it; the old generation filled at about 50 MB a second and a mark-compact ran every
 * 2.3 s at 1,000 requests a second, each a burst of 30–50 ms answers. With it off, a third as
 * much was promoted and a mark-compact ran every 6.5 s (README, fifteenth pass). Measured, not
 * derived: V8's pretenuring statistics showed no site decided tenured, only sites it tracks with
 * allocation mementos. Set at run time, the flag holds for every collection after it; on the
 * `node` command line it would need every way of starting a role (npm start, the image's entry
 * point, the bin link, the tests' children) to pass it.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
