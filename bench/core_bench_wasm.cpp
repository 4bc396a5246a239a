// A plain timing driver for the core kernels, built both natively and to wasm (Google Benchmark
// does not build for wasm): the same loop on both sides gives an apples-to-apples wasm/native
// ratio. Prints one JSON object; bench/run_benchmarks.sh runs it under Node and natively.
// Usage: core_bench_wasm [--filter TEXT[,TEXT...]] [--max-n N] [--batch-ms MS]
// (a case runs when its name, e.g. "full/n=1024/d=64", contains one of the TEXTs)
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
// Under Node: CPU time of the process (the wasm thread plus V8's helpers), in ms. A browser page
// has no CPU clock: there it is the wall clock, and the output says so.
EM_JS(int, js_has_cpu_clock, (), { return typeof process != = 'undefined' && !!process.cpuUsage; });
EM_JS(double, js_cpu_ms, (), {
    if (typeof process == = 'undefined' || !process.cpuUsage) return performance.now();
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
    return js_cpu_ms();
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

// Batches of back-to-back runs, each about batch_ms of CPU time; a run's time is its batch's mean.
// The clock is read only around a batch (Node's CPU clock costs about a microsecond, as much as
// the smallest kernels). Medians over 7 batches (3 when one run is slow) shrug off a busy moment.
Timing time_case(attn::bench::Runner* runner, double batch_ms) {
    // Warm-up (caches, page faults, lazily grown buffers) that also measures one run.
    long runs = 0, chunk = 1;
    const double t0 = cpu_ms();
    double spent = 0;
    do {
        for (long i = 0; i < chunk; ++i) runner->run();
        runs += chunk;
        chunk *= 2;
        spent = cpu_ms() - t0;
    } while (spent < batch_ms / 4);
    const double one_run = spent / double(runs);
    const long per_batch = std::max(1L, long(batch_ms / std::max(one_run, 1e-6)));
    const int batches = one_run > 100.0 ? 3 : 7;

    std::vector<double> wall, cpu;
    Timing t;
    for (int b = 0; b < batches; ++b) {
        const double wall_start = wall_ms(), cpu_start = cpu_ms();
        for (long i = 0; i < per_batch; ++i) runner->run();
        cpu.push_back((cpu_ms() - cpu_start) / double(per_batch));
        wall.push_back((wall_ms() - wall_start) / double(per_batch));
        t.iterations += per_batch;
    }
    t.wall_ms = median(wall);
    t.cpu_ms = median(cpu);
    t.min_wall_ms = *std::min_element(wall.begin(), wall.end());
    return t;
}

bool matches(const std::string& name, const std::string& filter) {
    if (filter.empty()) return true;
    size_t start = 0;
    while (start <= filter.size()) {
        const size_t comma = std::min(filter.find(',', start), filter.size());
        const std::string part = filter.substr(start, comma - start);
        if (!part.empty() && name.find(part) != std::string::npos) return true;
        start = comma + 1;
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    std::string filter;
    int max_n = 1 << 30;
    double batch_ms = 20.0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--filter"))
            filter = argv[i + 1];
        else if (!std::strcmp(argv[i], "--max-n"))
            max_n = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--batch-ms"))
            batch_ms = std::atof(argv[i + 1]);
        else {
            std::fprintf(stderr, "core_bench_wasm: unknown option %s (use --filter TEXT, --max-n N, --batch-ms MS)\n",
                         argv[i]);
            return 2;
        }
    }
#ifdef __EMSCRIPTEN__
    const char* platform = "wasm";
    const char* clock = js_has_cpu_clock() ? "cpu" : "wall";
#else
    const char* platform = "native";
    const char* clock = "cpu";
#endif
    std::printf("{\"platform\":\"%s\",\"cpu_clock\":\"%s\",\"cases\":[", platform, clock);
    bool first = true;
    float sink = 0;
    for (const attn::bench::Case& c : attn::bench::all_cases()) {
        if (c.n > max_n || !matches(c.name(), filter)) continue;
        attn::bench::Runner runner(c);
        const Timing t = time_case(&runner, batch_ms);
        sink += runner.checksum();
        std::printf(
            "%s\n{\"name\":\"%s\",\"kernel\":\"%s\",\"n\":%d,\"d\":%d,\"cpu_ms\":%.6f,"
            "\"wall_ms\":%.6f,\"min_wall_ms\":%.6f,\"iterations\":%ld}",
            first ? "" : ",", c.name().c_str(), attn::bench::kernel_name(c.kernel), c.n, c.d, t.cpu_ms, t.wall_ms,
            t.min_wall_ms, t.iterations);
        std::fflush(stdout);
        first = false;
    }
    std::printf("\n],\"checksum\":\"%g\"}\n", double(sink));  // a string: it may be nan
    return 0;
}
