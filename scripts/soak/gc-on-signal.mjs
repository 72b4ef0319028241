// Preloaded into the API server processes by the load test only (node --expose-gc --import):
// on SIGUSR2 run a full garbage collection and write process.memoryUsage() to the file named by
// SOAK_MEMORY_FILE, so memory is compared between the same state (after a full GC) at start and
// end, not at two random points of V8's allocation sawtooth.
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  if (process.env.SOAK_MEMORY_FILE) writeFileSync(process.env.SOAK_MEMORY_FILE, JSON.stringify(process.memoryUsage()));
});
