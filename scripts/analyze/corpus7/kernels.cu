// A seventh validation corpus for gpuarch analyze (issue 33, "heldout7"):
// loops written as a new user would write them, of the kinds the issue
// lists, none copied from the first six corpora: a 64 × 65 padded float
// transpose, an unpadded warp-private 32 × 32 float transpose, a warp
// transpose of int2s and a padded transpose of halves, a 256-bin shared
// histogram of quantized floats, warp-private 16-bin histograms, global
// atomics on four bins, a segmented warp scan by shuffles up, a block
// reduction with two barriers, a 1-D 5-point stencil from global memory
// at each level, an in-place Gauss-Seidel 5-point sweep of a shared tile,
// a degree-12 FP64 Horner polynomial, complex FP64 multiply-accumulate
// chains, a double stream sum, half2 FMA + ReLU chains, a bf16x2 FMA with
// clamping, a dependent dp4a chain, dp2a lo/hi, integer mma.sync
// m16n8k32 (u8 × s8) from plain shared loads, f16 mma.sync m16n8k16 fed
// by ldmatrix from a padded (with .trans) and an unpadded tile, softplus
// (expf, logf), an online log-sum-exp (__expf), erff beside tanhf, an
// n-body step (rsqrtf), Box-Muller (logf, sqrtf, sincospif), four
// independent conversion chains (f16, int, double), a butterfly sum, min
// and max, shuffles from a data-dependent lane, gathers at indices from
// a.uin, hashed float4 gathers, loads at strides of 2, 4, 8 and 32 floats,
// a reversed float2 copy, a float4 scale with clamping, a float2 dot
// product, a cp.async double-buffered copy into shared memory, a causal
// softmax of 32 scores, a one-pass layernorm of float4 rows, scattered
// float and int atomics, an atomicCAS update loop, signed and unsigned
// division by a runtime divisor, bfe/brev/clz/popc, a data-dependent
// branch (Newton square roots), a column-major matrix-vector product, a
// branchless lower bound in shared memory and a bitonic compare-exchange
// step of 2048 floats in shared memory.
// Every loop is held out: the whole file and its split (split.txt) were
// committed before any of it was built, measured or analyzed, after the
// model of commit 111651b.
//
// Timed as the other corpora are: each kernel reads clock64 around its
// own rolled loop (#pragma unroll 1) and the harness
// (scripts/analyze/corpus/harness.cu, built with this file and
// cases.inc) divides by the iterations. The harness launches one block of
// 32 × W threads per SM (W = 1, 4, 8, 16, 32). Shared tiles are shared
// by a block's warps (races between warps change values, not the banks a
// warp touches). Loops over a.big read the harness's footprint buffer,
// sized for the level cases.inc names (32 KiB where the case names no
// footprint); a.fin and a.uin hold 8192 floats and words (32 KiB each,
// L1-resident).
#include <cuda_fp16.h>
#include <cuda_bf16.h>

struct Args {
    const float* fin;                 // input floats (8192)
    const unsigned* uin;              // input words (8192)
    const unsigned long long* chain;  // unused here (the harness's chase chains)
    const unsigned long long* starts; // unused here
    float* out;                       // one float per thread
    long long* cycles;                // one per warp
    int iters;
    float* big;                       // the footprint buffer
    unsigned bigMask;                 // its size in floats - 1 (a power of two)
};

__device__ __forceinline__ void finish(const Args& a, long long t0, long long t1, float v) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    a.out[tid] = v;
    if ((threadIdx.x & 31) == 0) a.cycles[tid >> 5] = t1 - t0;
}

__device__ __forceinline__ int gtid() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ unsigned gthreads() { return gridDim.x * blockDim.x; }

#define ALL_LANES 0xffffffffu

// e^x's Taylor coefficients, 1/j! for j = 0..12.
__constant__ double horner_c[13] = {1.0, 1.0, 0.5, 1.6666666666666666e-1, 4.1666666666666664e-2,
                                    8.3333333333333332e-3, 1.3888888888888889e-3, 1.9841269841269841e-4,
                                    2.4801587301587302e-5, 2.7557319223985893e-6, 2.7557319223985888e-7,
                                    2.5052108385441720e-8, 2.0876756987868100e-9};

// A transpose of floats through a 64 × 65 shared tile: warp w writes rows
// 2w and 2w + 1 (two floats a lane each), and after the barrier reads
// columns 2w and 2w + 1.
extern "C" __global__ void transpose64_pad65(Args a) {
    __shared__ float tile[64][65];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    int r = (2 * w) & 63;
    float v0 = a.fin[threadIdx.x & 8191], v1 = a.fin[(threadIdx.x + 1024) & 8191], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        tile[r][lane] = v0;
        tile[r][lane + 32] = v1;
        tile[r + 1][lane] = v1;
        tile[r + 1][lane + 32] = v0;
        __syncthreads();
        float c0 = tile[lane][r] + tile[lane + 32][r];
        float c1 = tile[lane][r + 1] + tile[lane + 32][r + 1];
        acc += c0 - c1;
        v0 = fmaf(c0, 0.25f, 1.f);
        v1 = fmaf(c1, 0.25f, 0.5f);
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A warp-private transpose of floats in a 32 × 32 shared tile without
// padding (eight tiles, warp w uses tile w mod 8): four rows written a
// lane a column, then four columns read a lane a row (lanes 128 bytes
// apart), __syncwarp between.
extern "C" __global__ void transpose_warp32_nopad(Args a) {
    __shared__ float t[8][32][32];
    int lane = threadIdx.x & 31, s = (threadIdx.x >> 5) & 7;
    float* T = &t[s][0][0];
    for (int i = lane; i < 1024; i += 32) T[i] = a.fin[i];
    __syncwarp();
    float x = a.fin[threadIdx.x & 8191], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int r = (k * 4) & 31;
        T[(r + 0) * 32 + lane] = x;
        T[(r + 1) * 32 + lane] = x + 1.f;
        T[(r + 2) * 32 + lane] = x * 0.5f;
        T[(r + 3) * 32 + lane] = x - 1.f;
        __syncwarp();
        float y = T[lane * 32 + r] + T[lane * 32 + r + 1] + T[lane * 32 + r + 2] + T[lane * 32 + r + 3];
        acc += y;
        x = fmaf(y, 0.125f, 0.5f);
        __syncwarp();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A warp-private transpose of a 16 × 16 tile of int2s (eight tiles, warp
// w uses tile w mod 8): the whole tile written in row order (eight int2s
// a lane), then read in column order.
extern "C" __global__ void transpose_int2_warp16(Args a) {
    __shared__ int2 t[8][16][16];
    int lane = threadIdx.x & 31, s = (threadIdx.x >> 5) & 7;
    int2* T = &t[s][0][0];
    int2 v = make_int2((int)a.uin[threadIdx.x & 8191], gtid());
    int acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 8; j++) T[j * 32 + lane] = make_int2(v.x + j, v.y ^ j);
        __syncwarp();
#pragma unroll
        for (int j = 0; j < 8; j++) {
            int p = j * 32 + lane;
            int2 u = T[(p & 15) * 16 + (p >> 4)];
            acc += u.x ^ u.y;
        }
        v.x = acc;
        v.y += 3;
        __syncwarp();
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A transpose of halves through a 64 × 66 shared tile: warp w writes rows
// 2w and 2w + 1 as half2s (a pair of columns a lane), and after the
// barrier reads columns 2w and 2w + 1 as single halves.
extern "C" __global__ void transpose_half_pad66(Args a) {
    __shared__ __align__(16) __half t[64][66];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    int r = (2 * w) & 63;
    __half2 h = __floats2half2_rn(a.fin[threadIdx.x & 8191], a.fin[(threadIdx.x + 7) & 8191]);
    const __half2 q = __float2half2_rn(0.25f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        *reinterpret_cast<__half2*>(&t[r][2 * lane]) = h;
        *reinterpret_cast<__half2*>(&t[r + 1][2 * lane]) = __hadd2(h, h);
        __syncthreads();
        __half2 c = __halves2half2(t[lane][r], t[lane + 32][r]);
        __half2 d = __halves2half2(t[lane][r + 1], t[lane + 32][r + 1]);
        h = __hmul2(__hadd2(c, d), q);
        float2 f = __half22float2(h);
        acc += f.x + f.y;
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 256-bin histogram in shared memory of floats quantized to bytes: two
// floats a lane (a float2 from the L1), two shared atomicAdds.
extern "C" __global__ void hist256_fquant(Args a) {
    __shared__ unsigned bins[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) bins[i] = 0u;
    __syncthreads();
    const float2* f2 = reinterpret_cast<const float2*>(a.fin);
    unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float2 v = f2[((unsigned)k * 32u + lane + w * 40u) & 4095u];
        unsigned b0 = __float2uint_rz((v.x - 0.5f) * 257.f) & 255u;
        unsigned b1 = __float2uint_rz((v.y - 0.5f) * 257.f) & 255u;
        atomicAdd(&bins[b0], 1u);
        atomicAdd(&bins[b1], 1u);
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)bins[threadIdx.x & 255]);
}

// Warp-private 16-bin histograms in shared memory (a row of 17 words a
// warp): the top and bottom nibbles of a word from a.uin, two shared
// atomicAdds a lane (32 lanes on 16 bins collide).
extern "C" __global__ void hist16_warp_private(Args a) {
    __shared__ unsigned bins[32][17];
    for (int i = threadIdx.x; i < 32 * 17; i += blockDim.x) (&bins[0][0])[i] = 0u;
    __syncthreads();
    unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned u = a.uin[((unsigned)k * 32u + lane) & 8191u] ^ (unsigned)k;
        atomicAdd(&bins[w][u & 15u], 1u);
        atomicAdd(&bins[w][u >> 28], 1u);
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)bins[w][lane & 15]);
}

// Global atomics on four bins (128 bytes apart) from every thread of the
// grid, the bin picked by an LCG, the old value unused.
extern "C" __global__ void gatomic_bins4(Args a) {
    unsigned* bins = reinterpret_cast<unsigned*>(a.big);
    unsigned h = (unsigned)gtid() * 2654435769u + 1u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = h * 1103515245u + 12345u;
        atomicAdd(&bins[(h >> 30) * 32u], 1u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)bins[(h >> 30) * 32u]);
}

// A segmented inclusive warp scan of ints by shuffles up: segment heads
// (about one lane in eight, and lane 0) from a ballot, each lane's
// segment start by clz, sums taken only from lanes of its segment.
extern "C" __global__ void seg_scan_shflup(Args a) {
    int lane = threadIdx.x & 31;
    unsigned seed = a.uin[threadIdx.x & 8191];
    int acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        seed = seed * 1664525u + 1013904223u;
        int v = (int)(seed >> 24);
        bool head = (seed & 0x70000u) == 0u || lane == 0;
        unsigned heads = __ballot_sync(ALL_LANES, head);
        int start = 31 - __clz(heads & (ALL_LANES >> (31 - lane)));
        int s = v;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            int t = __shfl_up_sync(ALL_LANES, s, d);
            if (lane - d >= start) s += t;
        }
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A block sum of squares with two barriers: each warp's sum by shuffles
// down, lane 0 writes it, barrier, warp 0 sums the partials and writes
// the total, barrier, every thread reads the total.
extern "C" __global__ void block_reduce_2bar(Args a) {
    __shared__ float part[32];
    __shared__ float total;
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    float x = a.fin[threadIdx.x & 8191], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = x * x;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) s += __shfl_down_sync(ALL_LANES, s, d);
        if (lane == 0) part[w] = s;
        __syncthreads();
        if (w == 0) {
            float p = lane < nw ? part[lane] : 0.f;
#pragma unroll
            for (int d = 16; d > 0; d >>= 1) p += __shfl_down_sync(ALL_LANES, p, d);
            if (lane == 0) total = p;
        }
        __syncthreads();
        float tot = total;
        acc += x * rsqrtf(tot + 1e-6f);
        x = fmaf(x, 0.999f, 0.001f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 1-D 5-point stencil from global memory: the footprint's first half
// read around the point, the result written to its second half,
// grid-stride.
extern "C" __global__ void stencil1d5_gmem(Args a) {
    const float* in = a.big;
    unsigned half = (a.bigMask + 1) >> 1, m = half - 1, T = gthreads(), i = gtid();
    float* out = a.big + half;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = i + (unsigned)k * T;
        float y = 0.4f * in[c & m] + 0.2f * (in[(c - 1u) & m] + in[(c + 1u) & m]) +
                  0.1f * (in[(c - 2u) & m] + in[(c + 2u) & m]);
        out[c & m] = y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, out[i & m]);
}

// An in-place Gauss-Seidel sweep of a 5-point stencil on a 34 × 34 shared
// grid, a warp a row (interior columns a lane), the residual summed.
extern "C" __global__ void gauss_seidel5_smem(Args a) {
    __shared__ float g[34][34];
    for (int i = threadIdx.x; i < 34 * 34; i += blockDim.x) (&g[0][0])[i] = a.fin[i & 8191];
    __syncthreads();
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    int c = lane + 1;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int r = 1 + ((w + k) & 31);
        float old = g[r][c];
        float v = 0.25f * (g[r - 1][c] + g[r + 1][c] + g[r][c - 1] + g[r][c + 1]);
        g[r][c] = v;
        acc += fabsf(v - old);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A degree-12 polynomial in double by Horner's rule (coefficients in
// constant memory), its value feeding the next argument.
extern "C" __global__ void horner12_f64(Args a) {
    double x = (double)a.fin[threadIdx.x & 8191] * 0.5, acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double p = horner_c[12];
#pragma unroll
        for (int j = 11; j >= 0; j--) p = fma(p, x, horner_c[j]);
        acc += p;
        x = fma(p, 0.125, 0.2);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Two complex multiply-accumulates in double, z = z w + u, each a chain
// of four fmas of depth two.
extern "C" __global__ void zmac_f64_x2(Args a) {
    double zr = (double)a.fin[threadIdx.x & 8191], zi = (double)a.fin[(threadIdx.x + 1) & 8191];
    double yr = zi, yi = -zr;
    const double wr = 0.6, wi = 0.79, ur = 0.01, ui = -0.02;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double nr = fma(zr, wr, fma(-zi, wi, ur));
        double ni = fma(zr, wi, fma(zi, wr, ui));
        double mr = fma(yr, wr, fma(-yi, wi, ui));
        double mi = fma(yr, wi, fma(yi, wr, ur));
        zr = nr;
        zi = ni;
        yr = mr;
        yi = mi;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(zr + zi + yr + yi));
}

// A sum of doubles streamed grid-stride from the footprint, two loads
// (a grid apart) and two accumulators an iteration.
extern "C" __global__ void dsum2_stream_f64(Args a) {
    const double* d = reinterpret_cast<const double*>(a.big);
    unsigned m = a.bigMask >> 1, T = gthreads(), i = gtid();
    double s0 = 0.0, s1 = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        s0 += d[j & m];
        s1 += d[(j + T) & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(s0 + s1));
}

// Four independent half2 chains of a fused multiply-add and a ReLU
// (__hmax2 with zero).
extern "C" __global__ void h2_fma_relu4(Args a) {
    int l = threadIdx.x & 31;
    __half2 x0 = __floats2half2_rn(a.fin[l], a.fin[l + 32]), x1 = __floats2half2_rn(a.fin[l + 64], a.fin[l + 96]);
    __half2 x2 = __hneg2(x0), x3 = __hneg2(x1);
    const __half2 w0 = __floats2half2_rn(0.5f, 0.75f), w1 = __floats2half2_rn(-0.5f, 0.875f);
    const __half2 b = __floats2half2_rn(0.125f, -0.0625f), z = __float2half2_rn(0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x0 = __hmax2(__hfma2(x0, w0, b), z);
        x1 = __hmax2(__hfma2(x1, w1, b), z);
        x2 = __hmax2(__hfma2(x2, w0, b), z);
        x3 = __hmax2(__hfma2(x3, w1, b), z);
    }
    long long t1 = clock64();
    float2 f = __half22float2(__hadd2(__hadd2(x0, x1), __hadd2(x2, x3)));
    finish(a, t0, t1, f.x + f.y);
}

// A bf16x2 chain: a fused multiply-add, a multiply, then clamping to
// [-1, 1] by __hmax2 and __hmin2.
extern "C" __global__ void bf162_fma_clamp(Args a) {
    int l = threadIdx.x & 31;
    __nv_bfloat162 y = __floats2bfloat162_rn(a.fin[l], -a.fin[l + 32]);
    const __nv_bfloat162 s = __floats2bfloat162_rn(1.5f, -1.25f), c = __floats2bfloat162_rn(0.25f, 0.125f);
    const __nv_bfloat162 g = __float2bfloat162_rn(0.9f);
    const __nv_bfloat162 lo = __float2bfloat162_rn(-1.f), hi = __float2bfloat162_rn(1.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        y = __hfma2(y, s, c);
        y = __hmul2(y, g);
        y = __hmin2(__hmax2(y, lo), hi);
    }
    long long t1 = clock64();
    float2 f = __bfloat1622float2(y);
    finish(a, t0, t1, f.x + f.y);
}

// A dependent chain of four dp4a a loop, the accumulator fed back as a
// packed operand.
extern "C" __global__ void dp4a_dep_chain(Args a) {
    int b0 = (int)a.uin[threadIdx.x & 8191], b1 = (int)a.uin[(threadIdx.x + 1) & 8191];
    int b2 = (int)a.uin[(threadIdx.x + 2) & 8191], b3 = (int)a.uin[(threadIdx.x + 3) & 8191];
    int acc = (int)(a.uin[(threadIdx.x + 4) & 8191] & 0xffu);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        acc = __dp4a(acc ^ b0, b1, acc);
        acc = __dp4a(b2, acc, acc);
        acc = __dp4a(acc, b3, b0);
        acc = __dp4a(b1 ^ acc, acc, acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// dp2a (int16 pairs by int8 pairs, low and high halves of the bytes)
// on words streamed from a.uin, four independent accumulators.
extern "C" __global__ void dp2a_lo_hi(Args a) {
    const uint2* u2 = reinterpret_cast<const uint2*>(a.uin);
    unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    int s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        uint2 p = u2[((unsigned)k * 32u + lane + w * 12u) & 4095u];
        int x = (int)p.x, y = (int)p.y;
        s0 = __dp2a_lo(x, y, s0);
        s1 = __dp2a_hi(x, y, s1);
        s2 = __dp2a_lo(y, x, s2);
        s3 = __dp2a_hi(y, x, s3);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(s0 + s1 + s2 + s3));
}

// Integer mma.sync m16n8k32 (u8 × s8, s32 accumulators), two n-tiles an
// iteration, the fragments read from unpadded shared tiles (32 bytes a
// row) by plain 32-bit loads, a different slice each iteration.
extern "C" __global__ void imma_u8s8_lds(Args a) {
    __shared__ unsigned As[64][8];
    __shared__ unsigned Bs[32][8];
    for (int i = threadIdx.x; i < 64 * 8; i += blockDim.x) (&As[0][0])[i] = a.uin[i & 8191];
    for (int i = threadIdx.x; i < 32 * 8; i += blockDim.x) (&Bs[0][0])[i] = a.uin[(i + 1000) & 8191];
    __syncthreads();
    int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
    int c0 = 0, c1 = 0, c2 = 0, c3 = 0, e0 = 0, e1 = 0, e2 = 0, e3 = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int r = (k & 3) * 16, n = ((k >> 2) & 3) * 8, n2 = (n + 8) & 31;
        unsigned a0 = As[r + g][t], a1 = As[r + g + 8][t], a2 = As[r + g][t + 4], a3 = As[r + g + 8][t + 4];
        unsigned b0 = Bs[n + g][t], b1 = Bs[n + g][t + 4];
        unsigned b2 = Bs[n2 + g][t], b3 = Bs[n2 + g][t + 4];
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(c0), "+r"(c1), "+r"(c2), "+r"(c3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(e0), "+r"(e1), "+r"(e2), "+r"(e3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(c0 + c1 + c2 + c3 + e0 + e1 + e2 + e3));
}

// f16 mma.sync m16n8k16 (f32 accumulators), two n-tiles an iteration:
// A by ldmatrix.x4 and B (row-major k × n) by ldmatrix.x4.trans from
// 64 × 64 tiles padded to 72 halves a row, a different slice each
// iteration.
extern "C" __global__ void hmma_ldsm_pad72(Args a) {
    __shared__ __align__(16) __half As[64][72];
    __shared__ __align__(16) __half Bs[64][72];
    for (int i = threadIdx.x; i < 64 * 72; i += blockDim.x) {
        (&As[0][0])[i] = __float2half_rn(a.fin[i & 8191] - 1.f);
        (&Bs[0][0])[i] = __float2half_rn(a.fin[(i + 31) & 8191] - 1.f);
    }
    __syncthreads();
    int lane = threadIdx.x & 31;
    float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f, d4 = 0.f, d5 = 0.f, d6 = 0.f, d7 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int m0 = (k & 3) * 16, k0 = ((k >> 2) & 3) * 16, n0 = ((k >> 4) & 3) * 16;
        unsigned aaddr = (unsigned)__cvta_generic_to_shared(&As[m0 + (lane & 15)][k0 + (lane >> 4) * 8]);
        unsigned baddr = (unsigned)__cvta_generic_to_shared(&Bs[k0 + (lane & 15)][n0 + (lane >> 4) * 8]);
        unsigned a0, a1, a2, a3, b0, b1, b2, b3;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
                     : "r"(aaddr));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3)
                     : "r"(baddr));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d4), "+f"(d5), "+f"(d6), "+f"(d7)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    finish(a, t0, t1, d0 + d1 + d2 + d3 + d4 + d5 + d6 + d7);
}

// f16 mma.sync m16n8k16 (f32 accumulators), two n-tiles an iteration:
// A (row-major) and B (n-major, k contiguous) each by ldmatrix.x4 from
// unpadded 64 × 64 tiles (128 bytes a row), a different slice each
// iteration.
extern "C" __global__ void hmma_ldsm_nopad64(Args a) {
    __shared__ __align__(16) __half As[64][64];
    __shared__ __align__(16) __half Bt[64][64];
    for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x) {
        (&As[0][0])[i] = __float2half_rn(1.f - a.fin[i & 8191]);
        (&Bt[0][0])[i] = __float2half_rn(a.fin[(i + 13) & 8191] - 1.f);
    }
    __syncthreads();
    int lane = threadIdx.x & 31;
    float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f, d4 = 0.f, d5 = 0.f, d6 = 0.f, d7 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int m0 = (k & 3) * 16, k0 = ((k >> 2) & 3) * 16, n0 = ((k >> 4) & 3) * 16;
        unsigned aaddr = (unsigned)__cvta_generic_to_shared(&As[m0 + (lane & 15)][k0 + (lane >> 4) * 8]);
        unsigned baddr =
            (unsigned)__cvta_generic_to_shared(&Bt[n0 + (lane & 7) + ((lane >> 4) << 3)][k0 + ((lane >> 3) & 1) * 8]);
        unsigned a0, a1, a2, a3, b0, b1, b2, b3;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
                     : "r"(aaddr));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3)
                     : "r"(baddr));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d4), "+f"(d5), "+f"(d6), "+f"(d7)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    finish(a, t0, t1, d0 + d1 + d2 + d3 + d4 + d5 + d6 + d7);
}

// Softplus, log(1 + e^x), by the accurate expf and logf in a dependent
// chain.
extern "C" __global__ void softplus_expf_logf(Args a) {
    float x = a.fin[threadIdx.x & 31], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float y = logf(1.f + expf(x));
        acc += y;
        x = fmaf(y, -0.8f, 1.5f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// An online log-sum-exp over a stream from the L1 (two floats a lane an
// iteration): the running maximum, the running sum rescaled by __expf.
extern "C" __global__ void logsumexp_online(Args a) {
    unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    float m = -1e30f, s = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned e = (unsigned)k * 64u + lane + w * 16u;
        float x0 = a.fin[e & 8191u] * 4.f, x1 = a.fin[(e + 32u) & 8191u] * 4.f;
        float mn = fmaxf(m, fmaxf(x0, x1));
        s = s * __expf(m - mn) + __expf(x0 - mn) + __expf(x1 - mn);
        m = mn;
    }
    long long t1 = clock64();
    finish(a, t0, t1, m + __logf(s));
}

// erff and tanhf in two independent dependent chains.
extern "C" __global__ void erff_tanhf_ilp2(Args a) {
    float u = a.fin[threadIdx.x & 31], v = -a.fin[(threadIdx.x & 31) + 32], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        u = fmaf(erff(u), 1.7f, -0.2f);
        v = fmaf(tanhf(v), 1.9f, 0.1f);
        acc += u - v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// An n-body step: each thread's body accumulates the pull of two bodies
// an iteration, read (broadcast) as float4s (position, mass) from shared
// memory, the inverse distance by rsqrtf.
extern "C" __global__ void nbody_rsqrt_smem(Args a) {
    __shared__ float4 body[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
        body[i] = make_float4(a.fin[i], a.fin[i + 256], a.fin[i + 512], a.fin[i + 768] * 0.01f);
    __syncthreads();
    float px = a.fin[(threadIdx.x * 3) & 8191] + 0.01f, py = a.fin[(threadIdx.x * 3 + 1) & 8191] - 0.02f;
    float pz = a.fin[(threadIdx.x * 3 + 2) & 8191] + 0.03f;
    float ax = 0.f, ay = 0.f, az = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 2; j++) {
            float4 b = body[(2 * k + j) & 255];
            float dx = b.x - px, dy = b.y - py, dz = b.z - pz;
            float r2 = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, 1e-3f)));
            float inv = rsqrtf(r2);
            float f = b.w * inv * inv * inv;
            ax = fmaf(f, dx, ax);
            ay = fmaf(f, dy, ay);
            az = fmaf(f, dz, az);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, ax + ay + az);
}

// Box-Muller normal variates from an LCG: logf and sqrtf for the radius,
// sincospif for the angle.
extern "C" __global__ void box_muller_sincospi(Args a) {
    unsigned s = (unsigned)gtid() * 747796405u + 2891336453u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = s * 1664525u + 1013904223u;
        float u1 = (float)((s >> 8) + 1u) * (1.f / 16777216.f);
        s = s * 1664525u + 1013904223u;
        float u2 = (float)(s >> 8) * (1.f / 16777216.f);
        float r = sqrtf(-2.f * logf(u1));
        float sn, cs;
        sincospif(2.f * u2, &sn, &cs);
        acc += r * (cs + sn);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Four independent conversion chains: float → half → float, float →
// int → float, float → double → float (a double fma between), float →
// unsigned → float.
extern "C" __global__ void cvt_chains4(Args a) {
    int l = threadIdx.x & 31;
    float x0 = a.fin[l], x1 = a.fin[l + 32], x2 = a.fin[l + 64], x3 = a.fin[l + 96];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __half h = __float2half_rn(x0);
        int n = __float2int_rn(x1 * 100.f);
        double d = (double)x2;
        unsigned u = __float2uint_rz(x3 * 1000.f);
        x0 = __half2float(h) * 0.999f + 0.001f;
        x1 = (float)n * 0.0101f;
        x2 = (float)fma(d, 0.999, 0.01);
        x3 = __uint2float_rn(u) * 0.000999f + 0.002f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, x0 + x1 + x2 + x3);
}

// A butterfly (xor shuffles, distances 1 up to 16) computing the warp's
// sum, minimum and maximum together.
extern "C" __global__ void butterfly_sum_minmax(Args a) {
    float x = a.fin[threadIdx.x & 8191], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = x, lo = x, hi = x;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            s += __shfl_xor_sync(ALL_LANES, s, d);
            lo = fminf(lo, __shfl_xor_sync(ALL_LANES, lo, d));
            hi = fmaxf(hi, __shfl_xor_sync(ALL_LANES, hi, d));
        }
        acc += (x - lo) * (hi - s * 0.03125f);
        x = fmaf(x, 0.75f, 0.25f * hi);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Shuffles from a lane computed from the data (five bits of the value's
// mantissa), four dependent rounds an iteration.
extern "C" __global__ void shfl_data_index(Args a) {
    float x = a.fin[threadIdx.x & 8191], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 4; j++) {
            unsigned src = (__float_as_uint(x) >> 7) & 31u;
            float y = __shfl_sync(ALL_LANES, x, src);
            x = fmaf(y, 0.5f, x * 0.5f) + 0.01f * (float)(j + 1);
        }
        acc += x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Two gathers an iteration at indices read from a.uin: each word masked
// into the footprint (its high bits and its bits from 11 up, each xored
// with the thread's number shifted above bit 13), the two values
// multiplied into an accumulator.
extern "C" __global__ void gather2_uin_xor(Args a) {
    unsigned lane = threadIdx.x & 31, m = a.bigMask;
    unsigned gw = (unsigned)gtid() >> 5, hi = (unsigned)gtid() << 13;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned u = a.uin[((unsigned)k * 32u + lane + gw * 96u) & 8191u];
        float g0 = a.big[(u ^ hi) & m];
        float g1 = a.big[((u >> 11) ^ hi) & m];
        acc = fmaf(g0, g1, acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// float4 gathers at a murmur3-finalized hash of the thread and the
// iteration.
extern "C" __global__ void gather_f4_murmur(Args a) {
    const float4* v = reinterpret_cast<const float4*>(a.big);
    unsigned m4 = a.bigMask >> 2, g = (unsigned)gtid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned h = g ^ ((unsigned)k * 0x9e3779b9u);
        h ^= h >> 16;
        h *= 0x85ebca6bu;
        h ^= h >> 13;
        h *= 0xc2b2ae35u;
        h ^= h >> 16;
        float4 q = v[h & m4];
        acc += (q.x + q.y) + (q.z + q.w);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The real parts of an interleaved complex array (every second float),
// their squares summed, grid-stride.
extern "C" __global__ void real_part_s2(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float re = a.big[(2u * (i + (unsigned)k * T)) & m];
        acc = fmaf(re, re, acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Fields x and z of 16-byte structures (floats 0 and 2 of every four),
// read as two scalar loads, grid-stride.
extern "C" __global__ void aos_xz_s4(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = 4u * (i + (unsigned)k * T);
        float x = a.big[j & m], z = a.big[(j + 2u) & m];
        acc = fmaf(x, z, acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Fields 0 and 5 of 32-byte records (every eighth float and the one five
// after it), grid-stride.
extern "C" __global__ void rec32_f0_f5(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = 8u * (i + (unsigned)k * T);
        float f0 = a.big[j & m], f5 = a.big[(j + 5u) & m];
        acc += f0 - f5 * 0.5f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// float2 loads 128 bytes apart (the first two floats of every row of 32),
// grid-stride.
extern "C" __global__ void col_f2_s32(Args a) {
    const float2* v = reinterpret_cast<const float2*>(a.big);
    unsigned m = a.bigMask >> 1, T = gthreads(), i = gtid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float2 p = v[(16u * (i + (unsigned)k * T)) & m];
        acc += p.x - p.y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A reversed copy of float2s: the footprint's first half into its second
// half, back to front, grid-stride.
extern "C" __global__ void copy_rev_f2(Args a) {
    const float2* src = reinterpret_cast<const float2*>(a.big);
    unsigned q = (a.bigMask + 1) >> 2, m = q - 1, T = gthreads(), i = gtid();
    float2* dst = reinterpret_cast<float2*>(a.big) + q;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        dst[m - j] = src[j];
    }
    long long t1 = clock64();
    finish(a, t0, t1, dst[i & m].x);
}

// float4s scaled in place and clamped (fminf), grid-stride.
extern "C" __global__ void scale_clamp_f4(Args a) {
    float4* v = reinterpret_cast<float4*>(a.big);
    unsigned m = a.bigMask >> 2, T = gthreads(), i = gtid();
    const float s = 1.01f, cap = 4.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float4 q = v[j];
        q.x = fminf(q.x * s, cap);
        q.y = fminf(q.y * s, cap);
        q.z = fminf(q.z * s, cap);
        q.w = fminf(q.w * s, cap);
        v[j] = q;
    }
    long long t1 = clock64();
    float4 r = v[i & m];
    finish(a, t0, t1, r.x + r.w);
}

// A dot product of two float2 arrays (the footprint's halves), two
// accumulators, grid-stride.
extern "C" __global__ void dot_f2(Args a) {
    const float2* x = reinterpret_cast<const float2*>(a.big);
    unsigned q = (a.bigMask + 1) >> 2, m = q - 1, T = gthreads(), i = gtid();
    const float2* y = x + q;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float2 p = x[j], r = y[j];
        s0 = fmaf(p.x, r.x, s0);
        s1 = fmaf(p.y, r.y, s1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// A double-buffered copy into shared memory by cp.async (16 bytes a lane,
// cp.async.ca): each iteration starts the next chunk's copy into one
// stage, waits for the previous group and sums the other stage's float4.
// Each warp has its own stages.
extern "C" __global__ void cp_async_ca_dbuf(Args a) {
    __shared__ __align__(16) float4 stage[2][32][32];
    int lane = threadIdx.x & 31, s = (threadIdx.x >> 5) & 31;
    const float4* src = reinterpret_cast<const float4*>(a.big);
    unsigned m4 = a.bigMask >> 2, T = gthreads(), i = gtid();
    float acc = 0.f;
    {
        unsigned d = (unsigned)__cvta_generic_to_shared(&stage[0][s][lane]);
        size_t g = __cvta_generic_to_global(src + (i & m4));
        asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(d), "l"(g) : "memory");
        asm volatile("cp.async.commit_group;\n" ::: "memory");
    }
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned d = (unsigned)__cvta_generic_to_shared(&stage[(k + 1) & 1][s][lane]);
        size_t g = __cvta_generic_to_global(src + ((i + (unsigned)(k + 1) * T) & m4));
        asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(d), "l"(g) : "memory");
        asm volatile("cp.async.commit_group;\n" ::: "memory");
        asm volatile("cp.async.wait_group 1;\n" ::: "memory");
        float4 q = stage[k & 1][s][lane];
        acc += (q.x + q.y) + (q.z + q.w);
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_all;\n" ::: "memory");
    finish(a, t0, t1, acc);
}

// A causal softmax of 32 attention scores a warp (a lane each, read from
// the L1 and scaled): lanes past the row masked to -inf, the maximum and
// the sum of __expf by xor shuffles, one probability a lane.
extern "C" __global__ void softmax_causal32(Args a) {
    unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const float ninf = __uint_as_float(0xff800000u);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned row = (unsigned)k & 31u;
        float sc = a.fin[((unsigned)k * 32u + lane + w * 8u) & 8191u] * 0.125f;
        sc = lane <= row ? sc : ninf;
        float mx = sc;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) mx = fmaxf(mx, __shfl_xor_sync(ALL_LANES, mx, d));
        float e = __expf(sc - mx), s = e;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) s += __shfl_xor_sync(ALL_LANES, s, d);
        acc += e / s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A one-pass layernorm of 128-float rows, a warp a row (a float4 a lane
// from the L1): the sum and the sum of squares reduced together by xor
// shuffles, the variance as E[x²] − mean², then the four values
// normalized with a per-lane gain and bias.
extern "C" __global__ void layernorm_1pass_f4(Args a) {
    const float4* f4 = reinterpret_cast<const float4*>(a.fin);
    unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    float4 gm = f4[lane], bt = f4[lane + 32];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float4 v = f4[((unsigned)k * 32u + lane + w * 32u) & 2047u];
        float s = (v.x + v.y) + (v.z + v.w);
        float q = fmaf(v.x, v.x, fmaf(v.y, v.y, fmaf(v.z, v.z, v.w * v.w)));
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) {
            s += __shfl_xor_sync(ALL_LANES, s, d);
            q += __shfl_xor_sync(ALL_LANES, q, d);
        }
        float mean = s * (1.f / 128.f);
        float var = fmaxf(fmaf(q, 1.f / 128.f, -mean * mean), 0.f);
        float r = rsqrtf(var + 1e-5f);
        acc += fmaf((v.x - mean) * r, gm.x, bt.x) + fmaf((v.y - mean) * r, gm.y, bt.y) +
               fmaf((v.z - mean) * r, gm.z, bt.z) + fmaf((v.w - mean) * r, gm.w, bt.w);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Scattered global atomics at xorshift32-hashed words of the footprint:
// a float atomicAdd and an int atomicAdd an iteration, the old values
// unused.
extern "C" __global__ void scatter_atom_fi(Args a) {
    float* f = a.big;
    int* n = reinterpret_cast<int*>(a.big);
    unsigned m = a.bigMask, h = (unsigned)gtid() * 2u + 1u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h ^= h << 13;
        h ^= h >> 17;
        h ^= h << 5;
        atomicAdd(&f[h & m], 1.0f);
        atomicAdd(&n[(h >> 9) & m], 1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, f[h & m]);
}

// A float update no atomic does (x ← 0.999 x + 0.001) by an atomicCAS
// loop at a hashed word: read, compute, compare-and-swap until the word
// was unchanged.
extern "C" __global__ void atomic_cas_update(Args a) {
    unsigned* p = reinterpret_cast<unsigned*>(a.big);
    unsigned m = a.bigMask, h = (unsigned)gtid() * 2246822519u + 7u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = h * 1664525u + 1013904223u;
        unsigned* q = &p[(h >> 4) & m];
        unsigned old = *q, assumed;
        do {
            assumed = old;
            float nv = fmaf(__uint_as_float(assumed), 0.999f, 0.001f);
            old = atomicCAS(q, assumed, __float_as_uint(nv));
        } while (old != assumed);
        acc += __uint_as_float(old);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Signed division and remainder by a runtime divisor in a dependent
// chain, beside an unsigned division by a second runtime divisor.
extern "C" __global__ void divmod_runtime(Args a) {
    int d = (int)(a.uin[threadIdx.x & 8191] & 1023u) + 7;
    unsigned du = (a.uin[(threadIdx.x + 5) & 8191] >> 20) + 3u;
    int x = (int)a.uin[(threadIdx.x + 1) & 8191];
    unsigned y = a.uin[(threadIdx.x + 2) & 8191], acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int q = x / d, r = x % d;
        unsigned uq = y / du;
        acc += (unsigned)(q ^ r) + uq;
        x = (int)(((unsigned)x ^ ((unsigned)q << 3)) - (unsigned)r * 977u - 12345u);
        y = y * 69069u + uq;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Bit tricks in a dependent chain: a bit field extracted (bfe, its start
// from the data), the bits reversed, leading zeros counted and a masked
// population count.
extern "C" __global__ void bit_tricks4(Args a) {
    unsigned x = a.uin[threadIdx.x & 8191], acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned f;
        asm("bfe.u32 %0, %1, %2, %3;" : "=r"(f) : "r"(x), "r"(x & 15u), "r"(5u));
        unsigned b = __brev(x);
        unsigned c = (unsigned)__clz(b | 1u);
        unsigned p = (unsigned)__popc(x & 0xf0f0f0f0u);
        acc += f + c + p;
        x = (b ^ (x << 7)) + c * p + f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A branch on the data (about half the lanes of a warp each way): a
// value above 1 gets its square root by three Newton steps, the others a
// single fma.
extern "C" __global__ void branch_newton_sqrt(Args a) {
    unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float v = a.fin[((unsigned)k * 32u + lane + w * 32u) & 8191u];
        if (v > 1.0f) {
            float y = v;
            y = 0.5f * (y + __fdividef(v, y));
            y = 0.5f * (y + __fdividef(v, y));
            y = 0.5f * (y + __fdividef(v, y));
            acc += y;
        } else {
            acc = fmaf(v, 0.5f, acc);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A matrix-vector product with the matrix column-major in the footprint,
// a row a thread: column k's element read in order across threads, the
// vector's element (uniform) from the L1, one accumulator carried.
extern "C" __global__ void gemv_colmajor_carry(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    float y = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float xk = a.fin[k & 8191];
        y = fmaf(a.big[((unsigned)k * T + i) & m], xk, y);
    }
    long long t1 = clock64();
    finish(a, t0, t1, y);
}

// A branchless lower bound over 1024 sorted floats in shared memory (ten
// halving steps), the key from an LCG.
extern "C" __global__ void lower_bound_smem1k(Args a) {
    __shared__ float keys[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) keys[i] = (float)i * 0.5f;
    __syncthreads();
    unsigned s = (unsigned)gtid() * 2654435761u + 12345u;
    int acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = s * 1664525u + 1013904223u;
        float key = (float)(s >> 23) + 0.25f;
        int base = 0;
#pragma unroll
        for (int half = 512; half > 0; half >>= 1) base += (keys[base + half - 1] < key) ? half : 0;
        acc += base;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// One compare-exchange step of a bitonic sort of 2048 floats in shared
// memory an iteration, a pair a thread (distance 2^((3k) mod 11)), the
// swap taken where the pair is out of its direction's order, a barrier
// between steps.
extern "C" __global__ void bitonic_cmpx_smem2k(Args a) {
    __shared__ float v[2048];
    for (int i = threadIdx.x; i < 2048; i += blockDim.x) v[i] = a.fin[(i * 37) & 8191];
    __syncthreads();
    int p = threadIdx.x;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int sh = (k * 3) % 11, j = 1 << sh;
        int i = ((p & ~(j - 1)) << 1) | (p & (j - 1));
        bool up = ((i >> (sh + 1)) & 1) == 0;
        float x = v[i], y = v[i + j];
        if ((x > y) == up) {
            v[i] = y;
            v[i + j] = x;
        }
        acc += x;
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}
