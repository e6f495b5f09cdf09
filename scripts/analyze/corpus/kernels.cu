// Validation corpus for gpuarch analyze: loops written for this purpose.
// Every kernel times its own loop with clock64 and writes, per warp, the
// cycles the loop took; the harness (harness.cu) divides by the
// iterations. Every timed loop is kept rolled (#pragma unroll 1), so one
// iteration of the machine code's loop is one iteration of the source
// loop. Kernels are extern "C" so their SASS names are plain.
#include <cuda_fp16.h>

struct Args {
    const float* fin;                 // input floats (at least 4096)
    const unsigned* uin;              // input words (at least 4096)
    const unsigned long long* chain;  // pointer-chase chains (indices)
    const unsigned long long* starts; // each thread's first index into chain
    float* out;                       // one float per thread
    long long* cycles;                // one per warp
    int iters;
};

__device__ __forceinline__ void finish(const Args& a, long long t0, long long t1, float v) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    a.out[tid] = v;
    if ((threadIdx.x & 31) == 0) a.cycles[tid >> 5] = t1 - t0;
}

// GEMM inner loop: a 4x4 register tile, A and B fragments read from shared
// memory each step, 16 FFMA.
extern "C" __global__ void gemm_ffma(Args a) {
    __shared__ float sa[1024], sb[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) { sa[i] = a.fin[i]; sb[i] = a.fin[i + 1024]; }
    __syncthreads();
    float c[4][4];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) c[i][j] = 0.f;
    int lane = threadIdx.x & 31;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int base = ((k * 4) & 255) * 4;
        float4 x = *reinterpret_cast<const float4*>(&sa[(base + lane * 4) & 1020]);
        float4 y = *reinterpret_cast<const float4*>(&sb[(base + lane * 8) & 1020]);
        float av[4] = {x.x, x.y, x.z, x.w}, bv[4] = {y.x, y.y, y.z, y.w};
#pragma unroll
        for (int i = 0; i < 4; i++)
#pragma unroll
            for (int j = 0; j < 4; j++) c[i][j] = fmaf(av[i], bv[j], c[i][j]);
    }
    long long t1 = clock64();
    float s = 0.f;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) s += c[i][j];
    finish(a, t0, t1, s);
}

// Tensor-core loop: two dependent mma.sync m16n8k16 (f32 += f16) chains.
extern "C" __global__ void mma_loop(Args a) {
    int lane = threadIdx.x & 31;
    unsigned ra[4], rb[2];
    for (int i = 0; i < 4; i++) ra[i] = a.uin[lane * 4 + i];
    for (int i = 0; i < 2; i++) rb[i] = a.uin[256 + lane * 2 + i];
    float c0[4] = {0.f, 0.f, 0.f, 0.f}, c1[4] = {1.f, 1.f, 1.f, 1.f};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c0[0]), "+f"(c0[1]), "+f"(c0[2]), "+f"(c0[3])
                     : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c1[0]), "+f"(c1[1]), "+f"(c1[2]), "+f"(c1[3])
                     : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]));
    }
    long long t1 = clock64();
    finish(a, t0, t1, c0[0] + c0[1] + c0[2] + c0[3] + c1[0] + c1[1] + c1[2] + c1[3]);
}

// Reduction: two accumulators over coalesced global loads of a small
// (L1-resident) array.
extern "C" __global__ void reduce_sum(Args a) {
    int lane = threadIdx.x & 31;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int i = ((k * 64) + lane) & 4095;
        s0 += a.fin[i];
        s1 += a.fin[(i + 32) & 4095];
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// Stencil: a 5-point 1-D stencil over a shared-memory row.
extern "C" __global__ void stencil5(Args a) {
    __shared__ float row[1056];
    for (int i = threadIdx.x; i < 1056; i += blockDim.x) row[i] = a.fin[i];
    __syncthreads();
    int lane = threadIdx.x & 31;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int x = ((k * 32) & 1023) + lane + 2;
        acc = fmaf(0.1f, row[x - 2], acc);
        acc = fmaf(0.2f, row[x - 1], acc);
        acc = fmaf(0.4f, row[x], acc);
        acc = fmaf(0.2f, row[x + 1], acc);
        acc = fmaf(0.1f, row[x + 2], acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Scan: a warp-wide inclusive prefix sum by shuffles, one per iteration.
extern "C" __global__ void warp_scan(Args a) {
    int lane = threadIdx.x & 31;
    unsigned v = a.uin[lane];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            unsigned u = __shfl_up_sync(0xffffffffu, v, d);
            if (lane >= d) v += u;
        }
        v ^= (unsigned)k;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)v);
}

// Softmax-like: an online maximum and a rescaled sum of exponentials.
extern "C" __global__ void online_softmax(Args a) {
    int lane = threadIdx.x & 31;
    float x = a.fin[lane], m = -1e30f, s = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float mn = fmaxf(m, x);
        s = s * exp2f(m - mn) + exp2f(x - mn);
        m = mn;
        x = x * 0.999f + 0.001f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, s + m);
}

// Integer hashing: a 32-bit finalizer mix, iterated.
extern "C" __global__ void int_hash(Args a) {
    unsigned h = a.uin[threadIdx.x & 31] + threadIdx.x;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h ^= h >> 16;
        h *= 0x7feb352du;
        h ^= h >> 15;
        h *= 0x846ca68bu;
        h ^= h >> 16;
        h += (unsigned)k;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)h);
}

// Pointer chasing: each lane follows its own stretch of one random cycle
// of lines, from where the harness starts it; the harness sizes the cycle
// for the L1, the L2 or DRAM.
extern "C" __global__ void chase(Args a) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long p = a.starts[tid];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) p = a.chain[p];
    long long t1 = clock64();
    finish(a, t0, t1, (float)p);
}
