// A thirty-third validation corpus for gpuarch analyze ("dev33" and
// "heldout33"): fifty-six loops of the kinds performance engineers
// write, by a writer who has read none of the model, its tests, its
// testdata, its documents or any measurement; of the earlier corpora only
// corpus32's three files (kernels.cu, cases.inc, split.txt) as format
// examples, no loop copied from them, and the harness
// (scripts/analyze/corpus/harness.cu) and the build script
// (scripts/analyze/device.sh). The set: FP32 (a logistic sigmoid by the
// precise expf and the IEEE division, two chains; a softplus by the fast
// __expf and __logf, three chains; the precise log1pf; the precise
// atan2f of points in two half-planes; a 3-vector normalized by the IEEE
// sqrtf and division; exp2f and log2f, two chains), double (the precise
// exp, two chains; a bank of eight first-order IIR filters in DFMA; the
// precise log, two chains), half and bfloat16 (six bfloat16x2 __hfma2
// chains; a half2 sigmoid by h2exp and h2rcp; complex multiply-adds in
// packed halves; a bfloat16x2 ReLU by __hmax2 widened to float),
// integers (four xxHash32 lanes; bitboard arithmetic by __popc, __clz,
// __brev and __ffs; signed division and remainder by the constants 10,
// 60 and 3600; 64-bit division and remainder by a run-time divisor),
// int8 (a 4-tap convolution of packed bytes by __byte_perm windows and
// __dp4a with requantization; a sum of absolute differences for block
// matching by __vabsdiffu4 and __dp4a), conversions (float pairs packed
// to half2, bfloat162 and e4m3 fp8x2 and back; uchar4 pixels normalized
// and saturated back to bytes), warp collectives (an argmax of value and
// index pairs by __shfl_xor_sync; an inclusive scan by __shfl_up_sync
// with a carry; convergence flags by __all_sync and __any_sync; REDUX by
// __reduce_add_sync, __reduce_max_sync and __reduce_or_sync), shared
// memory (a 32 × 33 padded transpose tile; an unpadded 32 × 32
// transpose, its column reads 32 ways conflicted; per-warp 64-bin
// histograms by atomicAdd; the inner product of a 16 × 16 tiled matrix
// multiply; a Blelloch scan of 64 words a warp; table lookups of an
// AES-style T-table round), global memory (float4 fills; a float to half
// cast from one half into the other; float4 reads, four accumulators;
// half2 reads widened; a float2 triad over quarters; an in-place float4
// scale; a thread-per-row walk with a 4 KiB pitch; gathers at hashed
// indices), gathers, stencils and global atomics (an ELL sparse
// matrix-vector product; a 5-point 1-D stencil over global memory; a
// Jacobi sweep of a 9-point stencil in shared memory; float atomicAdd
// (RED) at hashed addresses; warp-aggregated queue pushes by one
// atomicAdd a warp), reductions (a warp's online softmax of a 128-wide
// row; a layer normalization of rows by Chan's pairwise merges over
// shuffles; a block reduction through shared memory with two
// __syncthreads), tensor cores (mma.sync m16n8k16 f16 with f16
// accumulators; ldmatrix.x4 from XOR-swizzled tiles into m16n8k16 bf16;
// m16n8k8 tf32 with fragments read from padded shared tiles), cp.async
// pipelines (4-byte cp.async.ca double buffering a warp; 16-byte
// cp.async.cg double buffering a block with __syncthreads), particle
// updates (an array of structures of float4 position and velocity; a
// structure of arrays with wall reflections) and two loops whose trip
// counts depend on data (Marsaglia's polar method by rejection; Newton's
// cube root until it converges).
//
// Timed as the other corpora are: each kernel reads clock64 around its
// own rolled loop (#pragma unroll 1) and the harness
// (scripts/analyze/corpus/harness.cu, built with this file and
// cases.inc) divides by the iterations. The harness launches one block of
// 32 × W threads per SM (W = 1, 4, 8, 16, 32). Shared tiles are shared
// by a block's warps where a kernel says so (races between warps change
// values, not the banks a warp touches); loops with __syncthreads in
// their body run the same iterations in every thread. Loops over a.big
// read the harness's footprint buffer, sized for the level cases.inc
// names (32 KiB where the case names no footprint), every index masked
// into it by a.bigMask; the buffer is filled with the byte 0x3c, so
// loops that need varied indices mix the position into them. a.fin and
// a.uin hold 8192 floats (0.5 to 1.49) and words (32 KiB each,
// L1-resident). The split into halves (split.txt) was fixed, by position
// in this file, before any of these loops was measured or analyzed (they
// had only been compiled, to check them).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>

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

__device__ __forceinline__ unsigned gtid() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ unsigned gthreads() { return gridDim.x * blockDim.x; }

#define FULL_MASK 0xffffffffu

// The murmur3 32-bit finalizer.
__device__ __forceinline__ unsigned fmix32(unsigned h) {
    h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; h *= 0xc2b2ae35u; h ^= h >> 16;
    return h;
}
// Marsaglia's 32-bit xorshift step.
__device__ __forceinline__ unsigned xorshift32(unsigned x) {
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return x;
}
// A generator word as a float in [0, 1).
__device__ __forceinline__ float u01(unsigned x) { return (float)(x >> 8) * (1.f / 16777216.f); }
__device__ __forceinline__ unsigned smem_u32(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

// =====================================================================
// FP32 arithmetic and the math library
// =====================================================================

// A logistic sigmoid, 1 / (1 + exp(-x)), by the precise expf and the
// IEEE division, two chains fed back into arguments within +-4.
extern "C" __global__ void fp32_expf_precise_sigmoid_two_chains(Args a) {
    float x = 4.f * (a.fin[gtid() & 8191u] - 1.f), y = 2.f - 2.f * a.fin[(gtid() + 17u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float sx = 1.f / (1.f + expf(-x));
        float sy = 1.f / (1.f + expf(-y));
        acc += sx - sy;
        x = fmaf(sx, -7.f, 3.5f) + 0.01f * y;
        y = fmaf(sy, 6.f, -2.9f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A softplus, log(1 + exp(x)), by the fast __expf and __logf (MUFU.EX2
// and MUFU.LG2 with their scalings), three chains with arguments within
// +-3.
extern "C" __global__ void fp32_fast_expf_logf_softplus_three_chains(Args a) {
    unsigned g = gtid();
    float x = 3.f * (a.fin[g & 8191u] - 1.f), y = a.fin[(g + 5u) & 8191u] - 2.f, z = a.fin[(g + 9u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float px = __logf(1.f + __expf(x));
        float py = __logf(1.f + __expf(y));
        float pz = __logf(1.f + __expf(z));
        acc += px + py - pz;
        x = fmaf(px, -1.5f, 2.f);
        y = fmaf(py, 1.3f, -2.2f);
        z = fmaf(pz, -1.1f, 1.4f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The precise log1pf of arguments in (-0.6, 1.7), a log-return style
// update, two chains.
extern "C" __global__ void fp32_log1pf_precise_feedback(Args a) {
    float x = a.fin[gtid() & 8191u] - 0.9f, y = 0.3f * a.fin[(gtid() + 3u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float lx = log1pf(x), ly = log1pf(y);
        acc = fmaf(acc, 0.999f, lx + ly);
        x = fmaf(lx, 1.2f, 0.3f);
        y = fmaf(ly, -0.8f, 0.45f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The precise atan2f of points in the right and the left half-planes
// (both octant branches exercised), the angle fed back into the next
// point.
extern "C" __global__ void fp32_atan2f_precise_polar_angle(Args a) {
    float y0 = a.fin[gtid() & 8191u] - 1.f, y1 = 1.f - a.fin[(gtid() + 7u) & 8191u];
    float x0 = 0.5f, x1 = -0.5f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float t = atan2f(y0, x0), u = atan2f(y1, x1);
        acc += t + u;
        x0 = fmaf(t, -0.3f, 1.f);
        y0 = fmaf(y0, 0.6f, 0.5f * u);
        x1 = fmaf(u, 0.2f, -0.9f);
        y1 = fmaf(y1, -0.7f, 0.4f * t);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 3-vector normalized by the IEEE sqrtf and the IEEE division (one
// reciprocal, three products), then nudged by a small cross-axis shear
// before the next normalization.
extern "C" __global__ void fp32_sqrtf_ieee_vector_normalize(Args a) {
    unsigned g = gtid();
    float vx = a.fin[g & 8191u], vy = a.fin[(g + 1u) & 8191u] - 1.f, vz = 0.5f * a.fin[(g + 2u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float len = sqrtf(fmaf(vx, vx, fmaf(vy, vy, vz * vz)));
        float inv = 1.f / len;
        vx *= inv; vy *= inv; vz *= inv;
        acc += len;
        float nx = fmaf(0.3f, vy, vx), ny = fmaf(-0.2f, vz, vy), nz = fmaf(0.25f, vx, vz);
        vx = nx; vy = ny; vz = nz;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + vx);
}

// Base-2 logarithms and exponentials, log2f then exp2f of a scaled
// logarithm (a power law in bits), two chains with arguments in
// [0.5, 3].
extern "C" __global__ void fp32_exp2f_log2f_power_law_two_chains(Args a) {
    float x = a.fin[gtid() & 8191u] + 0.2f, y = 2.f * a.fin[(gtid() + 11u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float lx = log2f(x), ly = log2f(y);
        float px = exp2f(fmaf(lx, 0.7f, -0.2f)), py = exp2f(fmaf(ly, -0.45f, 0.6f));
        acc += lx * px - ly * py;
        x = px + 0.3f;
        y = fmaf(py, 1.2f, -0.1f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Double precision
// =====================================================================

// The precise double exp (range reduction, a polynomial in DFMA and the
// scaling by the exponent), two chains with arguments within +-2.3.
extern "C" __global__ void f64_exp_precise_two_chains(Args a) {
    double x = 2.0 * ((double)a.fin[gtid() & 8191u] - 1.0), y = 0.5 - (double)a.fin[(gtid() + 13u) & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double ex = exp(x), ey = exp(y);
        acc += ex - ey;
        x = fma(ex, -0.5, 1.5);
        y = fma(ey, 0.4, -1.2);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A bank of eight first-order IIR filters in double, y = p y + b x, the
// input x from a generator converted once a step: eight independent
// DFMAs a step after the shared input.
extern "C" __global__ void f64_iir_filter_bank_eight_dfma(Args a) {
    unsigned g = gtid(), s = fmix32(g + 401u);
    double y[8], p[8];
#pragma unroll
    for (int i = 0; i < 8; i++) {
        y[i] = 0.0;
        p[i] = 0.9 + 0.01 * (double)i + 0.001 * (double)a.fin[(g + (unsigned)i) & 8191u];
    }
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = xorshift32(s);
        double x = (double)(int)s * 4.656612873077393e-10;
#pragma unroll
        for (int i = 0; i < 8; i++) y[i] = fma(p[i], y[i], (1.0 - p[i]) * x);
    }
    long long t1 = clock64();
    double t = 0.0;
#pragma unroll
    for (int i = 0; i < 8; i++) t += y[i];
    finish(a, t0, t1, (float)t);
}

// The precise double log (the mantissa split, a rational approximation
// in DFMA and the exponent term), two chains with arguments in
// [0.5, 3].
extern "C" __global__ void f64_log_precise_two_chains(Args a) {
    double x = (double)a.fin[gtid() & 8191u] + 0.3, y = 2.0 * (double)a.fin[(gtid() + 19u) & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double lx = log(x), ly = log(y);
        acc += lx * ly;
        x = fma(lx, 0.9, 1.2);
        y = fma(ly, -1.1, 1.6);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// =====================================================================
// Half and bfloat16
// =====================================================================

// Six independent bfloat16x2 __hfma2 chains (HFMA2.BF16), a damped
// affine map each: two HFMA2 a chain a step.
extern "C" __global__ void bf16x2_hfma2_six_chains(Args a) {
    unsigned g = gtid();
    __nv_bfloat162 c[6];
#pragma unroll
    for (int i = 0; i < 6; i++) c[i] = __floats2bfloat162_rn(a.fin[(g + 3u * (unsigned)i) & 8191u] - 1.f, 0.1f * (float)i - 0.2f);
    const __nv_bfloat162 m0 = __floats2bfloat162_rn(0.875f, -0.75f), b0 = __floats2bfloat162_rn(0.0625f, 0.03125f);
    const __nv_bfloat162 m1 = __floats2bfloat162_rn(-0.9375f, 0.8125f), b1 = __floats2bfloat162_rn(0.015625f, -0.046875f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int i = 0; i < 6; i++) {
            c[i] = __hfma2(c[i], m0, b0);
            c[i] = __hfma2(c[i], m1, b1);
        }
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 6; i++) s += __low2float(c[i]) - __high2float(c[i]);
    finish(a, t0, t1, s);
}

// A packed-half sigmoid, 1 / (1 + exp(-x)), by h2exp and h2rcp (the
// half2 MUFU paths), four chains fed back into arguments within +-3.
extern "C" __global__ void half2_h2exp_h2rcp_sigmoid_four_chains(Args a) {
    unsigned g = gtid();
    __half2 x[4];
#pragma unroll
    for (int i = 0; i < 4; i++) x[i] = __floats2half2_rn(2.f * (a.fin[(g + (unsigned)i) & 8191u] - 1.f), 0.5f * (float)i - 1.f);
    const __half2 one = __float2half2_rn(1.f), w = __floats2half2_rn(-6.f, 5.f), b = __floats2half2_rn(3.f, -2.5f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int i = 0; i < 4; i++) {
            __half2 s = h2rcp(__hadd2(one, h2exp(__hneg2(x[i]))));
            x[i] = __hfma2(s, w, b);
        }
        acc += __low2float(x[0]) + __high2float(x[3]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + __low2float(x[1]) + __high2float(x[2]));
}

// Complex multiply-adds, z = z w + c, on (re, im) packed in one half2:
// the real and imaginary parts broadcast by __low2half2 and
// __high2half2, an __hmul2 and an __hfma2 for the product, __hadd2 for
// c; |w| < 1 keeps the orbit bounded; four chains.
extern "C" __global__ void half2_complex_multiply_add_four_chains(Args a) {
    unsigned g = gtid();
    __half2 z[4];
#pragma unroll
    for (int i = 0; i < 4; i++) z[i] = __floats2half2_rn(a.fin[(g + (unsigned)i) & 8191u] - 1.f, 0.25f * (float)i);
    const float wr = 0.96f, wi = 0.23f;  // |w| = 0.987
    const __half2 w = __floats2half2_rn(wr, wi), wsw = __floats2half2_rn(-wi, wr);
    const __half2 c = __floats2half2_rn(0.01f, -0.005f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int i = 0; i < 4; i++) {
            __half2 p = __hfma2(__low2half2(z[i]), w, __hmul2(__high2half2(z[i]), wsw));
            z[i] = __hadd2(p, c);
        }
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 4; i++) s += __low2float(z[i]) + __high2float(z[i]);
    finish(a, t0, t1, s);
}

// A ReLU layer in packed bfloat16: __hfma2 then __hmax2 with zero, the
// activations widened to float by __bfloat1622float2 and summed in FP32
// (the mixed-precision epilogue), four chains.
extern "C" __global__ void bf16x2_relu_hmax2_widen_to_float(Args a) {
    unsigned g = gtid();
    __nv_bfloat162 x[4];
#pragma unroll
    for (int i = 0; i < 4; i++) x[i] = __floats2bfloat162_rn(a.fin[(g + 2u * (unsigned)i) & 8191u], 1.f - 0.2f * (float)i);
    const __nv_bfloat162 z = __float2bfloat162_rn(0.f);
    const __nv_bfloat162 w = __floats2bfloat162_rn(-1.125f, 0.875f), b = __floats2bfloat162_rn(1.5f, 0.125f);
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int i = 0; i < 4; i++) {
            x[i] = __hmax2(__hfma2(x[i], w, b), z);
            float2 f = __bfloat1622float2(x[i]);
            s0 += f.x;
            s1 = fmaf(f.y, 0.5f, s1);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 - s1);
}

// =====================================================================
// Integers
// =====================================================================

__device__ __forceinline__ unsigned rotl(unsigned x, unsigned n) { return __funnelshift_l(x, x, n); }

// The xxHash32 inner loop: four accumulator lanes, each consuming one
// input word a step (acc = rotl(acc + w PRIME2, 13) PRIME1), the input
// words from a xorshift generator.
extern "C" __global__ void u32_xxhash32_rounds_four_lanes(Args a) {
    const unsigned P1 = 2654435761u, P2 = 2246822519u;
    unsigned seed = gtid();
    unsigned v1 = seed + P1 + P2, v2 = seed + P2, v3 = seed, v4 = seed - P1;
    unsigned s = fmix32(seed + 409u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = xorshift32(s);
        unsigned w0 = s, w1 = s ^ 0x27d4eb2fu, w2 = s + 0x165667b1u, w3 = __byte_perm(s, 0u, 0x0123u);
        v1 = rotl(v1 + w0 * P2, 13) * P1;
        v2 = rotl(v2 + w1 * P2, 13) * P1;
        v3 = rotl(v3 + w2 * P2, 13) * P1;
        v4 = rotl(v4 + w3 * P2, 13) * P1;
    }
    long long t1 = clock64();
    unsigned h = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18);
    finish(a, t0, t1, (float)(h >> 8));
}

// Bitboard arithmetic on a 64-bit board held as two words: the move set
// of a sliding piece by the o ^ (o - 2r) trick on the occupancy and its
// bit-reversed mirror (__brev), counted by __popc, the first and last
// set squares by __ffs and __clz, the lowest set bit isolated by x & -x.
extern "C" __global__ void u32_popc_clz_brev_bitboard(Args a) {
    unsigned lo = fmix32(gtid() + 419u) | 1u, hi = a.uin[gtid() & 8191u] | 0x80000000u, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = lo & (0u - lo);
        unsigned fwd = lo ^ (lo - 2u * r);
        unsigned rev = __brev(hi);
        unsigned bwd = __brev(rev ^ (rev - 2u * (rev & (0u - rev))));
        unsigned moves = (fwd | bwd) & ~r;
        acc += (unsigned)__popc(moves) + (unsigned)__ffs((int)moves) + (unsigned)__clz((int)(hi & ~moves));
        lo = xorshift32(lo ^ moves) | 1u;
        hi = (hi + (moves >> 3)) | 0x80000000u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Signed division and remainder by the constants 10, 60 and 3600 (the
// multiply-high, shift and sign-fix sequences): a signed duration split
// into hours, minutes and seconds and its last decimal digits.
extern "C" __global__ void s32_div_mod_by_constants_time_digits(Args a) {
    unsigned s = fmix32(gtid() + 421u);
    int acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = xorshift32(s);
        int t = (int)s >> 4;  // within +-2^27, signed
        int h = t / 3600, m = (t / 60) % 60, sec = t % 60;
        int d0 = t % 10, d1 = (t / 10) % 10, d2 = (t / 100) % 10;
        acc += h ^ (m * 61 + sec) ^ (d0 + 10 * d1 + 100 * d2);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Unsigned 64-bit division and remainder by a run-time divisor of 33 to
// 48 bits (the 64-bit division subroutine), a base conversion of a
// 64-bit counter; the numerator from a 64-bit LCG.
extern "C" __global__ void u64_div_mod_runtime_divisor(Args a) {
    unsigned long long s = 0x9e3779b97f4a7c15ull * (gtid() + 1ull), acc = 0ull;
    unsigned long long d = (1ull << 32) + ((unsigned long long)a.uin[gtid() & 8191u] << 8) + 7ull;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        unsigned long long q = s / d, r = s % d;
        acc += q ^ r;
        d = (1ull << 32) + ((d + (r >> 20)) & 0xffffffffffffull);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 40));
}

// =====================================================================
// Int8 dot products
// =====================================================================

// A 4-tap 1-D convolution of signed bytes packed four a word: the four
// shifted windows of the current and the next word by __byte_perm, one
// __dp4a each against the packed filter, requantized by a multiply and
// shift, clamped to int8 and packed back by __byte_perm.
extern "C" __global__ void s8_dp4a_conv4_byte_perm_windows(Args a) {
    unsigned s = fmix32(gtid() + 431u), cur = a.uin[gtid() & 8191u], outw = 0u;
    const int filt = (int)0x03fd02ffu;  // taps -1, 2, -3, 3 (little end first)
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = xorshift32(s);
        unsigned nxt = s;
        int y0 = __dp4a((int)cur, filt, 0);
        int y1 = __dp4a((int)__byte_perm(cur, nxt, 0x4321u), filt, 0);
        int y2 = __dp4a((int)__byte_perm(cur, nxt, 0x5432u), filt, 0);
        int y3 = __dp4a((int)__byte_perm(cur, nxt, 0x6543u), filt, 0);
        y0 = max(-128, min(127, (y0 * 77) >> 7));
        y1 = max(-128, min(127, (y1 * 77) >> 7));
        y2 = max(-128, min(127, (y2 * 77) >> 7));
        y3 = max(-128, min(127, (y3 * 77) >> 7));
        unsigned p = __byte_perm(__byte_perm((unsigned)y0, (unsigned)y1, 0x0040u), __byte_perm((unsigned)y2, (unsigned)y3, 0x0040u), 0x5410u);
        outw ^= p;
        cur = nxt;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(outw >> 8));
}

// Block matching for motion estimation: the sum of absolute differences
// of a 16-pixel row (four words) against a candidate shifted by one byte
// each step, __vabsdiffu4 then __dp4a with ones to sum the bytes, the
// best candidate kept by a compare and select.
extern "C" __global__ void u8_vabsdiffu4_dp4a_block_match_sad(Args a) {
    unsigned g = gtid();
    unsigned c0 = a.uin[g & 8191u], c1 = a.uin[(g + 1u) & 8191u], c2 = a.uin[(g + 2u) & 8191u], c3 = a.uin[(g + 3u) & 8191u];
    unsigned r0 = fmix32(g), r1 = fmix32(g + 1u), r2 = fmix32(g + 2u), r3 = fmix32(g + 3u), r4 = fmix32(g + 4u);
    unsigned best = 0xffffffffu, bestk = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned sh = (unsigned)k & 3u;
        unsigned sel = 0x3210u + sh * 0x1111u;
        unsigned sad = __dp4a(__vabsdiffu4(c0, __byte_perm(r0, r1, sel)), 0x01010101u, 0u);
        sad = __dp4a(__vabsdiffu4(c1, __byte_perm(r1, r2, sel)), 0x01010101u, sad);
        sad = __dp4a(__vabsdiffu4(c2, __byte_perm(r2, r3, sel)), 0x01010101u, sad);
        sad = __dp4a(__vabsdiffu4(c3, __byte_perm(r3, r4, sel)), 0x01010101u, sad);
        bool better = sad < best;
        best = better ? sad : best;
        bestk = better ? (unsigned)k : bestk;
        if (sh == 3u) { r0 = r1; r1 = r2; r2 = r3; r3 = r4; r4 = xorshift32(r4 ^ sad); }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)best + (float)(bestk & 255u));
}

// =====================================================================
// Conversions
// =====================================================================

// Activation quantization round trips: a float pair packed to half2
// (__floats2half2_rn), to bfloat162 (__floats2bfloat162_rn) and to
// e4m3 fp8x2 with saturation (__nv_cvt_float2_to_fp8x2), each unpacked
// back (to float2, or fp8x2 to half2 then float2), the errors summed.
extern "C" __global__ void cvt_f32_half2_bf162_fp8x2_pack_unpack(Args a) {
    float x = 3.f * (a.fin[gtid() & 8191u] - 1.f), y = 2.f * a.fin[(gtid() + 23u) & 8191u], e = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float2 h = __half22float2(__floats2half2_rn(x, y));
        float2 b = __bfloat1622float2(__floats2bfloat162_rn(x, y));
        __nv_fp8x2_storage_t q = __nv_cvt_float2_to_fp8x2(make_float2(x, y), __NV_SATFINITE, __NV_E4M3);
        __half2 qh = __half2(__nv_cvt_fp8x2_to_halfraw2(q, __NV_E4M3));
        float2 f = __half22float2(qh);
        e += (x - h.x) + (y - b.y) + (f.x - f.y);
        x = fmaf(b.x, 0.93f, 0.11f * f.y);
        y = fmaf(h.y, -0.95f, 0.07f * f.x) + 1.f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, e);
}

// Image preprocessing of uchar4 pixels: the four bytes of a word
// unpacked and converted to float (I2F), normalized by a per-channel
// mean and inverse deviation, a contrast curve applied, then saturated
// (__saturatef), scaled to 255, rounded back by __float2uint_rn (F2I)
// and repacked; the output word becomes part of the next input.
extern "C" __global__ void cvt_uchar4_normalize_saturate_roundtrip(Args a) {
    unsigned px = a.uin[gtid() & 8191u], s = fmix32(gtid() + 433u), acc = 0u;
    float fsum = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float r = (float)(px & 255u), g = (float)((px >> 8) & 255u), b = (float)((px >> 16) & 255u), al = (float)(px >> 24);
        float nr = (r * (1.f / 255.f) - 0.485f) * 4.367f;
        float ng = (g * (1.f / 255.f) - 0.456f) * 4.464f;
        float nb = (b * (1.f / 255.f) - 0.406f) * 4.444f;
        fsum += nr + ng + nb;
        unsigned qr = __float2uint_rn(__saturatef(fmaf(nr, 0.18f, 0.5f)) * 255.f);
        unsigned qg = __float2uint_rn(__saturatef(fmaf(ng * ng, 0.05f, 0.3f)) * 255.f);
        unsigned qb = __float2uint_rn(__saturatef(fmaf(nb, -0.2f, 0.55f)) * 255.f);
        unsigned qa = __float2uint_rn(al * 0.9f);
        unsigned out = qr | (qg << 8) | (qb << 16) | (qa << 24);
        acc += out >> 4;
        s = xorshift32(s);
        px = out ^ (s & 0x3f3f3f3fu);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 8) + fsum);
}

// =====================================================================
// Warp collectives
// =====================================================================

// A warp's argmax of (value, index) pairs by __shfl_xor_sync: two
// shuffles a level (the value and the index), ties to the lower index,
// five levels; every lane's value then nudged by the winner.
extern "C" __global__ void warp_shfl_xor_argmax_value_index(Args a) {
    unsigned lane = threadIdx.x & 31u;
    float v = a.fin[(gtid() * 29u) & 8191u];
    unsigned s = fmix32(gtid() + 439u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float bv = v;
        int bi = (int)lane;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            float ov = __shfl_xor_sync(FULL_MASK, bv, o);
            int oi = __shfl_xor_sync(FULL_MASK, bi, o);
            bool take = ov > bv || (ov == bv && oi < bi);
            bv = take ? ov : bv;
            bi = take ? oi : bi;
        }
        acc += (unsigned)bi;
        s = xorshift32(s);
        v = ((int)lane == bi) ? u01(s) : fmaf(v, 0.98f, 0.02f * u01(s));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + v);
}

// An inclusive warp scan of counts by __shfl_up_sync (five levels, the
// lanes below the offset keeping their value), the warp's running
// offset carried from step to step by a broadcast of lane 31 (the
// allocation step of a stream compaction).
extern "C" __global__ void warp_shfl_up_scan_with_carry(Args a) {
    unsigned lane = threadIdx.x & 31u;
    unsigned s = fmix32(gtid() + 443u), carry = 0u, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = xorshift32(s);
        unsigned v = s >> 29, x = v;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            unsigned y = __shfl_up_sync(FULL_MASK, x, o);
            if (lane >= (unsigned)o) x += y;
        }
        acc ^= carry + x - v;
        carry += __shfl_sync(FULL_MASK, x, 31);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)(carry & 0xffffu));
}

// Convergence flags of an iterative solver, one residual a lane: all
// lanes below tolerance (__all_sync), any lane diverging (__any_sync),
// and the count of unconverged lanes (__popc of __ballot_sync), the
// residuals decaying by 0.8 a step with a little noise and reset to new
// values in [0, 1) when the warp has converged or one lane diverges
// (every 15 to 20 steps or so).
extern "C" __global__ void warp_all_any_vote_convergence_flags(Args a) {
    unsigned lane = threadIdx.x & 31u;
    float r = a.fin[(gtid() + lane) & 8191u];
    unsigned s = fmix32(gtid() + 449u), done = 0u, blown = 0u, pending = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = xorshift32(s);
        bool conv = r < 0.05f;
        int allc = __all_sync(FULL_MASK, conv);
        int anyb = __any_sync(FULL_MASK, r > 0.97f);
        pending += (unsigned)__popc(__ballot_sync(FULL_MASK, !conv));
        done += (unsigned)allc;
        blown += (unsigned)anyb;
        r = (allc || anyb) ? u01(s) : fmaf(r, 0.8f, 0.01f * u01(s));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)done + (float)blown + (float)(pending & 0xffffu) + r);
}

// Warp reductions by the REDUX unit: __reduce_add_sync of a count,
// __reduce_max_sync of a key and __reduce_or_sync of a flag word, a
// per-warp summary of a batch of generated items.
extern "C" __global__ void warp_redux_add_max_or_sync_u32(Args a) {
    unsigned s = fmix32(gtid() + 457u), tot = 0u, mx = 0u, flags = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = xorshift32(s);
        unsigned cnt = s >> 27, key = (s >> 8) & 0xfffffu, fl = 1u << (s & 31u);
        unsigned c = __reduce_add_sync(FULL_MASK, cnt);
        unsigned m = __reduce_max_sync(FULL_MASK, key);
        unsigned f = __reduce_or_sync(FULL_MASK, fl);
        tot += c;
        mx ^= m;
        flags += (unsigned)__popc(f);
        s ^= m;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(tot & 0xffffffu) + (float)mx + (float)flags);
}

// =====================================================================
// Shared memory
// =====================================================================

// The shared-memory step of a tiled matrix transpose: a warp writes 32
// rows of a 32 × 33 tile (the row padded by one word; eight tiles, a
// warp on w & 7), __syncwarp, reads it back by columns (conflict-free
// thanks to the padding), scales, __syncwarp; 32 row writes and 32
// column reads a step, the tile row chosen by the trip.
extern "C" __global__ void smem_transpose_32x33_padded_tile(Args a) {
    __shared__ float tile[8][32][33];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float (*T)[33] = tile[w & 7u];
    float v = a.fin[gtid() & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (unsigned)k & 31u;
        T[r][lane] = v;
        __syncwarp();
        float t = T[lane][r];
        __syncwarp();
        acc += t;
        v = fmaf(t, 0.5f, 0.25f * v);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The same transpose step written without padding: a 32 × 32 tile (eight
// tiles, a warp on w & 7), row writes conflict-free, column reads of one
// bank by all 32 lanes (32-way conflicts); two rows a step.
extern "C" __global__ void smem_transpose_32x32_unpadded_column_read(Args a) {
    __shared__ float tile[8][32][32];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float (*T)[32] = tile[w & 7u];
    float v = a.fin[gtid() & 8191u], u = 1.f - v, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = ((unsigned)k * 2u) & 31u;
        T[r][lane] = v;
        T[r + 1u][lane] = u;
        __syncwarp();
        float p = T[lane][r], q = T[lane][r + 1u];
        __syncwarp();
        acc += p - q;
        v = fmaf(p, 0.5f, 0.1f);
        u = fmaf(q, -0.5f, 0.2f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Per-warp private histograms (64 bins a warp, 32 warps' worth of
// shared memory): the byte classes of a generated word, four atomicAdd
// (ATOMS.ADD) a step into the warp's own bins; lanes of a warp collide
// on the same bins.
extern "C" __global__ void smem_histogram_per_warp_64bins_atomicadd(Args a) {
    __shared__ unsigned hist[32][64];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    hist[w][lane] = 0u;
    hist[w][lane + 32u] = 0u;
    __syncwarp();
    unsigned s = fmix32(gtid() + 461u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = xorshift32(s);
        atomicAdd(&hist[w][s & 63u], 1u);
        atomicAdd(&hist[w][(s >> 8) & 63u], 1u);
        atomicAdd(&hist[w][(s >> 16) & 63u], 1u);
        atomicAdd(&hist[w][s >> 26], 1u);
    }
    long long t1 = clock64();
    __syncwarp();
    finish(a, t0, t1, (float)(hist[w][lane] + hist[w][lane + 32u]));
}

// The inner product of a classic 16 × 16 shared-memory tiled matrix
// multiply: thread (ty, tx) of a 16 × 16 layout accumulates sixteen
// products As[ty][kk] Bs[kk][tx] (A read by broadcast, B row
// conflict-free), the tile pair (one of four, shared by the block)
// chosen by the trip.
extern "C" __global__ void smem_tiled_matmul_16x16_inner_product(Args a) {
    __shared__ float As[4][16][16];
    __shared__ float Bs[4][16][16];
    for (unsigned e = threadIdx.x; e < 4u * 256u; e += blockDim.x) {
        (&As[0][0][0])[e] = 0.05f * (a.fin[e & 8191u] - 1.f);
        (&Bs[0][0][0])[e] = 0.05f * a.fin[(e * 7u + 3u) & 8191u];
    }
    __syncthreads();
    unsigned tx = threadIdx.x & 15u, ty = (threadIdx.x >> 4) & 15u;
    float c = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned t = (unsigned)k & 3u;
        float s = 0.f;
#pragma unroll
        for (int kk = 0; kk < 16; kk++) s = fmaf(As[t][ty][kk], Bs[t][kk][tx], s);
        c = fmaf(c, 0.99f, s);
    }
    long long t1 = clock64();
    finish(a, t0, t1, c);
}

// A work-efficient (Blelloch) exclusive scan of 64 words a warp in
// shared memory, two a lane: the up-sweep (six levels, the strided
// indices conflicted at the deeper levels), the root cleared, the
// down-sweep (six levels), __syncwarp between levels.
extern "C" __global__ void smem_blelloch_scan_64_per_warp(Args a) {
    __shared__ unsigned buf[32][64];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    unsigned* B = buf[w];
    unsigned s = fmix32(gtid() + 463u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = xorshift32(s);
        B[2u * lane] = s & 15u;
        B[2u * lane + 1u] = (s >> 4) & 15u;
        __syncwarp();
#pragma unroll
        for (unsigned d = 1u; d < 64u; d <<= 1) {
            if (lane < 32u / d) {
                unsigned ai = d * (2u * lane + 1u) - 1u, bi = d * (2u * lane + 2u) - 1u;
                B[bi] += B[ai];
            }
            __syncwarp();
        }
        if (lane == 0u) B[63] = 0u;
        __syncwarp();
#pragma unroll
        for (unsigned d = 32u; d >= 1u; d >>= 1) {
            if (lane < 32u / d) {
                unsigned ai = d * (2u * lane + 1u) - 1u, bi = d * (2u * lane + 2u) - 1u;
                unsigned t = B[ai];
                B[ai] = B[bi];
                B[bi] += t;
            }
            __syncwarp();
        }
        acc += B[2u * lane] ^ B[2u * lane + 1u];
        __syncwarp();
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The table lookups of one AES-style T-table round: four 256-word
// tables in shared memory (shared by the block; filled with hashed
// words, the access pattern of a T-table round rather than AES's
// constants), sixteen lookups a step indexed by the state's bytes
// (data-dependent banks), XORed with a round key.
extern "C" __global__ void smem_aes_ttable_round_lookups(Args a) {
    __shared__ unsigned T0[256], T1[256], T2[256], T3[256];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) {
        T0[e] = fmix32(e); T1[e] = fmix32(e + 256u); T2[e] = fmix32(e + 512u); T3[e] = fmix32(e + 768u);
    }
    __syncthreads();
    unsigned g = gtid();
    unsigned s0 = fmix32(g), s1 = fmix32(g + 1u), s2 = a.uin[g & 8191u], s3 = g * 0x9e3779b9u;
    unsigned key = fmix32(g + 467u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned n0 = T0[s0 & 255u] ^ T1[(s1 >> 8) & 255u] ^ T2[(s2 >> 16) & 255u] ^ T3[s3 >> 24] ^ key;
        unsigned n1 = T0[s1 & 255u] ^ T1[(s2 >> 8) & 255u] ^ T2[(s3 >> 16) & 255u] ^ T3[s0 >> 24] ^ (key + 1u);
        unsigned n2 = T0[s2 & 255u] ^ T1[(s3 >> 8) & 255u] ^ T2[(s0 >> 16) & 255u] ^ T3[s1 >> 24] ^ (key + 2u);
        unsigned n3 = T0[s3 & 255u] ^ T1[(s0 >> 8) & 255u] ^ T2[(s1 >> 16) & 255u] ^ T3[s2 >> 24] ^ (key + 3u);
        s0 = n0; s1 = n1; s2 = n2; s3 = n3;
        key = rotl(key, 8) ^ 0x1b000000u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((s0 ^ s1 ^ s2 ^ s3) >> 8));
}

// =====================================================================
// Global memory streams
// =====================================================================

// A fill (a memset of a float4 pattern): two coalesced float4 stores
// (STG.128) a step a grid stride apart, no loads.
extern "C" __global__ void stream_fill_float4_two_per_step(Args a) {
    unsigned m4 = ((a.bigMask + 1u) >> 2) - 1u, T = gthreads(), i = gtid();
    float4* Y = reinterpret_cast<float4*>(a.big);
    float f = a.fin[i & 8191u];
    const float4 v = make_float4(f, 0.f, -f, 1.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        Y[j & m4] = v;
        Y[(j + T) & m4] = v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, f);
}

// A cast kernel: float2 pairs read from the first half of the footprint
// and written as __half2 into the second half (LDG.64 then F2F and
// STG.32), two a step a grid stride apart.
extern "C" __global__ void stream_cast_float2_to_half2_half_to_half(Args a) {
    unsigned h2 = (a.bigMask + 1u) >> 2, m = h2 - 1u, T = gthreads(), i = gtid();
    const float2* in = reinterpret_cast<const float2*>(a.big);
    __half2* out = reinterpret_cast<__half2*>(a.big + 2u * h2);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        float2 p = in[j & m], q = in[(j + T) & m];
        out[j & m] = __float22half2_rn(p);
        out[(j + T) & m] = __float22half2_rn(q);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// A sum reduction's streaming phase: float4 reads (LDG.128), two a step
// a grid stride apart, into four component accumulators.
extern "C" __global__ void stream_read_float4_four_accumulators(Args a) {
    unsigned m4 = ((a.bigMask + 1u) >> 2) - 1u, T = gthreads(), i = gtid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        float4 p = X[j & m4], q = X[(j + T) & m4];
        s.x += p.x + q.x; s.y += p.y + q.y;
        s.z += p.z + q.z; s.w += p.w + q.w;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (s.x + s.y) + (s.z + s.w));
}

// Half-precision data read as __half2 (4 bytes a lane, 128 bytes a warp
// a load), widened by __half22float2 and accumulated in float, four a
// step a grid stride apart.
extern "C" __global__ void stream_read_half2_widen_accumulate(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const __half2* X = reinterpret_cast<const __half2*>(a.big);
    float sx = 0.f, sy = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 4u * T;
        float2 p0 = __half22float2(X[j & m]), p1 = __half22float2(X[(j + T) & m]);
        float2 p2 = __half22float2(X[(j + 2u * T) & m]), p3 = __half22float2(X[(j + 3u * T) & m]);
        sx += (p0.x + p1.x) + (p2.x + p3.x);
        sy += (p0.y - p1.y) + (p2.y - p3.y);
    }
    long long t1 = clock64();
    finish(a, t0, t1, sx + sy);
}

// The STREAM triad in float2, a = b + s c, the three arrays the first
// three quarters of the footprint: two LDG.64 and one STG.64 a step.
extern "C" __global__ void stream_triad_float2_quarters(Args a) {
    unsigned q2 = (a.bigMask + 1u) >> 3, m = q2 - 1u, T = gthreads(), i = gtid();
    float2* A = reinterpret_cast<float2*>(a.big);
    const float2* B = A + q2;
    const float2* C = A + 2u * q2;
    const float sc = 3.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float2 b = B[j], c = C[j];
        A[j] = make_float2(fmaf(sc, c.x, b.x), fmaf(sc, c.y, b.y));
    }
    long long t1 = clock64();
    finish(a, t0, t1, sc);
}

// An in-place affine rescale of float4 data, x = x s + t (LDG.128, four
// FFMAs, STG.128 to the same address), grid-stride; s < 1 keeps the
// values bounded however often a word is revisited.
extern "C" __global__ void inplace_rescale_float4_read_modify_write(Args a) {
    unsigned m4 = ((a.bigMask + 1u) >> 2) - 1u, T = gthreads(), i = gtid();
    float4* X = reinterpret_cast<float4*>(a.big);
    const float s = 0.75f, t = 0.003f * (float)((i & 7u) + 1u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m4;
        float4 v = X[j];
        X[j] = make_float4(fmaf(v.x, s, t), fmaf(v.y, s, t), fmaf(v.z, s, t), fmaf(v.w, s, t));
    }
    long long t1 = clock64();
    finish(a, t0, t1, t);
}

// A naive thread-per-row dot product of a row-major matrix with a pitch
// of 1024 floats (4 KiB) against a vector in a.fin: each lane walks its
// own row, so a warp's load touches 32 lines (one float of each), the
// next column of the same lines a step later.
extern "C" __global__ void strided_thread_per_row_dot_pitch1024(Args a) {
    unsigned m = a.bigMask, row = gtid();
    const float* X = a.big;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = (unsigned)k & 1023u;
        acc = fmaf(X[(row * 1024u + c) & m], a.fin[c], acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Gathers at hashed indices (the murmur3 finalizer of the position and
// the trip): two independent random float loads a step over the whole
// footprint, every lane of a warp on its own line.
extern "C" __global__ void gather_hashed_index_two_per_step(Args a) {
    unsigned m = a.bigMask, i = gtid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned h = fmix32(i ^ ((unsigned)k * 0x9e3779b9u));
        s0 += X[h & m];
        s1 += X[(h >> 7) * 33u & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 - s1);
}

// =====================================================================
// Gathers, stencils and global atomics
// =====================================================================

// An ELL-format sparse matrix-vector product, four nonzeros a row: the
// column indices and values read column-major (coalesced) from a.uin and
// a.fin (L1-resident), the column (a.uin's word offset by the row's
// multiple of the golden ratio) scattered over the footprint, where x is
// gathered; one row a lane a step.
extern "C" __global__ void spmv_ell_four_scattered_columns(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* X = a.big;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned row = i + (unsigned)k * T, r = row & 2047u, off = row * 0x9e3779b9u;
        float y = 0.f;
#pragma unroll
        for (unsigned j = 0; j < 4u; j++) {
            unsigned e = j * 2048u + r;
            y = fmaf(a.fin[e], X[(a.uin[e] + off) & m], y);
        }
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 5-point 1-D stencil (second-difference smoothing), y[j] from x[j-2]
// to x[j+2]: x the first half of the footprint, y the second; five
// overlapping loads (neighbours' words, mostly the same lines) and one
// store a step, grid-stride.
extern "C" __global__ void stencil_global_1d_5point_float(Args a) {
    unsigned h = (a.bigMask + 1u) >> 1, m = h - 1u, T = gthreads(), i = gtid();
    const float* X = a.big;
    float* Y = a.big + h;
    const float c0 = 0.4f, c1 = 0.2f, c2 = 0.1f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float v = c0 * X[j];
        v = fmaf(c1, X[(j - 1u) & m] + X[(j + 1u) & m], v);
        v = fmaf(c2, X[(j - 2u) & m] + X[(j + 2u) & m], v);
        Y[j] = v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, c0);
}

// A Jacobi sweep of a 9-point smoothing stencil on a 32 × 32 grid with
// a one-cell halo in shared memory (two 34 × 34 tiles shared by the
// block, read from one and written to the other, alternating with the
// trip): each lane one cell of the row (w + k) & 31, nine reads (three
// rows of three consecutive words, conflict-free) and one write.
extern "C" __global__ void stencil_2d_9point_smem_jacobi(Args a) {
    __shared__ float grid[2][34][34];
    for (unsigned e = threadIdx.x; e < 2u * 34u * 34u; e += blockDim.x) (&grid[0][0][0])[e] = a.fin[(e * 5u) & 8191u];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    const float wc = 0.25f, we = 0.125f, wd = 0.0625f;  // weights summing to 1
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned src = (unsigned)k & 1u, r = ((w + (unsigned)k) & 31u) + 1u, c = lane + 1u;
        float (*G)[34] = grid[src];
        float v = wc * G[r][c];
        v = fmaf(we, (G[r - 1u][c] + G[r + 1u][c]) + (G[r][c - 1u] + G[r][c + 1u]), v);
        v = fmaf(wd, (G[r - 1u][c - 1u] + G[r - 1u][c + 1u]) + (G[r + 1u][c - 1u] + G[r + 1u][c + 1u]), v);
        grid[src ^ 1u][r][c] = v;
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Float atomicAdd with the result unused (RED.E.ADD.F32) at hashed
// addresses over the footprint (a scatter-add of particle deposits),
// two a step, every lane of a warp on its own line.
extern "C" __global__ void red_add_f32_hashed_scatter(Args a) {
    unsigned m = a.bigMask, i = gtid();
    float* Y = a.big;
    float v = 1e-3f * a.fin[i & 8191u];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned h = fmix32((i << 12) ^ (unsigned)k);
        atomicAdd(&Y[h & m], v);
        atomicAdd(&Y[(h * 0x2c1b3c6du + 17u) & m], -0.5f * v);
    }
    long long t1 = clock64();
    finish(a, t0, t1, v);
}

// Warp-aggregated queue allocation: the lanes with an item (three in
// four) counted by __ballot_sync, one atomicAdd a warp by the first such
// lane on one of 64 queue counters (each on its own line, in the first
// 8 KiB, shared by the warps that map to it), the base broadcast by
// __shfl_sync, each item stored at base + its rank into that queue's
// segment of the footprint's second half.
extern "C" __global__ void warp_aggregated_atomicadd_queue_push(Args a) {
    unsigned lane = threadIdx.x & 31u, below = (1u << lane) - 1u, gw = gtid() >> 5;
    unsigned h = (a.bigMask + 1u) >> 1, seg = h >> 6;
    unsigned* ctr = reinterpret_cast<unsigned*>(a.big) + (gw & 63u) * 32u;
    float* Q = a.big + h + (gw & 63u) * seg;
    unsigned s = fmix32(gtid() + 479u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = xorshift32(s);
        bool push = (s >> 30) != 0u;
        unsigned b = __ballot_sync(FULL_MASK, push);
        int leader = __ffs((int)b) - 1;
        unsigned base = 0u;
        if ((int)lane == leader) base = atomicAdd(ctr, (unsigned)__popc(b));
        base = __shfl_sync(FULL_MASK, base, leader & 31);
        if (push) Q[(base + (unsigned)__popc(b & below)) & (seg - 1u)] = u01(s);
        acc += base & 0xffu;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// =====================================================================
// Reductions, softmax and layer normalization
// =====================================================================

// A warp's online softmax of a 128-wide row held four values a lane:
// the lane's max and sum of __expf, merged across the warp by
// __shfl_xor_sync of (max, sum) pairs with the rescaling by __expf, the
// IEEE reciprocal of the total, the four probabilities; the logits then
// updated from them and a little noise.
extern "C" __global__ void softmax_row_warp_online_expf(Args a) {
    unsigned g = gtid();
    float v0 = a.fin[g & 8191u], v1 = a.fin[(g + 1u) & 8191u], v2 = 2.f * a.fin[(g + 2u) & 8191u], v3 = -a.fin[(g + 3u) & 8191u];
    unsigned s = fmix32(g + 487u);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float mx = fmaxf(fmaxf(v0, v1), fmaxf(v2, v3));
        float sm = (__expf(v0 - mx) + __expf(v1 - mx)) + (__expf(v2 - mx) + __expf(v3 - mx));
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            float om = __shfl_xor_sync(FULL_MASK, mx, o), os = __shfl_xor_sync(FULL_MASK, sm, o);
            float nm = fmaxf(mx, om);
            sm = sm * __expf(mx - nm) + os * __expf(om - nm);
            mx = nm;
        }
        float inv = 1.f / sm;
        float p0 = __expf(v0 - mx) * inv, p1 = __expf(v1 - mx) * inv, p2 = __expf(v2 - mx) * inv, p3 = __expf(v3 - mx) * inv;
        acc += p0 + p3;
        s = xorshift32(s);
        float n = 0.2f * u01(s);
        v0 = fmaf(v0, 0.5f, fmaf(p0, 40.f, n));
        v1 = fmaf(v1, 0.5f, fmaf(p1, -30.f, n + 0.3f));
        v2 = fmaf(v2, 0.5f, fmaf(p2, 20.f, 0.5f - n));
        v3 = fmaf(v3, 0.5f, fmaf(p3, -10.f, -n));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Layer normalization of 128-wide rows, a warp a row, a float4 a lane:
// the lane's mean and sum of squared deviations, merged across the warp
// by Chan's pairwise update over __shfl_xor_sync (equal counts), rsqrtf
// of the variance plus epsilon, the scale and shift (gamma and beta from
// a.fin); rows read from the first half of the footprint, the
// normalized float4 written to the second.
extern "C" __global__ void layernorm_warp_chan_merge_shfl(Args a) {
    unsigned lane = threadIdx.x & 31u, gw = gtid() >> 5, nw = gthreads() >> 5;
    unsigned h4 = (a.bigMask + 1u) >> 3, m = h4 - 1u;
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float4* Y = reinterpret_cast<float4*>(a.big) + h4;
    float4 gam = make_float4(a.fin[4u * lane], a.fin[4u * lane + 1u], a.fin[4u * lane + 2u], a.fin[4u * lane + 3u]);
    float4 bet = make_float4(a.fin[128u + 4u * lane] - 1.f, 0.f, 0.1f, a.fin[131u + 4u * lane] - 1.f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = ((gw + (unsigned)k * nw) * 32u + lane) & m;
        float4 x = X[j];
        float mean = 0.25f * ((x.x + x.y) + (x.z + x.w));
        float dx = x.x - mean, dy = x.y - mean, dz = x.z - mean, dw = x.w - mean;
        float m2 = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, dw * dw)));
        float n = 4.f;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            float om = __shfl_xor_sync(FULL_MASK, mean, o), o2 = __shfl_xor_sync(FULL_MASK, m2, o);
            float d = om - mean;
            m2 = m2 + o2 + d * d * (0.5f * n);
            mean = 0.5f * (mean + om);
            n *= 2.f;
        }
        float rstd = rsqrtf(m2 * (1.f / 128.f) + 1e-5f);
        float4 y = make_float4(fmaf((x.x - mean) * rstd, gam.x, bet.x), fmaf((x.y - mean) * rstd, gam.y, bet.y),
                               fmaf((x.z - mean) * rstd, gam.z, bet.z), fmaf((x.w - mean) * rstd, gam.w, bet.w));
        Y[j] = y;
        acc += rstd;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A block-wide sum: a warp reduction by __shfl_down_sync, the warps'
// partial sums through shared memory, __syncthreads, the first warp
// reducing the partials and publishing the total, __syncthreads, every
// thread reading it back; the values from a generator.
extern "C" __global__ void block_reduce_smem_two_syncthreads(Args a) {
    __shared__ float part[32];
    __shared__ float total;
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5, nwb = blockDim.x >> 5;
    unsigned s = fmix32(gtid() + 491u);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = xorshift32(s);
        float v = u01(s);
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL_MASK, v, o);
        if (lane == 0u) part[w] = v;
        __syncthreads();
        if (w == 0u) {
            float t = lane < nwb ? part[lane] : 0.f;
#pragma unroll
            for (int o = 16; o > 0; o >>= 1) t += __shfl_down_sync(FULL_MASK, t, o);
            if (lane == 0u) total = t;
        }
        __syncthreads();
        acc = fmaf(acc, 0.5f, total);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Tensor cores
// =====================================================================

// mma.sync m16n8k16 with f16 inputs and f16 accumulators (two registers
// an accumulator) on fragments in registers: three independent
// accumulators, one MMA each a step, the B fragments rotated among them.
extern "C" __global__ void mma_m16n8k16_f16_f16acc_three_accums(Args a) {
    unsigned g = gtid();
    unsigned ar[4], br[3];
#pragma unroll
    for (int j = 0; j < 4; j++) {
        __half2 h = __floats2half2_rn(0.02f * (a.fin[(g + (unsigned)j) & 8191u] - 1.f), 0.01f);
        ar[j] = *reinterpret_cast<unsigned*>(&h);
    }
#pragma unroll
    for (int j = 0; j < 3; j++) {
        __half2 h = __floats2half2_rn(-0.015f, 0.02f * a.fin[(g + 7u + (unsigned)j) & 8191u]);
        br[j] = *reinterpret_cast<unsigned*>(&h);
    }
    unsigned c[3][2];
#pragma unroll
    for (int i = 0; i < 3; i++) c[i][0] = c[i][1] = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int i = 0; i < 3; i++)
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};\n"
                         : "+r"(c[i][0]), "+r"(c[i][1])
                         : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(br[i]), "r"(br[(i + 1) % 3]));
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 3; i++) {
        __half2 h = *reinterpret_cast<__half2*>(&c[i][0]);
        s += __low2float(h) + __high2float(h);
    }
    finish(a, t0, t1, s);
}

// ldmatrix.x4 for both operands from XOR-swizzled shared tiles (rows of
// 64 bfloat16, 128 bytes; the 16-byte chunk c of row r stored at
// c ^ (r & 7), so the eight rows a matrix reads fall in distinct banks):
// A a 16 × 64 tile, B a 16 (n) × 64 (k) tile read non-transposed as two
// n8 fragments, into two mma.sync m16n8k16 bf16 with float accumulators;
// the k-slice and the tiles (four of each, shared by the block) chosen
// by the trip.
extern "C" __global__ void ldmatrix_x4_xor_swizzle_mma_bf16(Args a) {
    __shared__ __align__(128) __nv_bfloat16 As[4][16][64];
    __shared__ __align__(128) __nv_bfloat16 Bs[4][16][64];
    for (unsigned e = threadIdx.x; e < 4u * 16u * 64u; e += blockDim.x) {
        unsigned t = e >> 10, r = (e >> 6) & 15u, col = e & 63u;
        unsigned pos = (((col >> 3) ^ (r & 7u)) << 3) | (col & 7u);
        As[t][r][pos] = __float2bfloat16_rn(0.03f * (a.fin[e & 8191u] - 1.f));
        Bs[t][r][pos] = __float2bfloat16_rn(0.02f * a.fin[(e + 41u) & 8191u]);
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float c[2][4] = {{0.f, 0.f, 0.f, 0.f}, {0.f, 0.f, 0.f, 0.f}};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kb = (unsigned)k & 3u, ta = ((unsigned)k + w) & 3u, tb = (((unsigned)k >> 2) + w) & 3u;
        unsigned ra = lane & 15u, ca = 2u * kb + (lane >> 4);
        unsigned rb = (lane & 7u) | ((lane >> 4) << 3), cb = 2u * kb + ((lane >> 3) & 1u);
        unsigned pa = smem_u32(&As[ta][ra][(ca ^ (ra & 7u)) << 3]);
        unsigned pb = smem_u32(&Bs[tb][rb][(cb ^ (rb & 7u)) << 3]);
        unsigned a0, a1, a2, a3, b0, b1, b2, b3;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(pa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3) : "r"(pb));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[0][0]), "+f"(c[0][1]), "+f"(c[0][2]), "+f"(c[0][3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[1][0]), "+f"(c[1][1]), "+f"(c[1][2]), "+f"(c[1][3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c[0][0] + c[0][3]) + (c[1][1] + c[1][2]));
}

// mma.sync m16n8k8 in TF32 with float accumulators, the fragments read
// by plain 32-bit shared loads: A from 16 × 8 tiles padded to a stride
// of 12 words (the fragment's rows g and g + 8, columns t and t + 4,
// conflict-free), B from 8 × 8 [k][n] tiles (conflict-free); four A and
// four B tiles shared by the block, two MMAs a step on two B tiles.
extern "C" __global__ void mma_m16n8k8_tf32_padded_smem_fragments(Args a) {
    __shared__ unsigned At[4][16][12];
    __shared__ unsigned Bt[4][8][8];
    for (unsigned e = threadIdx.x; e < 4u * 16u * 12u; e += blockDim.x) {
        unsigned v;
        asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(v) : "f"(0.04f * (a.fin[e & 8191u] - 1.f)));
        (&At[0][0][0])[e] = v;
    }
    for (unsigned e = threadIdx.x; e < 4u * 64u; e += blockDim.x) {
        unsigned v;
        asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(v) : "f"(0.03f * a.fin[(e + 57u) & 8191u]));
        (&Bt[0][0][0])[e] = v;
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5, gq = lane >> 2, tq = lane & 3u;
    float c[2][4] = {{0.f, 0.f, 0.f, 0.f}, {0.f, 0.f, 0.f, 0.f}};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned ta = ((unsigned)k + w) & 3u, tb = (unsigned)k & 3u, tc = ((unsigned)k + 1u) & 3u;
        unsigned a0 = At[ta][gq][tq], a1 = At[ta][gq + 8u][tq], a2 = At[ta][gq][tq + 4u], a3 = At[ta][gq + 8u][tq + 4u];
        unsigned b0 = Bt[tb][tq][gq], b1 = Bt[tb][tq + 4u][gq], b2 = Bt[tc][tq][gq], b3 = Bt[tc][tq + 4u][gq];
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[0][0]), "+f"(c[0][1]), "+f"(c[0][2]), "+f"(c[0][3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[1][0]), "+f"(c[1][1]), "+f"(c[1][2]), "+f"(c[1][3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c[0][0] - c[0][2]) + (c[1][1] - c[1][3]));
}

// =====================================================================
// cp.async pipelines
// =====================================================================

// Warp-level double buffering with 4-byte cp.async.ca (through L1):
// each step a lane issues four copies of the next stage (128 floats a
// warp, coalesced), commits, waits until one group at most is pending
// (the current stage has landed), __syncwarp, reads a float4 of the
// current stage, __syncwarp.
extern "C" __global__ void cp_async_ca4_double_buffer_warp(Args a) {
    __shared__ __align__(16) float buf[32][2][128];
    unsigned m = a.bigMask, lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    unsigned gw = gtid() >> 5, nw = gthreads() >> 5;
    const float* X = a.big;
#pragma unroll
    for (unsigned q = 0; q < 4u; q++)
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(smem_u32(&buf[w][0][q * 32u + lane])),
                     "l"(X + ((gw * 128u + q * 32u + lane) & m)));
    asm volatile("cp.async.commit_group;\n" ::);
    float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned cur = (unsigned)k & 1u, nxt = cur ^ 1u;
        unsigned base = (gw + ((unsigned)k + 1u) * nw) * 128u;
#pragma unroll
        for (unsigned q = 0; q < 4u; q++)
            asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(smem_u32(&buf[w][nxt][q * 32u + lane])),
                         "l"(X + ((base + q * 32u + lane) & m)));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        __syncwarp();
        float4 v = reinterpret_cast<const float4*>(buf[w][cur])[lane];
        __syncwarp();
        s.x += v.x; s.y += v.y; s.z += v.z; s.w += v.w;
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_group 0;\n" ::);
    finish(a, t0, t1, (s.x - s.y) + (s.z - s.w));
}

// Block-level double buffering with 16-byte cp.async.cg (bypassing L1):
// each thread copies one float4 of the block's next contiguous chunk,
// commits, waits until one group at most is pending, __syncthreads,
// reads the float4 another warp copied (32 slots on), __syncthreads.
extern "C" __global__ void cp_async_cg16_block_double_buffer_syncthreads(Args a) {
    __shared__ __align__(16) float4 stg[2][1024];
    unsigned m4 = ((a.bigMask + 1u) >> 2) - 1u, t = threadIdx.x, B = blockDim.x;
    const float4* X = reinterpret_cast<const float4*>(a.big);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_u32(&stg[0][t])), "l"(X + ((blockIdx.x * B + t) & m4)));
    asm volatile("cp.async.commit_group;\n" ::);
    float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned cur = (unsigned)k & 1u, nxt = cur ^ 1u;
        unsigned chunk = blockIdx.x + ((unsigned)k + 1u) * gridDim.x;
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_u32(&stg[nxt][t])), "l"(X + ((chunk * B + t) & m4)));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        __syncthreads();
        float4 v = stg[cur][(t + 32u) & (B - 1u)];
        __syncthreads();
        s.x += v.x; s.y -= v.y; s.z += v.z; s.w -= v.w;
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_group 0;\n" ::);
    finish(a, t0, t1, (s.x + s.y) + (s.z + s.w));
}

// =====================================================================
// Particle updates
// =====================================================================

struct Particle {
    float4 pos;  // x, y, z, mass
    float4 vel;  // vx, vy, vz, age
};

// An array-of-structures particle step (32-byte particles): both float4s
// loaded, gravity and linear drag applied to the velocity, the position
// advanced, a bounce off the ground plane by a select, the age advanced,
// both float4s stored back; grid-stride.
extern "C" __global__ void particle_aos_gravity_drag_ground_bounce(Args a) {
    unsigned mp = ((a.bigMask + 1u) >> 3) - 1u, T = gthreads(), i = gtid();
    Particle* P = reinterpret_cast<Particle*>(a.big);
    const float dt = 0.01f, drag = 0.995f, gdt = -9.81f * 0.01f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & mp;
        float4 p = P[j].pos, v = P[j].vel;
        v.x *= drag;
        v.y = fmaf(v.y, drag, gdt);
        v.z = fmaf(v.z, drag, 0.001f);
        p.x = fmaf(v.x, dt, p.x);
        p.y = fmaf(v.y, dt, p.y);
        p.z = fmaf(v.z, dt, p.z);
        bool hit = p.y < 0.f;
        p.y = hit ? -p.y : p.y;
        v.y = hit ? -0.8f * v.y : v.y;
        v.w += dt;
        P[j].pos = p;
        P[j].vel = v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, dt);
}

// A structure-of-arrays leapfrog step of particles on a spring toward
// the box's centre: x, y, vx and vy each a quarter of the footprint,
// four coalesced loads, the kick and the drift, reflections off the
// walls of the unit box (min(|x|, 2 - |x|), the velocity's sign flipped
// by a select), four coalesced stores.
extern "C" __global__ void particle_soa_leapfrog_wall_reflect(Args a) {
    unsigned q = (a.bigMask + 1u) >> 2, m = q - 1u, T = gthreads(), i = gtid();
    float* X = a.big;
    float* Y = X + q;
    float* VX = X + 2u * q;
    float* VY = X + 3u * q;
    const float dt = 0.02f, ks = 4.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float x = X[j], y = Y[j], vx = VX[j], vy = VY[j];
        vx = fmaf(-ks * dt, x - 0.5f, vx);
        vy = fmaf(-ks * dt, y - 0.5f, vy);
        x = fmaf(vx, dt, x);
        y = fmaf(vy, dt, y);
        bool ox = x < 0.f || x > 1.f, oy = y < 0.f || y > 1.f;
        x = fminf(fabsf(x), 2.f - fabsf(x));
        y = fminf(fabsf(y), 2.f - fabsf(y));
        vx = ox ? -vx : vx;
        vy = oy ? -vy : vy;
        X[j] = x; Y[j] = y; VX[j] = vx; VY[j] = vy;
    }
    long long t1 = clock64();
    finish(a, t0, t1, dt);
}

// =====================================================================
// Loops whose trip counts depend on data
// =====================================================================

// Gaussian pairs by Marsaglia's polar method: points drawn in the
// square until one falls inside the unit disk (about 1.27 draws, at
// most 16; lanes diverge), then the precise logf, the IEEE division and
// sqrtf of the accepted radius.
extern "C" __global__ void marsaglia_polar_rejection_data_dependent(Args a) {
    unsigned s = fmix32(gtid() + 499u), draws = 0u;
    float su = 0.f, sv = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float u, v, q;
        unsigned n = 0u;
#pragma unroll 1
        do {
            s = xorshift32(s);
            u = fmaf(2.f, u01(s), -1.f);
            s = xorshift32(s);
            v = fmaf(2.f, u01(s), -1.f);
            q = fmaf(u, u, v * v);
            n++;
        } while ((q >= 1.f || q == 0.f) && n < 16u);
        q = fminf(fmaxf(q, 1e-7f), 0.9999f);
        float f = sqrtf(-2.f * logf(q) / q);
        su = fmaf(u, f, su);
        sv = fmaf(v, f, sv);
        draws += n;
    }
    long long t1 = clock64();
    finish(a, t0, t1, su + sv + (float)draws);
}

// Newton's method for the cube root of a generated value in [1, 1000],
// from the guess c / 3 + 1, until the step falls below 1e-5 of the root
// (5 to 13 steps, at most 32; lanes diverge), each step an IEEE
// division.
extern "C" __global__ void newton_cube_root_until_converged_data_dependent(Args a) {
    unsigned s = fmix32(gtid() + 503u), steps = 0u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = xorshift32(s);
        float c = fmaf(999.f, u01(s), 1.f);
        float x = fmaf(c, 1.f / 3.f, 1.f), dx;
        unsigned n = 0u;
#pragma unroll 1
        do {
            dx = fmaf(x * x, x, -c) / (3.f * x * x);
            x -= dx;
            n++;
        } while (fabsf(dx) > 1e-5f * x && n < 32u);
        acc += x;
        steps += n;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + (float)steps);
}
