// Probes for two costs the corpora's loops through the L1 showed and no
// record of the results file measures (issue 33), run on the GPU machine
// with nvcc alone:
//   nvcc -arch=sm_90 -O3 -o window scripts/analyze/probes/window.cu && ./window
// It prints CSV rows: probe,pattern,window_bytes,warps_per_sm,cycles_per_iter
// (for l1, K in place of window_bytes).
//
// ww (window writes): every thread of the grid (one block of 32 × W
// threads per SM) stores, each iteration, width bytes at element
// (global thread + k × grid threads) mod the window's elements: the
// grid-stride store of a stream whose footprint is a window every SM
// writes (pattern "shared"), or each block its own window of that size
// (pattern "private"). Widths 4, 8 and 16 bytes (f1, f2, f4).
//
// triad: the same with two loads of other windows before the store
// (a[j] = b[j] + 3 c[j], float4), as a stream loop that reads and writes.
//
// l1: one block per SM of W warps, each iteration K independent loads of
// width bytes a lane, grid-stride in a 32 KiB window (L1-resident after
// the warm-up), summed: aligned (each load its own 4 KiB array, every
// request one line) or neighbours (load i i elements on: a stencil's
// in[c], in[c+1], ...; all but the first span two lines).
//
// cycles_per_iter is the mean over warps of each warp's timed cycles over
// its iterations (%clock64 around the rolled loop), the timed launch the
// second of two.
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

template <typename T>
__device__ T make(float x);
template <>
__device__ float make<float>(float x) { return x; }
template <>
__device__ float2 make<float2>(float x) { return make_float2(x, x); }
template <>
__device__ float4 make<float4>(float x) { return make_float4(x, x, x, x); }

__device__ __forceinline__ void store(long long* cyc, long long t0, long long t1) {
    if ((threadIdx.x & 31) == 0) cyc[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = t1 - t0;
}

// elems is the window's elements (a power of two); priv gives each block
// a window of its own.
template <typename T>
__global__ void ww(T* buf, unsigned elems, int iters, int priv, long long* cyc) {
    unsigned T_ = gridDim.x * blockDim.x, i = blockIdx.x * blockDim.x + threadIdx.x, m = elems - 1;
    T* base = buf + (priv ? (size_t)blockIdx.x * elems : 0);
    float x = (float)i;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < iters; k++) {
        unsigned j = (i + (unsigned)k * T_) & m;
        base[j] = make<T>(x);
        x += 1.f;
    }
    long long t1 = clock64();
    store(cyc, t0, t1);
}

__global__ void triad(float4* buf, unsigned elems, int iters, int priv, long long* cyc) {
    unsigned T_ = gridDim.x * blockDim.x, i = blockIdx.x * blockDim.x + threadIdx.x, m = elems - 1;
    float4* a = buf + (priv ? (size_t)blockIdx.x * 3 * elems : 0);
    const float4 *b = a + elems, *c = a + 2 * elems;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < iters; k++) {
        unsigned j = (i + (unsigned)k * T_) & m;
        float4 u = b[j], v = c[j];
        a[j] = make_float4(u.x + 3.f * v.x, u.y + 3.f * v.y, u.z + 3.f * v.z, u.w + 3.f * v.w);
    }
    long long t1 = clock64();
    store(cyc, t0, t1);
}

template <typename T>
__device__ float sum(T v);
template <>
__device__ float sum<float>(float v) { return v; }
template <>
__device__ float sum<float4>(float4 v) { return v.x + v.y + v.z + v.w; }

// K loads an iteration from a 32 KiB window of T: aligned (load q from
// its own 4 KiB array) or neighbours (load q q elements on).
template <typename T, int K>
__global__ void l1(const T* buf, int neighbours, int iters, float* out, long long* cyc) {
    const unsigned per = 4096 / sizeof(T);
    unsigned T_ = gridDim.x * blockDim.x, i = blockIdx.x * blockDim.x + threadIdx.x, m = per - 1;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < iters; k++) {
        unsigned c = i + (unsigned)k * T_;
#pragma unroll
        for (int q = 0; q < K; q++) acc += sum<T>(neighbours ? buf[(c + q) & (8 * per - 1)] : buf[q * per + (c & m)]);
    }
    long long t1 = clock64();
    store(cyc, t0, t1);
    if (acc == -1.f) out[i] = acc;
}

template <typename F>
static double timed(F launch, int sms, int w, int iters, long long* dcyc) {
    double r = 0;
    for (int rep = 0; rep < 2; rep++) {
        launch();
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
    const size_t bytes = (size_t)256 << 20;
    char* buf = nullptr;
    long long* dcyc = nullptr;
    float* dout = nullptr;
    CHECK(cudaMalloc(&buf, bytes));
    CHECK(cudaMemset(buf, 0, bytes));
    CHECK(cudaMalloc(&dcyc, (size_t)sms * 32 * sizeof(long long)));
    CHECK(cudaMalloc(&dout, (size_t)sms * 1024 * sizeof(float)));
    std::printf("probe,pattern,window_bytes,warps_per_sm,cycles_per_iter\n");
    const int warps[] = {1, 4, 8, 16, 32};
    const size_t windows[] = {4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20, 16 << 20};
    for (int priv = 0; priv < 2; priv++)
        for (size_t win : windows) {
            if (priv && win * sms > bytes / 3) continue;
            for (int w : warps) {
                int iters = 64;
                double c;
                c = timed([&] { ww<float><<<sms, 32 * w>>>((float*)buf, (unsigned)(win / 4), iters, priv, dcyc); }, sms, w, iters, dcyc);
                std::printf("ww_f1,%s,%zu,%d,%.3f\n", priv ? "private" : "shared", win, w, c);
                c = timed([&] { ww<float2><<<sms, 32 * w>>>((float2*)buf, (unsigned)(win / 8), iters, priv, dcyc); }, sms, w, iters, dcyc);
                std::printf("ww_f2,%s,%zu,%d,%.3f\n", priv ? "private" : "shared", win, w, c);
                c = timed([&] { ww<float4><<<sms, 32 * w>>>((float4*)buf, (unsigned)(win / 16), iters, priv, dcyc); }, sms, w, iters, dcyc);
                std::printf("ww_f4,%s,%zu,%d,%.3f\n", priv ? "private" : "shared", win, w, c);
                c = timed([&] { triad<<<sms, 32 * w>>>((float4*)buf, (unsigned)(win / 16), iters, priv, dcyc); }, sms, w, iters, dcyc);
                std::printf("triad_f4,%s,%zu,%d,%.3f\n", priv ? "private" : "shared", win, w, c);
                std::fflush(stdout);
            }
        }
    for (int nb = 0; nb < 2; nb++)
        for (int w : {1, 4, 32}) {
            int iters = 256;
            double c;
#define L1(T, K, name)                                                                                          \
    c = timed([&] { l1<T, K><<<sms, 32 * w>>>((const T*)buf, nb, iters, dout, dcyc); }, sms, w, iters, dcyc); \
    std::printf("%s,%s,%d,%d,%.3f\n", name, nb ? "neighbours" : "aligned", K, w, c);
            L1(float, 1, "l1_f1") L1(float, 2, "l1_f1") L1(float, 4, "l1_f1") L1(float, 8, "l1_f1")
            L1(float4, 1, "l1_f4") L1(float4, 2, "l1_f4") L1(float4, 4, "l1_f4")
            std::fflush(stdout);
        }
    return 0;
}
