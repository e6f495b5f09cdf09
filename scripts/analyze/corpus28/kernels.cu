// A twenty-eighth validation corpus for gpuarch analyze ("dev28" and
// "heldout28"): fifty-seven loops of the kinds performance engineers
// write, by a writer who has read none of the model, its tests, its
// testdata, its documents or any measurement; of the earlier corpora only
// corpus27's three files (kernels.cu, cases.inc, split.txt) as format
// examples, no loop copied from them, and the harness
// (scripts/analyze/corpus/harness.cu) and the build script
// (scripts/analyze/device.sh). The set: FP32 chains (one dependent chain
// of eight FMAs; twelve independent chains of two; a degree-15
// polynomial by Estrin's scheme; two Kahan-compensated sums; Welford's
// online mean and variance with a precise division; the normalization
// and reflection of 3-vectors by rsqrtf; SiLU by __expf and __fdividef
// in two crossed chains; the precise sincosf and cosf on arguments up to
// 40; a gamma curve by the fast __powf; the precise erff, cbrtf and
// sqrtf), integers (the PCG32 generator on a 64-bit state; seven rounds
// of Philox4x32 by __umulhi; two ChaCha quarter rounds by funnel-shift
// rotations; a binary neural network's XNOR-popcount dot product; an
// RGBA8 alpha blend in SIMD-within-a-register with __byte_perm; digits
// in a base known only at run time, four divisions and remainders a
// step; a motion search's sum of absolute differences by __vsadu4;
// Q0.64 fixed point by __umul64hi and __umulhi), conversions and double
// (float to int in the four rounding modes and back; a double
// reciprocal by a float seed and two Newton steps; the IEEE double
// division and square root; half2 exp, reciprocal and square root),
// shared memory (reads 16 words apart, sixteen ways; a 32 × 32 float2
// tile, unpadded, a row written and a column read; a 32 × 33 double tile
// the same way; a float4 table read as a broadcast beside a float4 row a
// lane; a weighted 1024-bin histogram in fixed point by integer
// atomicAdd; atomicMax on 256 slots with the old value used; a block's
// tree reduction with a __syncthreads a level; a warp's Hillis-Steele
// scan in a double buffer;
// a branch-free lower bound in a sorted table of 1024 keys; a 4 × 4
// register tile of an SGEMM from float4 shared reads; WMMA m16n16k16 f16
// fragments loaded from shared memory, two accumulators), warp
// collectives (a bitonic sort of 32 keys by __shfl_xor_sync; a double
// reduction by __shfl_down_sync; a 32 × 32 matrix-vector product with
// the vector broadcast by __shfl_sync; __match_any_sync group counts),
// global streams (a float2 triad; four __ldg scalar streams; a float4
// store-only fill; thread-per-row sums of 4096-wide rows, uncoalesced; a
// double dot product; 16-byte cp.async.cg copies into a warp's tile),
// gathers, scatters and global atomics (a gather through an index array;
// a scatter of stores through one; a float atomicAdd scatter through
// one; one counter a block that all its warps add to; a 64-bit atomicMax
// at hashed slots; stream compaction by __ballot_sync with a warp's own
// cursor; bilinear sampling of an image 1024 wide), stencils and tiles
// (a 3 × 3 box filter on 2048-wide rows; a 7-point 3D stencil on planes
// of 256 × 256; a global transpose through a warp's 8 × 33 shared tile)
// and small kernels (a radix-4 FFT butterfly with twiddles by
// __sincosf; a 3 × 3 inverse by cofactors with a precise division; the
// Mandelbrot escape time, at most 64 steps; Stein's binary GCD). Two
// loops have trip counts that depend on data: the Mandelbrot escape time
// and the binary GCD.
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
// a.uin hold 8192 floats and words (32 KiB each, L1-resident). The split
// into halves (split.txt) was fixed, by position in this file, before
// any of these loops was measured or analyzed (they had only been
// compiled, to check them).
#include <cuda_fp16.h>
#include <mma.h>

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

__device__ __forceinline__ unsigned glob_tid() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ unsigned grid_threads() { return gridDim.x * blockDim.x; }

#define ALL_LANES 0xffffffffu

// Chris Wellons' lowbias32 integer hash.
__device__ __forceinline__ unsigned lowbias32(unsigned x) {
    x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
    return x;
}
// One step of the Numerical Recipes linear congruential generator.
__device__ __forceinline__ unsigned lcg_next(unsigned x) { return x * 1664525u + 1013904223u; }
// A generator word as a float in [0, 1).
__device__ __forceinline__ float unit_float(unsigned x) { return (float)(x >> 8) * (1.f / 16777216.f); }
__device__ __forceinline__ unsigned shared_ptr32(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

// =====================================================================
// FP32 arithmetic chains
// =====================================================================

// One dependent chain of eight FMAs a step, each on the last one's
// result, the multipliers below 1 in magnitude and alternating in sign
// so the chain stays small: the FMA latency alone.
extern "C" __global__ void ffma_one_dependent_chain_eight_deep(Args a) {
    float y = a.fin[glob_tid() & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        y = fmaf(y, 0.93f, 0.05f);
        y = fmaf(y, -0.87f, 0.11f);
        y = fmaf(y, 0.95f, -0.02f);
        y = fmaf(y, 0.9f, 0.03f);
        y = fmaf(y, -0.96f, 0.07f);
        y = fmaf(y, 0.91f, 0.01f);
        y = fmaf(y, 0.94f, -0.04f);
        y = fmaf(y, -0.89f, 0.06f);
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Twelve independent chains of two dependent FMAs each a step (24 FMAs,
// twelve ways of parallelism), the multiplier read once from a.fin.
extern "C" __global__ void ffma_twelve_independent_chains_two_deep(Args a) {
    float c = 0.45f + 0.2f * a.fin[7], d = 0.1f * a.fin[11];
    unsigned g = glob_tid();
    float x[12];
#pragma unroll
    for (int j = 0; j < 12; j++) x[j] = a.fin[(g + 5u * (unsigned)j) & 8191u] - 0.75f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 12; j++) x[j] = fmaf(fmaf(x[j], c, d), -c, 0.01f * (float)j);
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int j = 0; j < 12; j++) s += x[j];
    finish(a, t0, t1, s);
}

// The degree-15 Taylor polynomial of exp by Estrin's scheme: x², x⁴ and
// x⁸, eight linear pairs, four quadratic combinations, two quartic, one
// last FMA (depth six instead of Horner's fifteen), the argument fed
// back in (-0.6, 0.5).
extern "C" __global__ void estrin_poly_deg15_float_exp(Args a) {
    float x = a.fin[glob_tid() & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float x2 = x * x, x4 = x2 * x2, x8 = x4 * x4;
        float p01 = fmaf(1.f, x, 1.f), p23 = fmaf(1.f / 6.f, x, 0.5f);
        float p45 = fmaf(1.f / 120.f, x, 1.f / 24.f), p67 = fmaf(1.f / 5040.f, x, 1.f / 720.f);
        float p89 = fmaf(2.7557319e-6f, x, 2.4801587e-5f), p1011 = fmaf(2.5052108e-8f, x, 2.7557319e-7f);
        float p1213 = fmaf(1.6059044e-10f, x, 2.0876757e-9f), p1415 = fmaf(7.6471637e-13f, x, 1.1470746e-11f);
        float q0 = fmaf(p23, x2, p01), q1 = fmaf(p67, x2, p45), q2 = fmaf(p1011, x2, p89), q3 = fmaf(p1415, x2, p1213);
        float r0 = fmaf(q1, x4, q0), r1 = fmaf(q3, x4, q2);
        float p = fmaf(r1, x8, r0);
        acc += p;
        x = fmaf(p, 0.35f, -0.55f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Two Kahan-compensated sums of generator values: a subtraction, an
// addition and the two that recover the lost low part, four dependent
// FADDs a sum a step.
extern "C" __global__ void kahan_compensated_sum_two_streams(Args a) {
    unsigned x = lowbias32(glob_tid() + 83u);
    float s0 = 0.f, c0 = 0.f, s1 = 0.f, c1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        float v0 = unit_float(x), v1 = (float)(x & 0xffffu) * (1.f / 65536.f);
        float y0 = v0 - c0, ta = s0 + y0;
        c0 = (ta - s0) - y0;
        s0 = ta;
        float y1 = v1 - c1, tb = s1 + y1;
        c1 = (tb - s1) - y1;
        s1 = tb;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (s0 + s1) + (c0 + c1));
}

// Welford's online mean and variance of generator values: the count
// incremented, the mean updated by a precise division by it, the sum of
// squared deviations by an FMA.
extern "C" __global__ void welford_online_mean_var_precise_div(Args a) {
    unsigned x = lowbias32(glob_tid() + 89u);
    float n = 0.f, mean = 0.f, m2 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        float v = fmaf(unit_float(x), 4.f, -1.f);
        n += 1.f;
        float d = v - mean;
        mean += d / n;
        m2 = fmaf(d, v - mean, m2);
    }
    long long t1 = clock64();
    finish(a, t0, t1, mean + m2 * (1.f / 4096.f));
}

// A ray direction reflected about a moving normal: both normalized by
// rsqrtf of their squared length, the reflection r = v - 2 (v · n) n,
// the next direction a small rotation of r, the normal pulled toward r.
extern "C" __global__ void rsqrtf_normalize_vec3_reflect(Args a) {
    unsigned g = glob_tid();
    float vx = a.fin[g & 8191u] - 1.f, vy = a.fin[(g + 1u) & 8191u], vz = 0.3f;
    float nx = 0.2f, ny = 0.9f, nz = a.fin[(g + 2u) & 8191u] - 0.9f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float in = rsqrtf(fmaf(nx, nx, fmaf(ny, ny, fmaf(nz, nz, 1e-6f))));
        nx *= in; ny *= in; nz *= in;
        float iv = rsqrtf(fmaf(vx, vx, fmaf(vy, vy, fmaf(vz, vz, 1e-6f))));
        vx *= iv; vy *= iv; vz *= iv;
        float d2 = 2.f * fmaf(vx, nx, fmaf(vy, ny, vz * nz));
        float rx = fmaf(-d2, nx, vx), ry = fmaf(-d2, ny, vy), rz = fmaf(-d2, nz, vz);
        acc += rz;
        vx = fmaf(0.1f, ry, rx);
        vy = fmaf(-0.1f, rx, ry);
        vz = rz + 0.05f;
        nx = fmaf(0.2f, rx, nx); ny = fmaf(0.2f, ry, ny); nz = fmaf(0.2f, rz, nz);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// SiLU, x / (1 + exp(-x)), by the fast __expf and __fdividef, in two
// crossed chains (each argument from the other chain's result).
extern "C" __global__ void silu_fast_expf_fdividef_crossed(Args a) {
    float x0 = a.fin[glob_tid() & 8191u] - 1.f, x1 = 0.5f - a.fin[(glob_tid() + 3u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float y0 = x0 * __fdividef(1.f, 1.f + __expf(-x0));
        float y1 = x1 * __fdividef(1.f, 1.f + __expf(-x1));
        acc += y0 + y1;
        x0 = fmaf(y1, -1.3f, 0.4f);
        x1 = fmaf(y0, 1.1f, -0.6f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The precise sincosf and cosf of the math library (their Cody-Waite
// reduction; the arguments stay below 40, far from the Payne-Hanek
// path) in two crossed chains.
extern "C" __global__ void sincosf_cosf_precise_args_to_40(Args a) {
    float x = 20.f * (a.fin[glob_tid() & 8191u] - 1.f), y = 5.f * a.fin[(glob_tid() + 7u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s, c;
        sincosf(x, &s, &c);
        float cy = cosf(y);
        acc = fmaf(s, cy, acc);
        x = fmaf(s, 31.f, 7.f * cy);
        y = fmaf(c, -23.f, 3.5f * s);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A display gamma curve and its inverse by the fast __powf (a base-2
// logarithm, a multiply and a base-2 exponential), in two crossed
// chains on values in (0.1, 1).
extern "C" __global__ void gamma_fast_powf_encode_decode(Args a) {
    float x = 0.3f + 0.5f * (a.fin[glob_tid() & 8191u] - 0.5f), y = 0.5f * a.fin[(glob_tid() + 2u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float p = __powf(x, 2.2f), q = __powf(y, 0.4545f);
        acc += p - q;
        x = fmaf(0.7f, q, 0.1f);
        y = fmaf(0.8f, p, 0.15f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The precise erff, cbrtf and sqrtf of the math library, their results
// mixed into the next arguments (cbrtf's argument kept positive).
extern "C" __global__ void erff_cbrtf_sqrtf_precise_mix(Args a) {
    float x = a.fin[glob_tid() & 8191u] - 1.f, y = a.fin[(glob_tid() + 5u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float e = erff(x), r = cbrtf(y), s = sqrtf(fmaf(x, x, y));
        acc += (e + r) + s;
        x = fmaf(r, 1.2f, -0.9f) - 0.1f * s;
        y = fmaf(e, 0.5f, 0.6f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Integer chains
// =====================================================================

// The PCG32 generator (XSH RR): a 64-bit state advanced by a 64-bit
// multiply-add, the output an xorshift of the old state rotated right by
// its top five bits (__funnelshift_r).
extern "C" __global__ void pcg32_u64_state_xsh_rr(Args a) {
    unsigned g = glob_tid();
    unsigned long long st = 0x853c49e6748fea9bull ^ ((unsigned long long)g << 17), inc = ((unsigned long long)g << 1) | 1ull;
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned long long old = st;
        st = old * 6364136223846793005ull + inc;
        unsigned xs = (unsigned)(((old >> 18) ^ old) >> 27), rot = (unsigned)(old >> 59);
        acc += __funnelshift_r(xs, xs, rot) >> 4;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 8));
}

// Philox4x32 with seven rounds a counter: two __umulhi and two low
// multiplies a round, the words crossed and XORed with the round keys;
// the counter incremented a step, so consecutive steps are independent.
extern "C" __global__ void philox4x32_seven_rounds_umulhi(Args a) {
    unsigned g = glob_tid();
    unsigned c0 = 0u, c1 = g, c2 = 0x5bd1e995u, c3 = ~g;
    unsigned key0 = a.uin[g & 8191u], key1 = a.uin[(g + 1u) & 8191u];
    unsigned acc0 = 0u, acc1 = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned x0 = c0, x1 = c1, x2 = c2, x3 = c3, k0 = key0, k1 = key1;
#pragma unroll
        for (int r = 0; r < 7; r++) {
            unsigned hi0 = __umulhi(0xD2511F53u, x0), lo0 = 0xD2511F53u * x0;
            unsigned hi1 = __umulhi(0xCD9E8D57u, x2), lo1 = 0xCD9E8D57u * x2;
            x0 = hi1 ^ x1 ^ k0;
            x1 = lo1;
            x2 = hi0 ^ x3 ^ k1;
            x3 = lo0;
            k0 += 0x9E3779B9u;
            k1 += 0xBB67AE85u;
        }
        acc0 += x0 ^ x2;
        acc1 ^= x1 + x3;
        c0++;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((acc0 ^ acc1) >> 8));
}

// Two ChaCha quarter rounds a step on two independent four-word states
// (add, XOR and a rotation by __funnelshift_l, four times each), the
// step count added into the first words.
__device__ __forceinline__ void chacha_qr(unsigned& a, unsigned& b, unsigned& c, unsigned& d) {
    a += b; d ^= a; d = __funnelshift_l(d, d, 16);
    c += d; b ^= c; b = __funnelshift_l(b, b, 12);
    a += b; d ^= a; d = __funnelshift_l(d, d, 8);
    c += d; b ^= c; b = __funnelshift_l(b, b, 7);
}
extern "C" __global__ void chacha_quarter_round_funnel_rotl_two_states(Args a) {
    unsigned g = glob_tid();
    unsigned a0 = 0x61707865u, b0 = g, c0 = 0x3320646eu, d0 = a.uin[g & 8191u];
    unsigned a1 = 0x79622d32u, b1 = ~g, c1 = 0x6b206574u, d1 = a.uin[(g + 9u) & 8191u];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        chacha_qr(a0, b0, c0, d0);
        chacha_qr(a1, b1, c1, d1);
        a0 += (unsigned)k;
        a1 ^= (unsigned)k;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(((a0 ^ b0 ^ c0 ^ d0) + (a1 ^ b1 ^ c1 ^ d1)) >> 8));
}

// A binary neural network's dot product: 128 binary activations (four
// words from the generator, XORed, rotated and multiplied) against 128
// binary weights held in registers, __popc of the XNOR a word; the
// signed dot fed back into the generator.
extern "C" __global__ void xnor_popcount_bnn_dot_four_words(Args a) {
    unsigned g = glob_tid();
    unsigned w0 = a.uin[g & 8191u], w1 = a.uin[(g + 1u) & 8191u], w2 = a.uin[(g + 2u) & 8191u], w3 = a.uin[(g + 3u) & 8191u];
    unsigned x = lowbias32(g + 91u);
    int acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned a0 = x, a1 = x ^ 0xa5a5a5a5u, a2 = __funnelshift_l(x, x, 13), a3 = x * 0x2545f491u;
        int dot = __popc(~(a0 ^ w0)) + __popc(~(a1 ^ w1)) + __popc(~(a2 ^ w2)) + __popc(~(a3 ^ w3));
        int y = 2 * dot - 128;
        acc += y;
        x ^= (unsigned)y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// An RGBA8 alpha blend in SIMD within a register: a generator pixel over
// the accumulated one by its alpha byte, red and blue in one multiply
// pair, green and alpha in another, the result's channels swizzled by
// __byte_perm and one channel extracted by a second __byte_perm.
extern "C" __global__ void rgba8_swar_alpha_blend_byte_perm(Args a) {
    unsigned p = a.uin[glob_tid() & 8191u], x = lowbias32(glob_tid() + 97u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned q = x, al = q >> 24, ia = 255u - al;
        unsigned rb = (((p & 0x00ff00ffu) * ia + (q & 0x00ff00ffu) * al + 0x00800080u) >> 8) & 0x00ff00ffu;
        unsigned ga = (((p >> 8) & 0x00ff00ffu) * ia + ((q >> 8) & 0x00ff00ffu) * al + 0x00800080u) & 0xff00ff00u;
        unsigned o = rb | ga;
        p = __byte_perm(o, p, 0x3012);
        acc += __byte_perm(o, 0u, 0x4442);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)(p >> 24));
}

// Digits of a generator word in a base known only at run time (7 to
// 262, from a.uin): four unsigned divisions and remainders a step, each
// on the last quotient, the leftover quotient fed back.
extern "C" __global__ void u32_div_mod_runtime_base_digits(Args a) {
    unsigned d = 7u + (a.uin[glob_tid() & 8191u] & 255u), x = lowbias32(glob_tid() + 101u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned n = x, s = 0u;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            s += n % d;
            n /= d;
        }
        acc += s;
        x ^= n;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A motion search's sum of absolute differences: a 16-pixel reference
// row (four words of bytes) against a candidate row made from the
// generator, __vsadu4 a word, the best candidate kept; the SAD fed back.
extern "C" __global__ void vsadu4_motion_search_sad_best(Args a) {
    unsigned g = glob_tid();
    unsigned r0 = a.uin[g & 8191u], r1 = a.uin[(g + 1u) & 8191u], r2 = a.uin[(g + 2u) & 8191u], r3 = a.uin[(g + 3u) & 8191u];
    unsigned x = lowbias32(g + 103u), best = 0xffffffffu, bk = 0u, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned c0 = x, c1 = __funnelshift_l(x, r0, 8), c2 = x ^ r1, c3 = __byte_perm(x, r2, 0x5140);
        unsigned sad = (__vsadu4(c0, r0) + __vsadu4(c1, r1)) + (__vsadu4(c2, r2) + __vsadu4(c3, r3));
        bool better = sad < best;
        best = better ? sad : best;
        bk = better ? (unsigned)k : bk;
        acc += sad;
        x ^= sad;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)best + (float)bk);
}

// Fixed point in Q0.64 and Q0.32: z = 0.9 z + 0.05 by __umul64hi and a
// 64-bit add, its square by a second __umul64hi, and a 32-bit chain
// w = 0.9375 w + (z² >> 40) by __umulhi.
extern "C" __global__ void umul64hi_q064_fixed_point_chain(Args a) {
    unsigned g = glob_tid();
    unsigned long long z = (unsigned long long)lowbias32(g) << 31;
    const unsigned long long c = 0xE666666666666666ull, d = 0x0CCCCCCCCCCCCCCCull;
    unsigned w = lowbias32(g + 3u) >> 1, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        z = __umul64hi(z, c) + d;
        unsigned long long z2 = __umul64hi(z, z);
        w = __umulhi(w, 0xF0000000u) + (unsigned)(z2 >> 40);
        acc += (unsigned)(z2 >> 52);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)(w >> 8));
}

// =====================================================================
// Conversions, double and half
// =====================================================================

// Float to integer in the four rounding modes (__float2int_rz,
// __float2int_rd, __float2uint_ru) and back (__int2float_rn,
// __uint2float_rz): milli-units and 1/512 steps of two chained values.
extern "C" __global__ void cvt_f32_s32_u32_rounding_modes_roundtrip(Args a) {
    float x = a.fin[glob_tid() & 8191u] - 1.f, y = a.fin[(glob_tid() + 4u) & 8191u] - 0.5f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int i0 = __float2int_rz(x * 1000.f), i1 = __float2int_rd(y * 1000.f);
        unsigned u = __float2uint_ru(fabsf(x) * 512.f);
        float f0 = __int2float_rn(i1 - i0), f1 = __uint2float_rz(u);
        acc += f0;
        x = fmaf(__int2float_rn(i1), 0.0007f, 0.1f);
        y = fmaf(f1, -1.f / 700.f, 0.35f) + 0.0001f * f0;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A double reciprocal without a division: a float seed (the conversion
// down, the fast reciprocal, the conversion up), then two Newton steps
// of two DFMAs each; the reciprocal fed back into the next divisor.
extern "C" __global__ void f64_reciprocal_float_seed_two_newton(Args a) {
    double d = 1.0 + 0.5 * (double)a.fin[glob_tid() & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double r = (double)__fdividef(1.f, (float)d);
        double e = fma(-d, r, 1.0);
        r = fma(r, e, r);
        e = fma(-d, r, 1.0);
        r = fma(r, e, r);
        acc += r;
        d = fma(r, 0.8, 0.9);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The IEEE double division and square root of the math library in one
// chain: q = x / y, s = sqrt(q + 1), both fed back, all positive.
extern "C" __global__ void f64_div_sqrt_ieee_chain(Args a) {
    double x = 0.5 + (double)a.fin[glob_tid() & 8191u], y = 1.0 + 0.25 * (double)a.fin[(glob_tid() + 3u) & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double q = x / y;
        double s = sqrt(q + 1.0);
        acc += s;
        x = fma(s, 0.7, 0.2);
        y = fma(q, 0.3, 0.9);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The half2 special functions h2exp, h2rcp and h2sqrt in two chains:
// exp of x fed back through an FMA, the reciprocal of y and the square
// root of the exp making the next y (kept above 0.75).
extern "C" __global__ void half2_h2exp_h2rcp_h2sqrt_chain(Args a) {
    float f = a.fin[glob_tid() & 8191u];
    __half2 x = __floats2half2_rn(f - 1.f, 0.3f - 0.5f * f), y = __floats2half2_rn(1.f + f, 1.5f);
    const __half2 cm = __float2half2_rn(-0.6f), cb = __float2half2_rn(0.4f), half = __float2half2_rn(0.5f);
    const __half2 c075 = __float2half2_rn(0.75f), c01 = __float2half2_rn(0.1f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __half2 e = h2exp(x), r = h2rcp(y);
        x = __hfma2(e, cm, cb);
        y = __hadd2(__hfma2(r, half, c075), __hmul2(h2sqrt(e), c01));
        acc += __low2float(__hadd2(e, r));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + __high2float(x));
}

// =====================================================================
// Shared memory
// =====================================================================

// Reads 16 words apart (four 512-float arrays, a warp on w & 3; lane l
// at 16 l): the 32 lanes on two banks, sixteen ways. Two such reads a
// step at a column that moves with the step, one FMA chain through them.
extern "C" __global__ void smem_read_stride16_sixteen_way(Args a) {
    __shared__ float s[4][512];
    for (unsigned e = threadIdx.x; e < 4u * 512u; e += blockDim.x) (&s[0][0])[e] = a.fin[(e * 13u + 1u) & 8191u] - 0.9f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    const float* S = s[w & 3u] + lane * 16u;
    float v = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (unsigned)k & 15u;
        float x = S[j], y = S[(j + 7u) & 15u];
        v = fmaf(x, y, 0.5f * v);
        acc += x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + v);
}

// A 32 × 32 tile of float2, unpadded (four tiles, a warp on w & 3): a
// row written (lane = column, 256 contiguous bytes), then a column read
// (lane = row, rows 256 bytes apart, every lane on the same two banks).
extern "C" __global__ void smem_transpose32_float2_unpadded_col_read(Args a) {
    __shared__ float2 tile[4][32][32];
    for (unsigned e = threadIdx.x; e < 4u * 32u * 32u; e += blockDim.x)
        (&tile[0][0][0])[e] = make_float2(a.fin[e & 8191u], a.fin[(e * 3u) & 8191u]);
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float2 (*t)[32] = tile[w & 3u];
    float2 v = make_float2(a.fin[glob_tid() & 8191u], a.fin[(glob_tid() + 1u) & 8191u]);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = ((unsigned)k * 11u + w) & 31u;
        t[r][lane] = v;
        __syncwarp();
        float2 c = t[lane][r];
        __syncwarp();
        v = make_float2(fmaf(c.y, 0.5f, 0.25f), fmaf(c.x, -0.5f, 0.125f));
        acc += c.x + c.y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 32 × 32 tile of doubles padded to 33 a row (four tiles, a warp on
// w & 3): a row written, then a column read (rows 264 bytes apart).
extern "C" __global__ void smem_transpose32_f64_padded33_row_col(Args a) {
    __shared__ double tile[4][32][33];
    for (unsigned e = threadIdx.x; e < 4u * 32u * 33u; e += blockDim.x) (&tile[0][0][0])[e] = (double)a.fin[(e * 5u) & 8191u];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    double (*t)[33] = tile[w & 3u];
    double v = (double)a.fin[glob_tid() & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = ((unsigned)k * 5u + w) & 31u;
        t[r][lane] = v;
        __syncwarp();
        double c = t[lane][r];
        __syncwarp();
        v = fma(c, 0.5, 0.25);
        acc += c;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A table of 256 float4 read at the step's index (every lane the same
// 16 bytes, a broadcast) beside a float4 row read a lane (512 contiguous
// bytes, conflict-free), a four-term dot product fed into a chain.
extern "C" __global__ void smem_float4_uniform_broadcast_plus_lane_row(Args a) {
    __shared__ float4 tab[256];
    __shared__ float4 row[8][32];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) {
        tab[e] = make_float4(0.2f * (a.fin[e] - 0.5f), 0.2f * (a.fin[e + 256u] - 0.5f), 0.2f * (a.fin[e + 512u] - 0.5f), 0.2f * (a.fin[e + 768u] - 0.5f));
        (&row[0][0])[e] = make_float4(a.fin[e + 1024u] - 1.f, a.fin[e + 1280u] - 1.f, a.fin[e + 1536u] - 1.f, a.fin[e + 1792u] - 1.f);
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float v = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float4 c = tab[(unsigned)k & 255u];
        float4 r = row[(w + (unsigned)k) & 7u][lane];
        v = fmaf(c.x, r.x, fmaf(c.y, r.y, fmaf(c.z, r.z, fmaf(c.w, r.w, 0.5f * v))));
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A weighted histogram of 1024 bins shared by the block, the weights in
// fixed point (a float weight scaled by 2^16 and converted to unsigned,
// so the shared atomic is the native integer add, not the
// compare-and-swap loop a shared float add becomes): a hashed bin a
// step, one shared atomicAdd (the old value unused).
extern "C" __global__ void smem_weighted_hist1024_fixed_point_atomicadd(Args a) {
    __shared__ unsigned bins[1024];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x) bins[e] = 0u;
    __syncthreads();
    unsigned x = lowbias32(glob_tid() + 107u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned wq = __float2uint_rn(unit_float(x) * 0.01f * 65536.f);
        atomicAdd(&bins[lowbias32(x) & 1023u], wq);
        acc += wq;
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)bins[threadIdx.x & 1023u] * (1.f / 65536.f) + (float)acc * (1.f / 65536.f));
}

// A running maximum in 256 shared slots: atomicMax of a 24-bit
// generator value at a slot picked by the top byte, the old value
// returned and fed back into the generator.
extern "C" __global__ void smem_atomicmax_u32_256_slots_old_used(Args a) {
    __shared__ unsigned slots[256];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) slots[e] = 0u;
    __syncthreads();
    unsigned x = lowbias32(glob_tid() + 109u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned old = atomicMax(&slots[x >> 24], x & 0x00ffffffu);
        acc += old >> 8;
        x ^= old;
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)(acc >> 4) + (float)slots[threadIdx.x & 255u]);
}

// A block-wide tree reduction in shared memory: each thread's value
// stored, then log2(block size) halving levels, each a guarded add and a
// __syncthreads, the block sum read by all and fed back after one more
// __syncthreads.
extern "C" __global__ void smem_tree_reduce_syncthreads_halving(Args a) {
    __shared__ float buf[1024];
    unsigned t = threadIdx.x, n = blockDim.x;
    float v = a.fin[glob_tid() & 8191u] - 0.5f, inv = 1.f / (float)n, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        buf[t] = v;
        __syncthreads();
#pragma unroll 1
        for (unsigned s = n >> 1; s > 0u; s >>= 1) {
            if (t < s) buf[t] += buf[t + s];
            __syncthreads();
        }
        float T = buf[0];
        __syncthreads();
        v = fmaf(T, 0.3f * inv, 0.6f * v) + 0.05f;
        acc += T;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc * inv);
}

// A warp's inclusive scan of small counts by Hillis and Steele in a
// double buffer of its own in shared memory: five steps, each reading
// its own word and the one d below, writing the other buffer, __syncwarp.
extern "C" __global__ void smem_warp_hillis_steele_scan_double_buffer(Args a) {
    __shared__ unsigned sc[32][2][32];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    unsigned x = lowbias32(glob_tid() + 113u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned* src = sc[w][0];
        unsigned* dst = sc[w][1];
        src[lane] = (x >> 27) + 1u;
        __syncwarp();
#pragma unroll
        for (unsigned d = 1u; d < 32u; d <<= 1) {
            unsigned s = src[lane] + (lane >= d ? src[lane - d] : 0u);
            dst[lane] = s;
            __syncwarp();
            unsigned* tmp = src; src = dst; dst = tmp;
        }
        unsigned total = src[31];
        acc += src[lane];
        x ^= total;
        __syncwarp();
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 4));
}

// A branch-free lower bound in a sorted table of 1024 keys shared by the
// block: ten halving steps, each a shared read at an address that
// depends on the last comparison; the position fed back.
extern "C" __global__ void smem_binary_search_sorted1024_lower_bound(Args a) {
    __shared__ unsigned keys[1024];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x) keys[e] = (e << 22) | (a.uin[e] & 0x3fffffu);
    __syncthreads();
    unsigned x = lowbias32(glob_tid() + 127u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned pos = 0u;
#pragma unroll
        for (unsigned step = 512u; step > 0u; step >>= 1)
            if (keys[pos + step - 1u] < x) pos += step;
        acc += pos;
        x ^= pos;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The inner loop of an SGEMM: a 4 × 4 register tile a thread from
// 16 × 64 tiles of A and B in shared memory, two k steps a step, each a
// float4 of A (two distinct per warp, broadcasts) and a float4 of B
// (sixteen distinct) and sixteen FMAs.
extern "C" __global__ void sgemm_smem_tile_4x4_outer_product_float4(Args a) {
    __shared__ __align__(16) float As[16][64];
    __shared__ __align__(16) float Bs[16][64];
    for (unsigned e = threadIdx.x; e < 16u * 64u; e += blockDim.x) {
        (&As[0][0])[e] = 0.05f * (a.fin[e] - 1.f);
        (&Bs[0][0])[e] = 0.05f * (a.fin[e + 1024u] - 0.5f);
    }
    __syncthreads();
    unsigned tx = threadIdx.x & 15u, ty = (threadIdx.x >> 4) & 15u;
    float c[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) c[i][j] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kk = ((unsigned)k * 2u) & 15u;
#pragma unroll
        for (unsigned q = 0; q < 2u; q++) {
            float4 av = *reinterpret_cast<const float4*>(&As[kk + q][ty * 4u]);
            float4 bv = *reinterpret_cast<const float4*>(&Bs[kk + q][tx * 4u]);
            float ar[4] = {av.x, av.y, av.z, av.w}, br[4] = {bv.x, bv.y, bv.z, bv.w};
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++) c[i][j] = fmaf(ar[i], br[j], c[i][j]);
        }
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) s += c[i][j];
    finish(a, t0, t1, s);
}

// The WMMA API: m16n16k16 f16 fragments with f32 accumulators, A and
// two B tiles loaded from shared memory by wmma::load_matrix_sync (16
// halves a row) each step, two independent accumulators.
extern "C" __global__ void wmma_f16_m16n16k16_smem_fragments_two_accums(Args a) {
    using namespace nvcuda;
    __shared__ __align__(32) __half Ah[4][256];
    __shared__ __align__(32) __half Bh[4][256];
    for (unsigned e = threadIdx.x; e < 4u * 256u; e += blockDim.x) {
        (&Ah[0][0])[e] = __float2half(0.0625f * (a.fin[e] - 1.f));
        (&Bh[0][0])[e] = __float2half(0.0625f * (a.fin[e + 1024u] - 0.5f));
    }
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb0, fb1;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc0, fc1;
    wmma::fill_fragment(fc0, 0.f);
    wmma::fill_fragment(fc1, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kk = (unsigned)k;
        wmma::load_matrix_sync(fa, &Ah[kk & 3u][0], 16);
        wmma::load_matrix_sync(fb0, &Bh[(kk + 1u) & 3u][0], 16);
        wmma::load_matrix_sync(fb1, &Bh[(kk + 2u) & 3u][0], 16);
        wmma::mma_sync(fc0, fa, fb0, fc0);
        wmma::mma_sync(fc1, fa, fb1, fc1);
    }
    long long t1 = clock64();
    float s = 0.f;
    for (int i = 0; i < fc0.num_elements; i++) s += fc0.x[i] - fc1.x[i];
    finish(a, t0, t1, s);
}

// =====================================================================
// Warp collectives
// =====================================================================

// A bitonic sort of 32 keys, one a lane, by __shfl_xor_sync: fifteen
// compare-exchange stages (min or max by the lane's bits), the sorted
// keys rehashed into the next step's.
extern "C" __global__ void warp_bitonic_sort32_shfl_xor(Args a) {
    unsigned lane = threadIdx.x & 31u, v = lowbias32(glob_tid() + 131u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (unsigned kk = 2u; kk <= 32u; kk <<= 1) {
#pragma unroll
            for (unsigned j = kk >> 1; j > 0u; j >>= 1) {
                unsigned o = __shfl_xor_sync(ALL_LANES, v, j);
                bool up = (lane & kk) == 0u, lower = (lane & j) == 0u;
                v = (lower == up) ? min(v, o) : max(v, o);
            }
        }
        acc += v >> 8;
        v = lcg_next(v) ^ (lane * 0x9e3779b9u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 4));
}

// A warp's double-precision sum by five __shfl_down_sync steps (two
// shuffles a double), lane 0's total broadcast by __shfl_sync and fed
// back into each lane's value.
extern "C" __global__ void warp_shfl_down_reduce_f64(Args a) {
    unsigned lane = threadIdx.x & 31u;
    double v = (double)a.fin[glob_tid() & 8191u] - 0.5, acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double r = v;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) r += __shfl_down_sync(ALL_LANES, r, o);
        double tot = __shfl_sync(ALL_LANES, r, 0);
        v = fma(tot, 0.0125, fma(v, 0.5, 0.001 * (double)lane));
        acc += tot;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A 32 × 32 matrix-vector product a warp: row l of the matrix in lane
// l's 32 registers, the vector one element a lane, each element
// broadcast by __shfl_sync (32 shuffles a step) into two partial sums;
// the product fed back as the vector.
extern "C" __global__ void warp_shfl_broadcast_matvec32(Args a) {
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float m[32];
#pragma unroll
    for (int j = 0; j < 32; j++) m[j] = 0.05f * (a.fin[(lane * 32u + (unsigned)j + w * 7u) & 8191u] - 1.f);
    float x = a.fin[glob_tid() & 8191u] - 0.5f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float y0 = 0.f, y1 = 0.f;
#pragma unroll
        for (int j = 0; j < 32; j += 2) {
            y0 = fmaf(m[j], __shfl_sync(ALL_LANES, x, j), y0);
            y1 = fmaf(m[j + 1], __shfl_sync(ALL_LANES, x, j + 1), y1);
        }
        x = (y0 + y1) + 0.1f;
        acc += x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Grouping equal keys in a warp by __match_any_sync: a 4-bit key a lane
// (sixteen groups), the group's mask, its size by __popc and its leader
// by __ffs; the leader fed back into the generator.
extern "C" __global__ void warp_match_any_sync_group_count(Args a) {
    unsigned lane = threadIdx.x & 31u, x = lowbias32(glob_tid() + 137u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned mk = __match_any_sync(ALL_LANES, x >> 28);
        unsigned leader = (unsigned)__ffs(mk) - 1u, cnt = (unsigned)__popc(mk);
        acc += lane == leader ? cnt : 0u;
        x += leader;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// =====================================================================
// Global streams
// =====================================================================

// The STREAM triad on float2, A = B + s C: B the second quarter, C the
// third, A the first, grid-stride.
extern "C" __global__ void stream_float2_triad(Args a) {
    unsigned q = (a.bigMask + 1) >> 3, m = q - 1, T = grid_threads(), i = glob_tid();
    float2* A = reinterpret_cast<float2*>(a.big);
    const float2* B = A + q;
    const float2* C = A + 2u * q;
    float s = 0.5f * a.fin[3];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float2 b = B[j], c = C[j];
        A[j] = make_float2(fmaf(s, c.x, b.x), fmaf(s, c.y, b.y));
    }
    long long t1 = clock64();
    finish(a, t0, t1, s + (float)T);
}

// A scalar read-only sum through __ldg (the non-coherent path), four
// loads a step a grid stride apart, four accumulators.
extern "C" __global__ void stream_ldg_scalar_four_accumulators(Args a) {
    unsigned m = a.bigMask, T = grid_threads(), i = glob_tid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f, s2 = 0.f, s3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 4u * T;
        s0 += __ldg(&X[j & m]);
        s1 += __ldg(&X[(j + T) & m]);
        s2 += __ldg(&X[(j + 2u * T) & m]);
        s3 += __ldg(&X[(j + 3u * T) & m]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (s0 + s1) + (s2 + s3));
}

// A store-only fill: one float4 a step made from the step count
// (converted to float) and the thread, grid-stride, nothing read.
extern "C" __global__ void stream_f4_store_only_fill(Args a) {
    unsigned m4 = ((a.bigMask + 1) >> 2) - 1, T = grid_threads(), i = glob_tid();
    float4* Y = reinterpret_cast<float4*>(a.big);
    float base = (float)(i & 1023u) * 1e-3f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m4;
        float f = fmaf((float)k, 1e-4f, base);
        Y[j] = make_float4(f, f + 1.f, f * 0.5f, -f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, base);
}

// Thread-per-row sums of a row-major matrix 4096 floats wide: lane l of
// warp w sums row 32 w + l, two columns a step (k and k + 2048), so a
// warp's loads touch 32 lines, each line reused by the next 31 steps.
extern "C" __global__ void stream_thread_per_row_sum_w4096_uncoalesced(Args a) {
    unsigned m = a.bigMask, rowbase = glob_tid() * 4096u;
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = rowbase + (unsigned)k;
        s0 += X[c & m];
        s1 += X[(c + 2048u) & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// A double dot product of the two halves, two pairs of loads a step a
// grid stride apart, two DFMA accumulators.
extern "C" __global__ void f64_dot_stream_two_accumulators(Args a) {
    unsigned h = (a.bigMask + 1) >> 2, m = h - 1, T = grid_threads(), i = glob_tid();
    const double* X = reinterpret_cast<const double*>(a.big);
    const double* Y = X + h;
    double s0 = 0.0, s1 = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        s0 = fma(X[j & m], Y[j & m], s0);
        s1 = fma(X[(j + T) & m], Y[(j + T) & m], s1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((s0 + s1) * 1e30));
}

// 16-byte cp.async.cg copies (L2 only, bypassing L1) into a warp's own
// shared tile of 32 float4: each step the warp's next 512 bytes issued,
// committed and waited for (wait_group 0), __syncwarp, the neighbour
// lane's float4 read and summed, __syncwarp.
extern "C" __global__ void cp_async_cg16_warp_tile_wait_all(Args a) {
    __shared__ __align__(16) float4 tile[32][32];
    unsigned m4 = ((a.bigMask + 1) >> 2) - 1, lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    unsigned gw = glob_tid() >> 5, nw = grid_threads() >> 5;
    const float4* X4 = reinterpret_cast<const float4*>(a.big);
    unsigned dst = shared_ptr32(&tile[w][lane]);
    float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned src = ((gw + (unsigned)k * nw) * 32u + lane) & m4;
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(X4 + src));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 0;\n" ::);
        __syncwarp();
        float4 v = tile[w][(lane + 1u) & 31u];
        s.x += v.x; s.y += v.y; s.z += v.z; s.w += v.w;
        __syncwarp();
    }
    long long t1 = clock64();
    finish(a, t0, t1, (s.x + s.y) + (s.z + s.w));
}

// =====================================================================
// Gathers, scatters and global atomics
// =====================================================================

// A gather through an index array: two indices a step read coalesced
// from the first half (each mixed with its position, the buffer being
// uniform), the floats they name gathered from the second half.
extern "C" __global__ void gather_through_u32_index_array(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = grid_threads(), i = glob_tid();
    const unsigned* idx = reinterpret_cast<const unsigned*>(a.big);
    const float* X = a.big + h;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j0 = (i + (unsigned)k * 2u * T) & m, j1 = (j0 + T) & m;
        unsigned c0 = (idx[j0] ^ (j0 * 0x9e3779b9u)) & m, c1 = (idx[j1] ^ (j1 * 0x9e3779b9u)) & m;
        s0 += X[c0];
        s1 += X[c1];
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// A scatter of stores through an index array: an index read coalesced
// from the first half (mixed with its position), a computed float
// stored at the position it names in the second half.
extern "C" __global__ void scatter_store_through_index_array(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = grid_threads(), i = glob_tid();
    const unsigned* idx = reinterpret_cast<const unsigned*>(a.big);
    float* Y = a.big + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned c = (idx[j] ^ (j * 0x85ebca6bu)) & m;
        Y[c] = fmaf((float)j, 1e-9f, 0.25f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// A scatter-add through an index array: an index read coalesced from
// the first half (mixed with its position), a small float added at the
// position it names in the second half by a global atomicAdd (the old
// value unused).
extern "C" __global__ void gatomic_f32_scatter_add_index_array(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = grid_threads(), i = glob_tid();
    const unsigned* idx = reinterpret_cast<const unsigned*>(a.big);
    float* Y = a.big + h;
    float wgt = 1e-3f * a.fin[i & 8191u];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned c = (idx[j] ^ (j * 0xc2b2ae35u)) & m;
        atomicAdd(&Y[c], wgt);
    }
    long long t1 = clock64();
    finish(a, t0, t1, wgt);
}

// One counter a block (in the 32 KiB footprint, a line apart), added to
// by every thread of the block each step (a global atomicAdd of 0 or
// 1, the old value unused): all of an SM's warps on one address.
extern "C" __global__ void gatomic_red_u32_one_address_per_block(Args a) {
    unsigned* ctr = reinterpret_cast<unsigned*>(a.big);
    unsigned slot = (blockIdx.x * 32u) & a.bigMask, x = lowbias32(glob_tid() + 139u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned inc = x >> 31;
        atomicAdd(&ctr[slot], inc);
        acc += inc;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A 64-bit atomicMax at hashed slots over the whole footprint (the
// generator word in the high half, its hash in the low), the old value
// unused.
extern "C" __global__ void gatomic_max_u64_hashed_slots(Args a) {
    unsigned long long* P = reinterpret_cast<unsigned long long*>(a.big);
    unsigned m8 = ((a.bigMask + 1) >> 1) - 1, x = lowbias32(glob_tid() + 149u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned hsh = lowbias32(x);
        atomicMax(&P[hsh & m8], ((unsigned long long)x << 32) | hsh);
        acc += hsh >> 24;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Stream compaction: a float a lane read coalesced from the first half,
// kept when its position's hash says so (three in four), the warp's
// keepers found by __ballot_sync and stored packed to the second half at
// the warp's own cursor plus __popc of the keepers below the lane.
extern "C" __global__ void stream_compaction_ballot_popc_warp_cursor(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = grid_threads(), i = glob_tid();
    unsigned lane = threadIdx.x & 31u, lt = (1u << lane) - 1u;
    const float* X = a.big;
    float* Y = a.big + h;
    unsigned cursor = (i >> 5) * 32u * (unsigned)a.iters;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float v = X[j];
        bool keep = (lowbias32(j) & 3u) != 0u;
        unsigned mask = __ballot_sync(ALL_LANES, keep);
        if (keep) Y[(cursor + (unsigned)__popc(mask & lt)) & m] = 2.f * v;
        cursor += (unsigned)__popc(mask);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(cursor & 0xffffu));
}

// Bilinear sampling of an image 1024 floats wide: each thread's point
// moving by (0.73, 0.29) a step, floorf for the texel, four taps (two
// rows) and three lerps by FMA.
extern "C" __global__ void bilinear_sample_image_w1024_four_taps(Args a) {
    unsigned m = a.bigMask, g = glob_tid();
    const float* X = a.big;
    float u = (float)(g & 1023u) + 0.37f, v = (float)(g >> 10) + 0.61f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        u += 0.73f;
        v += 0.29f;
        float fu = floorf(u), fv = floorf(v);
        float ax = u - fu, ay = v - fv;
        unsigned p = (unsigned)(int)fv * 1024u + (unsigned)(int)fu;
        float t00 = X[p & m], t01 = X[(p + 1u) & m], t10 = X[(p + 1024u) & m], t11 = X[(p + 1025u) & m];
        float top = fmaf(ax, t01 - t00, t00), bot = fmaf(ax, t11 - t10, t10);
        acc += fmaf(ay, bot - top, top);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Stencils and tiles in global memory
// =====================================================================

// A 3 × 3 box filter on rows 2048 floats wide: nine loads from the first
// half, the mean stored to the second, grid-stride.
extern "C" __global__ void stencil2d_box9_w2048_global(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = grid_threads(), i = glob_tid();
    const float* in = a.big;
    float* out = a.big + h;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = i + (unsigned)k * T;
        float up = (in[(c - 2049u) & m] + in[(c - 2048u) & m]) + in[(c - 2047u) & m];
        float mid = (in[(c - 1u) & m] + in[c & m]) + in[(c + 1u) & m];
        float dn = (in[(c + 2047u) & m] + in[(c + 2048u) & m]) + in[(c + 2049u) & m];
        float s = (up + mid) + dn;
        out[c & m] = s * (1.f / 9.f);
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 7-point 3D stencil on planes of 256 × 256 floats: the centre, its
// row neighbours, its column neighbours (256 apart) and its plane
// neighbours (65536 apart) from the first half, the result stored to
// the second, grid-stride.
extern "C" __global__ void stencil3d_7pt_plane256x256_global(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = grid_threads(), i = glob_tid();
    const float* in = a.big;
    float* out = a.big + h;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = i + (unsigned)k * T;
        float nb = ((in[(c - 1u) & m] + in[(c + 1u) & m]) + (in[(c - 256u) & m] + in[(c + 256u) & m])) +
                   (in[(c - 65536u) & m] + in[(c + 65536u) & m]);
        float v = fmaf(0.4f, in[c & m], 0.1f * nb);
        out[c & m] = v;
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A global transpose through shared memory, a warp a tile of 8 rows ×
// 32 columns of a matrix 2048 wide: eight coalesced row loads into the
// warp's 8 × 33 tile, __syncwarp, eight stores of the transpose (each
// four output rows of eight floats), __syncwarp.
extern "C" __global__ void transpose_global_tile8x32_smem_padded33(Args a) {
    __shared__ float tile[32][8][33];
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    unsigned gw = glob_tid() >> 5, nw = grid_threads() >> 5;
    const float* in = a.big;
    float* out = a.big + h;
    float (*t)[33] = tile[w];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned id = gw + (unsigned)k * nw;
        unsigned r0 = (id >> 6) * 8u, c0 = (id & 63u) * 32u;
#pragma unroll
        for (unsigned r = 0; r < 8u; r++) t[r][lane] = in[((r0 + r) * 2048u + c0 + lane) & m];
        __syncwarp();
        unsigned rr = lane & 7u;
#pragma unroll
        for (unsigned q = 0; q < 8u; q++) {
            unsigned cc = (lane >> 3) + 4u * q;
            out[((c0 + cc) * 2048u + r0 + rr) & m] = t[rr][cc];
        }
        acc += t[rr][lane];
        __syncwarp();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Small kernels
// =====================================================================

// A radix-4 FFT butterfly on four complex values: the twiddle w by
// __sincosf, w² and w³ by complex multiplies, three twiddled inputs,
// the 4-point DFT (additions and a multiply by -i), the outputs scaled
// by one half (the DFT's norm is two) and fed back.
extern "C" __global__ void fft_radix4_butterfly_fast_sincosf_twiddles(Args a) {
    unsigned g = glob_tid();
    float2 v0 = make_float2(a.fin[g & 8191u] - 1.f, 0.2f), v1 = make_float2(0.3f, a.fin[(g + 1u) & 8191u] - 1.f);
    float2 v2 = make_float2(-0.4f, 0.1f), v3 = make_float2(a.fin[(g + 2u) & 8191u] - 0.8f, -0.2f);
    float base = 0.01f * (float)(g & 63u), acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s, c;
        __sincosf(fmaf(0.0015f, (float)((unsigned)k & 1023u), base), &s, &c);
        float2 w1 = make_float2(c, s);
        float2 w2 = make_float2(fmaf(c, c, -s * s), 2.f * c * s);
        float2 w3 = make_float2(fmaf(w2.x, c, -w2.y * s), fmaf(w2.x, s, w2.y * c));
        float2 b1 = make_float2(fmaf(v1.x, w1.x, -v1.y * w1.y), fmaf(v1.x, w1.y, v1.y * w1.x));
        float2 b2 = make_float2(fmaf(v2.x, w2.x, -v2.y * w2.y), fmaf(v2.x, w2.y, v2.y * w2.x));
        float2 b3 = make_float2(fmaf(v3.x, w3.x, -v3.y * w3.y), fmaf(v3.x, w3.y, v3.y * w3.x));
        float2 t0_ = make_float2(v0.x + b2.x, v0.y + b2.y), t1_ = make_float2(v0.x - b2.x, v0.y - b2.y);
        float2 t2_ = make_float2(b1.x + b3.x, b1.y + b3.y), t3_ = make_float2(b1.x - b3.x, b1.y - b3.y);
        v0 = make_float2(0.5f * (t0_.x + t2_.x), 0.5f * (t0_.y + t2_.y));
        v2 = make_float2(0.5f * (t0_.x - t2_.x), 0.5f * (t0_.y - t2_.y));
        v1 = make_float2(0.5f * (t1_.x + t3_.y), 0.5f * (t1_.y - t3_.x));
        v3 = make_float2(0.5f * (t1_.x - t3_.y), 0.5f * (t1_.y + t3_.x));
        acc += v0.x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + v3.y);
}

// The inverse of a 3 × 3 matrix by cofactors: nine 2 × 2 minors, the
// determinant, one precise division for its reciprocal, nine scalings;
// the next matrix 2 I plus the perturbation plus 0.3 times the inverse
// (well conditioned, the determinant near 10).
extern "C" __global__ void mat3x3_inverse_cofactor_precise_div(Args a) {
    unsigned g = glob_tid();
    float p[9];
#pragma unroll
    for (int j = 0; j < 9; j++) p[j] = 0.1f * (a.fin[(g + 3u * (unsigned)j) & 8191u] - 1.f) + ((j & 3) == 0 ? 2.f : 0.f);
    float m0 = p[0], m1 = p[1], m2 = p[2], m3 = p[3], m4 = p[4], m5 = p[5], m6 = p[6], m7 = p[7], m8 = p[8];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float c00 = fmaf(m4, m8, -m5 * m7), c01 = fmaf(m5, m6, -m3 * m8), c02 = fmaf(m3, m7, -m4 * m6);
        float c10 = fmaf(m2, m7, -m1 * m8), c11 = fmaf(m0, m8, -m2 * m6), c12 = fmaf(m1, m6, -m0 * m7);
        float c20 = fmaf(m1, m5, -m2 * m4), c21 = fmaf(m2, m3, -m0 * m5), c22 = fmaf(m0, m4, -m1 * m3);
        float det = fmaf(m0, c00, fmaf(m1, c01, m2 * c02));
        float id = 1.f / det;
        acc += det;
        m0 = fmaf(0.3f * id, c00, p[0]); m1 = fmaf(0.3f * id, c10, p[1]); m2 = fmaf(0.3f * id, c20, p[2]);
        m3 = fmaf(0.3f * id, c01, p[3]); m4 = fmaf(0.3f * id, c11, p[4]); m5 = fmaf(0.3f * id, c21, p[5]);
        m6 = fmaf(0.3f * id, c02, p[6]); m7 = fmaf(0.3f * id, c12, p[7]); m8 = fmaf(0.3f * id, c22, p[8]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + m4);
}

// The Mandelbrot escape time: a new point c a step in [-2, 0.5) ×
// [-1.25, 1.25), z ← z² + c until |z|² > 4 or 64 steps. The inner trip
// count depends on the data (lanes diverge).
extern "C" __global__ void mandelbrot_escape_time_max64_data_dependent(Args a) {
    unsigned x = lowbias32(glob_tid() + 151u), steps = 0u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        float cr = fmaf(unit_float(x), 2.5f, -2.f), ci = fmaf((float)(x & 0xffffu), 2.5f / 65536.f, -1.25f);
        float zr = 0.f, zi = 0.f;
        unsigned n = 0u;
        while (n < 64u && fmaf(zr, zr, zi * zi) <= 4.f) {
            float tr = fmaf(zr, zr, fmaf(-zi, zi, cr));
            zi = fmaf(2.f * zr, zi, ci);
            zr = tr;
            n++;
        }
        steps += n;
        acc += zr;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc * (1.f / 4096.f) + (float)steps);
}

// Stein's binary GCD of two generator words (a 24-bit one and a 32-bit
// one, both nonzero): the common power of two by __ffs, then shifts,
// a swap and a subtraction until the difference is zero. The inner trip
// count depends on the data.
extern "C" __global__ void gcd_binary_stein_ffs_data_dependent(Args a) {
    unsigned x = lowbias32(glob_tid() + 157u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned u = (x & 0xffffffu) + 1u, v = lowbias32(x) | 0x10000u;
        unsigned sh = (unsigned)__ffs(u | v) - 1u;
        u >>= (unsigned)__ffs(u) - 1u;
        do {
            v >>= (unsigned)__ffs(v) - 1u;
            if (u > v) { unsigned tmp = v; v = u; u = tmp; }
            v -= u;
        } while (v != 0u);
        unsigned gcd = u << sh;
        acc += gcd;
        x ^= gcd;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc & 0xffffffu));
}
