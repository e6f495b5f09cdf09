// A thirty-sixth validation corpus for gpuarch analyze ("dev36" and
// "heldout36"): fifty-six loops of the kinds performance engineers
// write, by a writer who has read none of the model, its tests, its
// testdata, its documents or any measurement; of the earlier corpora only
// corpus35's three files (kernels.cu, cases.inc, split.txt) as format
// examples, no loop copied from them, and the harness
// (scripts/analyze/corpus/harness.cu) and the build script
// (scripts/analyze/device.sh). The set: FP32 and the math library (a
// rotation chain by the precise sinf and cosf; a Gaussian CDF by the
// precise erff and erfcf; the exact GELU by the precise tanhf; entropy
// terms by ex2.approx and lg2.approx; a division by rcp.approx and two
// Newton steps; FFT twiddles by the precise sincospif; great-circle
// distances by the precise asinf and acosf; a degree-9 Horner polynomial
// at four points), double (a pendulum by the precise sin and cos;
// Kepler's equation by Newton steps with IEEE divisions; a Kahan
// compensated sum; bond yields by the precise log1p and expm1), half,
// bfloat16 and FP8 (a sigmoid polynomial in half2 by Horner's HFMA2; a
// bfloat16x2 GEMV row with float accumulation; a ReLU6 clamp and blend
// by __hmax2 and __hmin2; floats rounded to bfloat16 stochastically by
// integer adds; FP8 E4M3 pairs dequantized to half2 and dotted),
// integers (murmur3's body rounds with rotates; PCG32's 64-bit LCG with
// its xorshift and rotate output; 3-D Morton codes encoded and decoded
// by magic masks; bit fields by BFE and BFI; byte swaps by __byte_perm;
// int8 dot products by __dp4a requantized; signed 32-bit divisions by
// run-time divisors; ChaCha's quarter round by funnel shifts),
// conversions (fixed point by F2I and I2F in their rounding modes;
// iterative refinement of a float solve in double), warp collectives (a
// tree sum by __shfl_down_sync and a broadcast; key groups by
// __match_any_sync; stream compaction ranks by __ballot_sync and popc; a
// bitonic sort of 32 keys across lanes by __shfl_xor_sync; an argmax by
// __shfl_xor_sync of value and index), shared memory (a 256-bin
// histogram a warp by shared atomicAdd; doubles read at a stride of two,
// two-way conflicted; a block-wide Kogge-Stone scan with __syncthreads;
// a 33-float padded tile read by columns; ldmatrix x4 of an XOR-swizzled
// tile into mma.sync m16n8k16; a 5-point stencil on a tile with a halo),
// global memory (a float4 copy through the read-only path by __ldg; a
// double dot product of two arrays; floats converted to half2 and stored; floats at a stride of eight; gathers at
// hashed indices; a scatter of stores by a permutation; particles in
// separate x, y, z arrays updated in place; particles as 12-byte float3
// structures updated in place; a 5-point 2-D stencil with a pitch of
// 1024 floats; words scrambled in place by xorshift), global atomics (a
// 1024-bin histogram by atomicAdd; bitmap sets by atomicOr with the old
// words returned), a reduction (a warp's float sum by shuffles, one
// atomicAdd a warp), a cp.async pipeline (four stages of 16-byte
// cp.async.cg a warp), tensor cores (mma.sync m16n8k16 f16 with half
// accumulators; m16n8k32 8-bit integers with 32-bit accumulators) and two
// loops whose trip counts depend on data (Stein's binary GCD; finds by
// parent walks to the roots of a union-find forest in shared memory).
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
// Marsaglia's 32-bit xorshift step (never reaches 0 from a nonzero word).
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

// A chain of plane rotations by angles from the precise sinf and cosf
// (their range reduction kept: the angle wanders within about -40 to
// +100); the rotated point, of unit length, fed back into the next
// angle.
extern "C" __global__ void fp32_sinf_cosf_precise_rotation_chain(Args a) {
    unsigned g = gtid();
    float th = 10.f * a.fin[g & 8191u], x = 1.f, y = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = sinf(th), c = cosf(th);
        float nx = fmaf(c, x, -s * y), ny = fmaf(s, x, c * y);
        x = nx; y = ny;
        acc += x;
        th = fmaf(0.9f, th, fmaf(7.f, y, 3.3f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + y);
}

// A Gaussian CDF and its tail by the precise erff and erfcf (their
// polynomials and erfcf's exp factor, selected without branches), the
// z-scores fed back within about +-3.
extern "C" __global__ void fp32_erff_erfcf_gaussian_cdf_pairs(Args a) {
    unsigned g = gtid();
    float z = 3.f * (a.fin[g & 8191u] - 1.f), w = 1.5f * a.fin[(g + 11u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float p = fmaf(0.5f, erff(z * 0.70710678f), 0.5f);
        float q = 0.5f * erfcf(w * 0.70710678f);
        acc += p - q;
        z = fmaf(5.8f, p, -2.9f) + 0.1f * w;
        w = fmaf(-6.f, q, 2.9f) - 0.05f * z;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The tanh form of the GELU activation with the precise tanhf (not the
// MUFU approximation), two activations a step; the outputs mapped back
// into arguments within about -7 to +4.
extern "C" __global__ void fp32_tanhf_precise_gelu_two_chains(Args a) {
    unsigned g = gtid();
    float x = 4.f * (a.fin[g & 8191u] - 1.f), y = 2.f - 3.f * a.fin[(g + 3u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float ux = 0.7978846f * fmaf(0.044715f * x, x * x, x);
        float uy = 0.7978846f * fmaf(0.044715f * y, y * y, y);
        float gx = 0.5f * x * (1.f + tanhf(ux)), gy = 0.5f * y * (1.f + tanhf(uy));
        acc += gx + gy;
        x = fmaf(-1.7f, gx, 2.5f);
        y = fmaf(-2.2f, gy, 1.5f) + 0.3f * x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Binary entropy terms -p log2 p - (1 - p) log2 (1 - p) by lg2.approx
// (MUFU.LG2), and a Boltzmann weight by ex2.approx (MUFU.EX2), four
// probabilities a step, kept in [0.02, 0.98].
__device__ __forceinline__ float lg2_approx(float x) {
    float y;
    asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
}
__device__ __forceinline__ float ex2_approx(float x) {
    float y;
    asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
}
extern "C" __global__ void fp32_ex2_lg2_approx_entropy_four_probs(Args a) {
    unsigned g = gtid();
    float p[4];
#pragma unroll
    for (int j = 0; j < 4; j++) p[j] = 0.1f + 0.5f * (a.fin[(g + 5u * (unsigned)j) & 8191u] - 0.5f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 4; j++) {
            float q = 1.f - p[j];
            float hb = -fmaf(p[j], lg2_approx(p[j]), q * lg2_approx(q));
            float w = ex2_approx(-3.f * hb);
            acc += hb;
            p[j] = fminf(fmaxf(fmaf(0.9f, w, 0.05f + 0.2f * q), 0.02f), 0.98f);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A division by the approximate reciprocal (rcp.approx.ftz, MUFU.RCP)
// refined by two Newton steps and a residual correction (the way a
// hand-tuned solver replaces the IEEE division), three quotients a step.
__device__ __forceinline__ float rcp_approx(float x) {
    float y;
    asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
}
__device__ __forceinline__ float div_newton(float n, float d) {
    float r = rcp_approx(d);
    r = fmaf(r, fmaf(-d, r, 1.f), r);
    r = fmaf(r, fmaf(-d, r, 1.f), r);
    float q = n * r;
    return fmaf(r, fmaf(-d, q, n), q);
}
extern "C" __global__ void fp32_rcp_approx_newton_refined_division(Args a) {
    unsigned g = gtid();
    float x = a.fin[g & 8191u], y = a.fin[(g + 1u) & 8191u], z = a.fin[(g + 2u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float q0 = div_newton(x, 1.f + y), q1 = div_newton(y, 0.5f + z), q2 = div_newton(z, 0.75f + x);
        acc += q0 + q1 - q2;
        x = fmaf(0.5f, q1, 0.4f); y = fmaf(0.6f, q2, 0.3f); z = fmaf(0.7f, q0, 0.2f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// FFT twiddle factors by the precise sincospif (a reduction by
// multiples of pi without the Payne-Hanek path), a running complex
// product of twiddles renormalized each step.
extern "C" __global__ void fp32_sincospif_precise_twiddle_products(Args a) {
    unsigned g = gtid();
    float t = a.fin[g & 8191u], re = 1.f, im = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s, c;
        sincospif(t, &s, &c);
        float nr = fmaf(re, c, -im * s), ni = fmaf(re, s, im * c);
        float n2 = fmaf(nr, nr, ni * ni);
        float rn = rsqrtf(n2);
        re = nr * rn; im = ni * rn;
        acc += im;
        t = fmaf(0.37f, t, fmaf(0.25f, re, 0.61f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + re);
}

// Great-circle distances on the unit sphere: the haversine's asinf of a
// square root and the spherical law of cosines' acosf (both precise),
// the two points moved along by the distances (latitudes within +-1.2).
extern "C" __global__ void fp32_asinf_acosf_precise_great_circle(Args a) {
    unsigned g = gtid();
    float la1 = a.fin[g & 8191u] - 1.f, lo1 = 2.f * a.fin[(g + 1u) & 8191u];
    float la2 = 0.5f - a.fin[(g + 2u) & 8191u], lo2 = -a.fin[(g + 3u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float sdl = __sinf(0.5f * (la2 - la1)), sdo = __sinf(0.5f * (lo2 - lo1));
        float c1 = __cosf(la1), c2 = __cosf(la2);
        float hv = fminf(fmaf(c1 * c2, sdo * sdo, sdl * sdl), 1.f);
        float d1 = 2.f * asinf(sqrtf(hv));
        float cc = fminf(fmaxf(fmaf(c1 * c2, __cosf(lo2 - lo1), __sinf(la1) * __sinf(la2)), -1.f), 1.f);
        float d2 = acosf(cc);
        acc += d1 - d2;
        la1 = fminf(fmaxf(fmaf(0.3f, d1, 0.9f * la1) - 0.4f, -1.2f), 1.2f);
        lo2 = fmaf(0.8f, lo2, 0.5f * d2 - 0.3f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A degree-9 polynomial by Horner's rule (nine dependent FFMAs) at four
// independent points a step, the points fed back within [-1, 1].
extern "C" __global__ void fp32_fmaf_horner_degree9_four_points(Args a) {
    unsigned g = gtid();
    float x[4];
#pragma unroll
    for (int j = 0; j < 4; j++) x[j] = a.fin[(g + 13u * (unsigned)j) & 8191u] - 1.f;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 4; j++) {
            float t = x[j];
            float p = fmaf(t, 2.7557e-6f, 2.4802e-5f);
            p = fmaf(t, p, 1.9841e-4f);
            p = fmaf(t, p, 1.3889e-3f);
            p = fmaf(t, p, 8.3333e-3f);
            p = fmaf(t, p, 4.1667e-2f);
            p = fmaf(t, p, 0.16667f);
            p = fmaf(t, p, 0.5f);
            p = fmaf(t, p, 1.f);
            p = fmaf(t, p, 1.f);
            acc += p;
            x[j] = fmaf(-0.75f, p, 1.1f + 0.05f * (float)j);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// FP64
// =====================================================================

// A driven, damped pendulum in double by the precise sin and cos (their
// DFMA polynomials and range reduction), a semi-implicit Euler step; the
// angle stays within a few radians.
extern "C" __global__ void f64_sin_cos_precise_driven_pendulum(Args a) {
    unsigned g = gtid();
    double th = (double)a.fin[g & 8191u] - 0.5, om = 0.0, ph = 0.1 * (double)a.fin[(g + 7u) & 8191u], acc = 0.0;
    const double dt = 0.02;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double drive = 1.2 * cos(ph);
        om = fma(dt, fma(-9.81, sin(th), drive - 0.5 * om), om);
        th = fma(dt, om, th);
        ph = ph + 0.0667;
        ph = ph > 6.283185307179586 ? ph - 6.283185307179586 : ph;
        acc += th;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc + om));
}

// Kepler's equation E - e sin E = M solved by three Newton steps a step
// with IEEE double divisions (the DFMA reciprocal sequence and its slow
// path) and the fast float sine widened; the mean anomaly advanced.
extern "C" __global__ void f64_div_ieee_newton_kepler_equation(Args a) {
    unsigned g = gtid();
    double e = 0.1 + 0.5 * ((double)a.fin[g & 8191u] - 0.5), M = 2.0 * (double)a.fin[(g + 3u) & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double E = M;
#pragma unroll
        for (int n = 0; n < 3; n++) {
            double s = (double)__sinf((float)E), c = (double)__cosf((float)E);
            E = E - (E - e * s - M) / (1.0 - e * c);
        }
        acc += E;
        M = M + 0.013;
        M = M > 6.283185307179586 ? M - 6.283185307179586 : M;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Kahan's compensated summation in double of a float stream made on the
// fly (a Weyl sequence of increments in [0, 1)), two sums a step; the
// compensation's DADDs form the dependent chain.
extern "C" __global__ void f64_kahan_compensated_sum_two_streams(Args a) {
    unsigned g = gtid();
    double s0 = 0.0, c0 = 0.0, s1 = 0.0, c1 = 0.0;
    double x = (double)a.fin[g & 8191u] - 0.5, y = (double)a.fin[(g + 1u) & 8191u] - 0.5;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x += 0.6180339887498949; x = x >= 1.0 ? x - 1.0 : x;
        y += 0.4142135623730951; y = y >= 1.0 ? y - 1.0 : y;
        double v0 = x - c0, t0k = s0 + v0;
        c0 = (t0k - s0) - v0; s0 = t0k;
        double v1 = y * 1e-3 - c1, t1k = s1 + v1;
        c1 = (t1k - s1) - v1; s1 = t1k;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(s0 - s1 + c0 + c1));
}

// A bond's yield and price in double: log1p of the coupon rate (the
// continuous yield), expm1 of the discounting, both precise; the rate
// fed back within [0.001, 0.2].
extern "C" __global__ void f64_log1p_expm1_precise_bond_yield(Args a) {
    unsigned g = gtid();
    double r = 0.05 * (double)a.fin[g & 8191u], T = 5.0 + (double)(g & 15u), acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double y = log1p(r);
        double d = -expm1(-y * T);
        acc += d / T;
        r = fmin(fmax(fma(0.5, r, 0.1 * d) + 0.002, 0.001), 0.2);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// =====================================================================
// Packed half, bfloat16 and FP8
// =====================================================================

// A sigmoid by a rational-free odd polynomial in packed halves
// (0.5 + x (0.197 - 0.004 x^2), clamped), Horner by __hfma2, four half2
// pairs a step; the outputs mapped back into [-3, 3].
extern "C" __global__ void half2_hfma2_horner_sigmoid_poly_four_pairs(Args a) {
    unsigned g = gtid();
    __half2 x[4];
#pragma unroll
    for (int j = 0; j < 4; j++)
        x[j] = __floats2half2_rn(4.f * (a.fin[(g + (unsigned)j) & 8191u] - 1.f), 3.f - 4.f * a.fin[(g + 9u * (unsigned)j) & 8191u]);
    const __half2 c3 = __float2half2_rn(-0.004f), c1 = __float2half2_rn(0.197f), c0 = __float2half2_rn(0.5f);
    const __half2 lo = __float2half2_rn(0.f), hi = __float2half2_rn(1.f);
    const __half2 s = __float2half2_rn(-6.f), o = __float2half2_rn(3.f);
    __half2 acc = __float2half2_rn(0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 4; j++) {
            __half2 x2 = __hmul2(x[j], x[j]);
            __half2 p = __hfma2(x2, c3, c1);
            p = __hfma2(x[j], p, c0);
            p = __hmin2(__hmax2(p, lo), hi);
            acc = __hadd2(acc, __hmul2(p, __float2half2_rn(0.001f)));
            x[j] = __hfma2(p, s, o);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, __low2float(acc) + __high2float(acc));
}

// A GEMV row in bfloat16x2: eight weight pairs held in registers
// times an activation pair by __hmul2, the products widened to float
// and accumulated in float (the mixed-precision dot), the next
// activation the row's tanh-free squash of the sum.
extern "C" __global__ void bf16x2_gemv_row_float_accumulate(Args a) {
    unsigned g = gtid();
    __nv_bfloat162 w[8];
#pragma unroll
    for (int j = 0; j < 8; j++)
        w[j] = __floats2bfloat162_rn(0.2f * (a.fin[(g + (unsigned)j) & 8191u] - 1.f), 0.25f - 0.2f * a.fin[(g + 17u * (unsigned)j) & 8191u]);
    float x = a.fin[(g + 5u) & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __nv_bfloat162 xv = __floats2bfloat162_rn(x, 0.5f * x + 0.25f);
        float s = 0.f;
#pragma unroll
        for (int j = 0; j < 8; j++) {
            float2 p = __bfloat1622float2(__hmul2(w[j], xv));
            s += p.x + p.y;
        }
        acc += s;
        x = __fdividef(s, 1.f + fabsf(s)) + 0.3f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ReLU6 by __hmax2 and __hmin2 on packed halves, a blend of the clamped
// value with its input by __hfma2, three pairs a step with a
// cross-pair mix; values kept within about -3 to +10.
extern "C" __global__ void half2_hmax2_hmin2_relu6_blend_three_pairs(Args a) {
    unsigned g = gtid();
    __half2 x[3];
#pragma unroll
    for (int j = 0; j < 3; j++)
        x[j] = __floats2half2_rn(6.f * a.fin[(g + 3u * (unsigned)j) & 8191u] - 2.f, 7.f - 6.f * a.fin[(g + (unsigned)j) & 8191u]);
    const __half2 z = __float2half2_rn(0.f), six = __float2half2_rn(6.f), al = __float2half2_rn(0.7f);
    const __half2 be = __float2half2_rn(-0.45f), of = __float2half2_rn(1.3f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __half2 r0 = __hmin2(__hmax2(x[0], z), six), r1 = __hmin2(__hmax2(x[1], z), six), r2 = __hmin2(__hmax2(x[2], z), six);
        x[0] = __hfma2(al, r1, __hfma2(be, x[0], of));
        x[1] = __hfma2(al, r2, __hfma2(be, x[1], of));
        x[2] = __hfma2(al, r0, __hfma2(be, x[2], of));
        acc += __low2float(r0) - __high2float(r2);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Floats rounded to bfloat16 stochastically: a 16-bit random word added
// to the float's bits before truncation (integer IADD and LOP on the
// bit pattern), the random word from xorshift; the rounded value
// dequantized and fed back into an exponential moving average.
extern "C" __global__ void cvt_f32_bf16_stochastic_rounding_ema(Args a) {
    unsigned g = gtid(), h = a.uin[g & 8191u] ^ (g * 0x9e3779b9u) | 1u;
    float m0 = a.fin[g & 8191u], m1 = -a.fin[(g + 1u) & 8191u], x = 0.3f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = xorshift32(h);
        float v0 = fmaf(0.9f, m0, 0.1f * x), v1 = fmaf(0.95f, m1, -0.05f * x);
        unsigned b0 = (__float_as_uint(v0) + (h & 0xffffu)) & 0xffff0000u;
        unsigned b1 = (__float_as_uint(v1) + (h >> 16)) & 0xffff0000u;
        m0 = __uint_as_float(b0); m1 = __uint_as_float(b1);
        acc += m0 + m1;
        x = fmaf(0.25f, m0 - m1, 0.2f * u01(h));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// FP8 E4M3 weights dequantized: each word holds four E4M3 values,
// converted two at a time to half2 (cvt.rn.f16x2.e4m3x2, F2FP), scaled
// and dotted with half2 activations in float; four words a step from a
// register ring rotated by the step's sum.
extern "C" __global__ void cvt_fp8x4_e4m3_dequant_half2_dot(Args a) {
    unsigned g = gtid();
    unsigned q[4];
#pragma unroll
    for (int j = 0; j < 4; j++) q[j] = (a.uin[(g + (unsigned)j) & 8191u] & 0x77777777u) | 0x20202020u;
    __half2 xa = __floats2half2_rn(0.5f, -0.25f), xb = __floats2half2_rn(0.125f, 0.75f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = 0.f;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            __half2_raw lo = __nv_cvt_fp8x2_to_halfraw2((__nv_fp8x2_storage_t)(q[j] & 0xffffu), __NV_E4M3);
            __half2_raw hi = __nv_cvt_fp8x2_to_halfraw2((__nv_fp8x2_storage_t)(q[j] >> 16), __NV_E4M3);
            float2 p = __half22float2(__hmul2(__half2(lo), xa)), r = __half22float2(__hmul2(__half2(hi), xb));
            s += (p.x + p.y) + (r.x + r.y);
        }
        acc += s;
        unsigned t = q[0];
        q[0] = q[1]; q[1] = q[2]; q[2] = q[3];
        q[3] = __funnelshift_l(t, t, (unsigned)__float_as_uint(s) & 7u) & 0x77777777u | 0x20202020u;
        xa = __floats2half2_rn(0.5f, fminf(fmaxf(1e-3f * s, -1.f), 1.f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Integers and bit manipulation
// =====================================================================

// murmur3_32's body: each word multiplied, rotated by 15, multiplied,
// xored into the hash, rotated by 13 and stepped (h * 5 + c), four
// words a step from a register ring refilled with the hash.
__device__ __forceinline__ unsigned rotl32(unsigned x, unsigned r) { return __funnelshift_l(x, x, r); }
extern "C" __global__ void u32_murmur3_body_rotl_four_words(Args a) {
    unsigned g = gtid(), h = a.uin[g & 8191u] ^ g;
    unsigned w[4];
#pragma unroll
    for (int j = 0; j < 4; j++) w[j] = a.uin[(g + 31u * (unsigned)j) & 8191u];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 4; j++) {
            unsigned c = w[j] * 0xcc9e2d51u;
            c = rotl32(c, 15u) * 0x1b873593u;
            h ^= c;
            h = rotl32(h, 13u) * 5u + 0xe6546b64u;
        }
        w[k & 3] ^= h;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(fmix32(h) >> 8));
}

// PCG32: a 64-bit LCG state (IMAD.WIDE and IMAD.HI pairs for the 64-bit
// multiply) and its XSH-RR output (xorshift, shift, rotate by the top
// five bits), two generators a step, their outputs summed as floats.
__device__ __forceinline__ unsigned pcg32_step(unsigned long long& s) {
    unsigned long long old = s;
    s = old * 6364136223846793005ull + 1442695040888963407ull;
    unsigned xs = (unsigned)(((old >> 18) ^ old) >> 27), rot = (unsigned)(old >> 59);
    return __funnelshift_r(xs, xs, rot);
}
extern "C" __global__ void u64_pcg32_xsh_rr_two_generators(Args a) {
    unsigned g = gtid();
    unsigned long long s0 = ((unsigned long long)a.uin[g & 8191u] << 32) | g, s1 = s0 ^ 0xda3e39cb94b95bdbull;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r0 = pcg32_step(s0), r1 = pcg32_step(s1);
        acc += u01(r0) - u01(r1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + (float)(unsigned)(s0 >> 40));
}

// 3-D Morton codes: three 10-bit coordinates spread by the magic-mask
// shifts (x | x << 16, << 8, << 4, << 2 with masks), interleaved, and
// decoded back by the inverse compaction; the coordinates then walked.
__device__ __forceinline__ unsigned spread3(unsigned x) {
    x &= 0x3ffu;
    x = (x | (x << 16)) & 0x030000ffu;
    x = (x | (x << 8)) & 0x0300f00fu;
    x = (x | (x << 4)) & 0x030c30c3u;
    x = (x | (x << 2)) & 0x09249249u;
    return x;
}
__device__ __forceinline__ unsigned compact3(unsigned x) {
    x &= 0x09249249u;
    x = (x | (x >> 2)) & 0x030c30c3u;
    x = (x | (x >> 4)) & 0x0300f00fu;
    x = (x | (x >> 8)) & 0x030000ffu;
    x = (x | (x >> 16)) & 0x3ffu;
    return x;
}
extern "C" __global__ void u32_morton3d_encode_decode_magic_masks(Args a) {
    unsigned g = gtid(), x = g & 1023u, y = (g >> 3) & 1023u, z = a.uin[g & 8191u] & 1023u, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned m = spread3(x) | (spread3(y) << 1) | (spread3(z) << 2);
        acc += m >> 7;
        unsigned m2 = m + 0x49u;
        x = (compact3(m2) + 3u) & 1023u;
        y = (compact3(m2 >> 1) ^ x) & 1023u;
        z = (compact3(m2 >> 2) + y) & 1023u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Packed record fields by the bit-field instructions: bfe.u32 extracts
// (BFE is lowered to shifts and masks or SGXT on sm_90) of a 5-6-5
// colour and a 12-bit count, arithmetic on the fields, bfi.b32 inserts
// back; two records a step.
__device__ __forceinline__ unsigned bfe32(unsigned x, unsigned pos, unsigned len) {
    unsigned r;
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(pos), "r"(len));
    return r;
}
__device__ __forceinline__ unsigned bfi32(unsigned f, unsigned x, unsigned pos, unsigned len) {
    unsigned r;
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(f), "r"(x), "r"(pos), "r"(len));
    return r;
}
extern "C" __global__ void u32_bfe_bfi_packed_record_fields(Args a) {
    unsigned g = gtid(), r0 = a.uin[g & 8191u], r1 = a.uin[(g + 1u) & 8191u], acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned R = bfe32(r0, 11u, 5u), G = bfe32(r0, 5u, 6u), B = bfe32(r0, 0u, 5u), n = bfe32(r0, 16u, 12u);
        unsigned R1 = bfe32(r1, 11u, 5u), G1 = bfe32(r1, 5u, 6u), n1 = bfe32(r1, 16u, 12u);
        acc += R + G + B + n1;
        r0 = bfi32((R + G1) & 31u, r0, 11u, 5u);
        r0 = bfi32((G + 7u) & 63u, r0, 5u, 6u);
        r0 = bfi32((n + 1u) & 4095u, r0, 16u, 12u);
        r1 = bfi32((R1 ^ B) & 31u, r1, 11u, 5u);
        r1 = bfi32((n1 + G) & 4095u, r1, 16u, 12u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc ^ r0 ^ r1));
}

// Endianness conversion and byte shuffles by __byte_perm (PRMT): a
// 32-bit swap, a 16-bit halves swap and a byte gather of two words, as
// a network-packet header parser would, four words a step.
extern "C" __global__ void u32_prmt_byte_perm_endian_swaps(Args a) {
    unsigned g = gtid(), w[4], acc = 0;
#pragma unroll
    for (int j = 0; j < 4; j++) w[j] = a.uin[(g + 3u * (unsigned)j) & 8191u];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned b0 = __byte_perm(w[0], 0u, 0x0123u);
        unsigned b1 = __byte_perm(w[1], 0u, 0x1032u);
        unsigned b2 = __byte_perm(w[2], w[3], 0x7351u);
        unsigned b3 = __byte_perm(w[3], w[0], 0x6420u);
        acc += (b0 >> 16) + (b1 & 0xffffu) + (b2 >> 24) + (b3 & 0xffu);
        w[0] = b1 + 0x01000193u; w[1] = b2 ^ b0; w[2] = b3 + k; w[3] = b0 ^ (b2 << 1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Int8 dot products by __dp4a (IDP.4A) over 16 bytes of activations and
// weights, requantized to int8 by a fixed-point multiplier, rounding
// shift and saturation (the TFLite-style output stage).
extern "C" __global__ void s32_dp4a_int8_dot_requantize(Args a) {
    unsigned g = gtid();
    int wv[4], xv[4];
#pragma unroll
    for (int j = 0; j < 4; j++) {
        wv[j] = (int)(a.uin[(g + (unsigned)j) & 8191u] & 0x3f3f3f3fu);
        xv[j] = (int)(a.uin[(g + 7u * (unsigned)j) & 8191u] ^ 0x80808080u);
    }
    int acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int s = 0;
        s = __dp4a(xv[0], wv[0], s); s = __dp4a(xv[1], wv[1], s);
        s = __dp4a(xv[2], wv[2], s); s = __dp4a(xv[3], wv[3], s);
        long long p = (long long)s * 1518500250ll;
        int q = (int)((p + (1ll << 37)) >> 38);
        q = max(-128, min(127, q + 3));
        acc += q;
        unsigned qb = (unsigned)(q & 0xff) * 0x01010101u;
        xv[k & 3] = (int)(__byte_perm((unsigned)xv[k & 3], qb, 0x5410u) ^ 0x00010001u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Signed 32-bit division and remainder by run-time divisors (the
// compiler's reciprocal-and-correct sequence with sign fix-ups): a
// value split into quotient and remainder by two divisors a step.
extern "C" __global__ void s32_div_rem_runtime_signed_divisors(Args a) {
    unsigned g = gtid();
    int d0 = 3 + (int)(a.uin[g & 8191u] & 1023u), d1 = -(7 + (int)(a.uin[(g + 1u) & 8191u] & 255u));
    int v = (int)(a.uin[(g + 2u) & 8191u] >> 2) - (1 << 29), acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int q0 = v / d0, r0 = v % d0;
        int q1 = v / d1, r1 = v % d1;
        acc += r0 - r1;
        v = (q0 ^ (q1 << 2)) + r0 * 977 - r1 * 131071 + (k << 12);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)v);
}

// ChaCha's quarter round on a 4 × 4 word state, a column round and a
// diagonal round a step (eight quarter rounds: IADD, LOP3 and rotates
// by 16, 12, 8 and 7 through SHF funnel shifts).
#define CHACHA_QR(a_, b_, c_, d_)                      \
    a_ += b_; d_ ^= a_; d_ = __funnelshift_l(d_, d_, 16); \
    c_ += d_; b_ ^= c_; b_ = __funnelshift_l(b_, b_, 12); \
    a_ += b_; d_ ^= a_; d_ = __funnelshift_l(d_, d_, 8);  \
    c_ += d_; b_ ^= c_; b_ = __funnelshift_l(b_, b_, 7);
extern "C" __global__ void u32_chacha_double_round_funnel_shifts(Args a) {
    unsigned g = gtid(), x[16];
#pragma unroll
    for (int j = 0; j < 16; j++) x[j] = a.uin[(g + 5u * (unsigned)j) & 8191u] ^ (unsigned)j;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        CHACHA_QR(x[0], x[4], x[8], x[12]); CHACHA_QR(x[1], x[5], x[9], x[13]);
        CHACHA_QR(x[2], x[6], x[10], x[14]); CHACHA_QR(x[3], x[7], x[11], x[15]);
        CHACHA_QR(x[0], x[5], x[10], x[15]); CHACHA_QR(x[1], x[6], x[11], x[12]);
        CHACHA_QR(x[2], x[7], x[8], x[13]); CHACHA_QR(x[3], x[4], x[9], x[14]);
    }
    long long t1 = clock64();
    unsigned s = 0;
#pragma unroll
    for (int j = 0; j < 16; j++) s += x[j];
    finish(a, t0, t1, (float)s);
}

// =====================================================================
// Conversions
// =====================================================================

// Q16.16 fixed point: floats converted by __float2int_rn and
// __float2int_rz (F2I in two rounding modes), multiplied in 64 bits and
// shifted, back to float by __int2float_rn and __int2float_rd (I2F);
// the value kept within about +-3, a ramp added so it keeps moving.
extern "C" __global__ void cvt_f2i_i2f_rounding_modes_q16_fixed_point(Args a) {
    unsigned g = gtid();
    float x = a.fin[g & 8191u] - 1.f, y = 2.f * a.fin[(g + 1u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int qx = __float2int_rn(x * 65536.f), qy = __float2int_rz(y * 65536.f);
        int qp = (int)(((long long)qx * qy) >> 16);
        float p = __int2float_rn(qp) * (1.f / 65536.f), s = __int2float_rd(qx + qy) * (1.f / 65536.f);
        acc += p;
        x = fmaf(-0.6f, p, 0.3f * s) + fmaf(1e-3f, (float)(k & 127), 0.1f);
        y = fmaf(0.5f, s, -0.8f * p) + 0.7f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Mixed-precision iterative refinement of a 2 × 2 solve: the solution in
// float by Cramer's rule, the residual in double (F2F widenings and
// DFMAs), the correction back in float (F2F narrowing); the right-hand
// side changes each step.
extern "C" __global__ void cvt_f32_f64_mixed_precision_refinement_2x2(Args a) {
    unsigned g = gtid();
    const float A00 = 2.f + a.fin[g & 8191u], A01 = 0.3f, A10 = -0.4f, A11 = 1.5f + a.fin[(g + 1u) & 8191u];
    const float idet = 1.f / (A00 * A11 - A01 * A10);
    float b0 = 1.f, b1 = -0.5f, x0 = 0.f, x1 = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int it = 0; it < 2; it++) {
            double r0 = (double)b0 - fma((double)A00, (double)x0, (double)A01 * (double)x1);
            double r1 = (double)b1 - fma((double)A10, (double)x0, (double)A11 * (double)x1);
            float f0 = (float)r0, f1 = (float)r1;
            x0 += (A11 * f0 - A01 * f1) * idet;
            x1 += (A00 * f1 - A10 * f0) * idet;
        }
        acc += x0 - x1;
        b0 = fmaf(0.5f, x1, 0.9f); b1 = fmaf(-0.4f, x0, 0.2f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Warp collectives
// =====================================================================

// A warp sum by a __shfl_down_sync tree (five levels, the total in lane
// 0), broadcast back by __shfl_sync from lane 0, each lane's value then
// relaxed towards the warp mean.
extern "C" __global__ void warp_shfl_down_tree_sum_lane0_broadcast(Args a) {
    unsigned g = gtid();
    float v = a.fin[g & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = v;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(FULL_MASK, s, o);
        float tot = __shfl_sync(FULL_MASK, s, 0);
        acc += tot;
        v = fmaf(0.5f, v, fmaf(tot, 1.f / 128.f, 0.01f * (float)(g & 3u)));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Grouping lanes by key with __match_any_sync (MATCH.ANY): the lanes
// sharing a bucket key elect their lowest lane as leader, which counts
// the group by popc (a per-bucket aggregation before an atomic); keys
// from xorshift over 8 buckets.
extern "C" __global__ void warp_match_any_sync_bucket_groups(Args a) {
    unsigned g = gtid(), lane = threadIdx.x & 31u, h = a.uin[g & 8191u] ^ (g * 0x9e3779b9u) | 1u, acc = 0, lead = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = xorshift32(h);
        unsigned key = h >> 29;
        unsigned grp = __match_any_sync(FULL_MASK, key);
        bool leader = (__ffs(grp) - 1) == (int)lane;
        lead += leader;
        acc += leader ? __popc(grp) * (key + 1u) : 0u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc + lead));
}

// Stream compaction within a warp: a predicate's __ballot_sync, each
// surviving lane's rank by popc of the lower lanes' bits, the warp's
// survivor count carried as a running output offset; the predicate on
// a value smoothed from xorshift draws (half the lanes survive).
extern "C" __global__ void warp_ballot_popc_compaction_rank_offsets(Args a) {
    unsigned g = gtid(), lane = threadIdx.x & 31u, lt = (1u << lane) - 1u;
    float x = a.fin[g & 8191u] - 1.f;
    unsigned h = a.uin[g & 8191u] ^ (g * 0x9e3779b9u) | 1u, off = 0, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        bool keep = x > 0.f;
        unsigned b = __ballot_sync(FULL_MASK, keep);
        unsigned pos = off + __popc(b & lt);
        acc += keep ? (pos & 255u) : 0u;
        off += __popc(b);
        h = xorshift32(h);
        x = fmaf(0.5f, x, u01(h) - 0.5f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc + off));
}

// A bitonic sort of 32 keys across a warp's lanes: fifteen
// compare-exchange stages by __shfl_xor_sync with the direction from
// the lane's bits, then the sorted keys perturbed for the next step.
extern "C" __global__ void warp_shfl_xor_bitonic_sort_32_keys(Args a) {
    unsigned g = gtid(), lane = threadIdx.x & 31u;
    unsigned key = a.uin[g & 8191u], acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (unsigned sz = 2; sz <= 32; sz <<= 1) {
#pragma unroll
            for (unsigned st = sz >> 1; st > 0; st >>= 1) {
                unsigned o = __shfl_xor_sync(FULL_MASK, key, st);
                bool up = ((lane & sz) == 0u) == ((lane & st) == 0u);
                key = up ? min(key, o) : max(key, o);
            }
        }
        acc += key >> 20;
        key = key * 0x2c1b3c6du + lane * 0x9e3779b9u + (unsigned)k;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// An argmax across the warp by a __shfl_xor_sync butterfly carrying
// value and index (ties to the lower index), every lane ending with the
// winner; the winner's lane damped so the maximum moves around.
extern "C" __global__ void warp_shfl_xor_argmax_value_index(Args a) {
    unsigned g = gtid(), lane = threadIdx.x & 31u;
    float v = a.fin[g & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float bv = v;
        unsigned bi = lane;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            float ov = __shfl_xor_sync(FULL_MASK, bv, o);
            unsigned oi = __shfl_xor_sync(FULL_MASK, bi, o);
            bool take = ov > bv || (ov == bv && oi < bi);
            bv = take ? ov : bv;
            bi = take ? oi : bi;
        }
        acc += bv + (float)bi;
        v = bi == lane ? 0.5f * v : fmaf(v, 1.01f, 0.003f);
        v = fminf(v, 2.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Shared memory
// =====================================================================

// A 256-bin histogram a warp in shared memory (32 warps' private
// copies, 32 KiB): byte keys from a skewed generator, four shared
// atomicAdd a step (ATOMS.ADD with the returned value unused, lanes
// colliding on popular bins).
extern "C" __global__ void smem_histogram_256_bins_per_warp_atomicadd(Args a) {
    __shared__ unsigned hist[32][256];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    for (unsigned e = lane; e < 256u; e += 32u) hist[w][e] = 0u;
    __syncwarp();
    unsigned g = gtid(), h = a.uin[g & 8191u] ^ (g * 0x9e3779b9u) | 1u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = xorshift32(h);
        unsigned b0 = (h & 0xffu) & ((h >> 8) & 0xffu), b1 = (h >> 16) & 0xffu;
        unsigned b2 = ((h >> 24) * (h & 0xffu)) >> 8, b3 = (h >> 12) & 0x3fu;
        atomicAdd(&hist[w][b0], 1u);
        atomicAdd(&hist[w][b1], 1u);
        atomicAdd(&hist[w][b2], 1u);
        atomicAdd(&hist[w][b3], 1u);
    }
    long long t1 = clock64();
    __syncwarp();
    finish(a, t0, t1, (float)hist[w][lane * 8u]);
}

// Doubles in shared memory read at a stride of two elements (16 bytes:
// lane i reads words 4i and 4i + 1), so a warp's LDS.64 spans 512
// bytes, each half-warp's banks two-way conflicted (four wavefronts, not
// two); a per-warp row updated by a moving smoothing filter.
extern "C" __global__ void smem_f64_stride2_two_way_conflict_filter(Args a) {
    __shared__ double row[32][64];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    row[w][lane] = (double)a.fin[gtid() & 8191u];
    row[w][lane + 32u] = 1.0 - 0.5 * (double)a.fin[(gtid() + 3u) & 8191u];
    __syncwarp();
    double acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned i = (2u * lane + (unsigned)k) & 63u;
        double p = row[w][i], q = row[w][(i + 2u) & 63u];
        double y = fma(0.5, p, 0.25 * q) + 0.25;
        __syncwarp();
        row[w][(i + 1u) & 63u] = y;
        __syncwarp();
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A block-wide inclusive scan by Kogge-Stone in shared memory: log2(B)
// levels, each a read of the element d back, a __syncthreads, a write
// and a __syncthreads; the block total fed back into each value.
extern "C" __global__ void smem_kogge_stone_block_scan_syncthreads(Args a) {
    __shared__ float buf[1024];
    unsigned t = threadIdx.x, B = blockDim.x;
    float v = a.fin[gtid() & 8191u] - 1.f, acc = 0.f;
    const float invB = 1.f / (float)B;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        buf[t] = v;
        __syncthreads();
        for (unsigned d = 1; d < B; d <<= 1) {
            float x = t >= d ? buf[t - d] : 0.f;
            __syncthreads();
            buf[t] += x;
            __syncthreads();
        }
        float pre = buf[t], tot = buf[B - 1u];
        __syncthreads();
        acc += pre;
        v = fmaf(0.5f, v, fmaf(-0.25f * tot, invB, 0.01f * (float)(t & 15u)));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A per-warp 32 × 32 float tile padded to 33 columns, written by rows
// and read by columns (lane i reads element [i][c]: banks i + c,
// conflict-free by the padding), two columns a step, the tile rewritten
// in place one column on (conflict-free too).
extern "C" __global__ void smem_padded_33_tile_column_reads(Args a) {
    __shared__ float tile[8][32][33];
    unsigned lane = threadIdx.x & 31u, w = (threadIdx.x >> 5) & 7u;
    for (unsigned r = 0; r < 32u; r++) tile[w][r][lane] = a.fin[(r * 32u + lane + gtid()) & 8191u];
    __syncwarp();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = (unsigned)k & 31u;
        float p = tile[w][lane][c], q = tile[w][lane][(c + 16u) & 31u];
        float y = fmaf(0.5f, p, 0.5f * q);
        acc += y;
        tile[w][lane][(c + 1u) & 31u] = fmaf(0.9f, y, 0.1f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ldmatrix.x4 of a per-warp 32 × 64 half tile stored with the 16-byte
// chunks XOR-swizzled by the row (chunk ^ (row & 7), so the eight rows a
// phase reads hit distinct banks), the fragment fed to mma.sync
// m16n8k16 f16 with float accumulators against a B held in registers.
extern "C" __global__ void smem_ldmatrix_x4_xor_swizzle_mma_m16n8k16(Args a) {
    __shared__ __align__(16) __half tile[8][32][64];
    unsigned lane = threadIdx.x & 31u, w = (threadIdx.x >> 5) & 7u, g = gtid();
    for (unsigned r = 0; r < 32u; r++) {
        unsigned c = lane * 2u;
        tile[w][r][c] = __float2half(0.02f * (a.fin[(g + r * 64u + c) & 8191u] - 1.f));
        tile[w][r][c + 1u] = __float2half(0.01f * a.fin[(g + r * 64u + c + 1u) & 8191u]);
    }
    __syncwarp();
    unsigned b0, b1;
    {
        __half2 p = __floats2half2_rn(0.03f * a.fin[(g + 1u) & 8191u], -0.02f), q = __floats2half2_rn(0.01f, 0.02f * a.fin[(g + 2u) & 8191u]);
        b0 = *reinterpret_cast<unsigned*>(&p);
        b1 = *reinterpret_cast<unsigned*>(&q);
    }
    float c[4] = {0.f, 0.f, 0.f, 0.f};
    const unsigned base = smem_u32(&tile[w][0][0]);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned row = (lane & 15u) + 16u * (((unsigned)k >> 2) & 1u);
        unsigned chunk = (lane >> 4) + 2u * ((unsigned)k & 3u);
        unsigned addr = base + row * 128u + ((chunk ^ (row & 7u)) << 4);
        unsigned r0, r1, r2, r3;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(addr));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(r0), "r"(r1), "r"(r2), "r"(r3), "r"(b0), "r"(b1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c[0] + c[1]) - (c[2] + c[3]));
}

// A 5-point Jacobi-style stencil on a block-shared 34 × 34 float tile
// (a 32 × 32 interior with a one-element halo, rows of 34 floats): each
// warp updates one interior row a step in place (rows rotate with the
// step; races between warps change values, not banks), four neighbour
// reads and one write.
extern "C" __global__ void smem_tile_5point_stencil_halo_inplace(Args a) {
    __shared__ float T[34][34];
    for (unsigned e = threadIdx.x; e < 34u * 34u; e += blockDim.x) T[e / 34u][e % 34u] = a.fin[(e + blockIdx.x) & 8191u];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5, c = lane + 1u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = 1u + ((w + (unsigned)k) & 31u);
        float y = 0.2f * (T[r][c] + T[r - 1u][c] + T[r + 1u][c] + T[r][c - 1u] + T[r][c + 1u]);
        T[r][c] = fmaf(0.98f, y, 0.02f);
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Global memory streams, strides and gathers
// =====================================================================

// A float4 copy through the read-only data path (__ldg, LDG.E.128.CONSTANT)
// from the first half of the footprint into the second, grid-stride,
// one float4 a step.
extern "C" __global__ void stream_copy_float4_ldg_readonly_path(Args a) {
    unsigned h4 = (a.bigMask + 1u) >> 3, m = h4 - 1u, T = gthreads(), i = gtid();
    const float4* S = reinterpret_cast<const float4*>(a.big);
    float4* D = reinterpret_cast<float4*>(a.big) + h4;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        D[j] = __ldg(&S[j]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// A dot product in double of two arrays (the footprint's halves read as
// doubles), two elements of each a step a grid stride apart, two DFMA
// chains.
extern "C" __global__ void stream_dot_f64_two_arrays(Args a) {
    unsigned hd = (a.bigMask + 1u) >> 2, m = hd - 1u, T = gthreads(), i = gtid();
    const double* X = reinterpret_cast<const double*>(a.big);
    const double* Y = X + hd;
    double s0 = 0.0, s1 = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        s0 = fma(X[j & m], Y[j & m], s0);
        s1 = fma(X[(j + T) & m], Y[(j + T) & m], s1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((s0 + s1) * 1e36));
}

// Floats converted to half for storage: a float2 read (LDG.64) from the
// first half of the footprint, scaled, packed to half2 (F2FP) and
// stored (STG.32) into the second half; two a step.
extern "C" __global__ void stream_convert_float2_to_half2_store(Args a) {
    unsigned h2 = (a.bigMask + 1u) >> 2, m = h2 - 1u, T = gthreads(), i = gtid();
    const float2* S = reinterpret_cast<const float2*>(a.big);
    __half2* D = reinterpret_cast<__half2*>(a.big + 2u * h2);
    const float sc = 8.f + (float)(i & 7u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        float2 u = S[j & m], v = S[(j + T) & m];
        D[j & m] = __floats2half2_rn(u.x * sc, u.y * sc);
        D[(j + T) & m] = __floats2half2_rn(v.x * sc, v.y * sc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, sc);
}

// Floats at a stride of eight (32 bytes: one float used of each sector,
// a warp's load over eight lines), two loads a step a grid stride apart
// (the first field of 32-byte records).
extern "C" __global__ void strided_float_stride8_one_per_sector(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        s0 += X[(j * 8u) & m];
        s1 = fmaxf(s1, X[((j + T) * 8u) & m]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// Gathers at hashed indices over the whole footprint (a random embedding
// lookup): the murmur3 finalizer of the thread and step, two
// independent LDG.32 a step.
extern "C" __global__ void gather_hashed_float_two_indices(Args a) {
    unsigned m = a.bigMask, g = gtid(), key = g * 0x9e3779b9u;
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned h = fmix32(key + (unsigned)k);
        s0 += X[h & m];
        s1 += X[(h >> 7) * 0x2c1b3c6du & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 - s1);
}

// A scatter of stores by a permutation: element j goes to
// (j × an odd constant) mod the footprint (a bijection, so no two
// stores collide within a sweep), two STG.32 a step with nothing read.
extern "C" __global__ void scatter_float_odd_multiplier_permutation(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    float* Y = a.big;
    const float c = 0.001f * (float)(i & 255u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        Y[(j * 0x9e3779b1u) & m] = c + (float)(k & 15);
        Y[((j + T) * 0x9e3779b1u) & m] = c - (float)(k & 15);
    }
    long long t1 = clock64();
    finish(a, t0, t1, c);
}

// Particles in structure-of-arrays form (x, y, z each a quarter of the
// footprint) updated in place by a damped rotation about z and a pull
// towards the plane: three loads and three stores a particle, one a
// step.
extern "C" __global__ void soa_particles_xyz_inplace_damped_rotation(Args a) {
    unsigned q = (a.bigMask + 1u) >> 2, m = q - 1u, T = gthreads(), i = gtid();
    float* X = a.big;
    float* Y = a.big + q;
    float* Z = a.big + 2u * q;
    const float c = 0.995f, s = 0.0998f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float x = X[j], y = Y[j], z = Z[j];
        X[j] = fmaf(c, x, -s * y) + 0.001f;
        Y[j] = fmaf(s, x, c * y);
        Z[j] = fmaf(0.9f, z, 0.001f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// Particles as 12-byte structures (float3 x, y, z, unaligned to 16, so
// a lane's fields straddle sectors and the loads are three LDG.32)
// updated in place by the same kind of damped motion, one a step.
struct P3 { float x, y, z; };
extern "C" __global__ void aos_float3_12byte_particles_inplace(Args a) {
    unsigned n = (a.bigMask + 1u) >> 2, m = n - 1u, T = gthreads(), i = gtid();
    P3* P = reinterpret_cast<P3*>(a.big);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        P3 p = P[j];
        p.x = fmaf(0.99f, p.x, 0.01f * p.y);
        p.y = fmaf(0.99f, p.y, -0.01f * p.z) + 0.0005f;
        p.z = fmaf(0.98f, p.z, 0.0002f);
        P[j] = p;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// A 5-point 2-D stencil over an image with a pitch of 1024 floats (the
// first half of the footprint) into the second half: centre, left and
// right (shared lines), up and down (lines a row away), one store.
extern "C" __global__ void stencil_global_2d_5point_pitch1024(Args a) {
    unsigned h = (a.bigMask + 1u) >> 1, m = h - 1u, T = gthreads(), i = gtid();
    const float* U = a.big;
    float* V = a.big + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * T + 1025u;
        float y = fmaf(0.6f, U[j & m], 0.1f * ((U[(j - 1u) & m] + U[(j + 1u) & m]) + (U[(j - 1024u) & m] + U[(j + 1024u) & m])));
        V[j & m] = y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// Words scrambled in place (a buffer of random state re-stirred):
// xorshift of each word (twice for the second), two loads and two
// stores a step a grid stride apart (the words never reach zero).
extern "C" __global__ void inplace_u32_xorshift_scramble_words(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    unsigned* W = reinterpret_cast<unsigned*>(a.big);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        unsigned u = W[j & m], v = W[(j + T) & m];
        W[j & m] = xorshift32(u);
        W[(j + T) & m] = xorshift32(xorshift32(v));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// =====================================================================
// Global atomics and reductions
// =====================================================================

// A 1024-bin histogram in global memory (the first 4 KiB of the
// footprint) of words read from the rest of it, their bins hashed with
// the position: one LDG.32 and one atomicAdd with the value unused
// (RED.ADD) a step, every SM's warps contending for the same bins.
extern "C" __global__ void atomic_add_u32_global_histogram_1024_bins(Args a) {
    unsigned* H = reinterpret_cast<unsigned*>(a.big);
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const unsigned* X = H;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = ((i + (unsigned)k * T) | 1024u) & m;
        unsigned bin = fmix32(X[j] ^ j) & 1023u;
        atomicAdd(&H[bin], 1u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// A visited bitmap over the footprint (a BFS frontier's dedup): each
// step sets a hashed bit by atomicOr and reads the old word back (ATOM.OR
// with the value used) to tell a first visit; two a step.
extern "C" __global__ void atomic_or_bitmap_set_first_visit(Args a) {
    unsigned* B = reinterpret_cast<unsigned*>(a.big);
    unsigned m = a.bigMask, g = gtid(), key = a.uin[g & 8191u] ^ (g * 0x85ebca6bu), fresh = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned h = fmix32(key + (unsigned)k * 0x9e3779b9u), h2 = h * 0x2c1b3c6du + 0x6b43a9b5u;
        unsigned o0 = atomicOr(&B[(h >> 5) & m], 1u << (h & 31u));
        unsigned o1 = atomicOr(&B[(h2 >> 5) & m], 1u << (h2 & 31u));
        fresh += ((o0 >> (h & 31u)) & 1u) ^ 1u;
        fresh += ((o1 >> (h2 & 31u)) & 1u) ^ 1u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)fresh);
}

// A grid-stride float sum (two LDG.32 a step from the second half of the
// footprint), the warp's sum by a __shfl_xor_sync butterfly, lane 0
// adding it to one of 64 per-block counters (a line apart, at the start
// of the footprint) by atomicAdd with the value unused (RED.ADD.F32).
extern "C" __global__ void reduce_float_shfl_xor_warp_red_counter(Args a) {
    unsigned hh = (a.bigMask + 1u) >> 1, m = hh - 1u, T = gthreads(), i = gtid(), lane = threadIdx.x & 31u;
    const float* X = a.big + hh;
    float* ctr = a.big + (blockIdx.x & 63u) * 32u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        float v = X[j & m] + X[(j + T) & m];
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL_MASK, v, o);
        if (lane == 0u) atomicAdd(ctr, v);
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// cp.async pipeline (inline PTX)
// =====================================================================

// A four-stage pipeline of 16-byte cp.async.cg copies a warp (one
// float4 a lane, 512 bytes a stage, a warp's rows a grid of warps
// apart): each step issues the stage three ahead, commits, waits until
// at most three groups are pending, and reads the current stage's
// float4 of the neighbouring lane (16 warps' buffers, 32 KiB: warps w
// and w + 16 share one, which changes values, not the banks).
extern "C" __global__ void cp_async_cg16_four_stage_warp_pipeline(Args a) {
    __shared__ __align__(16) float4 st[16][4][32];
    unsigned m4 = ((a.bigMask + 1u) >> 2) - 1u, lane = threadIdx.x & 31u, w = (threadIdx.x >> 5) & 15u;
    unsigned gw = gtid() >> 5, nw = gthreads() >> 5;
    const float4* X = reinterpret_cast<const float4*>(a.big);
#pragma unroll
    for (unsigned s = 0; s < 3u; s++) {
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_u32(&st[w][s][lane])),
                     "l"(X + (((gw + s * nw) * 32u + lane) & m4)));
        asm volatile("cp.async.commit_group;\n" ::);
    }
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned nx = (unsigned)k + 3u;
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_u32(&st[w][nx & 3u][lane])),
                     "l"(X + (((gw + nx * nw) * 32u + lane) & m4)));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 3;\n" ::);
        __syncwarp();
        float4 v = st[w][(unsigned)k & 3u][(lane + 1u) & 31u];
        __syncwarp();
        acc.x += v.x; acc.y += v.y; acc.z -= v.z; acc.w -= v.w;
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_group 0;\n" ::);
    finish(a, t0, t1, (acc.x + acc.y) + (acc.z + acc.w));
}

// =====================================================================
// Tensor cores (inline PTX)
// =====================================================================

// mma.sync m16n8k16 f16 with half accumulators (HMMA.16816.F16), four
// independent tiles a step sharing the A fragment; small operands keep
// the half sums within a few units over the run.
extern "C" __global__ void mma_m16n8k16_f16_f16acc_four_tiles(Args a) {
    unsigned g = gtid();
    unsigned ar[4], br[4][2], c[4][2];
#pragma unroll
    for (int j = 0; j < 4; j++) {
        __half2 ha = __floats2half2_rn(0.01f * (a.fin[(g + (unsigned)j) & 8191u] - 1.f), 0.005f);
        ar[j] = *reinterpret_cast<unsigned*>(&ha);
#pragma unroll
        for (int q = 0; q < 2; q++) {
            __half2 hb = __floats2half2_rn(0.01f * a.fin[(g + 3u * (unsigned)j + (unsigned)q) & 8191u], -0.004f * (float)(j + 1));
            br[j][q] = *reinterpret_cast<unsigned*>(&hb);
            c[j][q] = 0u;
        }
    }
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 4; j++)
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};\n"
                         : "+r"(c[j][0]), "+r"(c[j][1])
                         : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(br[j][0]), "r"(br[j][1]));
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int j = 0; j < 4; j++) {
        __half2 h0 = *reinterpret_cast<__half2*>(&c[j][0]), h1 = *reinterpret_cast<__half2*>(&c[j][1]);
        s += __low2float(h0) - __high2float(h1);
    }
    finish(a, t0, t1, s);
}

// 8-bit integer tensor-core tiles: mma.sync m16n8k32 s8 with s32
// accumulators (IMMA.16832.S8.S8), two tiles a step sharing the A
// fragment; bytes within -128..63 keep the sums far from overflow over
// the run.
extern "C" __global__ void mma_m16n8k32_s8_s32acc_two_tiles(Args a) {
    unsigned g = gtid();
    unsigned ar[4], b0[2], b1[2];
#pragma unroll
    for (int j = 0; j < 4; j++) ar[j] = a.uin[(g + (unsigned)j) & 8191u] & 0x37373737u;
#pragma unroll
    for (int j = 0; j < 2; j++) {
        b0[j] = a.uin[(g + 9u + (unsigned)j) & 8191u] & 0x3f3f3f3fu;
        b1[j] = (a.uin[(g + 21u + (unsigned)j) & 8191u] & 0x3f3f3f3fu) ^ 0x80808080u;
    }
    int c[4] = {0, 0, 0, 0}, d[4] = {0, 0, 0, 0};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
                     : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(b0[0]), "r"(b0[1]));
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                     : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(b1[0]), "r"(b1[1]));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((c[0] - c[3]) + (d[1] - d[2])));
}

// =====================================================================
// Loops whose trip counts depend on data
// =====================================================================

// Stein's binary GCD of a fresh pair of words a step: the common power of
// two by ctz (BREV and FLO), then an inner loop of shifts by ctz,
// a min/max swap and a subtraction until one reaches zero (about 0.7
// trips a bit, lanes diverging by their operands).
extern "C" __global__ void u32_binary_gcd_stein_ctz_pairs(Args a) {
    unsigned g = gtid(), h = a.uin[g & 8191u] ^ (g * 0x9e3779b9u) | 1u, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = xorshift32(h);
        unsigned u = (h & 0xfffffu) | 0x100000u, v = (h >> 11) | 0x200000u;
        unsigned sh = __ffs(u | v) - 1u;
        u >>= __ffs(u) - 1u;
        do {
            v >>= __ffs(v) - 1u;
            unsigned lo = min(u, v), hi = max(u, v);
            u = lo;
            v = hi - lo;
        } while (v != 0u);
        acc += u << sh;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Connectivity queries in a union-find forest in shared memory (1024
// nodes, each node's parent a hashed node of lower index, a random
// recursive tree of expected depth about ln 1024): two finds a step by
// walking parent links to the roots (read-only, no compression, so the
// trip counts stay those of the forest), the roots compared.
extern "C" __global__ void smem_union_find_root_walk_two_queries(Args a) {
    __shared__ unsigned par[1024];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x) {
        unsigned p = e ? fmix32(e * 0x9e3779b9u + 17u) % e : 0u;
        par[e] = (e & 63u) == 0u ? e : p;
    }
    __syncthreads();
    unsigned g = gtid(), h = a.uin[g & 8191u] ^ (g * 0x9e3779b9u) | 1u, same = 0, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = xorshift32(h);
        unsigned x = h & 1023u, y = (h >> 10) & 1023u, p;
        while ((p = par[x]) != x) x = p;
        while ((p = par[y]) != y) y = p;
        same += x == y;
        acc += x ^ y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(same * 1024u + (acc & 1023u)));
}
