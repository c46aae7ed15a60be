import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus registry. One process may run several roles (`serve`) or several
 * instances of one component (tests), so metrics are fetched by name and created on first use:
 * every instance of a component updates the same series, told apart by labels where it matters.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

type Labels<L extends string> = readonly L[];

export function counter<L extends string = never>(name: string, help: string, labelNames: Labels<L> = []): Counter<L> {
  return (metricsRegistry.getSingleMetric(name) as Counter<L> | undefined) ??
    new Counter<L>({ name, help, labelNames: [...labelNames], registers: [metricsRegistry] });
}

export function gauge<L extends string = never>(name: string, help: string, labelNames: Labels<L> = []): Gauge<L> {
  return (metricsRegistry.getSingleMetric(name) as Gauge<L> | undefined) ??
    new Gauge<L>({ name, help, labelNames: [...labelNames], registers: [metricsRegistry] });
}

export function histogram<L extends string = never>(
  name: string,
  help: string,
  labelNames: Labels<L> = [],
  buckets?: number[],
): Histogram<L> {
  return (metricsRegistry.getSingleMetric(name) as Histogram<L> | undefined) ??
    new Histogram<L>({ name, help, labelNames: [...labelNames], registers: [metricsRegistry], ...(buckets ? { buckets } : {}) });
}
