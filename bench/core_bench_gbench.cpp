// Google Benchmark over the same cases as core_bench_wasm.cpp, for the detailed native numbers
// (repetitions, variance, --benchmark_filter). Native only: Google Benchmark has no wasm build.
#include <benchmark/benchmark.h>

#include "bench_cases.h"

int main(int argc, char** argv) {
    for (const attn::bench::Case& c : attn::bench::all_cases()) {
        benchmark::RegisterBenchmark(c.name().c_str(),
                                     [c](benchmark::State& st) {
                                         attn::bench::Runner runner(c);
                                         for (auto _ : st) {
                                             runner.run();
                                             benchmark::DoNotOptimize(runner.checksum());
                                         }
                                     })
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
