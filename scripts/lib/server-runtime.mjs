// How the server process is started: shared by `npm start` (scripts/start.mjs) and the engine benchmark's server
// process (bench/engine/harness.ts), so the benchmark measures the server as it runs. Node built-ins only.

/**
 * Node flags of the server process. Young-generation semi-spaces of 4 MB instead of V8's 16 MB: the server's
 * short-lived garbage (requests, rows, events) fits, and the heap stays about 30 MB smaller (bench/engine/speed.ts,
 * docs/decisions/0009-memory.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/**
 * The server's environment: glibc keeps memory that libvips frees in its many per-thread malloc arenas (8 per
 * core); two arenas keep the footprint bounded. Buffers of 4 MB and more (decoded photos and their copies) are
 * mapped on their own and go back to the system when freed: glibc otherwise raises that threshold as large blocks
 * are freed and keeps them in its heap, ~45 MB more after a burst of uploads (docs/decisions/0009-memory.md). A value
 * already set in the environment wins.
 */
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: String(4 * 1024 * 1024), ...env };
}
