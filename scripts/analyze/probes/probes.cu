// Probes for two costs analyze needs and no record of the results file
// measures (issue 33), run on the GPU machine with nvcc alone:
//   nvcc -arch=sm_90 -O3 -o probes scripts/analyze/probes/probes.cu && ./probes
// It prints CSV rows: probe,pattern,k,warps_per_sm,cycles_per_iter.
//
// atom: every thread of the grid (one block of 32 × W threads per SM)
// adds to a word of one small window every block shares, the old value
// unused (RED), lane l on word (l mod k) × stride: k words on one line
// (stride 1 word), k words a sector apart (stride 8) or k words a line
// apart (stride 32). cycles_per_iter is the mean over warps of each
// warp's timed cycles over the iterations.
//
// const: a warp reads constant memory at k distinct addresses (lane l at
// word (l mod k) × stride, stride 1 or 32 words), as a dependent chain
// (lat: the loaded value is the next index) or as independent loads
// summed (tp).
//
// scatter: every thread of the grid adds 1 to a hashed word of a buffer
// of 1 MiB (L2-resident) or 1 GiB (the DRAM's), the old value unused
// (RED), as f32 (scatter_f32) or u32 (scatter_u32), or stores to it
// (scatter_st): each lane its own line. The hash is seeded anew for the
// timed launch, so that it finds none of the warm-up's lines in the L2.
//
// onegpu: one lane of every warp of the grid (lanes: 1) or all 32 adds to
// one word every block shares (f32 or u32, the old value unused): the last
// step of a reduction into one global total.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                                  \
    do {                                                                                             \
        cudaError_t e_ = (call);                                                                     \
        if (e_ != cudaSuccess) {                                                                     \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            std::exit(1);                                                                            \
        }                                                                                            \
    } while (0)

__constant__ unsigned ctab[2048];

extern "C" __global__ void atom_window(unsigned* buf, int iters, int k, int stride, long long* cyc) {
    int lane = threadIdx.x & 31;
    unsigned* p = buf + (lane % k) * stride;
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < iters; i++) atomicAdd(p, 1u);
    long long t1 = clock64();
    if (lane == 0) cyc[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = t1 - t0;
}

extern "C" __global__ void const_lat(unsigned* out, int iters, int k, int stride, long long* cyc) {
    int lane = threadIdx.x & 31;
    unsigned idx = (lane % k) * stride;
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < iters; i++) idx = ctab[idx];
    long long t1 = clock64();
    out[blockIdx.x * blockDim.x + threadIdx.x] = idx;
    if (lane == 0) cyc[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = t1 - t0;
}

extern "C" __global__ void const_tp(unsigned* out, int iters, int k, int stride, long long* cyc) {
    int lane = threadIdx.x & 31;
    unsigned idx = (lane % k) * stride, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < iters; i++) {
        unsigned j = idx + ((unsigned)i & 1u) * 1024u;
        acc = acc * 3u + ctab[j];
    }
    long long t1 = clock64();
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
    if (lane == 0) cyc[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = t1 - t0;
}

template <int KIND>
__global__ void scatter(unsigned* buf, int iters, int mask, int seed, long long* cyc) {
    int lane = threadIdx.x & 31;
    unsigned h = (blockIdx.x * blockDim.x + threadIdx.x) * 2654435761u + 12345u + (unsigned)seed * 0x9e3779b9u;
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < iters; i++) {
        h = h * 1664525u + 1013904223u;
        unsigned j = h & (unsigned)mask;
        if (KIND == 0) atomicAdd(reinterpret_cast<float*>(buf) + j, 1.0f);
        if (KIND == 1) atomicAdd(buf + j, 1u);
        if (KIND == 2) buf[j] = h;
    }
    long long t1 = clock64();
    if (lane == 0) cyc[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = t1 - t0;
}

template <int F32>
__global__ void onegpu(unsigned* buf, int iters, int lanes, int unused, long long* cyc) {
    int lane = threadIdx.x & 31;
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < iters; i++) {
        if (lane < lanes) {
            if (F32) atomicAdd(reinterpret_cast<float*>(buf), 1.0f);
            else atomicAdd(buf, 1u);
        }
    }
    long long t1 = clock64();
    if (lane == 0) cyc[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = t1 - t0;
}

typedef void (*Fn)(unsigned*, int, int, int, long long*);

// runSeeded is run with the last argument the launch's number (a warm-up,
// then the timed launch with another seed).
static double runSeeded(Fn f, unsigned* buf, int sms, int w, int iters, int k, long long* dcyc) {
    double r = 0;
    for (int rep = 0; rep < 2; rep++) {
        f<<<sms, 32 * w>>>(buf, iters, k, rep, dcyc);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        std::vector<long long> c(sms * w);
        CHECK(cudaMemcpy(c.data(), dcyc, c.size() * sizeof(long long), cudaMemcpyDeviceToHost));
        double s = 0;
        for (long long v : c) s += (double)v;
        r = s / c.size() / iters;
    }
    return r;
}

static double run(Fn f, unsigned* buf, int sms, int w, int iters, int k, int stride, long long* dcyc) {
    double r = 0;
    for (int rep = 0; rep < 2; rep++) {
        f<<<sms, 32 * w>>>(buf, iters, k, stride, dcyc);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        std::vector<long long> c(sms * w);
        CHECK(cudaMemcpy(c.data(), dcyc, c.size() * sizeof(long long), cudaMemcpyDeviceToHost));
        double s = 0;
        for (long long v : c) s += (double)v;
        r = s / c.size() / iters;
    }
    return r;
}

int main() {
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    int sms = prop.multiProcessorCount;
    std::fprintf(stderr, "device %s, %d SMs\n", prop.name, sms);
    std::vector<unsigned> h(2048);
    for (int i = 0; i < 2048; i++) h[i] = (unsigned)(i & 1023);
    CHECK(cudaMemcpyToSymbol(ctab, h.data(), h.size() * sizeof(unsigned)));
    unsigned* buf = nullptr;
    long long* dcyc = nullptr;
    CHECK(cudaMalloc(&buf, (size_t)sms * 1024 * sizeof(unsigned)));
    CHECK(cudaMemset(buf, 0, (size_t)sms * 1024 * sizeof(unsigned)));
    CHECK(cudaMalloc(&dcyc, (size_t)sms * 32 * sizeof(long long)));
    std::printf("probe,pattern,k,warps_per_sm,cycles_per_iter\n");
    const int ks[] = {1, 2, 4, 8, 16, 32};
    const int strides[] = {1, 8, 32};
    for (int stride : strides)
        for (int k : ks) {
            if (stride == 1 && k > 32) continue;
            for (int w : {1, 4, 32}) {
                int iters = w == 32 ? 32 : 128;
                double c = run(atom_window, buf, sms, w, iters, k, stride, dcyc);
                std::printf("atom,stride%d,%d,%d,%.3f\n", stride, k, w, c);
                std::fflush(stdout);
            }
        }
    for (int stride : {1, 32})
        for (int k : ks) {
            for (int w : {1, 4, 8, 32}) {
                double c = run(const_lat, buf, sms, w, 1024, k, stride, dcyc);
                std::printf("const_lat,stride%d,%d,%d,%.3f\n", stride, k, w, c);
                c = run(const_tp, buf, sms, w, 1024, k, stride, dcyc);
                std::printf("const_tp,stride%d,%d,%d,%.3f\n", stride, k, w, c);
                std::fflush(stdout);
            }
        }
    unsigned* big = nullptr;
    const size_t bigWords = (size_t)1 << 28;  // 1 GiB
    CHECK(cudaMalloc(&big, bigWords * sizeof(unsigned)));
    CHECK(cudaMemset(big, 0, bigWords * sizeof(unsigned)));
    const struct { const char* name; Fn f; } scat[] = {{"scatter_f32", scatter<0>}, {"scatter_u32", scatter<1>}, {"scatter_st", scatter<2>}};
    for (auto& sc : scat)
        for (int words : {1 << 18, 1 << 28})
            for (int w : {1, 4, 32}) {
                int iters = words == (1 << 28) && w == 32 ? 32 : 128;
                double c = runSeeded(sc.f, big, sms, w, iters, words - 1, dcyc);
                std::printf("%s,%s,%d,%d,%.3f\n", sc.name, words == (1 << 18) ? "1MiB" : "1GiB", 32, w, c);
                std::fflush(stdout);
            }
    const struct { const char* name; Fn f; } one[] = {{"onegpu_f32", onegpu<1>}, {"onegpu_u32", onegpu<0>}};
    for (auto& o : one)
        for (int lanes : {1, 32})
            for (int w : {1, 4, 32}) {
                int iters = lanes == 32 || w == 32 ? 16 : 64;
                double c = runSeeded(o.f, buf, sms, w, iters, lanes, dcyc);
                std::printf("%s,lanes%d,%d,%d,%.3f\n", o.name, lanes, lanes, w, c);
                std::fflush(stdout);
            }
    CHECK(cudaFree(big));
    return 0;
}
