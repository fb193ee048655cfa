/**
 * Long synchronous work (reading a tall file, finding and typing its tables) paced so that the
 * event loop runs every few tens of milliseconds: a signal's handler (Ctrl-C, SIGTERM) runs
 * only when the main thread gets back to the event loop, so a loop over a whole sheet that never
 * lets it would keep a stopped command running for seconds. Each pause also checks the caller's
 * `AbortSignal`, so the work stops at the next pause once the command is stopped.
 * @module extract/pace
 */

/** How long synchronous work runs between two turns of the event loop, in milliseconds. */
export const PACE_MS = 50;

/** A pacer for one piece of work (one file's ingest). */
export interface Pace {
  /** True when the work has run `everyMs` since the last turn of the event loop, or was stopped: call `pause`. Cheap (a clock read). */
  due(): boolean;
  /**
   * Lets the event loop run (one `setImmediate`) when due, else returns at once.
   * @throws the signal's reason (`AbortSignal.reason`) once the signal is aborted
   */
  pause(): Promise<void>;
}

/**
 * A pacer that yields every `everyMs` milliseconds and stops the work when `signal` is aborted.
 * @param everyMs @default PACE_MS
 */
export function createPace(signal?: AbortSignal, everyMs = PACE_MS): Pace {
  let last = performance.now();
  const stopIfAborted = () => {
    if (signal?.aborted) throw signal.reason;
  };
  return {
    due: () => signal?.aborted === true || performance.now() - last >= everyMs,
    async pause() {
      stopIfAborted();
      if (performance.now() - last < everyMs) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
      last = performance.now();
      stopIfAborted();
    },
  };
}

/** Runs a stepwise computation (a generator that yields between steps) to its end, in one go. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs a stepwise computation to its end, pausing with `pace` between steps. */
export async function runStepsPaced<T>(steps: Generator<void, T>, pace: Pace): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (pace.due()) await pace.pause();
  }
}
