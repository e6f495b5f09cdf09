// A forty-third validation corpus for gpuarch analyze ("dev43" and
// "heldout43"): fifty-six loops of the kinds performance engineers
// write, by a writer who has read none of the model, its tests, its
// testdata, its documents or any measurement; of the earlier corpora only
// corpus42's three files (kernels.cu, cases.inc, split.txt) as format
// examples, no loop copied from them, and the harness
// (scripts/analyze/corpus/harness.cu) and the build script
// (scripts/analyze/device.sh). The set: FP32 (the logistic sigmoid by
// the accurate expf and an IEEE division beside the fast __expf and
// __fdividef; polar coordinates of four rotating points by atan2f and
// hypotf; the exact GELU by erff and a Gaussian tail by erfcf; the
// entropy of four probabilities by logf and a cross-entropy by the fast
// __log2f; a particle pulled by eight bodies held in registers, rsqrtf;
// three Newton refinements of a reciprocal square root carried from
// step to step; branches three ways by the lane's parity and the step;
// a switch on a warp-uniform mode among four bodies), double (the
// numerically stable quadratic formula by sqrt, copysign and two
// divisions; softplus by exp and log1p; sixteen Mandelbrot iterations
// frozen on escape by selects), half and bfloat16 (the tanh form of GELU
// by a rational tanh with h2rcp on eight half2; an RMS norm of 64 bf16
// values a warp with a float sum by __shfl_xor_sync and rsqrtf; an
// 8-point radix-2 FFT on complex half2 in registers), integers (the
// xxHash32 stripe rounds and avalanche; SipHash's SipRound on 64-bit
// words; Stein's binary GCD by twelve fixed steps with __ffs; 64-bit
// Montgomery multiplication by __umul64hi; bitboard arithmetic by popc,
// clz, brev and ffs on 32 and 64 bits; UTF-8 lead-byte classes decoded
// by branches; ASCII lower-casing four bytes a word by __vcmpgeu4,
// __vcmpleu4 and __vcmpltu4; a modular exponentiation by Barrett
// reduction with a run-time modulus), warp collectives (a Kogge-Stone inclusive scan by
// __shfl_up_sync; __any_sync, __all_sync and __ballot_sync with a
// warp-uniform branch; __reduce_add/min/max/xor_sync; a segmented scan
// with head flags; 4 x 4 transposes within quads by indexed
// __shfl_sync; the ranks of 4-bit digits by four ballots), matrix units
// (mma.sync m16n8k8 on tf32; ldmatrix.x4 of A and B from a padded bf16
// tile in shared memory into mma.sync m16n8k16 bf16), shared memory (a
// radius-4 1-D stencil on the block's values restaged between
// __syncthreads; a 5 x 5 Gaussian on a 36 x 36 tile; a separable
// median of three; a block histogram of 1024 bins by atomicAdd whose
// returned counts are used; a block-wide scan by warp scans and the
// warps' sums between __syncthreads; a register-blocked 4 x 4 GEMM
// micro-tile from 128-bit loads; a 64-point radix-2 FFT in a warp's own
// slots, one stage a step with sincosf; 32-bit loads eight words apart,
// 64-bit loads seventeen doubles apart, 128-bit loads three vectors
// apart; an n-body tile of float4 bodies read by broadcast; odd-even
// transposition sort of 64 keys in a warp's own slots; CSR vector SpMV
// with a warp a row; a transpose through an XOR-swizzled 32 x 32 tile
// between __syncthreads), global memory (a radius-2 13-point 3-D star
// stencil; column sums down a pitch of 4096 floats; AoS particle records
// of eight floats; gathers through an index array; scatters through a
// permutation; atomicAdd on hashed counters with the old values used; a
// double GEMV with a warp a row of 128; loads with lanes 32 bytes
// apart, four a step; an RMS norm with a warp a row of 128 floats by
// float4; COO SpMV with float atomicAdd into y, the result unused) and
// two loops whose trip count depends on data (Collatz steps of loaded
// numbers; strlen over shared bytes).
//
// Timed as the other corpora are: each kernel reads clock64 around its
// own rolled loop (#pragma unroll 1) and the harness
// (scripts/analyze/corpus/harness.cu, built with this file and
// cases.inc) divides by the iterations. The harness launches one block of
// 32 x W threads per SM (W = 1, 4, 8, 16, 32), so the block's threads
// are a power of two (the 1-D stencil wraps its indices by blockDim.x -
// 1). Shared memory a loop writes belongs to one warp (indexed by the
// warp's number in the block, up to 32), is written only by atomics
// (read after the loop), or (the 1-D stencil, the block scan, the
// swizzled transpose) is written and read in phases one __syncthreads
// apart; loops with __syncthreads in their body run the same iterations
// in every thread. Outside the two data-dependent loops no branch in a
// timed loop depends on loaded data (the branches and selects depend on
// the lane, the step, generated values, warp votes or values the loop
// computes). Loops over a.big read the harness's footprint buffer, sized
// for the level cases.inc names (32 KiB where the case names no
// footprint), every index masked into its part of it by a mask from
// a.bigMask; the buffer is filled with the byte 0x3c, so loops that need
// varied indices mix the position into them. a.fin and a.uin hold 8192
// floats (0.5 to 1.49) and words (32 KiB each, L1-resident). The split
// into halves (split.txt) was fixed, by position in this file, before
// any of these loops was built, measured or analyzed.
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

__device__ __forceinline__ unsigned gtid() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ unsigned gthreads() { return gridDim.x * blockDim.x; }

#define FULL_MASK 0xffffffffu

// The murmur3 32-bit finalizer.
__device__ __forceinline__ unsigned fmix32(unsigned h) {
    h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; h *= 0xc2b2ae35u; h ^= h >> 16;
    return h;
}
// Marsaglia's 32-bit xorshift step (never reaches 0 from a nonzero word).
__device__ __forceinline__ unsigned xorshift32(unsigned x) {
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return x;
}
__device__ __forceinline__ unsigned rotl32(unsigned x, unsigned r) { return __funnelshift_l(x, x, r); }
__device__ __forceinline__ unsigned long long rotl64(unsigned long long x, int r) { return (x << r) | (x >> (64 - r)); }
// The top 24 bits of a word as a float in [0, 1).
__device__ __forceinline__ float unitf(unsigned x) { return __uint2float_rn(x >> 8) * (1.f / 16777216.f); }
// The top 24 bits of a word as a double in [0, 1).
__device__ __forceinline__ double unitd(unsigned x) { return (double)(x >> 8) * (1.0 / 16777216.0); }
__device__ __forceinline__ unsigned h2bits(__half2 h) { return *reinterpret_cast<unsigned*>(&h); }
__device__ __forceinline__ unsigned warpid() { return threadIdx.x >> 5; }
__device__ __forceinline__ unsigned lanemask_lt() {
    unsigned m;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m));
    return m;
}

// =====================================================================
// FP32
// =====================================================================

// The logistic sigmoid twice a step, as an activation kernel with and
// without fast math computes it: 1 / (1 + expf(-v)) by the accurate
// expf and an IEEE division, and the SiLU-style 1.702 v variant by
// __expf and __fdividef; the input generated and nudged by the previous
// pair's difference.
extern "C" __global__ void fp32_logistic_sigmoid_accurate_expf_and_fast_expf_pair(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u;
    float acc = 0.f, fb = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        float v = fmaf(12.f, unitf(x), -6.f) + 0.05f * fb;
        float s1 = 1.f / (1.f + expf(-v));
        float s2 = __fdividef(1.f, 1.f + __expf(-1.702f * v));
        fb = s1 - s2;
        acc = fmaf(s1, s2, acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Cartesian to polar for four points a step (a radar or vision
// pipeline's conversion): the radius by hypotf and the angle by atan2f,
// their product summed; each point then rotated by a small fixed angle
// (four FFMA) so the angles sweep all quadrants.
extern "C" __global__ void fp32_cartesian_to_polar_atan2f_hypotf_four_points(Args a) {
    unsigned g = gtid();
    float px[4], py[4];
#pragma unroll
    for (int j = 0; j < 4; j++) {
        px[j] = a.fin[(g + (unsigned)j) & 8191u] - 1.f + 0.1f * (float)j;
        py[j] = ((j & 1) ? 0.7f : -0.6f) * a.fin[(g + 4u + (unsigned)j) & 8191u];
    }
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = 0.f;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            float r = hypotf(px[j], py[j]);
            float th = atan2f(py[j], px[j]);
            s = fmaf(r, th, s);
            float nx = fmaf(0.995f, px[j], -0.0998f * py[j]);
            py[j] = fmaf(0.995f, py[j], 0.0998f * px[j]);
            px[j] = nx;
        }
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The exact GELU 0.5 v (1 + erf(v / sqrt 2)) by erff on a generated
// value in [-4, 4), and a Gaussian upper tail by erfcf on a second one
// in [0.5, 3.5), both accurate library calls, summed.
extern "C" __global__ void fp32_gelu_exact_erff_and_erfcf_tail_two_values(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        float v = fmaf(8.f, unitf(x), -4.f);
        float ge = 0.5f * v * (1.f + erff(0.70710678f * v));
        float w = fmaf(3.f, unitf(x * 0x9e3779b9u), 0.5f);
        acc += ge + erfcf(w);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The entropy of a generated distribution of four probabilities (four
// weights normalized by one IEEE reciprocal) by the accurate logf, and
// its cross-entropy in bits against a fixed distribution by the fast
// __log2f, as a sampling or loss kernel computes them.
extern "C" __global__ void fp32_entropy_logf_and_fast_log2f_four_probabilities(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u;
    const float q[4] = {0.4f, 0.3f, 0.2f, 0.1f};
    const unsigned mul[4] = {1u, 0x9e3779b9u, 0x85ebca6bu, 0xc2b2ae35u};
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        float u[4];
#pragma unroll
        for (int j = 0; j < 4; j++) u[j] = unitf(x * mul[j]) + 0.01f;
        float inv = 1.f / ((u[0] + u[1]) + (u[2] + u[3]));
        float h = 0.f, ce = 0.f;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            float p = u[j] * inv;
            h = fmaf(-p, logf(p), h);
            ce = fmaf(-q[j], __log2f(p), ce);
        }
        acc += fmaf(0.5f, ce, h);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// One particle pulled by eight bodies whose positions and masses sit in
// registers (an n-body kernel's inner tile after it is loaded): eight
// softened inverse cubes by rsqrtf and two FMUL, the accelerations by
// FFMA, then a kick and a drift.
extern "C" __global__ void fp32_nbody_eight_bodies_in_registers_rsqrtf_softened(Args a) {
    unsigned g = gtid();
    float bx[8], by[8], bz[8], bm[8];
#pragma unroll
    for (int j = 0; j < 8; j++) {
        bx[j] = 2.f * (a.fin[(g + (unsigned)j) & 8191u] - 1.f);
        by[j] = 2.f * (a.fin[(g + 8u + (unsigned)j) & 8191u] - 1.f);
        bz[j] = a.fin[(g + 16u + (unsigned)j) & 8191u] - 1.f;
        bm[j] = 0.1f * a.fin[(g + 24u + (unsigned)j) & 8191u];
    }
    float px = 0.1f, py = 0.2f, pz = -0.1f, vx = 0.f, vy = 0.f, vz = 0.f, acc = 0.f;
    const float dt = 0.001f, eps2 = 0.01f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float ax = 0.f, ay = 0.f, az = 0.f;
#pragma unroll
        for (int j = 0; j < 8; j++) {
            float dx = bx[j] - px, dy = by[j] - py, dz = bz[j] - pz;
            float ir = rsqrtf(fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, eps2))));
            float s = bm[j] * ir * ir * ir;
            ax = fmaf(s, dx, ax);
            ay = fmaf(s, dy, ay);
            az = fmaf(s, dz, az);
        }
        vx = fmaf(dt, ax, vx);
        vy = fmaf(dt, ay, vy);
        vz = fmaf(dt, az, vz);
        px = fmaf(dt, vx, px);
        py = fmaf(dt, vy, py);
        pz = fmaf(dt, vz, pz);
        acc += px;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + py + pz);
}

// A reciprocal square root tracked by Newton's iteration y (1.5 - s y^2
// / 2) from the previous step's estimate while s drifts towards 2 (as a
// normalization that refines a carried estimate instead of calling
// rsqrtf): three refinements a step, one dependent chain of nine FP32
// operations carried across steps.
extern "C" __global__ void fp32_newton_rsqrt_refinement_loop_carried_chain_three_steps(Args a) {
    unsigned g = gtid();
    float s = 1.f + a.fin[g & 8191u], y = 0.7f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = fmaf(0.999f, s, 0.002f);
        float hs = 0.5f * s;
#pragma unroll
        for (int j = 0; j < 3; j++) y = y * fmaf(-hs * y, y, 1.5f);
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A piecewise update with three bodies chosen by the lane's parity and
// the step (odd lanes always the third; even lanes the first or second
// by the step's parity), so two paths run in every warp each step: a
// clamped polynomial, an exponential decay by __expf and a reciprocal,
// or a square root.
extern "C" __global__ void fp32_divergent_lane_parity_three_way_piecewise_branches(Args a) {
    unsigned g = gtid(), lane = threadIdx.x & 31u, x = a.uin[g & 8191u] | 1u;
    float v = a.fin[g & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        float u = unitf(x);
        if (lane & 1u) {
            v = 0.9f * sqrtf(fabsf(v) + u);
        } else if (k & 1) {
            float t = fmaf(0.5f, v, u);
            v = fminf(t * fmaf(t, fmaf(t, fmaf(t, -0.02f, 0.1f), 0.3f), 0.5f), 4.f);
        } else {
            float e = __expf(-fabsf(v)) + u;
            v = e * __frcp_rn(1.f + e) + 0.25f * u;
        }
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A switch on a mode that changes every four steps and is the same in
// every thread (a warp-uniform branch, as a fused kernel that selects an
// activation by a run-time flag has): a cubic polynomial, __sinf times
// __cosf, rsqrtf, or a quartic polynomial, the result fed back.
extern "C" __global__ void fp32_uniform_step_mode_switch_four_polynomial_branches(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u;
    float v = a.fin[g & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        float u = unitf(x), r;
        switch (((unsigned)k >> 2) & 3u) {
        case 0u:
            r = fmaf(fmaf(fmaf(v, 0.1f, 0.2f), v, 0.3f), v, 0.4f);
            break;
        case 1u:
            r = __sinf(v) * __cosf(v);
            break;
        case 2u:
            r = rsqrtf(fmaf(v, v, 1.f));
            break;
        default:
            r = fmaf(v, fmaf(v, fmaf(v, fmaf(v, -0.05f, 0.1f), -0.2f), 0.5f), 0.25f);
            break;
        }
        v = fmaf(0.5f, r, 0.3f * u);
        acc += r;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// FP64
// =====================================================================

// Both roots of a generated quadratic in double by the cancellation-free
// formula q = -(b + copysign(sqrt(|b^2 - 4ac|), b)) / 2, x1 = q / a,
// x2 = c / q (|b| >= 0.5, so q is never zero): a DSQRT and two DDIV a
// step.
extern "C" __global__ void f64_stable_quadratic_roots_sqrt_division_copysign(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u;
    double acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        unsigned y = x * 0x9e3779b9u;
        double qa = 1.0 + unitd(x);
        double qb = ((x & 1u) ? 1.0 : -1.0) * (0.5 + 3.5 * unitd(y));
        double qc = 2.0 * unitd(y ^ (x << 7)) - 1.0;
        double disc = fma(qb, qb, -4.0 * qa * qc);
        double q = -0.5 * (qb + copysign(sqrt(fabs(disc)), qb));
        acc += q / qa + qc / q;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Softplus in double by the overflow-safe form max(v, 0) + log1p(exp(-|v|))
// with the accurate exp and log1p, on a generated value nudged by the
// previous result.
extern "C" __global__ void f64_softplus_exp_log1p_accurate_double(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u;
    double acc = 0.0, fb = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        double v = fma(20.0, unitd(x), -10.0) + 0.01 * fb;
        double sp = fmax(v, 0.0) + log1p(exp(-fabs(v)));
        fb = sp - fmax(v, 0.0);
        acc += sp;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Sixteen Mandelbrot iterations z = z^2 + c in double at a generated
// point of the usual window, fully unrolled with no early exit: each
// iteration's |z|^2 <= 4 test counts it and freezes z by selects once it
// escapes.
extern "C" __global__ void f64_mandelbrot_fixed_sixteen_iterations_complex_square(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        double cr = fma(2.5, unitd(x), -2.0), ci = fma(2.5, unitd(x * 0x9e3779b9u), -1.25);
        double zr = 0.0, zi = 0.0;
        unsigned cnt = 0;
#pragma unroll
        for (int j = 0; j < 16; j++) {
            double zr2 = zr * zr, zi2 = zi * zi;
            bool in = zr2 + zi2 <= 4.0;
            double nzi = fma(2.0 * zr, zi, ci), nzr = zr2 - zi2 + cr;
            zr = in ? nzr : zr;
            zi = in ? nzi : zi;
            cnt += in ? 1u : 0u;
        }
        acc += cnt;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// =====================================================================
// Half and bfloat16
// =====================================================================

// The tanh form of GELU on eight half2 registers in half arithmetic:
// s = 0.798 (v + 0.0447 v^3), tanh(s) by the rational s (27 + s^2) /
// (27 + 9 s^2) with h2rcp, clamped to [-1, 1] by __hmax2 and __hmin2,
// then 0.5 v (1 + t); each value replaced by a contraction of its GELU
// plus a bias that cycles with the step.
extern "C" __global__ void half2_tanh_gelu_rational_approximation_h2rcp_eight_pairs(Args a) {
    unsigned g = gtid();
    __half2 v[8];
#pragma unroll
    for (int j = 0; j < 8; j++)
        v[j] = __floats2half2_rn(3.f * (a.fin[(g + 2u * (unsigned)j) & 8191u] - 1.f), 2.f - 2.f * a.fin[(g + 2u * (unsigned)j + 1u) & 8191u]);
    const __half2 c0 = __float2half2_rn(0.7978846f), c1 = __float2half2_rn(0.0356774f), c27 = __float2half2_rn(27.f), c9 = __float2half2_rn(9.f);
    const __half2 one = __float2half2_rn(1.f), mone = __float2half2_rn(-1.f), hf = __float2half2_rn(0.5f), dec = __float2half2_rn(0.9f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __half2 bump = __float2half2_rn(0.125f * (float)(k & 7) - 0.4f);
#pragma unroll
        for (int j = 0; j < 8; j++) {
            __half2 xv = v[j], x2 = __hmul2(xv, xv);
            __half2 s = __hmul2(xv, __hfma2(c1, x2, c0));
            __half2 s2 = __hmul2(s, s);
            __half2 t = __hmul2(__hmul2(s, __hadd2(c27, s2)), h2rcp(__hfma2(c9, s2, c27)));
            t = __hmin2(__hmax2(t, mone), one);
            __half2 y = __hmul2(__hmul2(hf, xv), __hadd2(one, t));
            v[j] = __hfma2(y, dec, bump);
        }
        acc += __low2float(v[0]) + __high2float(v[7]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// RMS normalization of a row of 64 bfloat16 values held two a lane in
// one bf16x2 register: the pair widened to float2, the sum of squares by
// a __shfl_xor_sync butterfly, rsqrtf, the scaled pair narrowed back
// and multiplied by a bf16x2 gain by HMUL2.BF16; the row refreshed from
// the output and generated noise by HFMA2.BF16.
extern "C" __global__ void bf16x2_rmsnorm_64_values_per_warp_shfl_sum_rsqrtf_gain(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u;
    __nv_bfloat162 v = __floats2bfloat162_rn(a.fin[g & 8191u] - 1.f, 2.f * a.fin[(g + 32u) & 8191u] - 1.5f);
    const __nv_bfloat162 gain = __floats2bfloat162_rn(0.5f + 0.5f * a.fin[(g + 64u) & 8191u], 1.f), hh = __float2bfloat162_rn(0.5f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        float2 f = __bfloat1622float2(v);
        float ss = fmaf(f.x, f.x, f.y * f.y);
#pragma unroll
        for (unsigned d = 16u; d > 0u; d >>= 1) ss += __shfl_xor_sync(FULL_MASK, ss, d);
        float rs = rsqrtf(fmaf(ss, 1.f / 64.f, 1e-6f));
        __nv_bfloat162 y = __hmul2(__floats2bfloat162_rn(f.x * rs, f.y * rs), gain);
        acc += __low2float(y) - __high2float(y);
        v = __hfma2(y, hh, __floats2bfloat162_rn(unitf(x) - 0.5f, unitf(x * 0x9e3779b9u) - 0.5f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// An 8-point radix-2 decimation-in-frequency FFT on complex values held
// as half2 (real, imaginary) in eight registers: three stages of four
// butterflies, each scaled by a half, the twiddles W8^t applied by one
// HMUL2 and one HFMA2 on the broadcast halves (__low2half2,
// __high2half2); the outputs doubled and a generated input added.
extern "C" __global__ void half2_complex_radix2_butterflies_twiddle_multiply_registers(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u;
    __half2 v[8], W[4], WS[4];
#pragma unroll
    for (int j = 0; j < 8; j++) v[j] = __floats2half2_rn(a.fin[(g + (unsigned)j) & 8191u] - 1.f, 0.5f - 0.5f * a.fin[(g + 8u + (unsigned)j) & 8191u]);
    const float cr[4] = {1.f, 0.70710678f, 0.f, -0.70710678f}, ci[4] = {0.f, -0.70710678f, -1.f, -0.70710678f};
#pragma unroll
    for (int t = 0; t < 4; t++) {
        W[t] = __floats2half2_rn(cr[t], ci[t]);
        WS[t] = __floats2half2_rn(-ci[t], cr[t]);
    }
    const __half2 hf = __float2half2_rn(0.5f), two = __float2half2_rn(2.f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
#pragma unroll
        for (int sg = 0; sg < 3; sg++) {
            const int len = 8 >> sg, hl = len >> 1;
#pragma unroll
            for (int st = 0; st < 8; st += len)
#pragma unroll
                for (int j = 0; j < hl; j++) {
                    __half2 u = v[st + j], w = v[st + j + hl];
                    v[st + j] = __hmul2(hf, __hadd2(u, w));
                    __half2 d = __hmul2(hf, __hsub2(u, w));
                    const int t = j * (8 / len);
                    v[st + j + hl] = t == 0 ? d : __hfma2(__low2half2(d), W[t], __hmul2(__high2half2(d), WS[t]));
                }
        }
        __half2 in = __floats2half2_rn(unitf(x) - 0.5f, unitf(x * 0x9e3779b9u) - 0.5f);
#pragma unroll
        for (int j = 0; j < 8; j++) v[j] = (j & 1) ? __hfma2(v[j], two, in) : __hsub2(__hmul2(v[j], two), in);
        acc += __low2float(v[1]) + __high2float(v[6]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Integers: hashes, number theory, bit manipulation, text
// =====================================================================

// xxHash32 over a 16-byte stripe a step: the four accumulators' rounds
// (multiply by PRIME2, add, rotate by 13, multiply by PRIME1), then the
// merge of the rotated accumulators and the avalanche (shifts, XOR and
// two multiplies) into the output.
extern "C" __global__ void u32_xxhash32_four_accumulators_prime_rounds_avalanche(Args a) {
    const unsigned P1 = 0x9e3779b1u, P2 = 0x85ebca77u, P3 = 0xc2b2ae3du;
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u, acc = 0;
    unsigned v1 = g + P1 + P2, v2 = g + P2, v3 = g, v4 = g - P1;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        unsigned i0 = x, i1 = x * 0x2545f491u, i2 = x ^ 0x68e31da4u, i3 = rotl32(x, 11);
        v1 = rotl32(v1 + i0 * P2, 13) * P1;
        v2 = rotl32(v2 + i1 * P2, 13) * P1;
        v3 = rotl32(v3 + i2 * P2, 13) * P1;
        v4 = rotl32(v4 + i3 * P2, 13) * P1;
        unsigned h = rotl32(v1, 1) + rotl32(v2, 7) + rotl32(v3, 12) + rotl32(v4, 18) + 16u;
        h ^= h >> 15; h *= P2; h ^= h >> 13; h *= P3; h ^= h >> 16;
        acc += h >> 8;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// SipHash-2-4's compression on a generated 64-bit message word a step:
// the word XORed into v3, two SipRounds (64-bit adds, rotations by 13,
// 16, 17, 21 and 32, XORs) on the four 64-bit state words, the word
// XORed into v0.
extern "C" __global__ void u64_siphash_sipround_two_compression_rounds_per_word(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u;
    unsigned long long k0 = ((unsigned long long)a.uin[(g + 1u) & 8191u] << 32) | g, k1 = (unsigned long long)a.uin[(g + 2u) & 8191u] * 0x9e3779b97f4a7c15ull;
    unsigned long long v0 = k0 ^ 0x736f6d6570736575ull, v1 = k1 ^ 0x646f72616e646f6dull;
    unsigned long long v2 = k0 ^ 0x6c7967656e657261ull, v3 = k1 ^ 0x7465646279746573ull;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        unsigned long long m = ((unsigned long long)x << 32) | (x * 0x9e3779b9u);
        v3 ^= m;
#pragma unroll
        for (int r = 0; r < 2; r++) {
            v0 += v1; v1 = rotl64(v1, 13); v1 ^= v0; v0 = rotl64(v0, 32);
            v2 += v3; v3 = rotl64(v3, 16); v3 ^= v2;
            v0 += v3; v3 = rotl64(v3, 21); v3 ^= v0;
            v2 += v1; v1 = rotl64(v1, 17); v1 ^= v2; v2 = rotl64(v2, 32);
        }
        v0 ^= m;
    }
    long long t1 = clock64();
    unsigned long long h = v0 ^ v1 ^ v2 ^ v3;
    finish(a, t0, t1, (float)(unsigned)(h >> 40));
}

// Stein's binary GCD of two generated odd 16-bit numbers by twelve
// unrolled steps with no early exit: the smaller kept and the
// difference's trailing zeros shifted out by __ffs (0 once done, then
// the step changes nothing), min and max by selects.
extern "C" __global__ void u32_binary_gcd_stein_twelve_fixed_steps_ffs_shift_selects(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        unsigned u = (x & 0xffffu) | 1u, v = (x >> 16) | 1u;
#pragma unroll
        for (int j = 0; j < 12; j++) {
            unsigned lo = min(u, v), hi = max(u, v), d = hi - lo;
            unsigned sh = d ? (unsigned)__ffs((int)d) - 1u : 0u;
            u = lo;
            v = d >> sh;
        }
        acc += u ^ (v << 8);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Montgomery multiplication modulo a 64-bit odd modulus (2^62 <= N <
// 2^63, R = 2^64), as modular-exponentiation and NTT kernels do it: the
// 128-bit product by a 64-bit multiply and __umul64hi, m = lo N', the
// high half of m N, the carry, a conditional subtraction; a running
// product and a repeated square a step.
__device__ __forceinline__ unsigned long long montmul(unsigned long long x, unsigned long long y, unsigned long long N, unsigned long long Ninv) {
    unsigned long long lo = x * y, hi = __umul64hi(x, y);
    unsigned long long m = lo * Ninv;
    unsigned long long u = hi + __umul64hi(m, N) + (lo != 0ull ? 1ull : 0ull);
    return u >= N ? u - N : u;
}
extern "C" __global__ void u64_montgomery_modular_multiply_umul64hi_conditional_subtract(Args a) {
    unsigned g = gtid();
    unsigned long long N = ((unsigned long long)a.uin[g & 8191u] << 32) | a.uin[(g + 1u) & 8191u] | 1ull | (1ull << 62);
    N &= ~(1ull << 63);
    unsigned long long inv = N;
#pragma unroll
    for (int j = 0; j < 5; j++) inv *= 2ull - N * inv;
    const unsigned long long Ninv = 0ull - inv;
    unsigned long long b = ((unsigned long long)a.uin[(g + 2u) & 8191u] << 20) ^ g, r = 1ull + g, acc = 0ull;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        r = montmul(r, b, N, Ninv);
        b = montmul(b, b, N, Ninv);
        acc ^= r;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(unsigned)(acc >> 40));
}

// Bitboard arithmetic as a board-game move generator mixes it on 32-
// and 64-bit words: population counts (__popcll, __popc), leading zeros
// (__clzll, __clz), bit reversal (__brevll, __brev), the lowest set bit
// by __ffsll and x & -x; a word carried from step to step.
extern "C" __global__ void u32_bitboard_popc_clz_brev_ffs_mix(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u, carry = g, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        unsigned long long bb = ((unsigned long long)(x ^ carry) << 32) | (x * 0x9e3779b9u);
        unsigned long long rb = __brevll(bb);
        unsigned lsb = (unsigned)__ffsll((long long)bb);
        unsigned hz = (unsigned)__clzll((long long)(bb | 1ull));
        unsigned pc = (unsigned)__popcll(bb & ~rb);
        unsigned r = __brev(x), low = x & (0u - x);
        acc += pc + hz + lsb + (unsigned)__popc(r ^ low) + (unsigned)__clz((int)(r | 1u));
        carry = (unsigned)(rb >> 17) ^ low;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A UTF-8 decoder's step on a generated 4-byte window: the lead byte's
// class (ASCII, stray continuation, 2-, 3- or 4-byte sequence) chosen by
// an if-else chain whose branches differ from lane to lane, each
// assembling the code point from the continuation bytes' six bits; code
// points and sequence lengths summed.
extern "C" __global__ void u32_utf8_decode_lead_byte_class_divergent_branches(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u, acc = 0, total = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        unsigned b0 = x & 0xffu, b1 = (x >> 8) & 0x3fu, b2 = (x >> 16) & 0x3fu, b3 = (x >> 24) & 0x3fu;
        unsigned cp, len;
        if (b0 < 0x80u) {
            cp = b0;
            len = 1u;
        } else if (b0 < 0xc0u) {
            cp = 0xfffdu;
            len = 1u;
        } else if (b0 < 0xe0u) {
            cp = ((b0 & 0x1fu) << 6) | b1;
            len = 2u;
        } else if (b0 < 0xf0u) {
            cp = ((b0 & 0x0fu) << 12) | (b1 << 6) | b2;
            len = 3u;
        } else {
            cp = ((b0 & 0x07u) << 18) | (b1 << 12) | (b2 << 6) | b3;
            len = 4u;
        }
        acc += cp;
        total += len;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc + total));
}

// ASCII lower-casing four bytes at a time (SWAR) as a text tokenizer
// does it: four generated words of bytes '0' to 'o' a step, the
// upper-case bytes found by __vcmpgeu4 and __vcmpleu4 and OR-ed with
// 0x20, the lower-case letters after it counted by __vcmpgeu4 and
// __vcmpltu4, each word hashed into an FNV-style running word.
extern "C" __global__ void u32_swar_ascii_lowercase_vcmpltu4_packed_bytes(Args a) {
    const unsigned mul[4] = {1u, 0x9e3779b9u, 0x85ebca6bu, 0xc2b2ae35u};
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u, h = 0x811c9dc5u ^ g, letters = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
#pragma unroll
        for (int j = 0; j < 4; j++) {
            unsigned w = ((x * mul[j]) & 0x3f3f3f3fu) + 0x30303030u;
            unsigned up = __vcmpgeu4(w, 0x41414141u) & __vcmpleu4(w, 0x5a5a5a5au);
            w |= up & 0x20202020u;
            unsigned lw = __vcmpgeu4(w, 0x61616161u) & __vcmpltu4(w, 0x7b7b7b7bu);
            letters += (unsigned)__popc(lw) >> 3;
            h = (h ^ w) * 0x01000193u;
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((h >> 12) + letters));
}

// A modular exponentiation by square-and-multiply with Barrett reduction
// modulo a run-time 16-bit modulus (mu = floor((2^32 - 1) / n) computed
// once): four exponent bits a step from a generated word, each a
// squaring and a multiply kept or not by a select, every product reduced
// by __umulhi, a multiply-subtract and two conditional subtractions.
__device__ __forceinline__ unsigned barrett(unsigned t, unsigned n, unsigned mu) {
    unsigned r = t - __umulhi(t, mu) * n;
    r = r >= n ? r - n : r;
    return r >= n ? r - n : r;
}
extern "C" __global__ void u32_barrett_reduction_runtime_modulus_mulhi_modexp_steps(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u;
    unsigned n = (40000u + (a.uin[0] & 16383u)) | 1u, mu = 0xffffffffu / n;
    unsigned base = 2u + a.uin[(g + 1u) & 8191u] % (n - 3u), r = 1u, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
#pragma unroll
        for (int j = 0; j < 4; j++) {
            r = barrett(r * r, n, mu);
            unsigned m = barrett(r * base, n, mu);
            r = ((x >> j) & 1u) ? m : r;
        }
        acc += r;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// =====================================================================
// Warp collectives
// =====================================================================

// An inclusive scan of 32-bit integers over the warp (Kogge-Stone):
// five __shfl_up_sync levels, each added where the lane is at least the
// distance away; the total broadcast from lane 31 and its low bits
// carried into the next step's values.
extern "C" __global__ void warp_inclusive_scan_shfl_up_kogge_stone_i32_five_levels(Args a) {
    unsigned g = gtid(), lane = threadIdx.x & 31u, x = a.uin[g & 8191u] | 1u;
    int acc = 0, carry = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        int v = (int)(x & 15u) - 7 + carry;
#pragma unroll
        for (unsigned d = 1u; d < 32u; d <<= 1) {
            int t = __shfl_up_sync(FULL_MASK, v, d);
            v += lane >= d ? t : 0;
        }
        int tot = __shfl_sync(FULL_MASK, v, 31);
        acc += v;
        carry = tot & 3;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Warp votes on generated values: __ballot_sync of a threshold test and
// its __popc steering the threshold (the same in every lane), an
// __any_sync that guards a warp-uniform branch to a __sinf update, and
// an __all_sync choosing the sign of the accumulated value.
extern "C" __global__ void warp_vote_any_all_ballot_threshold_flags_counts(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u, cnt = 0;
    float thr = 0.5f, s = a.fin[g & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        float u = unitf(x);
        unsigned b = __ballot_sync(FULL_MASK, u > thr);
        int hi = __any_sync(FULL_MASK, u > 0.98f), lo = __all_sync(FULL_MASK, u > 0.02f);
        unsigned c = (unsigned)__popc(b);
        cnt += c;
        thr = c > 16u ? fminf(thr + 0.01f, 0.9f) : fmaxf(thr - 0.01f, 0.1f);
        if (hi) s = fmaf(__sinf(s), 0.5f, u);
        acc += lo ? s : -s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + (float)cnt);
}

// The warp-wide integer reductions of sm_80 and later (REDUX): the sum,
// minimum and maximum of a generated value by __reduce_add_sync,
// __reduce_min_sync and __reduce_max_sync, and the XOR of the raw word
// by __reduce_xor_sync, its low bits carried into the next value.
extern "C" __global__ void warp_redux_sync_reduce_add_min_max_u32(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u, carry = 0, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        unsigned v = (x >> 8) ^ carry;
        unsigned s = __reduce_add_sync(FULL_MASK, v), mn = __reduce_min_sync(FULL_MASK, v), mx = __reduce_max_sync(FULL_MASK, v);
        unsigned o = __reduce_xor_sync(FULL_MASK, x);
        acc += s ^ (mx - mn);
        carry = (o ^ mn) & 0xffu;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A segmented inclusive scan of floats over the warp: generated head
// flags (lane 0 always a head) gathered by __ballot_sync, each lane's
// segment start by __clz of the heads at or below it, then five
// __shfl_up_sync levels added only where the source lies in the
// lane's segment.
extern "C" __global__ void warp_segmented_scan_head_flags_shfl_up_f32(Args a) {
    unsigned g = gtid(), lane = threadIdx.x & 31u, x = a.uin[g & 8191u] | 1u, le = lanemask_lt() | (1u << lane);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        bool head = lane == 0u || (x & 7u) == 0u;
        unsigned heads = __ballot_sync(FULL_MASK, head);
        int start = 31 - __clz((int)(heads & le));
        float v = unitf(x);
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            float t = __shfl_up_sync(FULL_MASK, v, (unsigned)d);
            v += (int)lane - d >= start ? t : 0.f;
        }
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// 4 x 4 blocks transposed within each quad of lanes (four values a lane,
// sixteen a quad) by indexed __shfl_sync, as register-tile transposes in
// GEMM epilogues do: four rounds, each lane sending the register chosen
// by its quad position and the round (selects) and keeping the received
// value in the register chosen likewise; the block then updated.
extern "C" __global__ void warp_shfl_indexed_4x4_quad_transpose_sixteen_values(Args a) {
    unsigned g = gtid(), lane = threadIdx.x & 31u, x = a.uin[g & 8191u] | 1u, q = lane & 3u, base = lane & ~3u;
    float r[4];
#pragma unroll
    for (int j = 0; j < 4; j++) r[j] = a.fin[(g + 32u * (unsigned)j) & 8191u];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        float o[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
        for (unsigned t = 0; t < 4u; t++) {
            unsigned sidx = (q - t) & 3u, didx = (q + t) & 3u;
            float send = sidx == 0u ? r[0] : (sidx == 1u ? r[1] : (sidx == 2u ? r[2] : r[3]));
            float got = __shfl_sync(FULL_MASK, send, base | didx);
#pragma unroll
            for (unsigned i = 0; i < 4u; i++) o[i] = didx == i ? got : o[i];
        }
        float u = unitf(x);
#pragma unroll
        for (int i = 0; i < 4; i++) r[i] = fmaf(0.5f, o[i], u * (float)(i + 1));
        acc += r[0] - r[3];
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The ranks of a warp's 4-bit radix digits, as a warp-level radix sort
// computes them: four __ballot_sync from the top bit down, tracking the
// lanes with an equal prefix and those with a smaller digit, then the
// stable position __popc(less) + __popc(equal below the lane) and the
// digit's count.
extern "C" __global__ void warp_radix_rank_4bit_digit_ballots_match_counts(Args a) {
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u, lt = lanemask_lt(), acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        unsigned d = (x >> 3) & 15u, eq = FULL_MASK, less = 0u;
#pragma unroll
        for (int b = 3; b >= 0; b--) {
            bool bit = (d >> b) & 1u;
            unsigned bal = __ballot_sync(FULL_MASK, bit);
            less |= bit ? (eq & ~bal) : 0u;
            eq &= bit ? bal : ~bal;
        }
        unsigned pos = (unsigned)__popc(less) + (unsigned)__popc(eq & lt);
        acc += pos ^ ((unsigned)__popc(eq) << 5);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// =====================================================================
// Matrix units
// =====================================================================

// TF32 tensor-core steps with FP32 accumulators (mma.sync.m16n8k8
// f32.tf32.tf32.f32): two independent 16 x 8 tiles a step from one A
// fragment and two B fragments (floats truncated to TF32's 19 bits), a
// low mantissa bit of A toggled each step.
extern "C" __global__ void mma_sync_m16n8k8_tf32_f32_accum_two_tiles(Args a) {
    unsigned g = gtid();
    unsigned A[4], B0[2], B1[2];
    float c[8];
#pragma unroll
    for (int j = 0; j < 4; j++) A[j] = __float_as_uint(0.05f * a.fin[(g + (unsigned)j) & 8191u]) & 0xffffe000u;
#pragma unroll
    for (int j = 0; j < 2; j++) {
        B0[j] = __float_as_uint(0.03f * a.fin[(g + 4u + (unsigned)j) & 8191u]) & 0xffffe000u;
        B1[j] = __float_as_uint(-0.02f * a.fin[(g + 6u + (unsigned)j) & 8191u]) & 0xffffe000u;
    }
#pragma unroll
    for (int j = 0; j < 8; j++) c[j] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(B0[0]), "r"(B0[1]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7])
                     : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(B1[0]), "r"(B1[1]));
        A[3] ^= 0x00002000u;
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int j = 0; j < 8; j++) s += (j & 1) ? c[j] : -c[j];
    finish(a, t0, t1, s);
}

// A bf16 tensor-core GEMM's inner step from shared memory: A (64 x 64)
// and B stored transposed (64 x 64), both bf16 pitched 72 elements (the
// block's, read only), a 16 x 16 block of each by one ldmatrix.x4 (the
// A fragment; two B fragments), two mma.sync.m16n8k16 bf16 with FP32
// accumulators; the blocks' offsets moved by the step and the warp.
extern "C" __global__ void ldmatrix_x4_smem_tile_mma_m16n8k16_bf16_f32_accum(Args a) {
    __shared__ __align__(16) unsigned short As[64][72];
    __shared__ __align__(16) unsigned short Bs[64][72];
    for (unsigned e = threadIdx.x; e < 64u * 72u; e += blockDim.x) {
        (&As[0][0])[e] = __bfloat16_as_ushort(__float2bfloat16(0.05f * (a.fin[(e * 3u + 1u) & 8191u] - 1.f)));
        (&Bs[0][0])[e] = __bfloat16_as_ushort(__float2bfloat16(0.05f * (1.f - a.fin[(e * 5u + 2u) & 8191u])));
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = warpid();
    unsigned arow = lane & 15u, acol = (lane >> 4) * 8u;
    unsigned brow = (lane & 7u) + ((lane >> 4) << 3), bcol = ((lane >> 3) & 1u) * 8u;
    float c[8];
#pragma unroll
    for (int j = 0; j < 8; j++) c[j] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r0 = (((unsigned)k + w) & 3u) * 16u, k0 = (((unsigned)k >> 2) & 3u) * 16u, n0 = ((w + ((unsigned)k >> 4)) & 3u) * 16u;
        unsigned aa = (unsigned)__cvta_generic_to_shared(&As[r0 + arow][k0 + acol]);
        unsigned ba = (unsigned)__cvta_generic_to_shared(&Bs[n0 + brow][k0 + bcol]);
        unsigned A0, A1, A2, A3, B0, B1, B2, B3;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                     : "=r"(A0), "=r"(A1), "=r"(A2), "=r"(A3) : "r"(aa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                     : "=r"(B0), "=r"(B1), "=r"(B2), "=r"(B3) : "r"(ba));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(A0), "r"(A1), "r"(A2), "r"(A3), "r"(B0), "r"(B1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7])
                     : "r"(A0), "r"(A1), "r"(A2), "r"(A3), "r"(B2), "r"(B3));
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int j = 0; j < 8; j++) s += (j & 2) ? c[j] : -c[j];
    finish(a, t0, t1, s);
}

// =====================================================================
// Shared memory
// =====================================================================

// Jacobi sweeps of a radius-4 1-D stencil over the block's values (a
// thread a point, periodic at the block's ends, the index wrapped by
// blockDim.x - 1): each thread stores its value, __syncthreads, nine
// loads of its neighbourhood against immediate weights summing to one,
// __syncthreads before the next step's stores.
extern "C" __global__ void smem_1d_stencil_radius4_block_tile_restage_syncthreads(Args a) {
    __shared__ float S[1024];
    const float wt[9] = {0.02f, 0.05f, 0.1f, 0.15f, 0.36f, 0.15f, 0.1f, 0.05f, 0.02f};
    unsigned t = threadIdx.x, n1 = blockDim.x - 1u;
    float v = a.fin[gtid() & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        S[t] = v;
        __syncthreads();
        float s = 0.f;
#pragma unroll
        for (unsigned j = 0; j < 9u; j++) s = fmaf(wt[j], S[(t + j - 4u) & n1], s);
        __syncthreads();
        v = fmaf(0.999f, s, 0.001f * (float)(t & 7u));
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 5 x 5 Gaussian blur (binomial weights 1 4 6 4 1 over 16, their
// products immediates) on a 36 x 36 tile with its halo of two (the
// block's, read only): a lane an output pixel, consecutive lanes along a
// row, twenty-five loads and FFMA; the pixel moved by the step.
extern "C" __global__ void smem_2d_gaussian_5x5_immediate_weights_36x36_tile(Args a) {
    __shared__ float In[36 * 36];
    for (unsigned e = threadIdx.x; e < 36u * 36u; e += blockDim.x) In[e] = a.fin[(e * 13u + 7u) & 8191u];
    __syncthreads();
    const float w1[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned px = (threadIdx.x + (unsigned)k * 5u) & 31u, py = ((threadIdx.x >> 5) + (unsigned)k * 3u) & 31u;
        unsigned b = py * 36u + px;
        float s = 0.f;
#pragma unroll
        for (unsigned dy = 0; dy < 5u; dy++)
#pragma unroll
            for (unsigned dx = 0; dx < 5u; dx++) s = fmaf(w1[dy] * w1[dx], In[b + dy * 36u + dx], s);
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A separable median-of-three filter (the median of each row's three
// pixels, then the median of the three row medians, a cheap 3 x 3
// despeckle) on a 34 x 34 tile (the block's, read only): nine loads and
// four medians of three by fminf and fmaxf; the pixel moved by the step.
__device__ __forceinline__ float med3(float p, float q, float r) { return fmaxf(fminf(p, q), fminf(fmaxf(p, q), r)); }
extern "C" __global__ void smem_median_of_3_separable_rows_then_columns_min_max(Args a) {
    __shared__ float Im[34 * 34];
    for (unsigned e = threadIdx.x; e < 34u * 34u; e += blockDim.x) Im[e] = unitf(fmix32(e + 0x51ed27u));
    __syncthreads();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned px = (threadIdx.x + (unsigned)k * 3u) & 31u, py = ((threadIdx.x >> 5) + (unsigned)k * 7u) & 31u;
        unsigned b = py * 34u + px;
        float m0 = med3(Im[b], Im[b + 1u], Im[b + 2u]);
        float m1 = med3(Im[b + 34u], Im[b + 35u], Im[b + 36u]);
        float m2 = med3(Im[b + 68u], Im[b + 69u], Im[b + 70u]);
        acc += med3(m0, m1, m2);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A block-wide histogram of 1024 bins in shared memory whose returned
// counts are used (each old count a key's rank within its bin, as the
// scatter phase of a counting sort uses it): two generated keys a step,
// each by an atomicAdd whose result is summed.
extern "C" __global__ void smem_block_histogram_1024_bins_atomicadd_returned_old(Args a) {
    __shared__ unsigned H[1024];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x) H[e] = 0u;
    __syncthreads();
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        unsigned r0 = atomicAdd(&H[x & 1023u], 1u);
        unsigned r1 = atomicAdd(&H[(x >> 20) & 1023u], 1u);
        acc += r0 ^ (r1 << 3);
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)(acc + H[threadIdx.x & 1023u]));
}

// A block-wide inclusive scan a step: a warp scan by five
// __shfl_up_sync, lane 31 storing its warp's total to shared memory,
// __syncthreads, every warp scanning the warps' totals (one a lane) by
// five more, its offset by __shfl_sync, __syncthreads before the next
// step's stores; the prefix's low bit carried into the next value.
extern "C" __global__ void smem_block_prefix_scan_warp_shfl_plus_warp_sums_syncthreads(Args a) {
    __shared__ unsigned WS[32];
    unsigned g = gtid(), lane = threadIdx.x & 31u, w = warpid(), nw = blockDim.x >> 5, x = a.uin[g & 8191u] | 1u, carry = 0, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        unsigned v = (x & 255u) + carry;
#pragma unroll
        for (unsigned d = 1u; d < 32u; d <<= 1) {
            unsigned t = __shfl_up_sync(FULL_MASK, v, d);
            v += lane >= d ? t : 0u;
        }
        if (lane == 31u) WS[w] = v;
        __syncthreads();
        unsigned s = lane < nw ? WS[lane] : 0u;
#pragma unroll
        for (unsigned d = 1u; d < 32u; d <<= 1) {
            unsigned t = __shfl_up_sync(FULL_MASK, s, d);
            s += lane >= d ? t : 0u;
        }
        unsigned prev = __shfl_sync(FULL_MASK, s, (w + 31u) & 31u);
        unsigned pre = v + (w ? prev : 0u);
        __syncthreads();
        acc += pre;
        carry = pre & 1u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The inner loop of a register-blocked SGEMM: A (16 x 64, k-major) and B
// (16 x 64) tiles in shared memory (the block's, read only), each thread
// a 4 x 4 micro-tile of C in sixteen registers, two k a step, each a
// 128-bit load of A's column slice and of B's row slice and sixteen
// FFMA outer-product updates.
extern "C" __global__ void smem_gemm_register_blocked_4x4_float4_outer_products_64x64_tiles(Args a) {
    __shared__ __align__(16) float As[16][64];
    __shared__ __align__(16) float Bs[16][64];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x) {
        (&As[0][0])[e] = a.fin[(e * 3u + 1u) & 8191u] - 1.f;
        (&Bs[0][0])[e] = 0.5f - 0.5f * a.fin[(e * 7u + 5u) & 8191u];
    }
    __syncthreads();
    unsigned tm = (threadIdx.x & 15u) * 4u, tn = ((threadIdx.x >> 4) & 15u) * 4u;
    float c[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) c[i][j] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (unsigned h = 0; h < 2u; h++) {
            unsigned kk = ((unsigned)k * 2u + h) & 15u;
            float4 av = *reinterpret_cast<const float4*>(&As[kk][tm]);
            float4 bv = *reinterpret_cast<const float4*>(&Bs[kk][tn]);
            const float ar[4] = {av.x, av.y, av.z, av.w}, br[4] = {bv.x, bv.y, bv.z, bv.w};
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
        for (int j = 0; j < 4; j++) s += (i ^ j) & 1 ? c[i][j] : -c[i][j];
    finish(a, t0, t1, s);
}

// A 64-point complex radix-2 FFT in the warp's own 64 float2 slots, one
// stage a step (the stage cycling through six): a lane a butterfly, its
// pair by the stage's span, the twiddle angle by an exact power of two
// and the accurate sincosf, the complex multiply, the sum and
// difference scaled by 1/sqrt 2 stored back, __syncwarp.
extern "C" __global__ void smem_fft_radix2_64_point_own_warp_one_stage_per_step_sincosf(Args a) {
    __shared__ float2 X[32][64];
    unsigned g = gtid(), lane = threadIdx.x & 31u, w = warpid();
    X[w][lane] = make_float2(a.fin[g & 8191u] - 1.f, 0.f);
    X[w][lane + 32u] = make_float2(0.5f - 0.5f * a.fin[(g + 32u) & 8191u], 0.1f);
    __syncwarp();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned s = (unsigned)k % 6u, h = 1u << s, pos = lane & (h - 1u);
        unsigned i0 = ((lane >> s) << (s + 1u)) + pos, i1 = i0 + h;
        float ang = -3.14159265f * (float)pos * __uint_as_float((127u - s) << 23);
        float sn, cs;
        sincosf(ang, &sn, &cs);
        float2 u = X[w][i0], t = X[w][i1];
        float tr = fmaf(t.x, cs, -t.y * sn), ti = fmaf(t.x, sn, t.y * cs);
        X[w][i0] = make_float2(0.70710678f * (u.x + tr), 0.70710678f * (u.y + ti));
        X[w][i1] = make_float2(0.70710678f * (u.x - tr), 0.70710678f * (u.y - ti));
        __syncwarp();
        acc += u.x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// 32-bit loads from a table of 4096 words (the block's, read only) with
// the lanes eight words apart, as a thread-per-row walk of a row-major
// matrix with rows of eight does it: four loads a step, 256 words apart,
// summed.
extern "C" __global__ void smem_u32_stride8_words_eight_way_bank_conflicts(Args a) {
    __shared__ unsigned U[4096];
    for (unsigned e = threadIdx.x; e < 4096u; e += blockDim.x) U[e] = fmix32(e ^ 0x6a09e667u) >> 4;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = warpid(), acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned base = (unsigned)k * 13u + w * 5u + lane * 8u;
        unsigned s = 0u;
#pragma unroll
        for (unsigned j = 0; j < 4u; j++) s += U[(base + j * 256u) & 4095u];
        acc ^= s + (unsigned)k;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 8));
}

// 64-bit loads of doubles from a table of 2048 (the block's, read only)
// with the lanes seventeen doubles apart (a thread-per-row walk of rows
// padded to 17): four loads a step, multiplied pairwise into two DFMA
// chains.
extern "C" __global__ void smem_f64_stride17_doubles_64bit_loads(Args a) {
    __shared__ double D[2048];
    for (unsigned e = threadIdx.x; e < 2048u; e += blockDim.x) D[e] = 0.5 + 0.5 * (double)a.fin[(e * 7u + 3u) & 8191u];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = warpid();
    double acc0 = 0.0, acc1 = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned base = (unsigned)k * 3u + w * 64u + lane * 17u;
        double d0 = D[base & 2047u], d1 = D[(base + 544u) & 2047u], d2 = D[(base + 1088u) & 2047u], d3 = D[(base + 1632u) & 2047u];
        acc0 = fma(d0, d2, acc0 * 0.5);
        acc1 = fma(d1, d3, acc1 * 0.5);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc0 - acc1));
}

// 128-bit loads of float4 from a table of 1024 (the block's, read only)
// with the lanes three vectors apart (records of three float4 read one
// field at a time): four loads a step, two FFMA chains.
extern "C" __global__ void smem_float4_stride3_vectors_128bit_loads(Args a) {
    __shared__ float4 V[1024];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x)
        V[e] = make_float4(a.fin[(4u * e) & 8191u] - 1.f, a.fin[(4u * e + 1u) & 8191u], 0.5f - a.fin[(4u * e + 2u) & 8191u], 0.25f * a.fin[(4u * e + 3u) & 8191u]);
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = warpid();
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned base = (unsigned)k * 7u + w * 32u + lane * 3u;
#pragma unroll
        for (unsigned j = 0; j < 4u; j++) {
            float4 q = V[(base + j * 97u) & 1023u];
            s0 = fmaf(q.x, q.y, s0);
            s1 = fmaf(q.z, q.w, s1);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 - s1);
}

// The body loop of a tiled n-body kernel: 64 bodies as float4 (x, y, z,
// mass) in shared memory (the block's, read only), four a step read at
// the same address by every lane (broadcast), each a softened inverse
// cube by rsqrtf; the thread's particle kicked and drifted.
extern "C" __global__ void smem_aos_float4_bodies_broadcast_nbody_tile_64(Args a) {
    __shared__ float4 Bd[64];
    for (unsigned e = threadIdx.x; e < 64u; e += blockDim.x)
        Bd[e] = make_float4(2.f * (a.fin[(3u * e) & 8191u] - 1.f), 2.f * (a.fin[(3u * e + 1u) & 8191u] - 1.f), a.fin[(3u * e + 2u) & 8191u] - 1.f, 0.05f * a.fin[(e + 300u) & 8191u]);
    __syncthreads();
    unsigned g = gtid();
    float px = 0.5f * (a.fin[g & 8191u] - 1.f), py = 0.1f, pz = -0.2f, vx = 0.f, vy = 0.f, vz = 0.f, acc = 0.f;
    const float dt = 0.001f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float ax = 0.f, ay = 0.f, az = 0.f;
#pragma unroll
        for (unsigned j = 0; j < 4u; j++) {
            float4 b = Bd[((unsigned)k * 4u + j) & 63u];
            float dx = b.x - px, dy = b.y - py, dz = b.z - pz;
            float ir = rsqrtf(fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, 0.01f))));
            float s = b.w * ir * ir * ir;
            ax = fmaf(s, dx, ax);
            ay = fmaf(s, dy, ay);
            az = fmaf(s, dz, az);
        }
        vx = fmaf(dt, ax, vx);
        vy = fmaf(dt, ay, vy);
        vz = fmaf(dt, az, vz);
        px = fmaf(dt, vx, px);
        py = fmaf(dt, vy, py);
        pz = fmaf(dt, vz, pz);
        acc += px;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + py + pz);
}

// Odd-even transposition sort of 64 float keys in the warp's own shared
// slots, one phase a step: a lane the pair starting at 2 lane + the
// step's parity (the last lane idle on odd phases), both keys loaded,
// the minimum and maximum stored back, __syncwarp.
extern "C" __global__ void smem_odd_even_transposition_sort_64_keys_own_warp_syncwarp(Args a) {
    __shared__ float Kx[32][64];
    unsigned g = gtid(), lane = threadIdx.x & 31u, w = warpid();
    Kx[w][lane] = a.fin[(g * 7u) & 8191u];
    Kx[w][lane + 32u] = a.fin[(g * 7u + 3u) & 8191u] - 0.5f;
    __syncwarp();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned i = 2u * lane + ((unsigned)k & 1u);
        if (i < 63u) {
            float u = Kx[w][i], v = Kx[w][i + 1u];
            Kx[w][i] = fminf(u, v);
            Kx[w][i + 1u] = fmaxf(u, v);
            acc += u;
        }
        __syncwarp();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// CSR SpMV with a warp a row (the "vector" kernel) on a 128-row matrix
// of 32 entries a row in shared memory (the block's, read only: row
// pointers, 16-bit column indices, values, x): the row's start loaded
// from the row pointers, a lane an entry, the value times a gathered x,
// the sum by five __shfl_xor_sync.
extern "C" __global__ void smem_csr_vector_spmv_warp_per_row_32_nnz_shfl_reduce(Args a) {
    __shared__ unsigned RowPtr[129];
    __shared__ unsigned short Col[4096];
    __shared__ float Val[4096];
    __shared__ float Xs[512];
    for (unsigned e = threadIdx.x; e < 4096u; e += blockDim.x) {
        Col[e] = (unsigned short)(fmix32(e * 5u + 1u) & 511u);
        Val[e] = 0.01f * (float)(1u + (e & 31u));
    }
    for (unsigned e = threadIdx.x; e < 512u; e += blockDim.x) Xs[e] = a.fin[(e * 9u + 4u) & 8191u];
    for (unsigned e = threadIdx.x; e < 129u; e += blockDim.x) RowPtr[e] = 32u * e;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = warpid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (w * 5u + (unsigned)k * 3u) & 127u;
        unsigned p = (RowPtr[r] + lane) & 4095u;
        float s = Val[p] * Xs[Col[p]];
#pragma unroll
        for (unsigned d = 16u; d > 0u; d >>= 1) s += __shfl_xor_sync(FULL_MASK, s, d);
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A transpose through a 32 x 32 float tile with XOR-swizzled columns:
// warp w stores its row w (lane l at column l ^ w), __syncthreads, each
// lane reads column w of row l (stored at l ^ w: 32 banks), __syncthreads
// before the next step's stores; the value fed back with a generated
// one.
extern "C" __global__ void smem_xor_swizzled_transpose_32x32_block_tile_syncthreads(Args a) {
    __shared__ float Tt[32][32];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x) (&Tt[0][0])[e] = 0.01f * (float)(e & 63u);
    __syncthreads();
    unsigned g = gtid(), lane = threadIdx.x & 31u, w = warpid(), x = a.uin[g & 8191u] | 1u;
    float v = a.fin[g & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        Tt[w][lane ^ w] = v;
        __syncthreads();
        float c = Tt[lane][w ^ lane];
        __syncthreads();
        v = fmaf(0.5f, c, unitf(x));
        acc += c;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Global memory: stencils, column walks, AoS records, gathers, scatters,
// atomics, GEMV, strides, row norms, COO SpMV
// =====================================================================

// A fourth-order 3-D Laplacian step: a 13-point star of radius 2 on a
// periodic grid of 64 x 64 planes (neighbours 1, 2, 64, 128, 4096 and
// 8192 floats away either side) read from the footprint's first half,
// written to its second half, grid-stride.
extern "C" __global__ void global_f32_3d_radius2_star_13_point_stencil_64x64_planes(Args a) {
    unsigned h = (a.bigMask + 1u) >> 1, m = h - 1u, T = gthreads(), i = gtid();
    const float* U = a.big;
    float* V = a.big + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * T;
        float c = U[j & m];
        float n1 = (U[(j - 1u) & m] + U[(j + 1u) & m]) + (U[(j - 64u) & m] + U[(j + 64u) & m]) + (U[(j - 4096u) & m] + U[(j + 4096u) & m]);
        float n2 = (U[(j - 2u) & m] + U[(j + 2u) & m]) + (U[(j - 128u) & m] + U[(j + 128u) & m]) + (U[(j - 8192u) & m] + U[(j + 8192u) & m]);
        float lap = fmaf(1.3333334f, n1, fmaf(-0.083333336f, n2, -7.5f * c));
        V[j & m] = fmaf(0.05f, lap, c);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// Column sums of a row-major matrix with rows of 4096 floats, a thread a
// column (the warp's lanes on adjacent columns, so each load is one
// 128-byte line) walking down one row a step; the threads beyond the
// first 4096 start lower down the columns.
extern "C" __global__ void global_f32_column_walk_warp_adjacent_columns_pitch_4096(Args a) {
    unsigned m = a.bigMask, i = gtid(), col = i & 4095u, r0 = (i >> 12) * 37u;
    const float* M = a.big;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned row = r0 + (unsigned)k;
        acc += M[(row * 4096u + col) & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Particles as an array of structures of eight floats (32 bytes: the
// position, the velocity, a mass and a charge; only 4-byte aligned, so
// each field is its own load) a thread a record, grid-stride: seven
// loads, a kick under a softened central force (rsqrtf), a drift and six
// stores.
struct Particle8 {
    float px, py, pz, vx, vy, vz, m, q;
};
extern "C" __global__ void global_aos_particles_eight_float_records_32_bytes_update(Args a) {
    unsigned n = (a.bigMask + 1u) >> 3, nm = n - 1u, T = gthreads(), i = gtid();
    Particle8* P = reinterpret_cast<Particle8*>(a.big);
    const float dt = 0.01f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & nm;
        float px = P[j].px, py = P[j].py, pz = P[j].pz, vx = P[j].vx, vy = P[j].vy, vz = P[j].vz, ms = P[j].m;
        float ir = rsqrtf(fmaf(px, px, fmaf(py, py, fmaf(pz, pz, 0.01f))));
        float f = dt * ms * ir * ir * ir;
        vx = fmaf(-f, px, vx);
        vy = fmaf(-f, py, vy);
        vz = fmaf(-f, pz, vz);
        P[j].px = fmaf(dt, vx, px);
        P[j].py = fmaf(dt, vy, py);
        P[j].pz = fmaf(dt, vz, pz);
        P[j].vx = vx;
        P[j].vy = vy;
        P[j].vz = vz;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// Gathers through an index array: 32-bit indices in the footprint's
// first half read coalesced, each mixed with its position (a multiply
// and a shift-XOR, since the buffer is uniform) and masked into the
// second half, whose float there is loaded; two independent
// index-then-value pairs a step, grid-stride.
extern "C" __global__ void global_gather_through_u32_index_array_float_values(Args a) {
    unsigned h = (a.bigMask + 1u) >> 1, m = h - 1u, T = gthreads(), i = gtid();
    const unsigned* Idx = reinterpret_cast<const unsigned*>(a.big);
    const float* Vals = a.big + h;
    float acc0 = 0.f, acc1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j0 = (i + 2u * (unsigned)k * T) & m, j1 = (j0 + T) & m;
        unsigned h0 = j0 * 0x9e3779b1u, h1 = j1 * 0x9e3779b1u;
        unsigned c0 = (Idx[j0] ^ h0 ^ (h0 >> 15)) & m, c1 = (Idx[j1] ^ h1 ^ (h1 >> 15)) & m;
        acc0 += Vals[c0];
        acc1 += Vals[c1];
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc0 + acc1);
}

// A scatter through a permutation: a float of the footprint's first
// half read coalesced, scaled and stored in the second half at a
// bijective image of its index (a shift-XOR, then a multiply by an odd
// constant, masked), grid-stride.
extern "C" __global__ void global_scatter_hashed_permutation_float_stores(Args a) {
    unsigned h = (a.bigMask + 1u) >> 1, m = h - 1u, T = gthreads(), i = gtid();
    const float* Xs = a.big;
    float* Ys = a.big + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned d = ((j ^ (j >> 7)) * 0x9e3779b1u) & m;
        Ys[d] = fmaf(2.f, Xs[j], 1.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// 32-bit counters at hashed places over the footprint incremented by
// atomicAdd with the old value used (an ATOM that returns, as a bucket
// fill or slot allocation does), the old values XOR-ed together,
// grid-stride keys.
extern "C" __global__ void global_atomicadd_u32_hashed_counters_returned_old_used(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid(), acc = 0;
    unsigned* C = reinterpret_cast<unsigned*>(a.big);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned key = fmix32((i + (unsigned)k * T) ^ 0x2545f491u);
        unsigned old = atomicAdd(&C[key & m], 1u);
        acc ^= old;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 8));
}

// A double GEMV with a warp a row of 128 doubles: the matrix in the
// footprint's first half, x (128 doubles, kept four a lane in registers)
// and y in its second; four coalesced 64-bit loads a lane, four DFMA,
// the sum by five __shfl_xor_sync on doubles, lane 0 storing y,
// grid-stride over rows.
extern "C" __global__ void global_f64_gemv_warp_per_row_128_doubles_shfl_reduce(Args a) {
    unsigned nd = (a.bigMask + 1u) >> 1, hd = nd >> 1, R = hd >> 7, rm = R - 1u;
    unsigned lane = threadIdx.x & 31u, gw = gtid() >> 5, NW = gthreads() >> 5;
    const double* A = reinterpret_cast<const double*>(a.big);
    const double* X = A + hd;
    double* Y = reinterpret_cast<double*>(a.big) + hd + 128u;
    double xr[4];
#pragma unroll
    for (unsigned j = 0; j < 4u; j++) xr[j] = X[lane + 32u * j];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned row = (gw + (unsigned)k * NW) & rm;
        const double* Ar = A + row * 128u;
        double s = 0.0;
#pragma unroll
        for (unsigned j = 0; j < 4u; j++) s = fma(Ar[lane + 32u * j], xr[j], s);
#pragma unroll
        for (unsigned d = 16u; d > 0u; d >>= 1) s += __shfl_xor_sync(FULL_MASK, s, d);
        if (lane == 0u) Y[row] = s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)NW);
}

// Loads with consecutive threads 32 bytes apart (one field of records of
// eight floats, read alone), unrolled four times with independent sums:
// four loads a step, each a different 32-byte sector a lane, grid-stride
// over records.
extern "C" __global__ void global_f32_stride8_lanes_32_bytes_apart_loads(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* F = a.big;
    float s0 = 0.f, s1 = 0.f, s2 = 0.f, s3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned b = i + 4u * (unsigned)k * T;
        s0 += F[(b * 8u) & m];
        s1 += F[((b + T) * 8u) & m];
        s2 += F[((b + 2u * T) * 8u) & m];
        s3 += F[((b + 3u * T) * 8u) & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, (s0 + s1) + (s2 + s3));
}

// RMS normalization with a warp a row of 128 floats (rows in the
// footprint's first half, outputs in its second): a float4 a lane
// (coalesced 128-bit loads), the sum of squares by five
// __shfl_xor_sync, rsqrtf, the per-lane gain, a float4 store;
// grid-stride over rows.
extern "C" __global__ void global_rmsnorm_warp_per_row_128_floats_float4_loads_store(Args a) {
    unsigned h = (a.bigMask + 1u) >> 1, R = h >> 7, rm = R - 1u;
    unsigned lane = threadIdx.x & 31u, gw = gtid() >> 5, NW = gthreads() >> 5;
    const float4* Xr = reinterpret_cast<const float4*>(a.big);
    float4* Yr = reinterpret_cast<float4*>(a.big + h);
    const float4 gn = make_float4(a.fin[4u * lane], a.fin[4u * lane + 1u], a.fin[4u * lane + 2u], a.fin[4u * lane + 3u]);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned row = (gw + (unsigned)k * NW) & rm;
        float4 v = Xr[row * 32u + lane];
        float ss = fmaf(v.x, v.x, fmaf(v.y, v.y, fmaf(v.z, v.z, v.w * v.w)));
#pragma unroll
        for (unsigned d = 16u; d > 0u; d >>= 1) ss += __shfl_xor_sync(FULL_MASK, ss, d);
        float rs = rsqrtf(fmaf(ss, 1.f / 128.f, 1e-6f));
        Yr[row * 32u + lane] = make_float4(v.x * rs * gn.x, v.y * rs * gn.y, v.z * rs * gn.z, v.w * rs * gn.w);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)NW);
}

// SpMV in COO format with a thread an entry: row indices, column indices
// and values in the footprint's first three quarters (read coalesced;
// rows sorted, about four entries a row, so neighbouring threads share
// rows), x in the first half of the last quarter gathered at the mixed
// column, y in its second half accumulated by float atomicAdd with the
// result unused (RED), grid-stride.
extern "C" __global__ void global_coo_spmv_atomicadd_f32_y_result_unused(Args a) {
    unsigned q = (a.bigMask + 1u) >> 2, qm = q - 1u, hq = q >> 1, hm = hq - 1u, T = gthreads(), i = gtid();
    const unsigned* Row = reinterpret_cast<const unsigned*>(a.big);
    const unsigned* Col = Row + q;
    const float* Val = a.big + 2u * q;
    const float* Xv = a.big + 3u * q;
    float* Yv = a.big + 3u * q + hq;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned e = (i + (unsigned)k * T) & qm, he = e * 0x9e3779b1u;
        unsigned r = ((Row[e] & 1u) + (e >> 2)) & hm;
        unsigned c = (Col[e] ^ he ^ (he >> 15)) & hm;
        atomicAdd(&Yv[r], Val[e] * Xv[c]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// =====================================================================
// Loops whose trip count depends on data
// =====================================================================

// The Collatz sequence of a loaded number (1 to 1024, from the input
// words) followed to 1, capped at 256 steps (every start below 1025
// reaches 1 in fewer than 180): a step a halving or 3n + 1 by a select;
// the trip count depends on the loaded number and differs among lanes.
extern "C" __global__ void dd_u32_collatz_steps_until_one_capped_256(Args a) {
    unsigned g = gtid(), acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned n = (a.uin[(g + (unsigned)k * 61u) & 8191u] & 1023u) + 1u, s = 0u;
#pragma unroll 1
        while (n != 1u && s < 256u) {
            n = (n & 1u) ? 3u * n + 1u : n >> 1;
            s++;
        }
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// strlen over 8 KiB of generated text in shared memory (the block's,
// read only; about one byte in 23 a NUL, the others lower-case
// letters): from a generated position, bytes loaded one at a time until
// a NUL (capped at 64, wrapping at the end): the trip count depends on
// the loaded bytes.
extern "C" __global__ void dd_smem_strlen_scan_bytes_until_nul_variable_lengths(Args a) {
    __shared__ unsigned char Sb[8192];
    for (unsigned e = threadIdx.x; e < 8192u; e += blockDim.x) {
        unsigned h = fmix32(e ^ 0x1b873593u);
        Sb[e] = (h % 23u == 0u) ? (unsigned char)0 : (unsigned char)(97u + (h >> 28));
    }
    __syncthreads();
    unsigned g = gtid(), x = a.uin[g & 8191u] | 1u, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xorshift32(x);
        unsigned p = x & 8191u, n = 0u;
#pragma unroll 1
        while (Sb[p] != 0 && n < 64u) {
            p = (p + 1u) & 8191u;
            n++;
        }
        acc += n;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}
