/**
 * Resolves on the event loop's next turn, after the I/O and timers already due: for work in
 * pages on the process's thread (the engine's resync of every check), so that requests, timers
 * and sockets are served between two pages instead of after the last.
 */
export const nextEventLoopTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
