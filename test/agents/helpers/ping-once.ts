import { probePing } from '../../../agents/probes/ping.js';

/**
 * Runs one ping probe and prints its result as JSON. The ping test runs it inside a fresh network
 * namespace, where an address routed to the loopback device is never answered and nothing leaves
 * the machine.
 */
const [hostname = '127.0.0.1', timeoutMs = '300'] = process.argv.slice(2);
const result = await probePing({ type: 'ping', hostname, timeoutMs: Number(timeoutMs) }, new AbortController().signal, { allowPrivateTargets: true });
process.stdout.write(`${JSON.stringify(result)}\n`);
