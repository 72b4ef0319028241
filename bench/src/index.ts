// Load and page-speed benchmarks arrive with the speed step; this package holds them.
export const BENCH_PACKAGE = '@habitrack/bench';
