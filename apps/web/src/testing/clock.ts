import { act, fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

// Fake clocks for the web tests (docs/conventions.md#test-kits). A test that fakes one puts the
// real one back (`vi.useRealTimers()`, in its afterEach or once the timed part is over).

/**
 * Fakes setTimeout and clearTimeout only (a debounced search's pause): React's scheduler keeps
 * its own clock, so a single event (`fireEvent`) then waits on nothing but the test's
 * `vi.advanceTimersByTime`.
 */
export function fakeTimeouts() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** Fakes every clock and sets the time to `now` (a countdown, a stored expiry). */
export function fakeClockAt(now: number | Date) {
  vi.useFakeTimers();
  vi.setSystemTime(now);
}

/**
 * Advances the fake clock by `ms`, second by second (a countdown schedules its next tick after
 * each render), letting React, the API's answers and React Query settle after each step.
 */
export async function elapse(ms: number) {
  let left = ms;
  do {
    const step = Math.min(left, 1_000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(step);
    });
    left -= step;
  } while (left > 0);
}

/**
 * Types `text` into `box` a keystroke at a time on a fake clock that only the test moves (one
 * change event each, so nothing else waits on the clock), then moves it to 1 ms before `pauseMs`,
 * a debounced search's pause: on a busy machine a keystroke can take longer than the pause, and on
 * a real clock a search would go out mid-word. The test checks that nothing was sent yet, then
 * calls the answer, which moves the last millisecond and puts the real clock back.
 */
export function typeBeforeThePause(box: HTMLElement, text: string, pauseMs: number): () => void {
  fakeTimeouts();
  for (let length = 1; length <= text.length; length += 1) {
    fireEvent.change(box, { target: { value: text.slice(0, length) } });
  }
  act(() => vi.advanceTimersByTime(pauseMs - 1));
  return () => {
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
  };
}
