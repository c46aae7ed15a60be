import test, { registerCompletionHandler } from 'ava';

/**
 * ava 6 waits for a test process to exit by itself once its tests are done, so one handle a test
 * left open (a socket, a timer, a child process) holds the whole run until CI's time-out. Each
 * test process exits once ava is done with it, and names what it still held open, so a leak
 * shows in the output instead of as a hang.
 */
registerCompletionHandler(() => {
  // Its own stdout, stderr and the channel to ava are pipes; anything else was left by a test.
  const leftOpen = process.getActiveResourcesInfo().filter((resource) => resource !== 'PipeWrap' && resource !== 'TTYWrap');
  if (leftOpen.length > 0) process.stderr.write(`${test.meta.file}: exiting with ${leftOpen.join(', ')} still open\n`);
  process.exit();
});
