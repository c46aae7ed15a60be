import { pingSocketKind, probePing } from '../../../agents/probes/ping.js';
import { supportedProbeTypes } from '../../../agents/probes/registry.js';

/**
 * Pings each address once, in parallel, and prints the socket kind the process chose, the probe
 * types it would announce and the results as JSON. Ping tests run it in a fresh network namespace
 * (an address routed to the loopback device is never answered, nothing leaves the machine, and
 * net.ipv4.ping_group_range can be set there) and as another user.
 *
 * usage: ping-in-child.js TIMEOUT_MS ADDRESS...
 */
const [timeoutMs = '300', ...addresses] = process.argv.slice(2);
const signal = new AbortController().signal;
const results = await Promise.all(
  addresses.map((hostname) => probePing({ type: 'ping', hostname, timeoutMs: Number(timeoutMs) }, signal, { allowPrivateTargets: true })),
);
process.stdout.write(`${JSON.stringify({ kind: pingSocketKind(), announced: supportedProbeTypes(), results })}\n`);
process.exit(0);
