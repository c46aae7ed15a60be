/**
 * Resolves on the event loop's next turn, after the I/O and timers already due. The embedded
 * database answers within the call (PGlite runs on this thread), so a chain of statements awaited
 * one after another, or transactions queued for its one connection, never leave the microtask
 * queue: at rest with 10,000 checks, `serve`'s engine held the loop for 0.5–1.1 s two or three
 * times every 5 s, and every request that arrived meanwhile waited that long before it was read.
 */
export const nextEventLoopTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
