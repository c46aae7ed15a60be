/**
 * Resolves on the event loop's next turn, after the I/O and timers already due. The embedded
 * database answers within the call (PGlite runs on this thread), so a chain of statements awaited
 * one after another never leaves the microtask queue: at rest with 10,000 checks, `serve`'s
 * engine held the loop for 0.5–0.9 s every few seconds, and every request that arrived meanwhile
 * waited that long before it was even read.
 */
export const nextEventLoopTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
