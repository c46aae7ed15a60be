import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus registry. One process may run several roles (`serve`) or several
 * instances of one component (tests), so metrics are fetched by name and created on first use:
 * every instance of a component updates the same series, told apart by labels where it matters.
 */
export const metricsRegistry = new Registry();
// The event-loop delay monitor samples every 100 ms, not prom-client's default 10 ms: each sample is a
// wake-up of an otherwise idle process, about half a percent of a core per process at 10 ms (see "Idle wake-ups"
// under Cluster at scale in the README). A stall long enough to matter still shows.
const eventLoopSampleMs = 100;
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: eventLoopSampleMs });

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

type Source = () => number | Promise<number>;
const sources = new Map<string, Set<Source>>();

/**
 * A gauge read from its sources when Prometheus scrapes: every instance that adds a source (one
 * engine, one notifier) contributes, `sum` adding them up (actors of several engines in one
 * process), `max` taking the largest (the outbox depth every notifier sees alike). Returns the
 * function that removes the source again.
 */
export function sampledGauge(name: string, help: string, combine: 'sum' | 'max', source: Source): () => void {
  let mine = sources.get(name);
  if (!mine) {
    const registered = new Set<Source>();
    mine = registered;
    sources.set(name, registered);
    new Gauge({
      name,
      help,
      registers: [metricsRegistry],
      async collect() {
        const values = await Promise.all([...registered].map((read) => Promise.resolve().then(read).catch(() => Number.NaN)));
        const known = values.filter((value) => !Number.isNaN(value));
        if (known.length > 0) this.set(combine === 'sum' ? known.reduce((a, b) => a + b, 0) : Math.max(...known));
      },
    });
  }
  mine.add(source);
  return () => mine.delete(source);
}
