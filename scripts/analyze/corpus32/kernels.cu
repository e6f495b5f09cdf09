// A thirty-second validation corpus for gpuarch analyze ("dev32" and
// "heldout32"): fifty-seven loops of the kinds performance engineers
// write, by a writer who has read none of the model, its tests, its
// testdata, its documents or any measurement; of the earlier corpora only
// corpus31's three files (kernels.cu, cases.inc, split.txt) as format
// examples, no loop copied from them, and the harness
// (scripts/analyze/corpus/harness.cu) and the build script
// (scripts/analyze/device.sh). The set: FP32 (two Horner chains of a
// degree-7 polynomial; the precise sincosf; a phasor by the fast __sinf
// and __cosf; the precise tanhf; __fdividef beside the IEEE division;
// the precise powf for gamma correction; an exact GELU by erff; a Kahan
// compensated sum; rsqrtf with a Newton step, four chains; a Mandelbrot
// orbit, eight steps a trip), double (a degree-9 Taylor polynomial, two
// chains; the IEEE division; rsqrt and __drcp_rn; conversions to and
// from 64-bit integers), half and bfloat16 (eight __hfma2 chains; a
// ReLU6 clamp by __hmax2 and __hmin2; scalar bfloat16 __hfma with float
// round trips; float to half conversions in two rounding modes),
// integers (PCG32 on 64-bit state; division by a run-time divisor
// through a magic number and __umulhi; the plain division and remainder
// by a divisor that changes every step; __dp4a and __dp2a_lo; a ChaCha20
// double round; four SHA-256 rounds; a 256-bit add with carries by PTX
// add.cc and addc; __byte_perm; float and integer conversions in four
// rounding modes), warp collectives (__shfl_sync rotations and
// broadcasts; a double reduction by __shfl_down_sync; __ballot_sync
// ranks; __match_any_sync groups; a bitonic sort of 32 values by
// __shfl_xor_sync), shared memory (word reads four ways conflicted
// beside conflict-free odd strides; a 4 × 4 register-tiled SGEMM step;
// 8-byte reads at a stride of three; a fixed-point histogram by integer
// atomicAdd into 256 bins;
// atomicMax on one word a warp and atomicMin on distinct words; a
// Kogge-Stone warp scan through volatile shared memory; one bitonic
// compare-exchange stage of a block with __syncthreads; a 9-tap 1-D
// convolution), tensor cores (mma.sync m16n8k16 bf16 with float
// accumulators; m16n8k32 s8 with s32 accumulators; WMMA f16 m16n16k16
// loading both operands from shared memory every step; ldmatrix.x4 and
// ldmatrix.x2.trans into m16n8k16 f16; m16n8k4 tf32), global memory
// (8-byte float2 streams; a float4 copy from one half into the other;
// streaming __ldcs loads; one float a lane 32 bytes apart; an index
// read then a value gathered by it; an in-place axpy; atomicAdd on
// words with the old value used; a three-stage pipeline of 16-byte
// cp.async.cg; streaming __stcs float4 stores; byte loads widened) and
// two loops whose trip counts depend on data (Euclid's gcd by
// remainders, bounded; a warp's search of a shared array that stops at
// the first match by __ballot_sync).
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

__device__ __forceinline__ unsigned gtid() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ unsigned gthreads() { return gridDim.x * blockDim.x; }

#define FULL_MASK 0xffffffffu

// Chris Wellons' lowbias32 integer hash.
__device__ __forceinline__ unsigned lowbias32(unsigned x) {
    x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
    return x;
}
// Numerical Recipes' 32-bit linear congruential step.
__device__ __forceinline__ unsigned lcg_next(unsigned x) { return x * 1664525u + 1013904223u; }
// A generator word as a float in [0, 1).
__device__ __forceinline__ float unit_float(unsigned x) { return (float)(x >> 8) * (1.f / 16777216.f); }
__device__ __forceinline__ unsigned smem_addr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ unsigned rotl32(unsigned x, unsigned n) { return __funnelshift_l(x, x, n); }

// =====================================================================
// FP32 arithmetic and the math library
// =====================================================================

// A degree-7 polynomial by Horner's rule (seven dependent FFMAs), two
// chains, each fed back through a scaled copy of its value.
extern "C" __global__ void fp32_horner_deg7_polynomial_two_chains(Args a) {
    float x = a.fin[gtid() & 8191u] - 1.f, y = 0.9f - a.fin[(gtid() + 11u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float p = fmaf(fmaf(fmaf(fmaf(fmaf(fmaf(fmaf(-0.0002f, x, 0.0014f), x, -0.0083f), x, 0.0417f), x, -0.1667f), x, 0.5f), x, -1.f), x, 1.f);
        float q = fmaf(fmaf(fmaf(fmaf(fmaf(fmaf(fmaf(0.0003f, y, -0.0019f), y, 0.0091f), y, -0.0398f), y, 0.1512f), y, -0.4711f), y, 0.9873f), y, -0.0021f);
        acc += p + q;
        x = fmaf(p, 0.6f, -0.55f);
        y = fmaf(q, -0.7f, 0.1f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The precise sincosf (the Cody-Waite reduction, arguments kept within
// +-45 so the slow Payne-Hanek path stays cold), the sine and cosine fed
// back into the next angle.
extern "C" __global__ void fp32_sincosf_precise_rotation(Args a) {
    float th = 8.f * (a.fin[gtid() & 8191u] - 1.f), acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s, c;
        sincosf(th, &s, &c);
        acc = fmaf(s, c, acc);
        th = fmaf(s, 40.f, 3.f * c);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A phasor rotated by the fast __sinf and __cosf (MUFU.SIN and MUFU.COS)
// of an angle that drifts, the rotated vector renormalized by a cheap
// scale; two independent phasors.
extern "C" __global__ void fp32_fast_sinf_cosf_phasor_two(Args a) {
    float px = 1.f, py = 0.f, qx = 0.f, qy = 1.f;
    float u = a.fin[gtid() & 8191u] - 0.8f, v = 0.7f - a.fin[(gtid() + 9u) & 8191u];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float su = __sinf(u), cu = __cosf(u), sv = __sinf(v), cv = __cosf(v);
        float nx = px * cu - py * su, ny = fmaf(px, su, py * cu);
        float mx = qx * cv - qy * sv, my = fmaf(qx, sv, qy * cv);
        px = nx; py = ny; qx = mx; qy = my;
        u = fmaf(u, 0.999f, 0.001f * py);
        v = fmaf(v, 0.998f, -0.001f * qx);
    }
    long long t1 = clock64();
    finish(a, t0, t1, px + py + qx + qy);
}

// The precise tanhf on three chains, each fed back as a saturating
// recurrence (values within +-4).
extern "C" __global__ void fp32_tanhf_precise_three_chains(Args a) {
    unsigned g = gtid();
    float x = a.fin[g & 8191u] - 1.f, y = 2.f * a.fin[(g + 2u) & 8191u], z = -a.fin[(g + 4u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float tx = tanhf(x), ty = tanhf(y), tz = tanhf(z);
        acc += tx + ty + tz;
        x = fmaf(tx, 2.5f, 0.3f * x);
        y = fmaf(ty, -2.2f, 0.4f * y);
        z = fmaf(tz, 1.9f, -0.35f * z) + 0.05f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The fast __fdividef (MUFU.RCP and a multiply) in one chain and the
// IEEE division x / y (reciprocal, two refinements, the range check and
// its slow branch) in another, denominators kept in [1, 3].
extern "C" __global__ void fp32_fdividef_beside_ieee_division(Args a) {
    float x = a.fin[gtid() & 8191u], y = a.fin[(gtid() + 3u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float q = __fdividef(1.7f, x + 1.f);
        float r = 2.3f / (y + 1.f);
        acc += q - r;
        x = fmaf(q, 1.1f, 0.2f);
        y = fmaf(r, 0.9f, 0.1f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Gamma encoding and decoding by the precise powf (log2, a double-float
// product, exp2 and the special-case checks) on values in (0, 1].
extern "C" __global__ void fp32_powf_precise_gamma_encode_decode(Args a) {
    float x = a.fin[gtid() & 8191u] - 0.45f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float e = powf(x, 1.f / 2.4f);
        float d = powf(e, 2.2f);
        acc += e - d;
        x = fmaf(d, 0.8f, 0.1f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The exact GELU, 0.5 x (1 + erf(x / sqrt 2)), by the precise erff, two
// chains.
extern "C" __global__ void fp32_erff_exact_gelu_two_chains(Args a) {
    float x = 2.f * (a.fin[gtid() & 8191u] - 1.f), y = 1.5f - a.fin[(gtid() + 5u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float gx = 0.5f * x * (1.f + erff(x * 0.70710678f));
        float gy = 0.5f * y * (1.f + erff(y * 0.70710678f));
        acc += gx + gy;
        x = fmaf(gx, -1.3f, 0.4f);
        y = fmaf(gy, 1.2f, -0.9f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A Kahan compensated sum of generated values (the compensation chain:
// four dependent FADDs a step after the generator).
extern "C" __global__ void fp32_kahan_compensated_sum(Args a) {
    unsigned x = lowbias32(gtid() + 301u);
    float s = 0.f, c = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        float v = unit_float(x) * 1e-3f + 1.f;
        float y = v - c;
        float t = s + y;
        c = (t - s) - y;
        s = t;
    }
    long long t1 = clock64();
    finish(a, t0, t1, s + c);
}

// The fast reciprocal square root rsqrtf (MUFU.RSQ) refined by one
// Newton step, r (1.5 - 0.5 x r^2), four independent chains.
extern "C" __global__ void fp32_rsqrtf_newton_step_four_chains(Args a) {
    unsigned g = gtid();
    float x0 = a.fin[g & 8191u], x1 = a.fin[(g + 1u) & 8191u] + 0.5f, x2 = a.fin[(g + 2u) & 8191u] + 1.f, x3 = a.fin[(g + 3u) & 8191u] * 2.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float r0 = rsqrtf(x0), r1 = rsqrtf(x1), r2 = rsqrtf(x2), r3 = rsqrtf(x3);
        r0 = r0 * fmaf(-0.5f * x0, r0 * r0, 1.5f);
        r1 = r1 * fmaf(-0.5f * x1, r1 * r1, 1.5f);
        r2 = r2 * fmaf(-0.5f * x2, r2 * r2, 1.5f);
        r3 = r3 * fmaf(-0.5f * x3, r3 * r3, 1.5f);
        x0 = fmaf(r0, 0.9f, 0.3f); x1 = fmaf(r1, 1.1f, 0.2f);
        x2 = fmaf(r2, 0.7f, 0.5f); x3 = fmaf(r3, 1.3f, 0.1f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (x0 + x1) + (x2 + x3));
}

// A Mandelbrot orbit, z = z^2 + c for a c inside the main cardioid (the
// orbit stays bounded), eight steps a trip, c nudged each trip.
extern "C" __global__ void fp32_mandelbrot_orbit_eight_steps(Args a) {
    float cr = 0.25f * (a.fin[gtid() & 8191u] - 1.f) - 0.1f, ci = 0.2f * (a.fin[(gtid() + 13u) & 8191u] - 1.f);
    float zr = 0.f, zi = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int s = 0; s < 8; s++) {
            float nr = fmaf(zr, zr, fmaf(-zi, zi, cr));
            zi = fmaf(2.f * zr, zi, ci);
            zr = nr;
        }
        acc = fmaf(zr, zr, fmaf(zi, zi, acc));
        cr = fmaf(cr, 0.9999f, 1e-6f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Double precision
// =====================================================================

// A degree-9 Taylor polynomial of exp by Horner's rule in double (nine
// dependent DFMAs), two chains.
extern "C" __global__ void f64_horner_deg9_taylor_two_chains(Args a) {
    double x = 0.5 * ((double)a.fin[gtid() & 8191u] - 1.0), y = 0.3 - 0.5 * (double)a.fin[(gtid() + 7u) & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double p = 2.7557319223985893e-6;
        double q = 2.7557319223985893e-6;
        p = fma(p, x, 2.48015873015873e-5); q = fma(q, y, 2.48015873015873e-5);
        p = fma(p, x, 1.984126984126984e-4); q = fma(q, y, 1.984126984126984e-4);
        p = fma(p, x, 1.388888888888889e-3); q = fma(q, y, 1.388888888888889e-3);
        p = fma(p, x, 8.333333333333333e-3); q = fma(q, y, 8.333333333333333e-3);
        p = fma(p, x, 4.166666666666667e-2); q = fma(q, y, 4.166666666666667e-2);
        p = fma(p, x, 0.16666666666666666); q = fma(q, y, 0.16666666666666666);
        p = fma(p, x, 0.5); q = fma(q, y, 0.5);
        p = fma(p, x, 1.0); q = fma(q, y, 1.0);
        p = fma(p, x, 1.0); q = fma(q, y, 1.0);
        acc += p - q;
        x = fma(p, 0.4, -0.6);
        y = fma(q, -0.3, 0.2);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The IEEE double division (MUFU.RCP64H, Newton steps in DFMA and the
// range check with its slow branch), two chains with denominators in
// [1.5, 3].
extern "C" __global__ void f64_ieee_division_two_chains(Args a) {
    double x = (double)a.fin[gtid() & 8191u], y = (double)a.fin[(gtid() + 3u) & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double q = 1.9 / (x + 1.0), r = -2.7 / (y + 1.5);
        acc += q + r;
        x = fma(q, 0.8, 0.6);
        y = fma(r, -0.5, 0.1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The double rsqrt (library: MUFU.RSQ64H and refinement) and __drcp_rn
// (IEEE reciprocal), crossed chains.
extern "C" __global__ void f64_rsqrt_drcp_rn_crossed(Args a) {
    double x = (double)a.fin[gtid() & 8191u] + 0.5, y = (double)a.fin[(gtid() + 5u) & 8191u] + 1.0, acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double r = rsqrt(x), c = __drcp_rn(y);
        acc += r - c;
        x = fma(c, 2.0, 0.5);
        y = fma(r, 1.5, 0.75);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Conversions between double and 64-bit and 32-bit integers
// (__double2ll_rn, __ll2double_rn, __double2int_rz, an int to double),
// a fixed-point quantization round trip.
extern "C" __global__ void f64_i64_i32_conversion_roundtrip(Args a) {
    double x = 1000.0 * (double)a.fin[gtid() & 8191u], acc = 0.0;
    long long n = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        long long q = __double2ll_rn(x * 4096.0);
        double back = __ll2double_rn(q) * (1.0 / 4096.0);
        int i = __double2int_rz(back * 0.37);
        double d = (double)i;
        n += q & 1023;
        acc += back - d;
        x = fma(d, 0.001, back * 0.999) + 0.5;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)n);
}

// =====================================================================
// Half and bfloat16
// =====================================================================

// Eight independent __hfma2 chains (packed half pairs), two HFMA2 a chain
// a step.
extern "C" __global__ void half2_hfma2_eight_chains(Args a) {
    unsigned g = gtid();
    __half2 c[8];
#pragma unroll
    for (int i = 0; i < 8; i++) c[i] = __floats2half2_rn(a.fin[(g + (unsigned)i) & 8191u] - 1.f, 0.25f * (float)i);
    const __half2 m0 = __floats2half2_rn(0.95f, -0.9f), b0 = __floats2half2_rn(0.01f, 0.02f);
    const __half2 m1 = __floats2half2_rn(-0.97f, 0.93f), b1 = __floats2half2_rn(-0.015f, 0.005f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int i = 0; i < 8; i++) {
            c[i] = __hfma2(c[i], m0, b0);
            c[i] = __hfma2(c[i], m1, b1);
        }
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 8; i++) s += __low2float(c[i]) + __high2float(c[i]);
    finish(a, t0, t1, s);
}

// A ReLU6 clamp of an affine map in packed halves: __hfma2, then
// __hmax2 with zero and __hmin2 with six, four chains.
extern "C" __global__ void half2_relu6_hmax2_hmin2_four_chains(Args a) {
    unsigned g = gtid();
    __half2 x[4];
#pragma unroll
    for (int i = 0; i < 4; i++) x[i] = __floats2half2_rn(4.f * (a.fin[(g + (unsigned)i) & 8191u] - 1.f), 3.f - (float)i);
    const __half2 z = __float2half2_rn(0.f), six = __float2half2_rn(6.f);
    const __half2 w = __floats2half2_rn(-1.7f, 1.3f), b = __floats2half2_rn(4.5f, -0.6f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int i = 0; i < 4; i++) x[i] = __hmin2(__hmax2(__hfma2(x[i], w, b), z), six);
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 4; i++) s += __low2float(x[i]) - __high2float(x[i]);
    finish(a, t0, t1, s);
}

// Scalar bfloat16 arithmetic (__hfma on __nv_bfloat16) with a float
// side computation each step: __bfloat162float, a float FMA and
// __float2bfloat16_rn back, two chains.
extern "C" __global__ void bf16_scalar_hfma_float_roundtrip(Args a) {
    __nv_bfloat16 x = __float2bfloat16_rn(a.fin[gtid() & 8191u] - 1.f), y = __float2bfloat16_rn(0.3f);
    const __nv_bfloat16 m = __float2bfloat16_rn(0.875f), c = __float2bfloat16_rn(0.0625f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = __hfma(x, m, c);
        float f = __bfloat162float(x);
        acc = fmaf(f, 0.5f, acc);
        y = __float2bfloat16_rn(fmaf(__bfloat162float(y), -0.9f, f * 0.1f));
        x = __hfma(y, c, x);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + __bfloat162float(y));
}

// Float to half conversions in two rounding modes (__float2half_rn,
// __float2half_rz) and back to float (F2F both ways), the quantization
// error accumulated, two chains.
extern "C" __global__ void half_f2f_rn_rz_quantization_error(Args a) {
    float x = 3.f * a.fin[gtid() & 8191u], y = -2.f * a.fin[(gtid() + 1u) & 8191u], e0 = 0.f, e1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float qx = __half2float(__float2half_rn(x));
        float qy = __half2float(__float2half_rz(y));
        e0 += x - qx;
        e1 += y - qy;
        x = fmaf(qx, 0.97f, 0.0913f);
        y = fmaf(qy, 0.96f, -0.0771f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, e0 + e1 + x + y);
}

// =====================================================================
// Integers
// =====================================================================

// PCG32 (XSH-RR): a 64-bit LCG state (IMAD.WIDE and its high words), the
// output by a xorshift and a data-dependent rotation; two streams.
extern "C" __global__ void pcg32_xsh_rr_u64_state_two_streams(Args a) {
    unsigned long long s0 = 0x853c49e6748fea9bull ^ gtid(), s1 = 0xda3e39cb94b95bdbull + gtid();
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s0 = s0 * 6364136223846793005ull + 1442695040888963407ull;
        s1 = s1 * 6364136223846793005ull + 0x14057b7ef767814full;
        unsigned x0 = (unsigned)(((s0 >> 18) ^ s0) >> 27), r0 = (unsigned)(s0 >> 59);
        unsigned x1 = (unsigned)(((s1 >> 18) ^ s1) >> 27), r1 = (unsigned)(s1 >> 59);
        acc += __funnelshift_r(x0, x0, r0) ^ __funnelshift_r(x1, x1, r1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 8));
}

// Division by a run-time divisor through a precomputed magic number
// (the round-up method): q = __umulhi(n, m) >> s, the remainder by an
// IMAD, four numerators a step.
extern "C" __global__ void u32_magic_umulhi_runtime_divisor(Args a) {
    unsigned d = (a.uin[gtid() & 8191u] >> 20) + 3u;
    unsigned s = 32u - (unsigned)__clz((int)(d - 1u));
    unsigned m = (unsigned)((((1ull << 32) * ((1ull << s) - d)) / d) + 1ull);
    unsigned x = lowbias32(gtid() + 307u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned n0 = x >> 1, n1 = x >> 3, n2 = x >> 5, n3 = x ^ 0x5bd1e995u;
        unsigned q0 = (__umulhi(n0, m) + ((n0 - __umulhi(n0, m)) >> 1)) >> (s - 1u);
        unsigned q1 = (__umulhi(n1, m) + ((n1 - __umulhi(n1, m)) >> 1)) >> (s - 1u);
        unsigned q2 = (__umulhi(n2, m) + ((n2 - __umulhi(n2, m)) >> 1)) >> (s - 1u);
        unsigned q3 = (__umulhi(n3, m) + ((n3 - __umulhi(n3, m)) >> 1)) >> (s - 1u);
        acc += (q0 ^ q1) + (n2 - q2 * d) + (n3 - q3 * d);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 4));
}

// Plain unsigned division and remainder by a divisor that changes every
// step (the compiler's float-reciprocal sequence with its corrections),
// two quotients a step.
extern "C" __global__ void u32_div_mod_divisor_changing_each_step(Args a) {
    unsigned x = lowbias32(gtid() + 311u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned d = (x >> 22) + 2u, e = ((x >> 9) & 4095u) + 5u;
        unsigned n = x ^ (acc << 3);
        acc += n / d + n % e;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 4));
}

// Int8 dot products: __dp4a (four byte products summed, IDP.4A) and
// __dp2a_lo (two 16-bit by two 8-bit), four accumulators.
extern "C" __global__ void s32_dp4a_dp2a_four_accumulators(Args a) {
    unsigned g = gtid();
    int w0 = (int)a.uin[g & 8191u], w1 = (int)a.uin[(g + 1u) & 8191u];
    int x = (int)lowbias32(g + 313u);
    int c0 = 0, c1 = 0, c2 = 0, c3 = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = (int)lcg_next((unsigned)x);
        c0 = __dp4a(x, w0, c0);
        c1 = __dp4a(x ^ 0x01010101, w1, c1);
        c2 = __dp2a_lo(w0 ^ x, w1, c2);
        c3 = __dp2a_lo(x, w0, c3);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(c0 ^ c1) + (float)(c2 - c3));
}

#define CHACHA_QR(a_, b_, c_, d_)                 \
    a_ += b_; d_ ^= a_; d_ = rotl32(d_, 16);      \
    c_ += d_; b_ ^= c_; b_ = rotl32(b_, 12);      \
    a_ += b_; d_ ^= a_; d_ = rotl32(d_, 8);       \
    c_ += d_; b_ ^= c_; b_ = rotl32(b_, 7);

// One ChaCha20 double round (four column and four diagonal quarter
// rounds) on a 16-word state, rotations by funnel shifts.
extern "C" __global__ void chacha20_double_round_funnelshift(Args a) {
    unsigned g = gtid();
    unsigned x0 = 0x61707865u, x1 = 0x3320646eu, x2 = 0x79622d32u, x3 = 0x6b206574u;
    unsigned x4 = a.uin[g & 8191u], x5 = a.uin[(g + 1u) & 8191u], x6 = a.uin[(g + 2u) & 8191u], x7 = a.uin[(g + 3u) & 8191u];
    unsigned x8 = lowbias32(g), x9 = lowbias32(g + 1u), x10 = lowbias32(g + 2u), x11 = lowbias32(g + 3u);
    unsigned x12 = g, x13 = 0u, x14 = 0x1234567u, x15 = 0x89abcdefu;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        CHACHA_QR(x0, x4, x8, x12) CHACHA_QR(x1, x5, x9, x13) CHACHA_QR(x2, x6, x10, x14) CHACHA_QR(x3, x7, x11, x15)
        CHACHA_QR(x0, x5, x10, x15) CHACHA_QR(x1, x6, x11, x12) CHACHA_QR(x2, x7, x8, x13) CHACHA_QR(x3, x4, x9, x14)
    }
    long long t1 = clock64();
    unsigned h = x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7 ^ x8 ^ x9 ^ x10 ^ x11 ^ x12 ^ x13 ^ x14 ^ x15;
    finish(a, t0, t1, (float)(h >> 8));
}

__device__ __forceinline__ unsigned rotr32(unsigned x, unsigned n) { return __funnelshift_r(x, x, n); }

// Four SHA-256 compression rounds a step (Ch and Maj as LOP3, the big
// sigmas by three funnel-shift rotations), the message word from a
// generator, round constants cycling.
extern "C" __global__ void sha256_four_rounds_lop3_sigma(Args a) {
    unsigned g = gtid();
    unsigned A = 0x6a09e667u ^ g, B = 0xbb67ae85u, C = 0x3c6ef372u, D = 0xa54ff53au;
    unsigned E = 0x510e527fu, F = 0x9b05688cu ^ g, G = 0x1f83d9abu, H = 0x5be0cd19u;
    unsigned w = lowbias32(g + 317u);
    const unsigned K[4] = {0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int r = 0; r < 4; r++) {
            w = lcg_next(w);
            unsigned s1 = rotr32(E, 6) ^ rotr32(E, 11) ^ rotr32(E, 25);
            unsigned ch = (E & F) ^ (~E & G);
            unsigned t1v = H + s1 + ch + K[r] + w;
            unsigned s0 = rotr32(A, 2) ^ rotr32(A, 13) ^ rotr32(A, 22);
            unsigned mj = (A & B) ^ (A & C) ^ (B & C);
            unsigned t2v = s0 + mj;
            H = G; G = F; F = E; E = D + t1v;
            D = C; C = B; B = A; A = t1v + t2v;
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((A ^ B ^ C ^ D ^ E ^ F ^ G ^ H) >> 8));
}

// A 256-bit accumulator (eight words) plus a generated 256-bit addend
// by PTX add.cc.u32 and addc.cc.u32: one carry chain of eight adds.
extern "C" __global__ void u256_add_cc_addc_carry_chain(Args a) {
    unsigned g = gtid();
    unsigned r0 = g, r1 = 0u, r2 = 0u, r3 = 0u, r4 = 0u, r5 = 0u, r6 = 0u, r7 = 0u;
    unsigned x = lowbias32(g + 331u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned y = x * 0x9e3779b9u, z = x ^ 0xdeadbeefu;
        asm volatile(
            "add.cc.u32 %0, %0, %8;\n\t"
            "addc.cc.u32 %1, %1, %9;\n\t"
            "addc.cc.u32 %2, %2, %10;\n\t"
            "addc.cc.u32 %3, %3, %8;\n\t"
            "addc.cc.u32 %4, %4, %9;\n\t"
            "addc.cc.u32 %5, %5, %10;\n\t"
            "addc.cc.u32 %6, %6, %8;\n\t"
            "addc.u32 %7, %7, %9;\n\t"
            : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6), "+r"(r7)
            : "r"(x), "r"(y), "r"(z));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((r0 ^ r1 ^ r2 ^ r3 ^ r4 ^ r5 ^ r6 ^ r7) >> 8));
}

// Byte shuffles by __byte_perm (PRMT): a byte swap, a nibble of bytes
// interleaved from two words, a byte broadcast, in one dependent chain
// and one independent.
extern "C" __global__ void u32_byte_perm_bswap_interleave(Args a) {
    unsigned x = a.uin[gtid() & 8191u], y = lowbias32(gtid() + 337u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned sw = __byte_perm(x, 0u, 0x0123u);
        unsigned il = __byte_perm(sw, y, 0x5140u);
        unsigned bc = __byte_perm(il, 0u, 0x2222u);
        x = (sw ^ bc) + il;
        y = __byte_perm(y, x, 0x6273u) + 0x01000193u;
        acc ^= il;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((acc ^ x ^ y) >> 8));
}

// Conversions between float and 32-bit integers in four rounding modes:
// __float2int_rn, __float2uint_rz, __int2float_rn and __uint2float_rd
// (F2I and I2F), a fixed-point quantizer.
extern "C" __global__ void cvt_f32_s32_u32_four_rounding_modes(Args a) {
    float x = 200.f * a.fin[gtid() & 8191u], acc = 0.f;
    int n = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int i = __float2int_rn(x * 3.7f);
        unsigned u = __float2uint_rz(x * 1.3f + 5.f);
        float fi = __int2float_rn(i), fu = __uint2float_rd(u);
        acc += fi - fu;
        n ^= i;
        x = fmaf(fi, 0.17f, fu * 0.25f) + 1.f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + (float)n);
}

// =====================================================================
// Warp collectives
// =====================================================================

// __shfl_sync with a lane that rotates with the trip (lane + k) and a
// broadcast from one lane (k & 31), both fed back.
extern "C" __global__ void warp_shfl_idx_rotate_and_broadcast(Args a) {
    unsigned lane = threadIdx.x & 31u;
    float v = a.fin[gtid() & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float r = __shfl_sync(FULL_MASK, v, (int)((lane + (unsigned)k) & 31u));
        float b = __shfl_sync(FULL_MASK, r, k & 31);
        v = fmaf(r, 0.9f, 0.05f * b);
        acc += b;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + v);
}

// A warp sum of doubles by __shfl_down_sync (two SHFL a level for the
// two halves, five levels), lane 0's total broadcast back.
extern "C" __global__ void warp_shfl_down_reduce_f64(Args a) {
    double v = (double)a.fin[gtid() & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double s = v;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(FULL_MASK, s, o);
        s = __shfl_sync(FULL_MASK, s, 0);
        acc += s;
        v = fma(v, 0.5, s * 0.015625);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Stream compaction ranks: a predicate from a generator, __ballot_sync,
// the lane's rank by __popc of the ballot under the lanes-below mask and
// the warp's total by __popc of the ballot.
extern "C" __global__ void warp_ballot_popc_rank_compaction(Args a) {
    unsigned lane = threadIdx.x & 31u, below = (1u << lane) - 1u;
    unsigned x = lowbias32(gtid() + 347u), base = 0u, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        bool keep = (x >> 29) < 3u;
        unsigned b = __ballot_sync(FULL_MASK, keep);
        unsigned rank = base + (unsigned)__popc(b & below);
        if (keep) acc += rank;
        base += (unsigned)__popc(b);
        x ^= b;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)base);
}

// Grouping lanes by key with __match_any_sync (keys of eight values),
// each group's leader by __ffs and its size by __popc.
extern "C" __global__ void warp_match_any_key_groups(Args a) {
    unsigned lane = threadIdx.x & 31u;
    unsigned x = lowbias32(gtid() + 349u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned key = x >> 29;
        unsigned peers = __match_any_sync(FULL_MASK, key);
        unsigned leader = (unsigned)__ffs((int)peers) - 1u;
        unsigned cnt = (unsigned)__popc(peers);
        acc += (leader == lane) ? cnt * key : 0u;
        x += peers;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A bitonic sort of 32 floats, one a lane, by __shfl_xor_sync
// compare-exchanges (15 stages), the sorted value perturbed and sorted
// again the next step.
extern "C" __global__ void warp_bitonic_sort32_shfl_xor(Args a) {
    unsigned lane = threadIdx.x & 31u;
    float v = a.fin[(gtid() * 37u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (unsigned size = 2u; size <= 32u; size <<= 1) {
#pragma unroll
            for (unsigned st = size >> 1; st > 0u; st >>= 1) {
                float o = __shfl_xor_sync(FULL_MASK, v, (int)st);
                bool up = ((lane & size) == 0u) == ((lane & st) == 0u);
                v = up ? fminf(v, o) : fmaxf(v, o);
            }
        }
        acc += v;
        v = fmaf(v, -1.f, 2.f) + 1e-3f * (float)(lane & 3u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Shared memory
// =====================================================================

// Word reads from 1024-word arrays (four, a warp on w & 3): one at a
// stride of four words a lane (four-way conflicts), two at strides of
// three and five words (odd: conflict-free).
extern "C" __global__ void smem_stride4_conflict_beside_odd_strides(Args a) {
    __shared__ float s[4][1024];
    for (unsigned e = threadIdx.x; e < 4u * 1024u; e += blockDim.x) (&s[0][0])[e] = a.fin[(e * 13u) & 8191u] - 1.f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    const float* S = s[w & 3u];
    float u = 0.f, v = 0.f, z = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (unsigned)k;
        u += S[(lane * 4u + (j & 7u) * 128u + (j >> 3 & 3u)) & 1023u];
        v += S[(lane * 3u + (j & 15u) * 96u) & 1023u];
        z += S[(lane * 5u + (j & 7u) * 160u + 1u) & 1023u];
    }
    long long t1 = clock64();
    finish(a, t0, t1, u + v - z);
}

// One k-step of a register-tiled SGEMM: a 4 × 4 tile a thread, a float4
// of A (lanes of a row group read the same float4: broadcast) and a
// float4 of B (consecutive float4s) from shared tiles of the block,
// sixteen FFMAs.
extern "C" __global__ void smem_sgemm_4x4_register_tile_step(Args a) {
    __shared__ float4 As[64][8];
    __shared__ float4 Bs[64][16];
    for (unsigned e = threadIdx.x; e < 64u * 8u; e += blockDim.x)
        (&As[0][0])[e] = make_float4(0.01f * a.fin[e & 8191u], -0.01f, 0.02f * (a.fin[(e + 3u) & 8191u] - 1.f), 0.005f);
    for (unsigned e = threadIdx.x; e < 64u * 16u; e += blockDim.x)
        (&Bs[0][0])[e] = make_float4(0.03f, 0.01f * a.fin[(e + 5u) & 8191u], -0.02f, 0.01f * (a.fin[(e + 9u) & 8191u] - 1.f));
    __syncthreads();
    unsigned tx = threadIdx.x & 15u, ty = (threadIdx.x >> 4) & 7u;
    float c[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) c[i][j] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kk = (unsigned)k & 63u;
        float4 av = As[kk][ty], bv = Bs[kk][tx];
        float ar[4] = {av.x, av.y, av.z, av.w}, br[4] = {bv.x, bv.y, bv.z, bv.w};
#pragma unroll
        for (int i = 0; i < 4; i++)
#pragma unroll
            for (int j = 0; j < 4; j++) c[i][j] = fmaf(ar[i], br[j], c[i][j]);
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) s += c[i][j];
    finish(a, t0, t1, s);
}

// 8-byte shared loads (LDS.64) of float2s three float2s (24 bytes) apart
// a lane, from 1024-float2 arrays (four, a warp on w & 3), two a step.
extern "C" __global__ void smem_float2_lds64_stride3(Args a) {
    __shared__ float2 s[4][1024];
    for (unsigned e = threadIdx.x; e < 4u * 1024u; e += blockDim.x)
        (&s[0][0])[e] = make_float2(a.fin[e & 8191u] - 1.f, 0.5f - a.fin[(e + 1u) & 8191u]);
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    const float2* S = s[w & 3u];
    float u = 0.f, v = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (unsigned)k;
        float2 p = S[(lane * 3u + (j & 7u) * 96u) & 1023u];
        float2 q = S[(lane * 3u + (j & 7u) * 96u + 512u) & 1023u];
        u = fmaf(u, 0.5f, p.x - q.y);
        v = fmaf(v, 0.5f, p.y + q.x);
    }
    long long t1 = clock64();
    finish(a, t0, t1, u + v);
}

// A fixed-point weighted histogram: integer atomicAdd (ATOMS.ADD, the
// old value unused) of a 16-bit weight into 256 bins in shared memory
// (shared by the block), the bin hashed from a generator.
extern "C" __global__ void smem_atomicadd_u32_fixedpoint_histogram_256(Args a) {
    __shared__ unsigned bins[256];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) bins[e] = 0u;
    __syncthreads();
    unsigned x = lowbias32(gtid() + 353u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        atomicAdd(&bins[x >> 24], (x >> 4) & 0xffffu);
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)(bins[threadIdx.x & 255u] >> 8) + (float)(x >> 24));
}

// Shared atomics under contention: atomicMax by every lane on one word a
// warp (32 lanes on one address) and atomicMin on the lane's own word,
// the old values used.
extern "C" __global__ void smem_atomicmax_one_word_atomicmin_distinct(Args a) {
    __shared__ unsigned wmax[32];
    __shared__ unsigned lmin[1024];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    if (lane == 0u) wmax[w] = 0u;
    lmin[threadIdx.x] = 0xffffffffu;
    __syncthreads();
    unsigned x = lowbias32(gtid() + 359u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned om = atomicMax(&wmax[w], x >> 8);
        unsigned on = atomicMin(&lmin[threadIdx.x], x);
        acc += (om >> 4) ^ (on >> 4);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// An inclusive Kogge-Stone scan of a warp's 32 values through volatile
// shared memory (a warp its own row): five read-add-write levels with
// __syncwarp.
extern "C" __global__ void smem_warp_scan_volatile_kogge_stone(Args a) {
    __shared__ unsigned buf[32][64];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    volatile unsigned* B = buf[w];
    B[lane] = 0u;
    __syncwarp();
    unsigned x = lowbias32(gtid() + 367u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned v = x >> 26;
        B[32u + lane] = v;
        __syncwarp();
#pragma unroll
        for (unsigned o = 1u; o < 32u; o <<= 1) {
            unsigned t = B[32u + lane - o];
            __syncwarp();
            v += t;
            B[32u + lane] = v;
            __syncwarp();
        }
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// One compare-exchange stage of a bitonic sort over 2048 keys in shared
// memory (the block's), each thread one pair, the stage (size, step)
// cycling with the trip (sizes 16 to 2048, steps 1 to 8),
// __syncthreads after each stage.
extern "C" __global__ void smem_bitonic_stage_syncthreads(Args a) {
    __shared__ float keys[2048];
    for (unsigned e = threadIdx.x; e < 2048u; e += blockDim.x) keys[e] = a.fin[(e * 29u) & 8191u];
    __syncthreads();
    unsigned t = threadIdx.x;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned lsz = (((unsigned)k >> 2) & 7u) + 4u;  // size 2^lsz, 16 to 2048
        unsigned lst = (unsigned)k & 3u;                 // step 2^lst < size
        unsigned st = 1u << lst, size = 1u << lsz;
        unsigned i = ((t >> lst) << (lst + 1u)) | (t & (st - 1u));
        unsigned j = i + st;
        float p = keys[i], q = keys[j];
        bool up = (i & size) == 0u;
        if ((p > q) == up) { keys[i] = q; keys[j] = p; }
        acc += p;
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 9-tap 1-D convolution from a shared row (shared by the block): nine
// consecutive reads a lane (neighbouring lanes overlapping) and nine
// FFMAs, the window sliding with the trip.
extern "C" __global__ void smem_conv1d_9tap_sliding(Args a) {
    __shared__ float row[2048 + 16];
    for (unsigned e = threadIdx.x; e < 2048u + 16u; e += blockDim.x) row[e] = a.fin[(e * 3u) & 8191u] - 1.f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    const float c0 = 0.05f, c1 = 0.09f, c2 = 0.12f, c3 = 0.15f, c4 = 0.18f;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        const float* r = row + ((((unsigned)k * 32u) + w * 64u + lane) & 2047u);
        float s = c4 * r[4];
        s = fmaf(c0, r[0] + r[8], s);
        s = fmaf(c1, r[1] + r[7], s);
        s = fmaf(c2, r[2] + r[6], s);
        s = fmaf(c3, r[3] + r[5], s);
        acc = fmaf(acc, 0.5f, s);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Tensor cores
// =====================================================================

// mma.sync m16n8k16 with bf16 inputs and float accumulators on fragments
// in registers: two independent accumulators, two MMAs each a step.
extern "C" __global__ void mma_m16n8k16_bf16_f32_two_accums(Args a) {
    unsigned g = gtid();
    unsigned ar[4], br[2];
#pragma unroll
    for (int j = 0; j < 4; j++) {
        __nv_bfloat162 h = __floats2bfloat162_rn(0.03f * (a.fin[(g + (unsigned)j) & 8191u] - 1.f), -0.02f);
        ar[j] = *reinterpret_cast<unsigned*>(&h);
    }
#pragma unroll
    for (int j = 0; j < 2; j++) {
        __nv_bfloat162 h = __floats2bfloat162_rn(0.01f, 0.04f * a.fin[(g + 5u + (unsigned)j) & 8191u]);
        br[j] = *reinterpret_cast<unsigned*>(&h);
    }
    float c[2][4];
#pragma unroll
    for (int i = 0; i < 2; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) c[i][j] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int r = 0; r < 2; r++)
#pragma unroll
            for (int i = 0; i < 2; i++)
                asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                             : "+f"(c[i][0]), "+f"(c[i][1]), "+f"(c[i][2]), "+f"(c[i][3])
                             : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(br[(i + r) & 1]), "r"(br[(i + r + 1) & 1]));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c[0][0] + c[0][3]) + (c[1][1] - c[1][2]));
}

// mma.sync m16n8k32 with s8 inputs and s32 accumulators (IMMA): four
// independent accumulators, one MMA each a step.
extern "C" __global__ void mma_m16n8k32_s8_s32_four_accums(Args a) {
    unsigned g = gtid();
    unsigned ar[4], b0 = a.uin[(g + 4u) & 8191u] & 0x0f0f0f0fu, b1 = a.uin[(g + 5u) & 8191u] & 0x07070707u;
#pragma unroll
    for (int j = 0; j < 4; j++) ar[j] = a.uin[(g + (unsigned)j) & 8191u] & 0x3f3f3f3fu;
    int c[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) c[i][j] = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int i = 0; i < 4; i++)
            asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                         : "+r"(c[i][0]), "+r"(c[i][1]), "+r"(c[i][2]), "+r"(c[i][3])
                         : "r"(ar[i & 3]), "r"(ar[(i + 1) & 3]), "r"(ar[(i + 2) & 3]), "r"(ar[(i + 3) & 3]), "r"(b0), "r"(b1));
    }
    long long t1 = clock64();
    int s = 0;
#pragma unroll
    for (int i = 0; i < 4; i++) s += c[i][0] ^ c[i][3];
    finish(a, t0, t1, (float)s);
}

// The WMMA API in f16 with float accumulators, m16n16k16: both operands
// loaded from shared tiles every step (A from the warp's own 16 × 16
// tile, B from one of eight shared by the block), one accumulator.
extern "C" __global__ void wmma_f16_m16n16k16_smem_operands_each_step(Args a) {
    using namespace nvcuda;
    __shared__ __align__(32) __half As[16][256];
    __shared__ __align__(32) __half Bs[8][256];
    unsigned w = threadIdx.x >> 5;
    for (unsigned e = threadIdx.x; e < 16u * 256u; e += blockDim.x) (&As[0][0])[e] = __float2half(0.05f * (a.fin[e & 8191u] - 1.f));
    for (unsigned e = threadIdx.x; e < 8u * 256u; e += blockDim.x) (&Bs[0][0])[e] = __float2half(0.02f * a.fin[(e + 31u) & 8191u]);
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        wmma::load_matrix_sync(fa, &As[w & 15u][0], 16);
        wmma::load_matrix_sync(fb, &Bs[(unsigned)k & 7u][0], 16);
        wmma::mma_sync(fc, fa, fb, fc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, fc.x[0] + fc.x[fc.num_elements - 1]);
}

// ldmatrix.x4 for the A fragment (16 × 16 halves, row-major, rows padded
// to 24 halves) and ldmatrix.x2.trans for B (a 16 × 8 row-major tile,
// rows padded to 16 halves) from shared memory into mma.sync m16n8k16
// f16 with float accumulators, the tiles chosen by the trip.
extern "C" __global__ void ldmatrix_x4_x2_trans_mma_m16n8k16_f16(Args a) {
    __shared__ __align__(16) __half As[8][16][24];
    __shared__ __align__(16) __half Bs[8][16][16];
    for (unsigned e = threadIdx.x; e < 8u * 16u * 24u; e += blockDim.x) (&As[0][0][0])[e] = __float2half(0.04f * (a.fin[e & 8191u] - 1.f));
    for (unsigned e = threadIdx.x; e < 8u * 16u * 16u; e += blockDim.x) (&Bs[0][0][0])[e] = __float2half(0.03f * a.fin[(e + 17u) & 8191u]);
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float c0 = 0.f, c1 = 0.f, c2 = 0.f, c3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned ta = ((unsigned)k + w) & 7u, tb = ((unsigned)k * 3u + w) & 7u;
        unsigned a0, a1, a2, a3, b0, b1;
        unsigned pa = smem_addr(&As[ta][lane & 15u][(lane >> 4) * 8u]);
        unsigned pb = smem_addr(&Bs[tb][lane & 15u][0]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(pa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];\n" : "=r"(b0), "=r"(b1) : "r"(pb));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c0 + c1) + (c2 + c3));
}

// mma.sync m16n8k4 in TF32 with float accumulators on fragments in
// registers: four independent accumulators, one MMA each a step.
extern "C" __global__ void mma_m16n8k4_tf32_four_accums(Args a) {
    unsigned g = gtid();
    unsigned a0, a1, b0;
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(a0) : "f"(0.05f * (a.fin[g & 8191u] - 1.f)));
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(a1) : "f"(0.03f * a.fin[(g + 1u) & 8191u]));
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(b0) : "f"(-0.04f * a.fin[(g + 2u) & 8191u]));
    float c[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) c[i][j] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int i = 0; i < 4; i++)
            asm volatile("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                         : "+f"(c[i][0]), "+f"(c[i][1]), "+f"(c[i][2]), "+f"(c[i][3])
                         : "r"((i & 1) ? a1 : a0), "r"((i & 1) ? a0 : a1), "r"(b0));
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 4; i++) s += c[i][0] - c[i][3];
    finish(a, t0, t1, s);
}

// =====================================================================
// Global memory
// =====================================================================

// 8-byte loads: the footprint read as float2 (256 bytes a warp a load),
// two a step a grid stride apart.
extern "C" __global__ void stream_read_float2_two_per_step(Args a) {
    unsigned m2 = ((a.bigMask + 1u) >> 1) - 1u, T = gthreads(), i = gtid();
    const float2* X = reinterpret_cast<const float2*>(a.big);
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        float2 p = X[j & m2], q = X[(j + T) & m2];
        s0 += p.x + p.y;
        s1 += q.x - q.y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// A float4 copy from the first half of the footprint into the second
// (LDG.128 then STG.128), grid-stride, scaled on the way.
extern "C" __global__ void stream_copy_float4_half_to_half(Args a) {
    unsigned h4 = (a.bigMask + 1u) >> 3, m = h4 - 1u, T = gthreads(), i = gtid();
    const float4* in = reinterpret_cast<const float4*>(a.big);
    float4* out = reinterpret_cast<float4*>(a.big) + h4;
    float sc = 0.5f + 0.1f * (float)(i & 3u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float4 v = in[j];
        out[j] = make_float4(v.x * sc, v.y * sc, v.z * sc, v.w * sc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, sc);
}

// Streaming loads with the evict-first hint (__ldcs, LDG.E.EF), four
// floats a lane a step, a grid stride apart.
extern "C" __global__ void stream_ldcs_evict_first_four(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 4u * T;
        float v0 = __ldcs(&X[j & m]), v1 = __ldcs(&X[(j + T) & m]);
        float v2 = __ldcs(&X[(j + 2u * T) & m]), v3 = __ldcs(&X[(j + 3u * T) & m]);
        s0 += v0 + v2;
        s1 += v1 - v3;
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// One float a lane, lanes eight floats (32 bytes, one sector) apart: a
// warp's load touches 32 sectors in eight lines, 4 of each 32 bytes
// used; grid-stride over the footprint.
extern "C" __global__ void stride8_float_one_sector_per_lane(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * 2u * T) * 8u;
        s0 += X[j & m];
        s1 += X[(j + 8u * T) & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 - s1);
}

// A sparse-row style gather: a column index read from a.uin
// (L1-resident, consecutive), then the value at that column in the
// footprint (scattered within a window of 4096 floats around the row),
// multiplied by a weight; two a step.
extern "C" __global__ void gather_index_then_value_window4096(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = i + (unsigned)k * 2u * T;
        unsigned c0 = a.uin[r & 8191u] >> 20, c1 = a.uin[(r + T) & 8191u] >> 20;
        float v0 = X[((r & ~4095u) + c0) & m], v1 = X[(((r + T) & ~4095u) + c1) & m];
        s0 = fmaf(v0, 0.75f, s0);
        s1 = fmaf(v1, -0.5f, s1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// An in-place axpy, y = a x + y, x and y the two halves of the
// footprint: two loads and a store of the same word a lane a step.
extern "C" __global__ void inplace_axpy_halves_read_modify_write(Args a) {
    unsigned h = (a.bigMask + 1u) >> 1, m = h - 1u, T = gthreads(), i = gtid();
    const float* X = a.big;
    float* Y = a.big + h;
    float al = 0.001f * (float)(i & 7u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        Y[j] = fmaf(al, X[j], Y[j]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, al);
}

// Integer atomicAdd at distinct coalesced words with the old value used
// (ATOMG, a round trip to L2 a step, not RED), grid-stride over the
// footprint.
extern "C" __global__ void atomg_add_u32_old_value_used(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    unsigned* Y = reinterpret_cast<unsigned*>(a.big);
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned old = atomicAdd(&Y[(i + (unsigned)k * T) & m], 1u + (acc & 1u));
        acc += old >> 20;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A three-stage pipeline of 16-byte cp.async.cg copies (bypassing L1)
// into a warp's ring of three 512-byte buffers: each step issues the
// copy two stages ahead, commits, waits until two groups at most are
// pending (cp.async.wait_group 2: the current stage has landed),
// __syncwarp, reads a float4 of the current stage (a neighbour's),
// __syncwarp.
extern "C" __global__ void cp_async_cg16_three_stage_ring(Args a) {
    __shared__ __align__(16) float4 ring[32][3][32];
    unsigned m4 = ((a.bigMask + 1u) >> 2) - 1u, lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    unsigned gw = gtid() >> 5, nw = gthreads() >> 5;
    const float4* X = reinterpret_cast<const float4*>(a.big);
#pragma unroll
    for (unsigned st = 0; st < 2u; st++) {
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_addr(&ring[w][st][lane])),
                     "l"(X + (((gw + st * nw) * 32u + lane) & m4)));
        asm volatile("cp.async.commit_group;\n" ::);
    }
    float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned cur = (unsigned)k % 3u, nxt = ((unsigned)k + 2u) % 3u;
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_addr(&ring[w][nxt][lane])),
                     "l"(X + (((gw + ((unsigned)k + 2u) * nw) * 32u + lane) & m4)));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 2;\n" ::);
        __syncwarp();
        float4 v = ring[w][cur][lane ^ 1u];
        __syncwarp();
        s.x += v.x; s.y += v.y; s.z += v.z; s.w += v.w;
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_group 0;\n" ::);
    finish(a, t0, t1, (s.x + s.y) + (s.z + s.w));
}

// Streaming float4 stores with the evict-first hint (__stcs, STG.E.EF),
// coalesced, grid-stride over the footprint, a value generated each
// step.
extern "C" __global__ void store_stcs_streaming_float4(Args a) {
    unsigned m4 = ((a.bigMask + 1u) >> 2) - 1u, T = gthreads(), i = gtid();
    float4* Y = reinterpret_cast<float4*>(a.big);
    float f = (float)(i & 255u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __stcs(&Y[(i + (unsigned)k * T) & m4], make_float4(f, f + 1.f, f * 0.5f, -f));
        f += 0.125f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, f);
}

// Byte loads (LDG.U8, 32 bytes a warp a load) of the footprint, widened
// to integers and summed, four a step a grid stride apart.
extern "C" __global__ void stream_read_u8_bytes_widened(Args a) {
    unsigned m = 4u * a.bigMask + 3u, T = gthreads(), i = gtid();
    const unsigned char* B = reinterpret_cast<const unsigned char*>(a.big);
    unsigned s0 = 0u, s1 = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 4u * T;
        s0 += (unsigned)B[j & m] + (unsigned)B[(j + 2u * T) & m];
        s1 ^= ((unsigned)B[(j + T) & m] << 8) | (unsigned)B[(j + 3u * T) & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)s0 + (float)s1);
}

// =====================================================================
// Loops whose trip counts depend on data
// =====================================================================

// Euclid's gcd by remainders of two generated numbers below 2^16, at
// most 24 steps a trip: the inner trip count depends on the data (lanes
// diverge), each step a 32-bit remainder.
extern "C" __global__ void euclid_gcd_remainder_data_dependent(Args a) {
    unsigned x = lowbias32(gtid() + 379u), acc = 0u, steps = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned p = (x >> 16) + 1u, q = (x & 0xffffu) + 1u, c = 0u;
#pragma unroll 1
        while (q != 0u && c < 24u) {
            unsigned r = p % q;
            p = q;
            q = r;
            c++;
        }
        acc += p;
        steps += c;
        x += c;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)steps);
}

// A warp's search of a shared array of 2048 words (shared by the block)
// for a generated key, 32 words a round, stopping at the first round in
// which __ballot_sync finds it (at most 16 rounds): the inner trip count
// depends on the data, the same for the warp's lanes.
extern "C" __global__ void smem_warp_search_ballot_early_exit_data_dependent(Args a) {
    __shared__ unsigned arr[2048];
    for (unsigned e = threadIdx.x; e < 2048u; e += blockDim.x) arr[e] = lowbias32(e) & 255u;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    unsigned x = lowbias32((gtid() >> 5) + 383u), acc = 0u, rounds = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned key = (x >> 24), start = (x >> 8) & 2047u, r = 0u, pos = 0u;
#pragma unroll 1
        while (r < 16u) {
            unsigned b = __ballot_sync(FULL_MASK, arr[(start + r * 32u + lane) & 2047u] == key);
            if (b != 0u) { pos = r * 32u + (unsigned)__ffs((int)b); break; }
            r++;
        }
        acc += pos;
        rounds += r;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)rounds + (float)lane);
}
