// A twelfth validation corpus for gpuarch analyze ("dev12" and
// "heldout12"): fifty loops written as a new user would write them, by a
// writer who has read none of the model, its test data or any
// measurement; of the earlier corpora only corpus11's files (its
// kernels.cu, cases.inc and split.txt) as format examples, no loop
// copied, and the harness. The set:
// FP32 and FP64 recurrences (a Newton iteration for a cube root with an
// IEEE division, four independent logistic maps, a chain of complex
// multiplies z ← z·w + c with a rotating w, a degree-8 FP64 Horner
// polynomial), special functions (expf/logf/powf, a two-unit tanhf
// recurrent cell, the fast-math intrinsics __sinf/__cosf/__expf, IEEE
// sqrtf and __frcp_rn with rsqrtf), integer work (Marsaglia's
// xorshift128, 2-D Morton codes encoded and decoded by bit
// interleaving, __popc/__brev/__byte_perm, the PCG32 generator's 64-bit
// multiply, division and modulo by the constants 10, 1000 and 7),
// packed half2 (a hardswish on two chains) and bf16x2 (a leaky-ReLU
// recurrent cell) arithmetic, int8 __dp4a and __dp2a_lo/_hi, mma.sync
// fed from shared memory (f16 m16n8k16 from padded tiles by ldmatrix.x4
// and two ldmatrix.x2; f16 m16n8k16 from unpadded 64-byte rows by two
// ldmatrix.x4; tf32 m16n8k8 from unpadded 32-float rows by plain shared
// loads), shared-memory patterns (a 64 × 64 float transpose padded to 65,
// a read-modify-write of columns at a stride of 33 words, a 4-way
// conflicted float2 load and store, broadcast float4 reads, a
// Hillis-Steele block scan with a barrier a step, a 32-bin int
// histogram by atomicAdd, atomicMax with its returned value), warp
// collectives (a __shfl_up_sync scan, __shfl_sync rotations, vote
// any/all with __reduce_add_sync/__reduce_max_sync), block code (a
// two-level reduction through shared memory with two barriers, one
// compare-exchange step of a block-wide bitonic sort an iteration),
// conversions (int <-> float with truncation and directed rounding,
// half <-> float, FP64 rounding-mode intrinsics), row bodies (a
// LayerNorm of 1024-float rows, a three-pass softmax of 512-float rows),
// global streams (a float4 copy, an in-place float scale, a double add of
// two arrays into a third, 8-byte stores alone), strided loads (3, 16
// and 64 floats), gathers (indices from a permutation held in a.uin, a
// pointer chase through a.uin), global atomics (float atomicAdd at
// scattered words, an atomicCAS loop for a float maximum), a 1-D 3-point
// stencil by __ldg, a 3-D 7-point stencil, and a double buffer filled by
// a 16-byte cp.async.ca and a 4-byte __pipeline_memcpy_async, waited on
// by __pipeline_wait_prior.
//
// Timed as the other corpora are: each kernel reads clock64 around its
// own rolled loop (#pragma unroll 1) and the harness
// (scripts/analyze/corpus/harness.cu, built with this file and
// cases.inc) divides by the iterations. The harness launches one block of
// 32 × W threads per SM (W = 1, 4, 8, 16, 32). Shared tiles are shared
// by a block's warps (races between warps change values, not the banks a
// warp touches). Loops over a.big read the harness's footprint buffer,
// sized for the level cases.inc names (32 KiB where the case names no
// footprint), every index masked into it by a.bigMask; a.fin and a.uin
// hold 8192 floats and words (32 KiB each, L1-resident). The split into
// halves (split.txt) was fixed, by position in this file, before any of
// these loops was measured or analyzed (they had only been compiled, to
// check them).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_pipeline.h>

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

// ---------------------------------------------------------------------
// FP32 and FP64 recurrences
// ---------------------------------------------------------------------

// Newton's method for the cube root of c: y ← y − (y³ − c)/(3y²), the
// division the IEEE one; c alternates between two values so the
// iteration never settles.
extern "C" __global__ void newton_cbrt_fdiv(Args a) {
    float c = 1.5f + 0.5f * a.fin[threadIdx.x & 8191u], y = 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float y2 = y * y;
        y = y - (y2 * y - c) / (3.f * y2);
        c = 3.5f - c;
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + y);
}

// Four independent logistic maps x ← r·x·(1 − x) in the chaotic range,
// their sum accumulated.
extern "C" __global__ void logistic_map_ilp4(Args a) {
    unsigned t = threadIdx.x;
    float x0 = 0.5f * a.fin[t & 8191u], x1 = 0.5f * a.fin[(t + 3) & 8191u];
    float x2 = 0.5f * a.fin[(t + 7) & 8191u], x3 = 0.5f * a.fin[(t + 11) & 8191u];
    const float r0 = 3.71f, r1 = 3.79f, r2 = 3.83f, r3 = 3.89f;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x0 = r0 * fmaf(-x0, x0, x0);
        x1 = r1 * fmaf(-x1, x1, x1);
        x2 = r2 * fmaf(-x2, x2, x2);
        x3 = r3 * fmaf(-x3, x3, x3);
        acc += (x0 + x1) + (x2 + x3);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A chain of complex multiplies: z ← z·w + c with |w| < 1, then w ← w·u
// with u a unit rotation, and |z|² accumulated.
extern "C" __global__ void complex_mul_chain(Args a) {
    float zr = a.fin[threadIdx.x & 8191u] - 1.f, zi = 0.2f;
    float wr = 0.6f, wi = 0.7f, acc = 0.f;
    const float cr = 0.1f, ci = -0.05f, ur = 0.99995f, ui = 0.0099998f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float nr = fmaf(zr, wr, fmaf(-zi, wi, cr));
        float ni = fmaf(zr, wi, fmaf(zi, wr, ci));
        zr = nr;
        zi = ni;
        float vr = fmaf(wr, ur, -wi * ui);
        float vi = fmaf(wr, ui, wi * ur);
        wr = vr;
        wi = vi;
        acc = fmaf(zr, zr, fmaf(zi, zi, acc));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The degree-8 Taylor polynomial of exp by Horner's rule in double
// precision (eight dependent DFMAs), its value mapped back to the
// argument.
extern "C" __global__ void horner8_f64(Args a) {
    double x = 0.2 * (double)a.fin[threadIdx.x & 8191u] - 0.1, acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double p = 1.0 / 40320.0;
        p = fma(p, x, 1.0 / 5040.0);
        p = fma(p, x, 1.0 / 720.0);
        p = fma(p, x, 1.0 / 120.0);
        p = fma(p, x, 1.0 / 24.0);
        p = fma(p, x, 1.0 / 6.0);
        p = fma(p, x, 0.5);
        p = fma(p, x, 1.0);
        p = fma(p, x, 1.0);
        acc += p;
        x = fma(p, 0.3, -0.4);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// ---------------------------------------------------------------------
// Special functions
// ---------------------------------------------------------------------

// expf, logf and powf (the precise library calls): a softplus-like
// recurrence x ← log(1 + e^-x) + 0.5·(1 + e^-x)^0.37.
extern "C" __global__ void expf_logf_powf(Args a) {
    float x = a.fin[threadIdx.x & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float e = expf(-x);
        float l = logf(1.f + e);
        float p = powf(1.f + e, 0.37f);
        x = fmaf(0.5f, p, l);
        acc += p;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + x);
}

// A two-unit recurrent cell: each step two affine mixes of the state and
// two tanhf (the precise library call).
extern "C" __global__ void tanhf_rnn_cell(Args a) {
    unsigned t = threadIdx.x;
    float h0 = a.fin[t & 8191u] - 1.f, h1 = 1.f - a.fin[(t + 17) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float z0 = fmaf(0.8f, h0, fmaf(-0.5f, h1, 0.1f));
        float z1 = fmaf(0.6f, h1, fmaf(0.4f, h0, -0.2f));
        h0 = tanhf(z0);
        h1 = tanhf(z1);
        acc = fmaf(h0, h1, acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The fast-math intrinsics __sinf, __cosf and __expf on one angle chain.
extern "C" __global__ void fastmath_sin_cos_exp(Args a) {
    float th = a.fin[threadIdx.x & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = __sinf(th), c = __cosf(1.3f * th);
        float e = __expf(-s * s);
        th = fmaf(0.7f, s, fmaf(0.3f, c, 0.2f * e));
        acc += e;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + th);
}

// IEEE sqrtf, the IEEE reciprocal __frcp_rn and rsqrtf mixed into one
// recurrence.
extern "C" __global__ void sqrt_rcp_rsqrt_mix(Args a) {
    float x = a.fin[threadIdx.x & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = sqrtf(x);
        float r = __frcp_rn(1.f + s);
        float q = rsqrtf(x + 2.f);
        x = fmaf(r, 1.5f, q) + 0.1f;
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Integer work
// ---------------------------------------------------------------------

// Marsaglia's xorshift128 (four words of state shifted along a step), the
// top bits of each output summed.
extern "C" __global__ void xorshift128_u32(Args a) {
    unsigned t = threadIdx.x;
    unsigned x = a.uin[t & 8191u] | 1u, y = a.uin[(t + 1) & 8191u], z = a.uin[(t + 2) & 8191u],
             w = a.uin[(t + 3) & 8191u], acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned s = x ^ (x << 11);
        x = y;
        y = z;
        z = w;
        w = w ^ (w >> 19) ^ s ^ (s >> 8);
        acc += w >> 20;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc ^ x));
}

__device__ __forceinline__ unsigned spread_bits16(unsigned v) {
    v &= 0xffffu;
    v = (v | (v << 8)) & 0x00ff00ffu;
    v = (v | (v << 4)) & 0x0f0f0f0fu;
    v = (v | (v << 2)) & 0x33333333u;
    v = (v | (v << 1)) & 0x55555555u;
    return v;
}

__device__ __forceinline__ unsigned compact_bits16(unsigned v) {
    v &= 0x55555555u;
    v = (v ^ (v >> 1)) & 0x33333333u;
    v = (v ^ (v >> 2)) & 0x0f0f0f0fu;
    v = (v ^ (v >> 4)) & 0x00ff00ffu;
    v = (v ^ (v >> 8)) & 0x0000ffffu;
    return v;
}

// 2-D Morton codes: (x, y) interleaved into one word by shift/mask
// spreading, the code scrambled, and decoded back into the next (x, y).
extern "C" __global__ void morton2d_roundtrip(Args a) {
    unsigned t = threadIdx.x;
    unsigned x = a.uin[t & 8191u] & 0xffffu, y = a.uin[(t + 1) & 8191u] >> 16, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned code = spread_bits16(x) | (spread_bits16(y) << 1);
        acc += code >> 7;
        code = code * 0x9e3779b9u + (unsigned)k;
        x = compact_bits16(code);
        y = compact_bits16(code >> 1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc ^ x ^ y));
}

// Bit-reversal, population count and byte permutation chained on one
// word.
extern "C" __global__ void popc_brev_byteperm(Args a) {
    unsigned v = a.uin[threadIdx.x & 8191u], acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = __brev(v);
        unsigned c = (unsigned)__popc(v ^ r);
        v = __byte_perm(r, v + c, 0x6152u) ^ (unsigned)k;
        acc += c;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc ^ v));
}

// The PCG32 generator (XSH-RR): a 64-bit LCG step (64 × 64-bit
// multiply), a xorshift of the old state and a data-dependent rotate.
extern "C" __global__ void pcg32_mul64(Args a) {
    unsigned t = threadIdx.x;
    unsigned long long state = ((unsigned long long)a.uin[t & 8191u] << 32) | a.uin[(t + 1) & 8191u];
    const unsigned long long inc = 1442695040888963407ull;
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned long long old = state;
        state = old * 6364136223846793005ull + inc;
        unsigned xs = (unsigned)(((old >> 18) ^ old) >> 27);
        unsigned rot = (unsigned)(old >> 59);
        unsigned out = (xs >> rot) | (xs << ((32u - rot) & 31u));
        acc += out >> 8;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Division and modulo by compile-time constants: n / 10, n % 10,
// n / 1000 unsigned and a signed division by 7, fed back through an LCG.
extern "C" __global__ void udiv_by_constants(Args a) {
    unsigned n = a.uin[threadIdx.x & 8191u], acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned q = n / 10u, r = n % 10u, q3 = n / 1000u;
        int s = (int)n / 7;
        acc += r + (q3 & 15u) + (unsigned)s;
        n = (n * 1103515245u + 12345u) ^ q;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// ---------------------------------------------------------------------
// Packed half2 / bf16x2, int8 dot products
// ---------------------------------------------------------------------

// hardswish, x·clamp(x + 3, 0, 6)/6, in half2 on two independent chains
// (__hmax2/__hmin2 for the clamp), each output rescaled into the next
// input.
extern "C" __global__ void h2_hardswish_ilp2(Args a) {
    unsigned t = threadIdx.x;
    __half2 x0 = __floats2half2_rn(a.fin[t & 8191u] - 1.f, 2.f * a.fin[(t + 1) & 8191u]);
    __half2 x1 = __floats2half2_rn(-a.fin[(t + 2) & 8191u], a.fin[(t + 3) & 8191u] - 0.5f);
    __half2 acc = __float2half2_rn(0.f);
    const __half2 three = __float2half2_rn(3.f), six = __float2half2_rn(6.f), zero = __float2half2_rn(0.f);
    const __half2 inv6 = __float2half2_rn(1.f / 6.f), sc = __float2half2_rn(1.1f), off = __float2half2_rn(-0.3f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __half2 r0 = __hmin2(__hmax2(__hadd2(x0, three), zero), six);
        __half2 r1 = __hmin2(__hmax2(__hadd2(x1, three), zero), six);
        __half2 y0 = __hmul2(__hmul2(x0, r0), inv6);
        __half2 y1 = __hmul2(__hmul2(x1, r1), inv6);
        acc = __hadd2(acc, __hadd2(y0, y1));
        x0 = __hfma2(y0, sc, off);
        x1 = __hfma2(y1, sc, off);
    }
    long long t1 = clock64();
    float2 f = __half22float2(acc);
    finish(a, t0, t1, f.x + f.y);
}

// A recurrent cell in bf16x2: z = w·h + u·x + b, h = leaky ReLU of z by
// __hmax2(z, 0.1z), the next input taken from h.
extern "C" __global__ void bf162_leaky_rnn(Args a) {
    unsigned t = threadIdx.x;
    __nv_bfloat162 h = __floats2bfloat162_rn(a.fin[t & 8191u] - 1.f, 0.3f);
    __nv_bfloat162 x = __floats2bfloat162_rn(0.2f, a.fin[(t + 5) & 8191u] - 0.8f);
    __nv_bfloat162 acc = __float2bfloat162_rn(0.f);
    const __nv_bfloat162 w = __floats2bfloat162_rn(0.7f, -0.6f), u = __float2bfloat162_rn(0.25f),
                         b = __floats2bfloat162_rn(0.05f, -0.02f), slope = __float2bfloat162_rn(0.1f),
                         xs = __float2bfloat162_rn(-0.5f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __nv_bfloat162 z = __hfma2(w, h, __hfma2(u, x, b));
        h = __hmax2(z, __hmul2(slope, z));
        x = __hfma2(xs, h, b);
        acc = __hadd2(acc, h);
    }
    long long t1 = clock64();
    float2 f = __bfloat1622float2(acc);
    finish(a, t0, t1, f.x + f.y);
}

// int8 and int16 dot products on an LCG word: signed and unsigned __dp4a,
// __dp2a_lo and __dp2a_hi, four accumulators.
extern "C" __global__ void dp4a_dp2a_lcg(Args a) {
    unsigned w = (unsigned)gtid() * 0x9e3779b9u + 12345u, uacc1 = 0u, uacc3 = 0u;
    int acc0 = 0, acc2 = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        w = w * 1664525u + 1013904223u;
        acc0 = __dp4a((int)w, 0x01ff02fe, acc0);
        uacc1 = __dp4a(w, 0x10203040u, uacc1);
        acc2 = __dp2a_lo((int)w, 0x03fd02fe, acc2);
        uacc3 = __dp2a_hi(w, 0x00050003u, uacc3);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc0 ^ (int)uacc1 ^ acc2 ^ (int)uacc3));
}

// ---------------------------------------------------------------------
// mma.sync fed from shared memory
// ---------------------------------------------------------------------

// f16 mma.sync m16n8k16 (f32 accumulators) from padded 64 × 72 tiles (A
// row-major, B stored n-major): one ldmatrix.x4 of A and two
// ldmatrix.x2 of B (two n-tiles) an iteration, two mmas on two
// accumulator sets.
extern "C" __global__ void hmma_f16_ldsm_x4x2_pad(Args a) {
    __shared__ __align__(16) __half As[64][72];
    __shared__ __align__(16) __half Bt[64][72];
    for (int i = threadIdx.x; i < 64 * 72; i += blockDim.x) {
        (&As[0][0])[i] = __float2half(0.5f * a.fin[i & 8191] - 0.45f);
        (&Bt[0][0])[i] = __float2half(0.55f - 0.5f * a.fin[(i + 7) & 8191]);
    }
    __syncthreads();
    int lane = threadIdx.x & 31;
    float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f, e0 = 0.f, e1 = 0.f, e2 = 0.f, e3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int m0 = (k & 3) * 16, n0 = ((k >> 2) & 3) * 16, k0 = ((k >> 4) & 3) * 16;
        unsigned a0, a1, a2, a3, b0, b1, b2, b3;
        unsigned pa = (unsigned)__cvta_generic_to_shared(&As[m0 + (lane & 15)][k0 + ((lane >> 4) << 3)]);
        unsigned pb0 = (unsigned)__cvta_generic_to_shared(&Bt[n0 + (lane & 7)][k0 + (((lane >> 3) & 1) << 3)]);
        unsigned pb1 = (unsigned)__cvta_generic_to_shared(&Bt[n0 + 8 + (lane & 7)][k0 + (((lane >> 3) & 1) << 3)]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
                     : "r"(pa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];\n"
                     : "=r"(b0), "=r"(b1)
                     : "r"(pb0));
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];\n"
                     : "=r"(b2), "=r"(b3)
                     : "r"(pb1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(e0), "+f"(e1), "+f"(e2), "+f"(e3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (d0 + d1 + d2 + d3) + (e0 + e1 + e2 + e3));
}

// f16 mma.sync m16n8k16 (f32 accumulators) from unpadded tiles of
// 32-half (64-byte) rows, so rows two apart share banks (a 4-way
// conflict per ldmatrix phase): ldmatrix.x4 of A and ldmatrix.x4 of B
// (two n-tiles at once), two mmas.
extern "C" __global__ void hmma_f16_ldsm_x4x4_nopad(Args a) {
    __shared__ __align__(16) __half As[64][32];
    __shared__ __align__(16) __half Bt[64][32];
    for (int i = threadIdx.x; i < 64 * 32; i += blockDim.x) {
        (&As[0][0])[i] = __float2half(a.fin[(i + 3) & 8191] - 1.f);
        (&Bt[0][0])[i] = __float2half(0.5f - 0.4f * a.fin[(i + 101) & 8191]);
    }
    __syncthreads();
    int lane = threadIdx.x & 31;
    float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f, e0 = 0.f, e1 = 0.f, e2 = 0.f, e3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int m0 = (k & 3) * 16, n0 = ((k >> 2) & 3) * 16, k0 = ((k >> 4) & 1) * 16;
        unsigned a0, a1, a2, a3, b0, b1, b2, b3;
        unsigned pa = (unsigned)__cvta_generic_to_shared(&As[m0 + (lane & 15)][k0 + ((lane >> 4) << 3)]);
        unsigned pb = (unsigned)__cvta_generic_to_shared(&Bt[n0 + (lane & 7) + ((lane >> 4) << 3)][k0 + (((lane >> 3) & 1) << 3)]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
                     : "r"(pa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3)
                     : "r"(pb));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(e0), "+f"(e1), "+f"(e2), "+f"(e3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (d0 + d1 + d2 + d3) + (e0 + e1 + e2 + e3));
}

// tf32 mma.sync m16n8k8 (f32 accumulators) with the fragments read by
// plain 32-bit shared loads from unpadded tiles of 32-float rows: the
// eight lanes of one column (same lane & 3) fall in one bank, an 8-way
// conflict on each of the six loads.
extern "C" __global__ void mma_tf32_lds_nopad(Args a) {
    __shared__ unsigned As[64][32];
    __shared__ unsigned Bt[64][32];
    for (int i = threadIdx.x; i < 64 * 32; i += blockDim.x) {
        unsigned ta, tb;
        asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(ta) : "f"(a.fin[i & 8191] - 1.f));
        asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(tb) : "f"(0.6f - 0.5f * a.fin[(i + 29) & 8191]));
        (&As[0][0])[i] = ta;
        (&Bt[0][0])[i] = tb;
    }
    __syncthreads();
    int lane = threadIdx.x & 31, g = lane >> 2, q = lane & 3;
    float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int m0 = (k & 3) * 16, n0 = ((k >> 2) & 7) * 8, k0 = ((k >> 5) & 3) * 8;
        unsigned a0 = As[m0 + g][k0 + q], a1 = As[m0 + g + 8][k0 + q];
        unsigned a2 = As[m0 + g][k0 + q + 4], a3 = As[m0 + g + 8][k0 + q + 4];
        unsigned b0 = Bt[n0 + g][k0 + q], b1 = Bt[n0 + g][k0 + q + 4];
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, d0 + d1 + d2 + d3);
}

// ---------------------------------------------------------------------
// Shared memory: transpose, strides, broadcasts, scan, atomics
// ---------------------------------------------------------------------

// A 64 × 64 float tile padded to rows of 65: a row written (two stores a
// lane) and a column read (two loads a lane, stride 65 words, no
// conflict) an iteration.
extern "C" __global__ void smem_transpose64_pad65(Args a) {
    __shared__ float tile[64][65];
    for (int i = threadIdx.x; i < 64 * 65; i += blockDim.x) (&tile[0][0])[i] = a.fin[i & 8191];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    float v0 = a.fin[threadIdx.x & 8191u], v1 = a.fin[(threadIdx.x + 64u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (unsigned)k & 63u;
        tile[r][lane] = v0;
        tile[r][lane + 32u] = v1;
        __syncwarp();
        float c0 = tile[lane][r], c1 = tile[lane + 32u][r];
        __syncwarp();
        v0 = fmaf(0.5f, c1, 0.25f);
        v1 = fmaf(0.5f, c0, -0.125f);
        acc += c0 + c1;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Columns of a 32 × 32 matrix stored with rows of 33 words: lane l reads
// m[l][c] and writes m[l][c + 9] (stride 33, conflict-free).
extern "C" __global__ void smem_col_stride33_rmw(Args a) {
    __shared__ float m[32 * 33];
    for (int i = threadIdx.x; i < 32 * 33; i += blockDim.x) m[i] = a.fin[i];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = (unsigned)k & 31u;
        float x = m[lane * 33u + c];
        acc += x;
        m[lane * 33u + ((c + 9u) & 31u)] = fmaf(0.75f, x, 0.01f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// float2 elements four apart (lane l at element 4l + k): in each
// half-warp phase four lanes share each bank pair, a 4-way conflict on
// the load and on the store.
extern "C" __global__ void smem_f2_conflict4(Args a) {
    __shared__ float2 b[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) b[i] = make_float2(a.fin[2 * i], a.fin[2 * i + 1]);
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (lane * 4u + (unsigned)k) & 1023u;
        float2 u = b[j];
        acc = fmaf(u.x, 0.99f, acc) + u.y;
        b[j] = make_float2(u.y, fmaf(u.x, 0.5f, 0.001f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Two float4 reads an iteration from a 256-entry shared table, the same
// entry for every lane (broadcasts), dotted with a per-thread float4.
extern "C" __global__ void smem_bcast_f4_dot(Args a) {
    __shared__ float4 tab[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
        tab[i] = make_float4(a.fin[4 * i] - 1.f, a.fin[4 * i + 1] - 1.f, a.fin[4 * i + 2] - 1.f, a.fin[4 * i + 3] - 1.f);
    __syncthreads();
    unsigned t = threadIdx.x;
    float4 r = make_float4(a.fin[t & 8191u], a.fin[(t + 1) & 8191u], a.fin[(t + 2) & 8191u], a.fin[(t + 3) & 8191u]);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = ((unsigned)k * 37u) & 255u;
        float4 c = tab[j], d = tab[(j + 128u) & 255u];
        float dot = fmaf(c.x, r.x, fmaf(c.y, r.y, fmaf(c.z, r.z, c.w * r.w)));
        acc = fmaf(acc, 0.5f, dot);
        r = make_float4(fmaf(0.5f, r.y, d.x), fmaf(0.5f, r.z, d.y), fmaf(0.5f, r.w, d.z), fmaf(0.5f, r.x, d.w));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A Hillis-Steele inclusive scan of one float a thread across the block,
// ping-ponging two shared arrays: ten steps (offsets 1 to 512), a
// __syncthreads after each and one before.
extern "C" __global__ void smem_scan_hillis_steele(Args a) {
    __shared__ float s[2][1024];
    unsigned t = threadIdx.x;
    float v = a.fin[t & 8191u] * 1e-3f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s[0][t] = v;
        __syncthreads();
        int cur = 0;
#pragma unroll
        for (unsigned d = 1; d < 1024; d <<= 1) {
            float x = s[cur][t];
            if (t >= d) x += s[cur][t - d];
            s[cur ^ 1][t] = x;
            cur ^= 1;
            __syncthreads();
        }
        float incl = s[cur][t];
        acc += incl;
        v = fmaf(v, 0.5f, incl * 1e-6f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 32-bin histogram of xorshift keys in shared memory: atomicAdd of 1
// on an int bin, the result unused.
extern "C" __global__ void smem_hist32_atomic_int(Args a) {
    __shared__ int bins[32];
    if (threadIdx.x < 32) bins[threadIdx.x] = 0;
    __syncthreads();
    unsigned h = (unsigned)gtid() * 0x2545f491u + 0x9e3779b9u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h ^= h << 13;
        h ^= h >> 17;
        h ^= h << 5;
        atomicAdd(&bins[h & 31u], 1);
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)bins[threadIdx.x & 31u] + (float)(h & 1u));
}

// A running maximum kept in eight shared ints by atomicMax, the returned
// old value folded into the next key.
extern "C" __global__ void smem_atomicmax_ret(Args a) {
    __shared__ int mx[8];
    if (threadIdx.x < 8) mx[threadIdx.x] = 0;
    __syncthreads();
    unsigned h = (unsigned)gtid() * 0x9e3779b1u + 1u;
    int acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = h * 1664525u + 1013904223u;
        int old = atomicMax(&mx[h >> 29], (int)(h >> 1));
        acc ^= old;
        h ^= (unsigned)old & 0xffu;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// ---------------------------------------------------------------------
// Warp collectives
// ---------------------------------------------------------------------

// A warp's inclusive scan of floats by five __shfl_up_sync steps, the
// warp total fetched from lane 31 and fed back.
extern "C" __global__ void warp_shfl_up_scan_f32(Args a) {
    int lane = threadIdx.x & 31;
    float v = a.fin[threadIdx.x & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float x = v;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            float y = __shfl_up_sync(ALL_LANES, x, d);
            if (lane >= d) x += y;
        }
        float tot = __shfl_sync(ALL_LANES, x, 31);
        acc += x;
        v = fmaf(v, 0.5f, tot * 0.01f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Rotations of a value around the warp by __shfl_sync with source lanes
// that change every iteration.
extern "C" __global__ void warp_shfl_idx_rotate(Args a) {
    int lane = threadIdx.x & 31;
    float v = a.fin[threadIdx.x & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float r1 = __shfl_sync(ALL_LANES, v, (lane + k) & 31);
        float r2 = __shfl_sync(ALL_LANES, v, (lane + 31 - (k & 7)) & 31);
        v = fmaf(0.5f, r1, fmaf(0.25f, r2, 0.1f));
        acc += r1;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Votes and reductions on LCG words: __any_sync, __all_sync,
// __reduce_add_sync and __reduce_max_sync, the sum mixed back in.
extern "C" __global__ void warp_vote_redux(Args a) {
    unsigned h = (unsigned)gtid() * 0x27d4eb2fu + 7u, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = h * 1664525u + 1013904223u;
        int any = __any_sync(ALL_LANES, (h & 0xffu) == 0u);
        int all = __all_sync(ALL_LANES, (h >> 28) != 0u);
        unsigned s = __reduce_add_sync(ALL_LANES, h >> 24);
        unsigned mx = __reduce_max_sync(ALL_LANES, h & 0xffffu);
        acc += (s ^ mx) + (unsigned)any + ((unsigned)all << 1);
        h ^= s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// ---------------------------------------------------------------------
// Block-level: reduction and bitonic sort with __syncthreads
// ---------------------------------------------------------------------

// A two-level block sum: __shfl_down_sync within each warp, the warp
// sums through shared memory, a barrier, warp 0 reduces them, a barrier,
// every thread reads the total.
extern "C" __global__ void block_reduce_two_level(Args a) {
    __shared__ float part[33];
    unsigned t = threadIdx.x, lane = t & 31u, w = t >> 5, nw = blockDim.x >> 5;
    float v = a.fin[t & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = v;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(ALL_LANES, s, o);
        if (lane == 0) part[w] = s;
        __syncthreads();
        if (w == 0) {
            float x = lane < nw ? part[lane] : 0.f;
#pragma unroll
            for (int o = 16; o > 0; o >>= 1) x += __shfl_down_sync(ALL_LANES, x, o);
            if (lane == 0) part[32] = x;
        }
        __syncthreads();
        float tot = part[32];
        acc += tot;
        v = fmaf(v, 0.5f, tot * 1e-4f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A bitonic sort of the block's blockDim.x floats in shared memory, one
// compare-exchange step (stage kk, distance j) an iteration with a
// __syncthreads after it; when the sort completes the keys are
// scrambled (another barrier) and it starts over.
extern "C" __global__ void bitonic_step_smem(Args a) {
    __shared__ float s[1024];
    unsigned t = threadIdx.x, n = blockDim.x;
    s[t] = a.fin[(t * 37u) & 8191u];
    __syncthreads();
    unsigned kk = 2u, j = 1u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned p = t ^ j;
        if (p > t) {
            float x = s[t], y = s[p];
            bool up = (t & kk) == 0u;
            if ((x > y) == up) {
                s[t] = y;
                s[p] = x;
                acc += x - y;
            }
        }
        __syncthreads();
        if (j > 1u) {
            j >>= 1;
        } else {
            kk <<= 1;
            if (kk > n) {
                kk = 2u;
                s[t] = fmaf(s[t], -0.75f, 0.001f * (float)((t * 7u) & 31u));
                __syncthreads();
            }
            j = kk >> 1;
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + s[t]);
}

// ---------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------

// int <-> float: a C cast (truncation), __float2int_rd and _ru, int to
// float and __uint2float_rz back.
extern "C" __global__ void cvt_int_float_trunc(Args a) {
    float x = 100.f * a.fin[threadIdx.x & 8191u];
    int acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int i = (int)x;
        int d = __float2int_rd(x * 0.37f);
        int u = __float2int_ru(x * -0.21f);
        float f = (float)((i * 7 + k) & 255);
        float g = __uint2float_rz((unsigned)(d + u + 1000) & 63u);
        acc += i + d + u;
        x = fmaf(f, 0.6f, g * 0.1f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + x);
}

// half <-> float: __float2half_rn, __float2half_rz, a packed
// __floats2half2_rn and the conversions back.
extern "C" __global__ void cvt_half_float_pack(Args a) {
    float x = a.fin[threadIdx.x & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __half h = __float2half_rn(x);
        __half2 h2 = __floats2half2_rn(x * 0.5f, x + 0.25f);
        float y = __half2float(h);
        float2 f2 = __half22float2(h2);
        __half hz = __float2half_rz(y * 1.37f);
        x = fmaf(f2.x, 0.9f, fmaf(__half2float(hz), 0.3f, fmaf(f2.y, -0.2f, 0.1f)));
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// FP64 rounding-mode intrinsics: double to float rounded down and up,
// to int (nearest) and to long long (toward zero), __dadd_rz, __dmul_ru,
// and int/long long back to double.
extern "C" __global__ void cvt_f64_round_modes(Args a) {
    double d = 1.0 + (double)a.fin[threadIdx.x & 8191u];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float lo = __double2float_rd(d), hi = __double2float_ru(d);
        int ir = __double2int_rn(d * 1000.0);
        long long lz = __double2ll_rz(d * 1e9);
        double e = __dadd_rz(d, (double)(hi - lo));
        e = __dmul_ru(e, 0.999);
        d = fma(e, 0.5, 0.6) + __int2double_rn(ir & 127) * 1e-5 + __ll2double_rn(lz & 1023ll) * 1e-7;
        acc += (hi - lo) + (float)(lz & 1ll);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + (float)d);
}

// ---------------------------------------------------------------------
// Row bodies: LayerNorm, softmax
// ---------------------------------------------------------------------

// LayerNorm of 1024-float rows (a warp a row, eight float4s a lane):
// mean by an xor-shuffle sum, variance by a second pass over the
// registers, then (x − mean)·rstd·γ + β written from the footprint's
// first half into its second; γ and β from a.fin; rows grid-stride by
// warp.
extern "C" __global__ void layernorm_row1024(Args a) {
    float4* x4 = reinterpret_cast<float4*>(a.big);
    const float4* g4 = reinterpret_cast<const float4*>(a.fin);
    const float4* b4 = g4 + 256;
    unsigned half4 = (a.bigMask + 1) >> 3, rm = (half4 >> 8) - 1u;
    float4* y4 = x4 + half4;
    unsigned lane = threadIdx.x & 31u, wid = (unsigned)gtid() >> 5, WT = gthreads() >> 5;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned row = (wid + (unsigned)k * WT) & rm;
        const float4* r = x4 + row * 256u;
        float4 v[8];
        float s = 0.f;
#pragma unroll
        for (int j = 0; j < 8; j++) {
            v[j] = r[lane + 32u * j];
            s += (v[j].x + v[j].y) + (v[j].z + v[j].w);
        }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(ALL_LANES, s, o);
        float mean = s * (1.f / 1024.f), q = 0.f;
#pragma unroll
        for (int j = 0; j < 8; j++) {
            float dx = v[j].x - mean, dy = v[j].y - mean, dz = v[j].z - mean, dw = v[j].w - mean;
            q = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, fmaf(dw, dw, q))));
        }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) q += __shfl_xor_sync(ALL_LANES, q, o);
        float rstd = rsqrtf(q * (1.f / 1024.f) + 1e-5f);
        float4* o = y4 + row * 256u;
#pragma unroll
        for (int j = 0; j < 8; j++) {
            float4 g = g4[lane + 32u * j], b = b4[lane + 32u * j];
            o[lane + 32u * j] = make_float4(fmaf((v[j].x - mean) * rstd, g.x, b.x), fmaf((v[j].y - mean) * rstd, g.y, b.y),
                                            fmaf((v[j].z - mean) * rstd, g.z, b.z), fmaf((v[j].w - mean) * rstd, g.w, b.w));
        }
        acc += rstd;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A three-pass softmax of 512-float rows of a.fin (a warp a row, four
// float4s a lane): the row maximum (xor shuffles), Σ expf(x − max) (the
// precise expf, xor shuffles), then the probabilities stored as float4s
// into the footprint.
extern "C" __global__ void softmax_row512_3pass(Args a) {
    const float4* f4 = reinterpret_cast<const float4*>(a.fin);
    float4* o4 = reinterpret_cast<float4*>(a.big);
    unsigned m4 = a.bigMask >> 2;
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5, wid = (unsigned)gtid() >> 5;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned row = ((unsigned)k + w * 5u) & 15u;
        float4 p[4];
        float m = -3.0e38f;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            p[j] = f4[row * 128u + lane + 32u * j];
            m = fmaxf(m, fmaxf(fmaxf(p[j].x, p[j].y), fmaxf(p[j].z, p[j].w)));
        }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(ALL_LANES, m, o));
        float s = 0.f;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            p[j] = make_float4(expf(p[j].x - m), expf(p[j].y - m), expf(p[j].z - m), expf(p[j].w - m));
            s += (p[j].x + p[j].y) + (p[j].z + p[j].w);
        }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(ALL_LANES, s, o);
        float inv = 1.f / s;
        unsigned base = (wid * 4u + ((unsigned)k & 3u)) * 128u;
#pragma unroll
        for (int j = 0; j < 4; j++)
            o4[(base + lane + 32u * j) & m4] = make_float4(p[j].x * inv, p[j].y * inv, p[j].z * inv, p[j].w * inv);
        acc += inv;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Global streams
// ---------------------------------------------------------------------

// A float4 copy from the footprint's first half to its second,
// grid-stride.
extern "C" __global__ void copy_f4_halves(Args a) {
    const float4* src = reinterpret_cast<const float4*>(a.big);
    unsigned h4 = (a.bigMask + 1) >> 3, m = h4 - 1, T = gthreads(), i = gtid();
    float4* dst = reinterpret_cast<float4*>(a.big) + h4;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        dst[j] = src[j];
    }
    long long t1 = clock64();
    finish(a, t0, t1, dst[i & m].x);
}

// An in-place scale of floats, x ← 0.9999·x + 0.0001, over the whole
// footprint, grid-stride.
extern "C" __global__ void scale_f_inplace(Args a) {
    float* x = a.big;
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        x[j] = fmaf(x[j], 0.9999f, 0.0001f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, x[i & m]);
}

// c = a + b on doubles, the three arrays quarters of the footprint,
// grid-stride.
extern "C" __global__ void dadd_f64_quarters(Args a) {
    double* p = reinterpret_cast<double*>(a.big);
    unsigned q = (a.bigMask + 1) >> 3, m = q - 1, T = gthreads(), i = gtid();
    const double* x = p;
    const double* y = p + q;
    double* z = p + 2 * q;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        z[j] = x[j] + y[j];
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)z[i & m]);
}

// 8-byte stores alone: a uint2 of (step, thread ^ step) written over the
// whole footprint, grid-stride.
extern "C" __global__ void store_u2_fill(Args a) {
    uint2* p = reinterpret_cast<uint2*>(a.big);
    unsigned m = a.bigMask >> 1, T = gthreads(), i = gtid();
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) p[(i + (unsigned)k * T) & m] = make_uint2((unsigned)k, i ^ (unsigned)k);
    long long t1 = clock64();
    finish(a, t0, t1, (float)p[i & m].y);
}

// ---------------------------------------------------------------------
// Strided loads, gathers
// ---------------------------------------------------------------------

// One field of 3-float structs (x of xyz points): a stride of 3 floats.
extern "C" __global__ void stride3_f(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* v = a.big;
    float s = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) s += v[(3u * (i + (unsigned)k * T)) & m];
    long long t1 = clock64();
    finish(a, t0, t1, s);
}

// A stride of 16 floats (64 bytes): two lanes a 128-byte line, one
// 32-byte sector each.
extern "C" __global__ void stride16_f(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* v = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float x = v[(16u * (i + (unsigned)k * T)) & m];
        s0 += x;
        s1 = fmaf(s1, 0.5f, x);
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// A stride of 64 floats (256 bytes): every lane on its own line, every
// other line skipped.
extern "C" __global__ void stride64_f(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* v = a.big;
    float s = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) s = fmaf(s, 0.999f, v[(64u * (i + (unsigned)k * T) + 1u) & m]);
    long long t1 = clock64();
    finish(a, t0, t1, s);
}

// A gather through a permutation: a.uin's words masked to 13 bits are a
// permutation of 0..8191 (an odd multiplier times the index), read
// coalesced; each picks a float within the current 8192-float window of
// the footprint.
extern "C" __global__ void gather_perm_uin(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* v = a.big;
    float s = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * T;
        unsigned p = a.uin[j & 8191u] & 8191u;
        s += v[((j & ~8191u) | p) & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, s);
}

// A pointer chase through a.uin: the next index the current word masked
// to 13 bits, one dependent load an iteration, lanes on their own
// chains.
extern "C" __global__ void chase_uin_l1(Args a) {
    unsigned cur = ((unsigned)gtid() * 97u) & 8191u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) cur = a.uin[cur] & 8191u;
    long long t1 = clock64();
    finish(a, t0, t1, (float)cur);
}

// ---------------------------------------------------------------------
// Global atomics, stencils, asynchronous copies
// ---------------------------------------------------------------------

// Float atomicAdd of 1.0 at LCG-scattered words of the whole footprint,
// the result unused.
extern "C" __global__ void atomic_add_f32_scatter(Args a) {
    float* p = a.big;
    unsigned m = a.bigMask, h = (unsigned)gtid() * 0x85ebca6bu + 1u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = h * 1664525u + 1013904223u;
        atomicAdd(&p[(h ^ (h >> 15)) & m], 1.0f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(h >> 8));
}

// A float maximum by the usual atomicCAS loop (read, compare, CAS until
// it sticks) at LCG-scattered words of the footprint.
extern "C" __global__ void atomic_cas_fmax_loop(Args a) {
    unsigned* p = reinterpret_cast<unsigned*>(a.big);
    unsigned m = a.bigMask, h = (unsigned)gtid() * 0xcc9e2d51u + 3u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = h * 1664525u + 1013904223u;
        unsigned* addr = &p[(h ^ (h >> 16)) & m];
        float val = (float)(h >> 8) * 5.9604645e-8f;
        unsigned old = *addr, assumed;
        do {
            assumed = old;
            float nv = fmaxf(__uint_as_float(assumed), val);
            old = atomicCAS(addr, assumed, __float_as_uint(nv));
        } while (old != assumed);
        acc += __uint_as_float(old);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 1-D 3-point stencil through the read-only path (__ldg), the input
// the footprint's first half and the output its second, grid-stride.
extern "C" __global__ void stencil3_ldg_1d(Args a) {
    unsigned half = (a.bigMask + 1) >> 1, m = half - 1, T = gthreads(), i = gtid();
    const float* u = a.big;
    float* o = a.big + half;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float l = __ldg(u + ((j - 1u) & m)), c = __ldg(u + j), r = __ldg(u + ((j + 1u) & m));
        o[j] = fmaf(0.5f, c, 0.25f * (l + r));
    }
    long long t1 = clock64();
    finish(a, t0, t1, o[i & m]);
}

// A 3-D 7-point stencil (a Laplacian step) on a grid of 64-float rows
// and 64 × 64 planes, the footprint's first half into its second,
// grid-stride; plain loads.
extern "C" __global__ void stencil7_3d(Args a) {
    unsigned half = (a.bigMask + 1) >> 1, m = half - 1, T = gthreads(), i = gtid();
    const float* u = a.big;
    float* o = a.big + half;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float c = u[j];
        float xm = u[(j - 1u) & m], xp = u[(j + 1u) & m];
        float ym = u[(j - 64u) & m], yp = u[(j + 64u) & m];
        float zm = u[(j - 4096u) & m], zp = u[(j + 4096u) & m];
        o[j] = fmaf(0.1f, ((xm + xp) + (ym + yp)) + (zm + zp) - 6.f * c, c);
    }
    long long t1 = clock64();
    finish(a, t0, t1, o[i & m]);
}

// A per-thread double buffer: each stage a float4 of data by a 16-byte
// cp.async.ca (the first half of the footprint) and its float scale by a
// 4-byte __pipeline_memcpy_async (the second half), committed together;
// __pipeline_wait_prior(1) before the current stage is used.
extern "C" __global__ void cpasync_ca16_4b_dblbuf(Args a) {
    __shared__ __align__(16) float4 buf[2][1024];
    __shared__ float sc[2][1024];
    unsigned t = threadIdx.x;
    unsigned half = (a.bigMask + 1) >> 1, m4 = (half >> 2) - 1, ms = half - 1, T = gthreads(), i = gtid();
    const float4* src = reinterpret_cast<const float4*>(a.big);
    const float* scl = a.big + half;
    float acc = 0.f;
    {
        unsigned d = (unsigned)__cvta_generic_to_shared(&buf[0][t]);
        size_t g = __cvta_generic_to_global(src + (i & m4));
        asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(d), "l"(g) : "memory");
        __pipeline_memcpy_async(&sc[0][t], scl + (i & ms), sizeof(float));
        __pipeline_commit();
    }
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned nx = (unsigned)(k + 1) & 1u, j = i + (unsigned)(k + 1) * T;
        unsigned d = (unsigned)__cvta_generic_to_shared(&buf[nx][t]);
        size_t g = __cvta_generic_to_global(src + (j & m4));
        asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(d), "l"(g) : "memory");
        __pipeline_memcpy_async(&sc[nx][t], scl + (j & ms), sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(1);
        float4 v = buf[k & 1][t];
        float s = sc[k & 1][t];
        acc = fmaf(s, (v.x + v.y) + (v.z + v.w), acc);
    }
    long long t1 = clock64();
    __pipeline_wait_prior(0);
    finish(a, t0, t1, acc);
}
