// Host harness for the analyze validation corpus: runs every kernel of
// kernels.cu at several occupancies (one block per SM of 32 × W threads,
// so each SM holds W warps) and prints one CSV row per run:
// kernel,warps_per_sm,threads_per_block,level,cycles_per_iter,iterations
// cycles_per_iter is the mean over warps of each warp's timed cycles
// divided by the iterations: cycles per loop iteration per warp.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>
#include <algorithm>

// The corpus's kernels and cases: kernels.cu beside this file and the
// list below, or another corpus's (scripts/analyze/corpus2: its
// kernels.cu and cases.inc), given as -DCORPUS_KERNELS and -DCORPUS_CASES.
#ifndef CORPUS_KERNELS
#define CORPUS_KERNELS "kernels.cu"
#endif
#include CORPUS_KERNELS

#define CHECK(call)                                                                   \
    do {                                                                              \
        cudaError_t e_ = (call);                                                      \
        if (e_ != cudaSuccess) {                                                      \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,        \
                         cudaGetErrorString(e_));                                     \
            std::exit(1);                                                             \
        }                                                                             \
    } while (0)

typedef void (*KernelFn)(Args);

struct Case {
    const char* name;
    KernelFn fn;
    const char* level;  // memory level its footprint targets, "-" for none
    int iters;
    size_t chainBytes;  // pointer-chase footprint, 0 for none
};

// buildChain fills a chain of n indices: the elements one 128-byte line
// apart form one random cycle, in the order order returns; every other
// element points into it.
static void buildChain(std::vector<unsigned long long>& c, std::vector<unsigned long long>& order, size_t n, unsigned seed) {
    const size_t stride = 16;  // 16 × 8 bytes = one 128-byte line
    size_t lines = n / stride;
    order.resize(lines);
    for (size_t i = 0; i < lines; i++) order[i] = i * stride;
    std::mt19937_64 rng(seed);
    std::shuffle(order.begin(), order.end(), rng);
    c.assign(n, 0);
    for (size_t i = 0; i < lines; i++) c[order[i]] = order[(i + 1) % lines];
    for (size_t i = 0; i < n; i++)
        if (i % stride != 0) c[i] = order[rng() % lines];
}

// chaseStarts places the threads of a grid of blocks × threads along the
// cycle: thread t of block b at position (t × blocks + b) × spacing +
// shift, spacing the cycle's share of one thread (at least 1). Every
// thread then follows its own stretch of lines, and the positions next to
// a thread's belong to other blocks (other SMs), so no SM reads a line
// that another of its threads has just brought into its L1.
static void chaseStarts(std::vector<unsigned long long>& starts, const std::vector<unsigned long long>& order, int blocks, int threads, size_t shift) {
    size_t lines = order.size(), n = (size_t)blocks * threads;
    size_t spacing = std::max<size_t>(1, lines / n);
    starts.resize(n);
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < threads; t++)
            starts[(size_t)b * threads + t] = order[(((size_t)t * blocks + b) * spacing + shift) % lines];
}

int main(int argc, char** argv) {
    int dev = 0;
    CHECK(cudaSetDevice(dev));
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, dev));
    int sms = prop.multiProcessorCount;
    std::fprintf(stderr, "device %s, %d SMs\n", prop.name, sms);

    const int maxThreads = sms * 1024;
    std::vector<float> hf(8192);
    std::vector<unsigned> hu(8192);
    for (int i = 0; i < 8192; i++) {
        hf[i] = 0.5f + (float)(i % 97) / 97.0f;
        hu[i] = 0x9e3779b9u * (unsigned)(i + 1);
    }
    float* dfin = nullptr;
    unsigned* duin = nullptr;
    float* dout = nullptr;
    long long* dcyc = nullptr;
    CHECK(cudaMalloc(&dfin, hf.size() * sizeof(float)));
    CHECK(cudaMalloc(&duin, hu.size() * sizeof(unsigned)));
    CHECK(cudaMalloc(&dout, (size_t)maxThreads * sizeof(float)));
    CHECK(cudaMalloc(&dcyc, (size_t)maxThreads / 32 * sizeof(long long)));
    CHECK(cudaMemcpy(dfin, hf.data(), hf.size() * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(duin, hu.data(), hu.size() * sizeof(unsigned), cudaMemcpyHostToDevice));

    const size_t KB = 1 << 10, MB = 1 << 20;
    std::vector<Case> cases = {
#ifdef CORPUS_CASES
#include CORPUS_CASES
#else
        {"gemm_ffma", gemm_ffma, "-", 4096, 0},
        {"mma_loop", mma_loop, "-", 4096, 0},
        {"reduce_sum", reduce_sum, "L1", 4096, 0},
        {"stencil5", stencil5, "-", 4096, 0},
        {"warp_scan", warp_scan, "-", 2048, 0},
        {"online_softmax", online_softmax, "-", 4096, 0},
        {"int_hash", int_hash, "-", 4096, 0},
        {"chase", chase, "L1", 4096, 32 * KB},
        {"chase", chase, "L2", 2048, 16 * MB},
        {"chase", chase, "DRAM", 512, 1024 * MB},
        // Added for issue 33.
        {"smem_conflict32", smem_conflict32, "-", 4096, 0},
        {"smem_padded_col", smem_padded_col, "-", 4096, 0},
        {"smem_conflict2", smem_conflict2, "-", 4096, 0},
        {"smem_broadcast", smem_broadcast, "-", 4096, 0},
        {"transpose_naive", transpose_naive, "-", 4096, 0},
        {"transpose_padded", transpose_padded, "-", 4096, 0},
        {"smem_histogram", smem_histogram, "-", 4096, 0},
        {"smem_atomic_same", smem_atomic_same, "-", 4096, 0},
        {"block_reduce", block_reduce, "-", 2048, 0},
        {"stencil2d", stencil2d, "-", 4096, 0},
        {"shfl_butterfly", shfl_butterfly, "-", 2048, 0},
        {"fp64_fma", fp64_fma, "-", 4096, 0},
        {"half2_fma", half2_fma, "-", 4096, 0},
        {"bf16x2_fma", bf16x2_fma, "-", 4096, 0},
        {"dp4a_dot", dp4a_dot, "-", 4096, 0},
        {"imma_s8", imma_s8, "-", 4096, 0},
        {"mma_bf16", mma_bf16, "-", 4096, 0},
        {"mma_tf32", mma_tf32, "-", 4096, 0},
        {"ldsm_mma_unpadded", ldsm_mma_unpadded, "-", 4096, 0},
        {"ldsm_mma_padded", ldsm_mma_padded, "-", 4096, 0},
        {"sfu_mix", sfu_mix, "-", 4096, 0},
        {"gelu_tanh", gelu_tanh, "-", 4096, 0},
        {"fdiv_ieee", fdiv_ieee, "-", 4096, 0},
        {"cvt_mix", cvt_mix, "-", 4096, 0},
        {"bit_ops", bit_ops, "-", 4096, 0},
        {"splitmix64", splitmix64, "-", 4096, 0},
        {"int_divmod", int_divmod, "-", 2048, 0},
        {"fmnmx_relu", fmnmx_relu, "-", 4096, 0},
        {"ffma_ilp8", ffma_ilp8, "-", 4096, 0},
        {"layernorm_body", layernorm_body, "-", 4096, 0},
        {"softmax_smem", softmax_smem, "-", 4096, 0},
        {"stream_f4", stream_f4, "L1", 4096, 32 * KB},
        {"stream_f4", stream_f4, "L2", 2048, 16 * MB},
        {"stream_f4", stream_f4, "DRAM", 512, 1024 * MB},
        {"stride2_f", stride2_f, "L1", 4096, 32 * KB},
        {"stride2_f", stride2_f, "L2", 2048, 16 * MB},
        {"stride32_f", stride32_f, "L1", 4096, 32 * KB},
        {"stride32_f", stride32_f, "L2", 2048, 16 * MB},
        {"gather_hash", gather_hash, "L1", 4096, 32 * KB},
        {"gather_hash", gather_hash, "L2", 2048, 16 * MB},
        {"saxpy_store", saxpy_store, "L2", 2048, 16 * MB},
        {"global_red", global_red, "L2", 2048, 16 * MB},
        {"matvec_f4", matvec_f4, "L1", 4096, 0},
        {"cp_async", cp_async, "L2", 2048, 16 * MB},
#endif
    };
    // Optional filters for profiling: argv[1] a comma-separated list of
    // kernel or kernel@level, argv[2] one count of warps per SM.
    std::string only = argc > 1 ? std::string(",") + argv[1] + "," : "";
    int onlyWarps = argc > 2 ? std::atoi(argv[2]) : 0;
    const int warpsList[] = {1, 4, 8, 16, 32};

    std::printf("kernel,warps_per_sm,threads_per_block,level,cycles_per_iter,iterations\n");
    unsigned long long* dstarts = nullptr;
    CHECK(cudaMalloc(&dstarts, (size_t)maxThreads * sizeof(unsigned long long)));
    size_t flushBytes = 4 * (size_t)std::max(prop.l2CacheSize, 1 << 20);
    void* dflush = nullptr;
    CHECK(cudaMalloc(&dflush, flushBytes));
    for (const Case& c : cases) {
        if (!only.empty() && only.find(std::string(",") + c.name + ",") == std::string::npos &&
            only.find(std::string(",") + c.name + "@" + c.level + ",") == std::string::npos)
            continue;
        unsigned long long* dchain = nullptr;
        size_t n = c.chainBytes ? c.chainBytes / 8 : 4096;
        std::vector<unsigned long long> hc, order, starts;
        bool isChase = std::strcmp(c.name, "chase") == 0;
        CHECK(cudaMalloc(&dchain, n * sizeof(unsigned long long)));
        if (isChase) {
            buildChain(hc, order, n, 12345);
            CHECK(cudaMemcpy(dchain, hc.data(), n * sizeof(unsigned long long), cudaMemcpyHostToDevice));
        } else {
            // Other loops read the buffer as floats: 0x3c3c3c3c is 0.0115.
            CHECK(cudaMemset(dchain, 0x3c, n * sizeof(unsigned long long)));
            order.assign(1, 0);
        }
        for (int w : warpsList) {
            if (onlyWarps && w != onlyWarps) continue;
            int threads = 32 * w;
            Args a;
            a.fin = dfin;
            a.uin = duin;
            a.chain = dchain;
            a.starts = dstarts;
            a.out = dout;
            a.cycles = dcyc;
            a.iters = c.iters;
            a.big = reinterpret_cast<float*>(dchain);
            a.bigMask = (unsigned)(n * 2 - 1);
            // Warm-up launch (clocks, caches, the chain's pages), then the
            // timed one. The warm-up chases the stretch after each
            // thread's timed one, so the timed launch does not find its
            // own lines in the L2 (where the stretches cover the cycle,
            // they come back only after the whole footprint).
            bool ok = true;
            for (int rep = 0; rep < 2 && ok; rep++) {
                chaseStarts(starts, order, sms, threads, rep == 0 ? (size_t)c.iters : 0);
                CHECK(cudaMemcpy(dstarts, starts.data(), starts.size() * sizeof(unsigned long long), cudaMemcpyHostToDevice));
                c.fn<<<sms, threads>>>(a);
                cudaError_t e = cudaGetLastError();
                if (e == cudaSuccess) e = cudaDeviceSynchronize();
                if (e != cudaSuccess) {
                    std::fprintf(stderr, "%s at %d warps/SM: %s (skipped)\n", c.name, w, cudaGetErrorString(e));
                    ok = false;
                }
                // A loop other than the chase reads the same lines in both
                // launches: where those are fewer bytes than the L2 holds
                // (a DRAM stream at few warps reads iterations × the
                // grid's threads × its width, 35 MB for stream_f4 at one
                // warp), the timed launch would find the warm-up's lines
                // in the L2. Writing a buffer of four times the L2 between
                // the launches evicts them.
                if (ok && rep == 0 && !isChase && std::strcmp(c.level, "DRAM") == 0) {
                    CHECK(cudaMemset(dflush, rep + 1, flushBytes));
                    CHECK(cudaDeviceSynchronize());
                }
            }
            if (!ok) continue;
            int nwarps = sms * w;
            std::vector<long long> cyc(nwarps);
            CHECK(cudaMemcpy(cyc.data(), dcyc, nwarps * sizeof(long long), cudaMemcpyDeviceToHost));
            double sum = 0;
            for (long long v : cyc) sum += (double)v;
            double perIter = sum / nwarps / c.iters;
            std::printf("%s,%d,%d,%s,%.3f,%d\n", c.name, w, threads, c.level, perIter, c.iters);
            std::fflush(stdout);
        }
        CHECK(cudaFree(dchain));
    }
    CHECK(cudaFree(dstarts));
    CHECK(cudaFree(dflush));
    CHECK(cudaFree(dfin));
    CHECK(cudaFree(duin));
    CHECK(cudaFree(dout));
    CHECK(cudaFree(dcyc));
    return 0;
}
