// A sixth validation corpus for gpuarch analyze (issue 33, "heldout6"):
// loops written as a new user would write them, of the kinds the issue
// lists, none copied from the first five corpora: a padded transpose of
// doubles and a naive transpose of bytes through shared memory, a
// block-wide exclusive scan, a shared bitset marked by atomicOr, a
// 1024-bin global histogram fed by a stream, a CSR sparse
// matrix-vector product (a warp a row, the vector gathered at loaded
// column indices), a 3 × 3 convolution with weights in constant memory,
// an FP64 register-tiled GEMM step from shared memory, a half2 GEMV from
// shared memory, a bf16 GELU stream, an int8 GEMM step by dp4a from
// shared tiles, integer mma.sync m16n8k32 fed by ldmatrix, the accurate
// sinf, atan2f, cbrtf with rsqrtf, bf16/half/int round trips, bytes
// unpacked to normalized floats, a matrix-vector product by broadcast
// shuffles, radix ranks by ballots, xorshift128, 10:10:10:2 packing, a
// float4 triad at each level, float2 loads 32 bytes apart, a float4 fill
// (stores only), a block-wide softmax of 1024 floats, a two-pass
// layernorm of rows in shared memory, a float maximum by integer
// atomicMax on scattered words, a double warp sum by shuffles, tf32
// mma.sync from shared tiles read by plain loads, and particles (two
// float4s each) updated in shared memory.
// Every loop is held out: the whole file and its split (split.txt) were
// committed before any of it was built, measured or analyzed, after the
// model of commit 2b97561 and before the model is worked on against
// corpus5.
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

__constant__ float conv_w[9] = {0.0625f, 0.125f, 0.0625f, 0.125f, 0.25f, 0.125f, 0.0625f, 0.125f, 0.0625f};

// A transpose of doubles through a 32 × 33 shared tile: warp w writes
// row w, and after the barrier reads column w.
extern "C" __global__ void transpose_f64_pad(Args a) {
    __shared__ double tile[32][33];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    double v = (double)a.fin[threadIdx.x & 8191], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        tile[w][lane] = v;
        __syncthreads();
        double t = tile[lane][w];
        acc += t;
        v = fma(t, 0.5, 1.0);
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A naive transpose of bytes through a 32 × 32 shared tile (no padding):
// warp w writes row w, and after the barrier reads column w.
extern "C" __global__ void transpose_u8_tile(Args a) {
    __shared__ unsigned char tile[32][32];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    unsigned char b = (unsigned char)a.uin[threadIdx.x & 8191];
    unsigned acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        tile[w][lane] = b;
        __syncthreads();
        unsigned char t = tile[lane][w];
        acc += t;
        b = (unsigned char)(t * 3u + 1u);
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A block-wide exclusive scan: an inclusive warp scan by shuffles up,
// the warps' totals through shared memory, scanned again by every warp,
// and each warp's offset taken from its predecessor's lane.
extern "C" __global__ void block_scan_excl(Args a) {
    __shared__ float wsum[32];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    float x = a.fin[threadIdx.x & 8191], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = x;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            float t = __shfl_up_sync(0xffffffffu, s, d);
            if (lane >= d) s += t;
        }
        if (lane == 31) wsum[w] = s;
        __syncthreads();
        float t = lane < nw ? wsum[lane] : 0.f;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            float u = __shfl_up_sync(0xffffffffu, t, d);
            if (lane >= d) t += u;
        }
        float base = __shfl_sync(0xffffffffu, t, (w + 31) & 31);
        if (w == 0) base = 0.f;
        acc += base + s - x;
        x = fmaf(x, 0.9f, 0.1f);
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A bitset in shared memory (8192 bits) marked by atomicOr at a hashed
// bit a lane, as a sieve or a visited set does.
extern "C" __global__ void smem_bitset_or(Args a) {
    __shared__ unsigned bits[256];
    if (threadIdx.x < 256) bits[threadIdx.x] = 0u;
    __syncthreads();
    unsigned h = (unsigned)gtid() * 2654435761u + 7u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = h * 1664525u + 1013904223u;
        atomicOr(&bits[h >> 24], 1u << (h & 31u));
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)bits[threadIdx.x & 255]);
}

// A 1024-bin histogram in global memory (the footprint's first 4 KiB)
// fed by a grid-stride stream of words from the footprint's second half,
// each word hashed with its position into a bin.
extern "C" __global__ void global_hist1024(Args a) {
    unsigned* hist = reinterpret_cast<unsigned*>(a.big);
    const unsigned* data = reinterpret_cast<const unsigned*>(a.big);
    unsigned half = (a.bigMask + 1) >> 1, T = gthreads(), i = gtid();
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & (half - 1u);
        unsigned x = data[half + j];
        unsigned bin = ((x ^ j) * 2654435761u) >> 22;
        atomicAdd(&hist[bin], 1u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)hist[i & 1023]);
}

// A CSR sparse matrix-vector product, a warp a row of 32 nonzeros (one a
// lane): values and column indices read in order from the L1-resident
// tables, the vector gathered from the footprint at the column indices,
// the row's sum by shuffles.
extern "C" __global__ void csr_spmv_warp(Args a) {
    const float* x = a.big;
    unsigned m = a.bigMask;
    int lane = threadIdx.x & 31;
    unsigned gw = (unsigned)gtid() >> 5, nwarps = gthreads() >> 5;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned e = (((unsigned)k * nwarps + gw) << 5) + (unsigned)lane;
        float v = a.fin[e & 8191];
        unsigned col = a.uin[e & 8191] & m;
        float s = v * x[col];
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) s += __shfl_xor_sync(0xffffffffu, s, d);
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 3 × 3 convolution over an image 512 floats wide held in the
// footprint, weights in constant memory, the output point moving
// grid-stride.
extern "C" __global__ void conv2d3x3_const(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = i + (unsigned)k * T;
        float s = 0.f;
#pragma unroll
        for (int dr = -1; dr <= 1; dr++)
#pragma unroll
            for (int dc = -1; dc <= 1; dc++) s = fmaf(conv_w[(dr + 1) * 3 + dc + 1], a.big[(c + (unsigned)(dr * 512 + dc)) & m], s);
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// One k-step a loop of an FP64 GEMM with a 2 × 2 register tile: A's two
// values broadcast to the warp, B's two a lane, from shared tiles.
extern "C" __global__ void dgemm_smem_2x2(Args a) {
    __shared__ double As[16][64];
    __shared__ double Bs[16][64];
    for (int i = threadIdx.x; i < 16 * 64; i += blockDim.x) {
        (&As[0][0])[i] = (double)a.fin[i & 8191];
        (&Bs[0][0])[i] = (double)a.fin[(i + 77) & 8191];
    }
    __syncthreads();
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    double c00 = 0.0, c01 = 0.0, c10 = 0.0, c11 = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int kk = k & 15;
        double a0 = As[kk][(2 * w) & 63], a1 = As[kk][(2 * w + 1) & 63];
        double b0 = Bs[kk][lane], b1 = Bs[kk][lane + 32];
        c00 = fma(a0, b0, c00);
        c01 = fma(a0, b1, c01);
        c10 = fma(a1, b0, c10);
        c11 = fma(a1, b1, c11);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(c00 + c01 + c10 + c11));
}

// A half2 GEMV from shared memory: a row of the transposed weights a
// lane (a half2 each), the vector's element broadcast, two accumulators.
extern "C" __global__ void hgemv_smem_h2(Args a) {
    __shared__ __half2 Wt[128][32];
    __shared__ __half2 xs[128];
    for (int i = threadIdx.x; i < 128 * 32; i += blockDim.x)
        (&Wt[0][0])[i] = __floats2half2_rn(a.fin[i & 8191] * 0.01f, a.fin[(i + 1) & 8191] * 0.01f);
    for (int i = threadIdx.x; i < 128; i += blockDim.x) xs[i] = __floats2half2_rn(a.fin[i], a.fin[i + 128]);
    __syncthreads();
    int lane = threadIdx.x & 31;
    __half2 acc0 = __floats2half2_rn(0.f, 0.f), acc1 = acc0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int r = k & 127, q = (k + 64) & 127;
        acc0 = __hfma2(Wt[r][lane], xs[r], acc0);
        acc1 = __hfma2(Wt[q][lane], xs[q], acc1);
    }
    long long t1 = clock64();
    float2 f0 = __half22float2(acc0), f1 = __half22float2(acc1);
    finish(a, t0, t1, f0.x + f0.y + f1.x + f1.y);
}

// GELU (tanh form) on a bf16 stream: a bf16x2 word read grid-stride from
// the footprint's first half, two GELUs in float, the packed result
// written to its second half.
extern "C" __global__ void bf16_gelu_stream(Args a) {
    const unsigned* in = reinterpret_cast<const unsigned*>(a.big);
    unsigned half = (a.bigMask + 1) >> 1, m = half - 1, T = gthreads(), i = gtid();
    unsigned* out = reinterpret_cast<unsigned*>(a.big) + half;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned u = in[j];
        float2 f = __bfloat1622float2(*reinterpret_cast<const __nv_bfloat162*>(&u));
        float g0 = 0.5f * f.x * (1.f + tanhf(0.7978845608f * (f.x + 0.044715f * f.x * f.x * f.x)));
        float g1 = 0.5f * f.y * (1.f + tanhf(0.7978845608f * (f.y + 0.044715f * f.y * f.y * f.y)));
        __nv_bfloat162 r = __floats2bfloat162_rn(g0, g1);
        out[j] = *reinterpret_cast<const unsigned*>(&r);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)out[i & m]);
}

// Four k-steps a loop of an int8 GEMM by dp4a from shared tiles: A's
// packed words broadcast (two rows), B's a lane.
extern "C" __global__ void i8_gemm_smem_dp4a(Args a) {
    __shared__ int Ak[32][33];
    __shared__ int Bk[32][32];
    for (int i = threadIdx.x; i < 32 * 33; i += blockDim.x) (&Ak[0][0])[i] = (int)a.uin[i & 8191];
    for (int i = threadIdx.x; i < 32 * 32; i += blockDim.x) (&Bk[0][0])[i] = (int)a.uin[(i + 3) & 8191];
    __syncthreads();
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    int acc0 = 0, acc1 = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int u = 0; u < 4; u++) {
            int kk = (k * 4 + u) & 31;
            int b = Bk[kk][lane];
            acc0 = __dp4a(Ak[w & 31][kk], b, acc0);
            acc1 = __dp4a(Ak[(w + 16) & 31][kk], b, acc1);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc0 + acc1));
}

// Integer mma.sync m16n8k32 (s8) fed by ldmatrix: A (16 rows of 32
// bytes) by ldmatrix.x4 and B (8 columns of 32 bytes) by ldmatrix.x2,
// from tiles padded to 48 bytes a row, a different slice each iteration.
extern "C" __global__ void imma_s8_16832_ldsm(Args a) {
    __shared__ __align__(16) unsigned char As[64][48];
    __shared__ __align__(16) unsigned char Bs[32][48];
    for (int i = threadIdx.x; i < 64 * 48; i += blockDim.x) (&As[0][0])[i] = (unsigned char)(a.uin[i & 8191] & 0x3fu);
    for (int i = threadIdx.x; i < 32 * 48; i += blockDim.x) (&Bs[0][0])[i] = (unsigned char)(a.uin[(i + 9) & 8191] & 0x3fu);
    __syncthreads();
    int lane = threadIdx.x & 31;
    int c0 = 0, c1 = 0, c2 = 0, c3 = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int s = k & 3;
        unsigned aaddr = (unsigned)__cvta_generic_to_shared(&As[s * 16 + (lane & 15)][(lane >> 4) * 16]);
        unsigned baddr = (unsigned)__cvta_generic_to_shared(&Bs[s * 8 + (lane & 7)][((lane >> 3) & 1) * 16]);
        unsigned a0, a1, a2, a3, b0, b1;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
                     : "r"(aaddr));
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];\n" : "=r"(b0), "=r"(b1) : "r"(baddr));
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(c0), "+r"(c1), "+r"(c2), "+r"(c3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(c0 + c1 + c2 + c3));
}

// The accurate sinf in a dependent chain (arguments within ±41).
extern "C" __global__ void sinf_full(Args a) {
    float x = a.fin[threadIdx.x & 31], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = sinf(x);
        acc += s;
        x = fmaf(s, 40.f, 1.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// atan2f in a dependent chain (an angle from two coordinates).
extern "C" __global__ void atan2f_chain(Args a) {
    float y = a.fin[threadIdx.x & 31], x = a.fin[(threadIdx.x & 31) + 32], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float t = atan2f(y, x);
        acc += t;
        y = fmaf(x, 0.5f, t);
        x = fmaf(t, 0.25f, 1.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// cbrtf beside rsqrtf in a dependent chain.
extern "C" __global__ void cbrt_rsqrt_mix(Args a) {
    float x = a.fin[threadIdx.x & 31], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float c = cbrtf(x), r = rsqrtf(x + 1.f);
        acc += c * r;
        x = fabsf(c * r) + 0.5f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Round trips through bf16, a rounded int and half in a dependent chain.
extern "C" __global__ void cvt_bf16_roundtrip(Args a) {
    float x = a.fin[threadIdx.x & 31], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float f = __bfloat162float(__float2bfloat16_rn(x));
        int q = __float2int_rn(f * 64.f);
        x = (float)q * 0.015625f + 0.3f;
        acc += __half2float(__float2half_rn(x));
        x = fmaf(x, 0.5f, 0.25f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Image bytes to normalized floats: a uchar4 a lane from the L1, each
// byte scaled to [0, 1], mean-subtracted and divided by a deviation.
extern "C" __global__ void unpack_u8_norm(Args a) {
    const uchar4* p = reinterpret_cast<const uchar4*>(a.uin);
    int lane = threadIdx.x & 31;
    float acc0 = 0.f, acc1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        uchar4 q = p[((k << 5) + lane) & 8191];
        acc0 += ((float)q.x * (1.f / 255.f) - 0.485f) * 4.3668f;
        acc1 += ((float)q.y * (1.f / 255.f) - 0.456f) * 4.4643f;
        acc0 += ((float)q.z * (1.f / 255.f) - 0.406f) * 4.4444f;
        acc1 += ((float)q.w * (1.f / 255.f) - 0.5f) * 4.f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc0 + acc1);
}

// A 32 × 32 matrix-vector product by broadcast shuffles: each lane holds
// one element of the vector; each of the 32 elements broadcast in turn
// and multiplied by one of eight weights a lane holds.
extern "C" __global__ void shfl_bcast_matvec(Args a) {
    int lane = threadIdx.x & 31;
    float x = a.fin[threadIdx.x & 8191];
    float wv[8];
#pragma unroll
    for (int j = 0; j < 8; j++) wv[j] = a.fin[(lane * 8 + j) & 8191] * 0.01f;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float y = 0.f;
#pragma unroll
        for (int j = 0; j < 32; j++) y = fmaf(__shfl_sync(0xffffffffu, x, j), wv[j & 7], y);
        acc += y;
        x = fmaf(y, 0.01f, x);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Ranks of 4-bit radix digits within a warp by ballots: for each bit, the
// lanes below with the same bit counted by popc of the ballot.
extern "C" __global__ void ballot_radix_count(Args a) {
    int lane = threadIdx.x & 31;
    unsigned key = a.uin[threadIdx.x & 8191] ^ (unsigned)gtid(), lt = (1u << lane) - 1u, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        key = key * 1664525u + 1013904223u;
        unsigned d = (key >> 24) & 15u;
#pragma unroll
        for (int b = 0; b < 4; b++) {
            unsigned bit = (d >> b) & 1u;
            unsigned bal = __ballot_sync(0xffffffffu, bit);
            acc += bit ? __popc(bal & lt) : __popc(~bal & lt);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Marsaglia's xorshift128 generator, each output turned into a float in
// [0, 1) and summed.
extern "C" __global__ void xorshift128_rng(Args a) {
    unsigned x = (unsigned)gtid() * 747796405u + 1u, y = 362436069u, z = 521288629u, w = 88675123u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned t = x ^ (x << 11);
        x = y;
        y = z;
        z = w;
        w = w ^ (w >> 19) ^ (t ^ (t >> 8));
        acc += __uint_as_float((w >> 9) | 0x3f800000u) - 1.f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Three floats packed into a 10:10:10:2 word (rounded and clamped) and
// unpacked again, in a dependent chain.
extern "C" __global__ void pack_1010102(Args a) {
    int lane = threadIdx.x & 31;
    float r = a.fin[lane], g = a.fin[lane + 32], b = a.fin[lane + 64];
    unsigned acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned pr = min(__float2uint_rn(r * 1023.f), 1023u);
        unsigned pg = min(__float2uint_rn(g * 1023.f), 1023u);
        unsigned pb = min(__float2uint_rn(b * 1023.f), 1023u);
        unsigned p = pr | (pg << 10) | (pb << 20) | (3u << 30);
        acc ^= p;
        float ur = (float)(p & 1023u) * (1.f / 1023.f);
        float ug = (float)((p >> 10) & 1023u) * (1.f / 1023.f);
        float ub = (float)((p >> 20) & 1023u) * (1.f / 1023.f);
        r = fmaf(ug, 0.5f, ub * 0.25f);
        g = fmaf(ub, 0.5f, ur * 0.25f);
        b = fmaf(ur, 0.5f, ug * 0.25f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + r);
}

// The STREAM triad on float4s: A = B + s C, the footprint's quarters,
// grid-stride.
extern "C" __global__ void triad_f4(Args a) {
    float4* v = reinterpret_cast<float4*>(a.big);
    unsigned q = (a.bigMask + 1) >> 4, m = q - 1, T = gthreads(), i = gtid();
    const float s = 3.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float4 b = v[q + j], c = v[2 * q + j];
        v[j] = make_float4(b.x + s * c.x, b.y + s * c.y, b.z + s * c.z, b.w + s * c.w);
    }
    long long t1 = clock64();
    float4 r = v[i & m];
    finish(a, t0, t1, r.x + r.w);
}

// float2 loads 32 bytes apart (every fourth float2: one field pair of a
// 32-byte structure), grid-stride.
extern "C" __global__ void strided_f2_s4(Args a) {
    const float2* v = reinterpret_cast<const float2*>(a.big);
    unsigned m = a.bigMask >> 1, T = gthreads(), i = gtid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float2 p = v[(4u * (i + (unsigned)k * T)) & m];
        acc += p.x * p.y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Filling the footprint with float4s (stores only), grid-stride.
extern "C" __global__ void store_f4_fill(Args a) {
    float4* v = reinterpret_cast<float4*>(a.big);
    unsigned m = a.bigMask >> 2, T = gthreads(), i = gtid();
    float f = (float)i;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        v[(i + (unsigned)k * T) & m] = make_float4(f, f + 1.f, f + 2.f, (float)k);
    }
    long long t1 = clock64();
    float4 r = v[i & m];
    finish(a, t0, t1, r.x + r.w);
}

// A block-wide softmax of one float a thread: the block's maximum and sum
// of exponentials, each by warp shuffles and the warps' partials through
// shared memory between barriers, then one element normalized.
extern "C" __global__ void softmax_block1024(Args a) {
    __shared__ float red[32];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float v = a.fin[((unsigned)k * blockDim.x + threadIdx.x) & 8191];
        float mx = v;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, d));
        if (lane == 0) red[w] = mx;
        __syncthreads();
        mx = lane < nw ? red[lane] : -__int_as_float(0x7f800000);
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, d));
        float e = __expf(v - mx), s = e;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) s += __shfl_xor_sync(0xffffffffu, s, d);
        __syncthreads();
        if (lane == 0) red[w] = s;
        __syncthreads();
        s = lane < nw ? red[lane] : 0.f;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) s += __shfl_xor_sync(0xffffffffu, s, d);
        acc += e / s;
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A two-pass layernorm of a 256-float row held in shared memory, a warp a
// row: the mean, then the variance about it, each lane eight elements and
// the warp's sum by shuffles, then one element normalized.
extern "C" __global__ void layernorm_2pass_smem(Args a) {
    __shared__ float rows[32][256];
    for (int i = threadIdx.x; i < 32 * 256; i += blockDim.x) (&rows[0][0])[i] = a.fin[i & 8191];
    __syncthreads();
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        const float* row = rows[(w + k) & 31];
        float s = 0.f;
#pragma unroll
        for (int j = 0; j < 8; j++) s += row[lane + 32 * j];
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) s += __shfl_xor_sync(0xffffffffu, s, d);
        float mean = s * (1.f / 256.f), q = 0.f;
#pragma unroll
        for (int j = 0; j < 8; j++) {
            float t = row[lane + 32 * j] - mean;
            q = fmaf(t, t, q);
        }
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) q += __shfl_xor_sync(0xffffffffu, q, d);
        float rstd = rsqrtf(q * (1.f / 256.f) + 1e-5f);
        acc += (row[lane] - mean) * rstd;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A float maximum kept in scattered words by integer atomicMax on the
// float's bits (valid for non-negative floats), the old value unused.
extern "C" __global__ void atomic_fmax_bits(Args a) {
    int* p = reinterpret_cast<int*>(a.big);
    unsigned m = a.bigMask, h = (unsigned)gtid() * 2246822519u + 3u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = h * 1664525u + 1013904223u;
        float v = (float)(h >> 8) * 1e-7f;
        atomicMax(&p[h & m], __float_as_int(v));
    }
    long long t1 = clock64();
    finish(a, t0, t1, __int_as_float(p[(unsigned)gtid() & m]));
}

// A warp sum of doubles by xor shuffles (two 32-bit shuffles a step).
extern "C" __global__ void reduce_f64_shfl(Args a) {
    double v = (double)a.fin[threadIdx.x & 8191], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double s = v;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) s += __shfl_xor_sync(0xffffffffu, s, d);
        acc += s;
        v = fma(v, 0.5, 0.25);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// tf32 mma.sync m16n8k8 with its fragments read from shared tiles by
// plain loads (A rows padded to 20 floats, B to 12), a different slice
// each iteration.
extern "C" __global__ void mma_tf32_lds(Args a) {
    __shared__ float As[64][20];
    __shared__ float Bs[32][12];
    for (int i = threadIdx.x; i < 64 * 20; i += blockDim.x) (&As[0][0])[i] = a.fin[i & 8191];
    for (int i = threadIdx.x; i < 32 * 12; i += blockDim.x) (&Bs[0][0])[i] = a.fin[(i + 5) & 8191];
    __syncthreads();
    int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
    float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int r0 = (k & 3) * 16, k0 = (k & 3) * 8;
        unsigned a0 = __float_as_uint(As[r0 + g][t]), a1 = __float_as_uint(As[r0 + g + 8][t]);
        unsigned a2 = __float_as_uint(As[r0 + g][t + 4]), a3 = __float_as_uint(As[r0 + g + 8][t + 4]);
        unsigned b0 = __float_as_uint(Bs[k0 + t][g]), b1 = __float_as_uint(Bs[k0 + t + 4][g]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, d0 + d1 + d2 + d3);
}

// Particles (a position and a velocity float4, 32 bytes each) advanced
// in shared memory: each lane reads its particle's two float4s, moves it
// and writes the position back.
extern "C" __global__ void smem_particles_f4(Args a) {
    __shared__ float4 P[256][2];
    for (int i = threadIdx.x; i < 512; i += blockDim.x)
        (&P[0][0])[i] = make_float4(a.fin[i & 8191], a.fin[(i + 1) & 8191], a.fin[(i + 2) & 8191], 0.f);
    __syncthreads();
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const float dt = 0.01f;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int p = (lane + 32 * (w & 7) + k) & 255;
        float4 pos = P[p][0], vel = P[p][1];
        pos.x = fmaf(vel.x, dt, pos.x);
        pos.y = fmaf(vel.y, dt, pos.y);
        pos.z = fmaf(vel.z, dt, pos.z);
        P[p][0] = pos;
        acc += pos.x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}
