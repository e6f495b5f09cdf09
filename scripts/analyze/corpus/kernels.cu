// Validation corpus for gpuarch analyze: loops written for this purpose.
// Every kernel times its own loop with clock64 and writes, per warp, the
// cycles the loop took; the harness (harness.cu) divides by the
// iterations. Every timed loop is kept rolled (#pragma unroll 1), so one
// iteration of the machine code's loop is one iteration of the source
// loop. Kernels are extern "C" so their SASS names are plain.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

struct Args {
    const float* fin;                 // input floats (at least 4096)
    const unsigned* uin;              // input words (at least 4096)
    const unsigned long long* chain;  // pointer-chase chains (indices)
    const unsigned long long* starts; // each thread's first index into chain
    float* out;                       // one float per thread
    long long* cycles;                // one per warp
    int iters;
    float* big;                       // the footprint buffer (the chain's memory, as floats)
    unsigned bigMask;                 // its size in floats - 1 (a power of two)
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

// ---------------------------------------------------------------------
// Loops added for issue 33: the kinds people write, each timed as above.
// Shared-memory loops that need a tile share one tile between the warps
// of a block (races between warps change values, not the banks a warp's
// access touches). Loops over a.big read the harness's footprint buffer,
// sized for the level the harness names; T is the grid's threads.
// ---------------------------------------------------------------------

__device__ __forceinline__ int gtid() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ unsigned gthreads() { return gridDim.x * blockDim.x; }

// A column of an unpadded 32×32 tile: lanes 128 bytes apart, one bank.
extern "C" __global__ void smem_conflict32(Args a) {
    __shared__ float tile[32 * 32];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) tile[i] = a.fin[i];
    __syncthreads();
    int lane = threadIdx.x & 31;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) acc += tile[lane * 32 + (k & 31)];
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The same column of a tile padded to 33 floats a row: conflict-free.
extern "C" __global__ void smem_padded_col(Args a) {
    __shared__ float tile[32 * 33];
    for (int i = threadIdx.x; i < 32 * 33; i += blockDim.x) tile[i] = a.fin[i];
    __syncthreads();
    int lane = threadIdx.x & 31;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) acc += tile[lane * 33 + (k & 31)];
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Lanes two floats apart: two lanes a bank, a 2-way conflict.
extern "C" __global__ void smem_conflict2(Args a) {
    __shared__ float row[128];
    for (int i = threadIdx.x; i < 128; i += blockDim.x) row[i] = a.fin[i];
    __syncthreads();
    int lane = threadIdx.x & 31;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) acc += row[lane * 2 + (k & 63)];
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Every lane reads the same word: a broadcast.
extern "C" __global__ void smem_broadcast(Args a) {
    __shared__ float row[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) row[i] = a.fin[i];
    __syncthreads();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) acc = fmaf(acc, 0.999f, row[k & 255]);
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A transpose through an unpadded tile: a row written as a column (32-way
// conflicted stores), read back as a row.
extern "C" __global__ void transpose_naive(Args a) {
    __shared__ float tile[32 * 32];
    int lane = threadIdx.x & 31;
    float v = a.fin[lane];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int c = k & 31;
        tile[lane * 32 + c] = v;
        __syncwarp();
        v = fmaf(tile[c * 32 + lane], 0.999f, 1.f);
        __syncwarp();
    }
    long long t1 = clock64();
    finish(a, t0, t1, v);
}

// The same transpose through a tile padded to 33 floats a row.
extern "C" __global__ void transpose_padded(Args a) {
    __shared__ float tile[32 * 33];
    int lane = threadIdx.x & 31;
    float v = a.fin[lane];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int c = k & 31;
        tile[lane * 33 + c] = v;
        __syncwarp();
        v = fmaf(tile[c * 33 + lane], 0.999f, 1.f);
        __syncwarp();
    }
    long long t1 = clock64();
    finish(a, t0, t1, v);
}

// A 256-bin histogram in shared memory of hashed keys.
extern "C" __global__ void smem_histogram(Args a) {
    __shared__ unsigned hist[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) hist[i] = 0;
    __syncthreads();
    unsigned h = a.uin[threadIdx.x & 31] ^ threadIdx.x;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = h * 1664525u + 1013904223u;
        atomicAdd(&hist[h >> 24], 1u);
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)(h + hist[threadIdx.x & 255]));
}

// Every lane adds to one shared counter.
extern "C" __global__ void smem_atomic_same(Args a) {
    __shared__ unsigned cnt[32];
    if (threadIdx.x < 32) cnt[threadIdx.x] = 0;
    __syncthreads();
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) atomicAdd(&cnt[k & 31], (unsigned)k);
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)cnt[threadIdx.x & 31]);
}

// A block-wide exchange with two barriers an iteration.
extern "C" __global__ void block_reduce(Args a) {
    __shared__ float s[1024];
    int t = threadIdx.x, n = blockDim.x;
    float v = a.fin[t & 1023];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s[t] = v;
        __syncthreads();
        v = fmaf(v, 0.5f, s[(t + 32) & (n - 1)]);
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, v);
}

// A 5-point 2-D stencil over a shared 34×34 tile, one row an iteration.
extern "C" __global__ void stencil2d(Args a) {
    __shared__ float t[34 * 34];
    for (int i = threadIdx.x; i < 34 * 34; i += blockDim.x) t[i] = a.fin[i];
    __syncthreads();
    int x = (threadIdx.x & 31) + 1;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int y = (k & 31) + 1;
        float s = t[y * 34 + x] + t[(y - 1) * 34 + x] + t[(y + 1) * 34 + x] + t[y * 34 + x - 1] + t[y * 34 + x + 1];
        acc = fmaf(0.2f, s, acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A warp-wide butterfly sum by shuffles.
extern "C" __global__ void shfl_butterfly(Args a) {
    float v = a.fin[threadIdx.x & 31];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = v;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) s += __shfl_xor_sync(0xffffffffu, s, d);
        v = fmaf(v, 0.99f, s * 0.01f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, v);
}

// Four independent FP64 multiply-add chains.
extern "C" __global__ void fp64_fma(Args a) {
    double d0 = a.fin[threadIdx.x & 31], d1 = d0 + 1.0, d2 = d0 + 2.0, d3 = d0 + 3.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        d0 = fma(d0, 0.999999, 0.5);
        d1 = fma(d1, 0.999998, 0.25);
        d2 = fma(d2, 0.999997, 0.125);
        d3 = fma(d3, 0.999996, 0.0625);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(d0 + d1 + d2 + d3));
}

// Four packed-half multiply-add chains.
extern "C" __global__ void half2_fma(Args a) {
    int lane = threadIdx.x & 31;
    __half2 m = __floats2half2_rn(0.999f, 0.998f), c = __floats2half2_rn(0.01f, 0.02f);
    __half2 h0 = __floats2half2_rn(a.fin[lane], 1.f), h1 = __hadd2(h0, c), h2 = __hadd2(h1, c), h3 = __hadd2(h2, c);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h0 = __hfma2(h0, m, c);
        h1 = __hfma2(h1, m, c);
        h2 = __hfma2(h2, m, c);
        h3 = __hfma2(h3, m, c);
    }
    long long t1 = clock64();
    float2 f = __half22float2(__hadd2(__hadd2(h0, h1), __hadd2(h2, h3)));
    finish(a, t0, t1, f.x + f.y);
}

// Four packed-bf16 multiply-add chains.
extern "C" __global__ void bf16x2_fma(Args a) {
    int lane = threadIdx.x & 31;
    __nv_bfloat162 m = __floats2bfloat162_rn(0.999f, 0.998f), c = __floats2bfloat162_rn(0.01f, 0.02f);
    __nv_bfloat162 h0 = __floats2bfloat162_rn(a.fin[lane], 1.f), h1 = __hadd2(h0, c), h2 = __hadd2(h1, c), h3 = __hadd2(h2, c);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h0 = __hfma2(h0, m, c);
        h1 = __hfma2(h1, m, c);
        h2 = __hfma2(h2, m, c);
        h3 = __hfma2(h3, m, c);
    }
    long long t1 = clock64();
    float2 f = __bfloat1622float2(__hadd2(__hadd2(h0, h1), __hadd2(h2, h3)));
    finish(a, t0, t1, f.x + f.y);
}

// int8 dot products: four dp4a accumulator chains.
extern "C" __global__ void dp4a_dot(Args a) {
    int lane = threadIdx.x & 31;
    int x = (int)a.uin[lane], y = (int)a.uin[lane + 32];
    int s0 = 0, s1 = 1, s2 = 2, s3 = 3;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s0 = __dp4a(x, y, s0);
        s1 = __dp4a(y, x, s1);
        s2 = __dp4a(x ^ k, y, s2);
        s3 = __dp4a(x, y ^ k, s3);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(s0 + s1 + s2 + s3));
}

// Integer matrix units: two dependent mma.sync m16n8k32 s8 chains.
extern "C" __global__ void imma_s8(Args a) {
    int lane = threadIdx.x & 31;
    unsigned ra[4], rb[2];
    for (int i = 0; i < 4; i++) ra[i] = a.uin[lane * 4 + i];
    for (int i = 0; i < 2; i++) rb[i] = a.uin[256 + lane * 2 + i];
    int c0[4] = {0, 0, 0, 0}, c1[4] = {1, 1, 1, 1};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(c0[0]), "+r"(c0[1]), "+r"(c0[2]), "+r"(c0[3])
                     : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]));
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(c1[0]), "+r"(c1[1]), "+r"(c1[2]), "+r"(c1[3])
                     : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(c0[0] + c0[1] + c0[2] + c0[3] + c1[0] + c1[1] + c1[2] + c1[3]));
}

// bf16 tensor cores: two dependent mma.sync m16n8k16 (f32 += bf16) chains.
extern "C" __global__ void mma_bf16(Args a) {
    int lane = threadIdx.x & 31;
    unsigned ra[4], rb[2];
    for (int i = 0; i < 4; i++) ra[i] = a.uin[lane * 4 + i] & 0x3f803f80u;
    for (int i = 0; i < 2; i++) rb[i] = a.uin[256 + lane * 2 + i] & 0x3f803f80u;
    float c0[4] = {0.f, 0.f, 0.f, 0.f}, c1[4] = {1.f, 1.f, 1.f, 1.f};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c0[0]), "+f"(c0[1]), "+f"(c0[2]), "+f"(c0[3])
                     : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c1[0]), "+f"(c1[1]), "+f"(c1[2]), "+f"(c1[3])
                     : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]));
    }
    long long t1 = clock64();
    finish(a, t0, t1, c0[0] + c0[1] + c0[2] + c0[3] + c1[0] + c1[1] + c1[2] + c1[3]);
}

// tf32 tensor cores: four independent mma.sync m16n8k8 chains.
extern "C" __global__ void mma_tf32(Args a) {
    int lane = threadIdx.x & 31;
    unsigned ra[4], rb[2];
    for (int i = 0; i < 4; i++) ra[i] = __float_as_uint(a.fin[lane * 4 + i]);
    for (int i = 0; i < 2; i++) rb[i] = __float_as_uint(a.fin[256 + lane * 2 + i]);
    float c[4][4];
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++) c[j][i] = (float)j;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 4; j++)
            asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                         : "+f"(c[j][0]), "+f"(c[j][1]), "+f"(c[j][2]), "+f"(c[j][3])
                         : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]));
    }
    long long t1 = clock64();
    float s = 0.f;
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++) s += c[j][i];
    finish(a, t0, t1, s);
}

// ldmatrix.x4 from an unpadded tile (rows 128 bytes apart: the eight rows
// of each 8×8 matrix in the same four banks) feeding mma.sync.
extern "C" __global__ void ldsm_mma_unpadded(Args a) {
    __shared__ __align__(16) unsigned short tile[32 * 64];  // 32 rows of 128 bytes
    for (int i = threadIdx.x; i < 32 * 64; i += blockDim.x) tile[i] = (unsigned short)(a.uin[i & 4095] & 0x3bff);
    __syncthreads();
    int lane = threadIdx.x & 31;
    unsigned base = (unsigned)__cvta_generic_to_shared(&tile[lane * 64]);
    float c[4] = {0.f, 0.f, 0.f, 0.f};
    unsigned rb0 = a.uin[lane] & 0x3bff3bffu, rb1 = a.uin[lane + 32] & 0x3bff3bffu;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r0, r1, r2, r3;
        unsigned addr = base + ((k & 7) << 4);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(addr));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(r0), "r"(r1), "r"(r2), "r"(r3), "r"(rb0), "r"(rb1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, c[0] + c[1] + c[2] + c[3]);
}

// The same with rows padded to 144 bytes: conflict-free.
extern "C" __global__ void ldsm_mma_padded(Args a) {
    __shared__ __align__(16) unsigned short tile[32 * 72];  // 32 rows of 144 bytes
    for (int i = threadIdx.x; i < 32 * 72; i += blockDim.x) tile[i] = (unsigned short)(a.uin[i & 4095] & 0x3bff);
    __syncthreads();
    int lane = threadIdx.x & 31;
    unsigned base = (unsigned)__cvta_generic_to_shared(&tile[lane * 72]);
    float c[4] = {0.f, 0.f, 0.f, 0.f};
    unsigned rb0 = a.uin[lane] & 0x3bff3bffu, rb1 = a.uin[lane + 32] & 0x3bff3bffu;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r0, r1, r2, r3;
        unsigned addr = base + ((k & 7) << 4);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(addr));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(r0), "r"(r1), "r"(r2), "r"(r3), "r"(rb0), "r"(rb1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, c[0] + c[1] + c[2] + c[3]);
}

// Special functions: sine, cosine, reciprocal square root, exponential.
extern "C" __global__ void sfu_mix(Args a) {
    float x = a.fin[threadIdx.x & 31], y = x + 1.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = fmaf(__sinf(x), 0.5f, __cosf(y));
        y = rsqrtf(fabsf(y) + 1.f) + __expf(-fabsf(x));
    }
    long long t1 = clock64();
    finish(a, t0, t1, x + y);
}

// A tanh-approximated GELU applied over and over.
extern "C" __global__ void gelu_tanh(Args a) {
    float x = a.fin[threadIdx.x & 31], z = x * 0.5f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float u = 0.7978845608f * fmaf(0.044715f * x * x, x, x), t;
        asm("tanh.approx.f32 %0, %1;" : "=f"(t) : "f"(u));
        float g = 0.5f * x * (1.f + t);
        z = fmaf(z, 0.5f, g);
        x = g * 0.99f + 0.1f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, x + z);
}

// IEEE single-precision division (the compiler's full-precision path).
extern "C" __global__ void fdiv_ieee(Args a) {
    float x = a.fin[threadIdx.x & 31], y = x + 3.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) x = y / (x + 1.5f) + 0.25f;
    long long t1 = clock64();
    finish(a, t0, t1, x);
}

// Conversions: float to int and back, float to half and back.
extern "C" __global__ void cvt_mix(Args a) {
    float f = a.fin[threadIdx.x & 31];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int i = __float2int_rn(f * 1000.f);
        float h = __half2float(__float2half_rn(f));
        f = (float)(i ^ k) * 0.0005f + h * 0.5f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, f);
}

// Bit manipulation: reversal, population count, byte permute, leading zeros.
extern "C" __global__ void bit_ops(Args a) {
    unsigned h = a.uin[threadIdx.x & 31] ^ threadIdx.x;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = __brev(h) + (unsigned)__popc(h);
        h = __byte_perm(h, (unsigned)k, 0x5140) ^ (unsigned)__clz(h | 1u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)h);
}

// A 64-bit hash (splitmix64's finalizer): 64-bit multiplies.
extern "C" __global__ void splitmix64(Args a) {
    unsigned long long z = a.uin[threadIdx.x & 31] + (unsigned long long)threadIdx.x;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        z ^= z >> 31;
        z += (unsigned long long)k;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(unsigned)z);
}

// Integer division and remainder by a run-time divisor.
extern "C" __global__ void int_divmod(Args a) {
    unsigned h = a.uin[threadIdx.x & 31] | 1u, d = (unsigned)a.iters | 3u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) h = (h / d) * 2654435761u + (h % d) + (unsigned)k;
    long long t1 = clock64();
    finish(a, t0, t1, (float)h);
}

// Clamps and ReLUs between multiply-adds.
extern "C" __global__ void fmnmx_relu(Args a) {
    float x = a.fin[threadIdx.x & 31], y = x + 1.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = fmaxf(fmaf(x, 1.01f, -0.5f), 0.f);
        y = fminf(fmaxf(fmaf(y, 0.99f, x), -4.f), 4.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, x + y);
}

// Eight independent FFMA chains: the FMA pipes' throughput.
extern "C" __global__ void ffma_ilp8(Args a) {
    float v[8];
    for (int i = 0; i < 8; i++) v[i] = a.fin[(threadIdx.x + i) & 31];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++)
#pragma unroll
        for (int i = 0; i < 8; i++) v[i] = fmaf(v[i], 0.9999f, 0.001f);
    long long t1 = clock64();
    float s = 0.f;
    for (int i = 0; i < 8; i++) s += v[i];
    finish(a, t0, t1, s);
}

// A layernorm body: Welford's running mean and variance over a shared row.
extern "C" __global__ void layernorm_body(Args a) {
    __shared__ float row[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) row[i] = a.fin[i];
    __syncthreads();
    int lane = threadIdx.x & 31;
    float mean = 0.f, m2 = 0.f, n = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float x = row[((k << 5) + lane) & 1023];
        n += 1.f;
        float d = x - mean;
        mean += __fdividef(d, n);
        m2 = fmaf(d, x - mean, m2);
    }
    long long t1 = clock64();
    finish(a, t0, t1, mean + m2);
}

// A softmax body over a shared row: running maximum and rescaled sum.
extern "C" __global__ void softmax_smem(Args a) {
    __shared__ float row[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) row[i] = a.fin[i];
    __syncthreads();
    int lane = threadIdx.x & 31;
    float m = -1e30f, s = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float x = row[((k << 5) + lane) & 1023];
        float mn = fmaxf(m, x);
        s = fmaf(s, exp2f(m - mn), exp2f(x - mn));
        m = mn;
    }
    long long t1 = clock64();
    finish(a, t0, t1, s + m);
}

// float4 stream over the footprint, grid-stride (coalesced, 512 bytes a
// warp load).
extern "C" __global__ void stream_f4(Args a) {
    const float4* b = reinterpret_cast<const float4*>(a.big);
    unsigned m = a.bigMask >> 2, T = gthreads(), i = gtid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float4 v = b[(i + (unsigned)k * T) & m];
        acc += (v.x + v.y) + (v.z + v.w);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Float loads with lanes two floats apart.
extern "C" __global__ void stride2_f(Args a) {
    unsigned T = gthreads(), i = gtid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) acc += a.big[((i + (unsigned)k * T) * 2u) & a.bigMask];
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Float loads with lanes 32 floats (one 128-byte line) apart.
extern "C" __global__ void stride32_f(Args a) {
    unsigned T = gthreads(), i = gtid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) acc += a.big[((i + (unsigned)k * T) * 32u) & a.bigMask];
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A gather: each lane loads a hashed float (its own line, mostly).
extern "C" __global__ void gather_hash(Args a) {
    unsigned i = gtid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned h = (i * 0x9e3779b1u) ^ ((unsigned)k * 0x85ebca6bu);
        h ^= h >> 13;
        h *= 0xc2b2ae35u;
        acc += a.big[h & a.bigMask];
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// y = a·x + y over the footprint's two halves (a load, a load, a store).
extern "C" __global__ void saxpy_store(Args a) {
    unsigned half = (a.bigMask + 1) >> 1, m = half - 1, T = gthreads(), i = gtid();
    float* x = a.big;
    float* y = a.big + half;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        y[j] = fmaf(1.0001f, x[j], y[j]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, y[i & m]);
}

// Global atomic adds (reductions, result unused) to each thread's word.
extern "C" __global__ void global_red(Args a) {
    int tid = gtid();
    float* p = a.big + ((unsigned)tid & a.bigMask);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) atomicAdd(p, 1.0f);
    long long t1 = clock64();
    finish(a, t0, t1, (float)tid);
}

// A matrix-vector inner loop: float4 rows from the L1 against a register
// vector.
extern "C" __global__ void matvec_f4(Args a) {
    const float4* b = reinterpret_cast<const float4*>(a.fin);
    int lane = threadIdx.x & 31;
    float4 x = make_float4(0.5f, 0.25f, 0.125f, 0.0625f);
    float acc0 = 0.f, acc1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float4 v = b[((k << 5) + lane) & 1023];
        acc0 = fmaf(v.x, x.x, fmaf(v.y, x.y, acc0));
        acc1 = fmaf(v.z, x.z, fmaf(v.w, x.w, acc1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc0 + acc1);
}

// A cp.async copy (16 bytes a lane, bypassing the L1) into shared memory,
// waited for and read back, each iteration.
extern "C" __global__ void cp_async(Args a) {
    __shared__ __align__(16) float4 buf[1024];
    const float4* b = reinterpret_cast<const float4*>(a.big);
    unsigned m = a.bigMask >> 2, T = gthreads(), i = gtid();
    unsigned sa = (unsigned)__cvta_generic_to_shared(&buf[threadIdx.x]);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        const float4* g = b + ((i + (unsigned)k * T) & m);
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(sa), "l"(g));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 0;\n" ::: "memory");
        float4 v = buf[threadIdx.x];
        acc += v.x + v.w;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}
