import { performance } from 'node:perf_hooks';

/**
 * The start-up's phases, each as the milliseconds from the process start (performance.timeOrigin)
 * to its end, for the log line server.ts writes once it is ready (issue 46: the restart).
 */
export function startTimings() {
  const phases: Record<string, number> = {};
  return {
    /** Notes that `name` has just ended; answers the milliseconds since the process started. */
    mark(name: string): number {
      phases[name] = Math.round(performance.now());
      return phases[name];
    },
    phases: (): Readonly<Record<string, number>> => ({ ...phases }),
  };
}
