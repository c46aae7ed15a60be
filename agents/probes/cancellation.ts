/**
 * Cancellation listeners fanned out from one EventTarget listener per signal. Thousands of
 * probes share the agent's signal; adding and removing an EventTarget listener per probe would
 * cost more than a ping, while a Set entry costs almost nothing.
 */
const listenersBySignal = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `listener` when `signal` aborts; returns the function that forgets it. */
export function onCancel(signal: AbortSignal, listener: () => void): () => void {
  let listeners = listenersBySignal.get(signal);
  if (!listeners) {
    const created = new Set<() => void>();
    listeners = created;
    listenersBySignal.set(signal, created);
    signal.addEventListener('abort', () => {
      for (const cancel of [...created]) cancel();
      created.clear();
    }, { once: true });
  }
  const registered = listeners;
  registered.add(listener);
  return () => registered.delete(listener);
}
