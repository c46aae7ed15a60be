import type { Clock, TimerHandle } from '../../src/engine/clock.js';

interface FakeTimer {
  due: number;
  callback: () => void;
  seq: number;
}

/** A clock the test moves by hand: timers fire, in order, only while `advance` passes their time. */
export class FakeClock implements Clock {
  private readonly timers = new Set<FakeTimer>();
  private seq = 0;

  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    const timer: FakeTimer = { due: this.current + Math.max(0, delayMs), callback, seq: this.seq++ };
    this.timers.add(timer);
    return timer;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle as FakeTimer);
  }

  /** Moves time to `target`, firing every timer due on the way at its own instant. */
  advanceTo(target: number): void {
    for (;;) {
      let next: FakeTimer | undefined;
      for (const timer of this.timers) if (timer.due <= target && (!next || timer.due < next.due || (timer.due === next.due && timer.seq < next.seq))) next = timer;
      if (!next) break;
      this.timers.delete(next);
      this.current = Math.max(this.current, next.due);
      next.callback();
    }
    this.current = Math.max(this.current, target);
  }

  advance(ms: number): void {
    this.advanceTo(this.current + ms);
  }
}
