// A plain timing driver for the core kernels, built both natively and to wasm (Google Benchmark
// does not build for wasm): the same loop on both sides gives an apples-to-apples wasm/native
// ratio. Prints one JSON object; bench/run_benchmarks.sh runs it under Node and natively.
// Usage: core_bench_wasm [--filter TEXT] [--max-n N] [--batch-ms MS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench_cases.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
// CPU time of the Node process (the wasm thread plus V8's helpers), in ms.
EM_JS(double, node_cpu_ms, (), {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
});
#else
#include <ctime>
#endif

namespace {

double wall_ms() {
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

// CPU time rather than wall time for the wasm/native ratio: on a shared machine a process waits
// for a core an unpredictable share of the wall time, but its CPU time barely moves.
double cpu_ms() {
#ifdef __EMSCRIPTEN__
    return node_cpu_ms();
#else
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
#endif
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

struct Timing {
    double wall_ms = 0, cpu_ms = 0, min_wall_ms = 0;  // per run: medians over batches, and the best
    long iterations = 0;
};

// Batches of back-to-back runs, each at least batch_ms of CPU time; a run's time is its batch's
// mean. Medians over 7 batches (3 when one run is slow) shrug off a busy moment.
Timing time_case(attn::bench::Runner* runner, double batch_ms) {
    const double t0 = cpu_ms();
    runner->run();  // warm-up: caches, page faults, lazily grown buffers
    const int batches = cpu_ms() - t0 > 100.0 ? 3 : 7;
    std::vector<double> wall, cpu;
    Timing t;
    for (int b = 0; b < batches; ++b) {
        long runs = 0;
        const double wall_start = wall_ms(), cpu_start = cpu_ms();
        double cpu_elapsed = 0;
        do {
            runner->run();
            ++runs;
            cpu_elapsed = cpu_ms() - cpu_start;
        } while (cpu_elapsed < batch_ms);
        wall.push_back((wall_ms() - wall_start) / double(runs));
        cpu.push_back(cpu_elapsed / double(runs));
        t.iterations += runs;
    }
    t.wall_ms = median(wall);
    t.cpu_ms = median(cpu);
    t.min_wall_ms = *std::min_element(wall.begin(), wall.end());
    return t;
}

}  // namespace

int main(int argc, char** argv) {
    std::string filter;
    int max_n = 1 << 30;
    double batch_ms = 20.0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--filter")) filter = argv[i + 1];
        else if (!std::strcmp(argv[i], "--max-n")) max_n = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--batch-ms")) batch_ms = std::atof(argv[i + 1]);
        else {
            std::fprintf(stderr, "core_bench_wasm: unknown option %s (use --filter TEXT, --max-n N, --batch-ms MS)\n", argv[i]);
            return 2;
        }
    }
#ifdef __EMSCRIPTEN__
    const char* platform = "wasm";
#else
    const char* platform = "native";
#endif
    std::printf("{\"platform\":\"%s\",\"cases\":[", platform);
    bool first = true;
    float sink = 0;
    for (const attn::bench::Case& c : attn::bench::all_cases()) {
        if (c.n > max_n || (!filter.empty() && c.name().find(filter) == std::string::npos)) continue;
        attn::bench::Runner runner(c);
        const Timing t = time_case(&runner, batch_ms);
        sink += runner.checksum();
        std::printf("%s\n{\"name\":\"%s\",\"kernel\":\"%s\",\"n\":%d,\"d\":%d,\"cpu_ms\":%.6f,"
                    "\"wall_ms\":%.6f,\"min_wall_ms\":%.6f,\"iterations\":%ld}",
                    first ? "" : ",", c.name().c_str(), attn::bench::kernel_name(c.kernel), c.n, c.d, t.cpu_ms,
                    t.wall_ms, t.min_wall_ms, t.iterations);
        std::fflush(stdout);
        first = false;
    }
    std::printf("\n],\"checksum\":\"%g\"}\n", double(sink));  // a string: it may be nan
    return 0;
}
