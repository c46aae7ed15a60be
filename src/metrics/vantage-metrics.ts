import { counter, histogram } from './registry.js';

/**
 * The metrics Vantage exports about its own work, by name in one place, so that the dashboard
 * and the alert rules under charts/vantage/monitoring/ and the code agree. Gauges read at scrape
 * time (actors, open cycles, outbox depth) are added where their source lives, with `sampledGauge`.
 */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const probesTotal = () =>
  counter('vantage_probes_total', 'Probes run by this agent, by location, probe type and outcome (up, down, unsupported, dropped)', ['location', 'type', 'outcome']);

export const probePhaseSeconds = () =>
  histogram('vantage_probe_phase_seconds', 'Probe latency by phase: dns, connect, tls, first_byte and total', ['location', 'type', 'phase'], latencyBuckets);

export const cycleStartLagSeconds = () =>
  histogram('vantage_cycle_start_lag_seconds', 'How late a scheduled cycle published its probe requests after its slot', [], [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30]);

export const deliveryAttemptsTotal = () =>
  counter('vantage_delivery_attempts_total', 'Notification delivery attempts by channel and outcome', ['channel', 'outcome']);

export const deliverySeconds = () => histogram('vantage_delivery_seconds', 'How long a notification delivery attempt took, by channel', ['channel'], latencyBuckets);

export const httpRequestSeconds = () =>
  histogram('vantage_http_request_duration_seconds', 'API request latency by method, route and status class', ['method', 'route', 'status'], latencyBuckets);
