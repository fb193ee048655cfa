/**
 * The Node process settings that hold a long command's memory down, defined once: the CLI
 * starts `ingest`, `sync`, `drive sync` and `serve` with them (`cli/launch.ts`) and the bench
 * measures the ingest with them (`bench/main.ts`). Neither can be set in a running process:
 * glibc reads `MALLOC_ARENA_MAX` when its allocator starts, V8 its semi-space size when the
 * isolate is made.
 * - `MALLOC_ARENA_MAX=2`: glibc gives each thread (the engine's thread, V8's helpers) an
 *   allocator arena of its own, up to 8 per core, each keeping memory it freed; two share them.
 * - `--max-semi-space-size=2` (MB): V8's young generation grows to 16 MB semi-spaces by
 *   default (three of them resident while it scavenges); an ingest makes short-lived objects
 *   fast enough to fill them.
 * Measured on a 100,000-row xlsx ingest with the embedded database (`npm run bench -- --only
 * xlsx`): peak RSS about 355 MB untuned, about 275 MB tuned, for about 10 % more time.
 * @module process-tuning
 */

/** glibc's allocator arenas of a tuned process. */
export const TUNED_MALLOC_ARENA_MAX = '2';
/** V8's largest semi-space of a tuned process, in MB. */
export const TUNED_SEMI_SPACE_MB = 2;

/** A semi-space size flag, as V8 spells it either way (`--max-semi-space-size`, `--max_semi_space_size`). */
const SEMI_SPACE_FLAG = /^--max[-_]semi[-_]space[-_]size(=|$)/;

/**
 * The environment and Node flags to start a tuned process with, from the current ones: the
 * user's own choices win (`MALLOC_ARENA_MAX` already set and not empty; a semi-space size in
 * `execArgv` or `NODE_OPTIONS`).
 * @param env the environment to start from (not changed)
 * @param execArgv Node flags to start from, e.g. `process.execArgv` (not changed)
 */
export function tunedProcess(env: NodeJS.ProcessEnv, execArgv: readonly string[]): { env: NodeJS.ProcessEnv; execArgv: string[] } {
  const flags = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  return {
    env: { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || TUNED_MALLOC_ARENA_MAX },
    execArgv: flags.some((flag) => SEMI_SPACE_FLAG.test(flag)) ? [...execArgv] : [...execArgv, `--max-semi-space-size=${TUNED_SEMI_SPACE_MB}`],
  };
}
