/**
 * Time as the engine sees it. Production uses the system clock; tests inject a fake one and move
 * it forward, so a schedule of minutes runs in milliseconds without any flag in the product.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export type TimerHandle = { readonly __timer: unique symbol } | object;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => {
    const timer = setTimeout(callback, delayMs);
    // The scheduler's single timer must never keep a stopping process alive.
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
