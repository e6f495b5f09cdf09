// A thirty-first validation corpus for gpuarch analyze ("dev31" and
// "heldout31"): fifty-seven loops of the kinds performance engineers
// write, by a writer who has read none of the model, its tests, its
// testdata, its documents or any measurement; of the earlier corpora only
// corpus30's three files (kernels.cu, cases.inc, split.txt) as format
// examples, no loop copied from them, and the harness
// (scripts/analyze/corpus/harness.cu) and the build script
// (scripts/analyze/device.sh). The set: FP32 (two chains of unfused
// multiplies and adds by __fmul_rn and __fadd_rn; a softplus by the
// precise log1pf and expf; the precise atan2f; an online log-sum-exp by
// the fast __expf and __logf; the IEEE sqrtf with __frcp_rn; smoothstep
// on __saturatef; floorf, ceilf, truncf and rintf; one RK4 step of a
// damped oscillator; an n-body force loop on bodies broadcast from
// shared memory with rsqrtf; a complex radix-4 FFT butterfly), double
// (eight DFMA chains; the precise sqrt; the precise exp and log; a float
// reciprocal refined in double), half, bfloat16 and FP8 (scalar half
// __hfma_relu chains; a half2 sigmoid by h2exp and h2rcp; a bfloat16x2
// weight update with a float momentum; an e4m3 and e5m2 quantize and
// dequantize), integers (Philox4x32-10 by __umulhi; xorshift128+ on
// 64-bit words; four MurmurHash3 block mixes; Morton codes encoded and
// decoded by masks; a bitwise CRC32; __brevll, __popcll, __clzll and
// __ffsll; sums of absolute byte differences by __vsadu4, __vabsdiffu4
// and __vmaxu4; signed division and remainder by constants; bfe and bfi
// by PTX), warp collectives (a __shfl_up_sync scan for compaction
// offsets; __reduce_add_sync, __reduce_max_sync and __reduce_or_sync;
// __all_sync, __any_sync, __match_all_sync and __activemask; a softmax
// over segments of eight lanes by __shfl_xor_sync of width 8; a 4 × 4
// register transpose by rotating shuffles and selects), shared memory
// (AES T-table lookups; an XOR-swizzled 32 × 32 transpose; float4 reads
// at unit and double strides; a double tile padded to 33 read by column;
// byte reads and 16-bit reads 32 bytes apart a lane; a two-level block
// scan with __syncthreads; atomicInc and atomicXor on bins; a 3 × 3 box
// blur of a padded tile), tensor cores (ldmatrix.x4 from an XOR-swizzled
// tile into mma.sync m16n8k16 f16; the double mma.sync m8n8k4; WMMA tf32
// m16n16k8 stored back to shared memory and reloaded; mma.sync m16n8k8
// f16 with half accumulators), global memory (16-bit half loads; a double dot product of two
// arrays; four random float4 gathers in flight; a column-major walk of a
// row-major matrix, rows 4096 floats apart; a three-point stencil from
// one half into the other; hashed float stores; a matrix-vector product a
// warp a row of 1024 floats with a shuffle reduction; 12-byte
// array-of-structures reads; float atomicAdd reductions at distinct
// words; 4-byte cp.async.ca in a double buffer; loads with an L2
// prefetch eight grid strides ahead) and two loops whose trip counts
// depend on data (Collatz steps, bounded; linear probing of a hash table
// in shared memory).
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

// Two independent chains of three multiply-then-add pairs a step, kept
// unfused by __fmul_rn and __fadd_rn (FMUL and FADD, no contraction into
// FFMA): six dependent operations a chain.
extern "C" __global__ void fp32_unfused_fmul_fadd_rn_two_chains(Args a) {
    float x = a.fin[gtid() & 8191u] - 1.f, y = 1.f - a.fin[(gtid() + 7u) & 8191u];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = __fadd_rn(__fmul_rn(x, -0.93f), 0.04f);
        y = __fadd_rn(__fmul_rn(y, 0.89f), -0.03f);
        x = __fadd_rn(__fmul_rn(x, 0.97f), -0.02f);
        y = __fadd_rn(__fmul_rn(y, -0.95f), 0.01f);
        x = __fadd_rn(__fmul_rn(x, -0.91f), 0.03f);
        y = __fadd_rn(__fmul_rn(y, 0.92f), 0.02f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, x + y);
}

// The softplus activation, log1pf(expf(x)), by the precise library
// functions on arguments in [-3.4, 1.2], two chains fed back.
extern "C" __global__ void fp32_softplus_log1pf_expf_precise(Args a) {
    float x = 3.f * (a.fin[gtid() & 8191u] - 1.f), y = 1.f - a.fin[(gtid() + 3u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float sx = log1pf(expf(x)), sy = log1pf(expf(y));
        acc += sx - sy;
        x = fmaf(sx, -1.5f, 1.2f);
        y = fmaf(sy, -1.1f, 0.6f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The precise atan2f of a point that drifts with its own angle (both
// coordinates shrink towards a small region, never both zero for long).
extern "C" __global__ void fp32_atan2f_precise_polar_angle(Args a) {
    float x = a.fin[gtid() & 8191u] - 0.4f, y = 0.6f - a.fin[(gtid() + 3u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float th = atan2f(y, x);
        acc += th;
        x = fmaf(th, 0.35f, 0.6f * x) - 0.05f;
        y = fmaf(th, -0.45f, 0.8f * y) + 0.1f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// An online (streaming) log-sum-exp of two generated values a step: the
// running maximum, the rescaled sum by the fast __expf (three MUFU.EX2),
// and the log-sum-exp by the fast __logf each step.
extern "C" __global__ void fp32_online_logsumexp_fast_expf_logf(Args a) {
    unsigned x = lowbias32(gtid() + 201u);
    float m = -4.f, s = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        float v0 = fmaf(unit_float(x), 4.f, -2.f), v1 = fmaf(unit_float(x * 0x9e3779b9u), 4.f, -2.f);
        float mn = fmaxf(m, fmaxf(v0, v1));
        s = fmaf(s, __expf(m - mn), __expf(v0 - mn) + __expf(v1 - mn));
        m = mn;
        acc += __logf(s) + m;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The IEEE square root sqrtf (MUFU.RSQ with its correction and the
// special-case branch) and the IEEE reciprocal __frcp_rn, two crossed
// chains on positive values.
extern "C" __global__ void fp32_sqrtf_precise_frcp_rn_two_chains(Args a) {
    float x = a.fin[gtid() & 8191u], y = a.fin[(gtid() + 5u) & 8191u] + 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = sqrtf(x), t = sqrtf(y);
        float r = __frcp_rn(s + 1.f), q = __frcp_rn(t + 0.5f);
        acc += r + q;
        x = fmaf(r, 3.f, 0.25f * t);
        y = fmaf(q, 2.f, 0.5f * s);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// smoothstep, t^2 (3 - 2 t) with t clamped to [0, 1] by __saturatef,
// three independent chains.
extern "C" __global__ void fp32_smoothstep_saturatef_three_chains(Args a) {
    unsigned g = gtid();
    float x0 = a.fin[g & 8191u] - 1.f, x1 = a.fin[(g + 1u) & 8191u], x2 = 0.5f - a.fin[(g + 2u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float t0v = __saturatef(fmaf(x0, 0.8f, 0.4f));
        float t1v = __saturatef(fmaf(x1, -0.6f, 0.7f));
        float t2v = __saturatef(fmaf(x2, 1.1f, 0.5f));
        float s0 = t0v * t0v * fmaf(-2.f, t0v, 3.f);
        float s1 = t1v * t1v * fmaf(-2.f, t1v, 3.f);
        float s2 = t2v * t2v * fmaf(-2.f, t2v, 3.f);
        acc += (s0 + s1) + s2;
        x0 = fmaf(s0, 2.5f, -1.1f);
        x1 = fmaf(s1, -1.7f, 1.3f);
        x2 = fmaf(s2, 2.2f, -0.9f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The four roundings to an integral float, floorf, ceilf, truncf and
// rintf (FRND and its modes), with the fractional part fed back.
extern "C" __global__ void fp32_floorf_ceilf_truncf_rintf_fract(Args a) {
    float x = 3.f * (a.fin[gtid() & 8191u] - 1.f), y = 2.f * a.fin[(gtid() + 9u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float f = floorf(x), c = ceilf(y), tr = truncf(x * 2.7f), r = rintf(y * 1.3f);
        acc += (f + c) + (tr - r);
        x = fmaf(x - f, 6.f, -3.f) + 0.01f * r;
        y = fmaf(c - y, 3.f, 0.5f) + 0.01f * tr;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// One classical Runge-Kutta (RK4) step a trip of a damped, weakly forced
// oscillator p'' = -2 p - 0.3 p': four stages of dependent FMAs.
extern "C" __global__ void fp32_rk4_damped_oscillator_step(Args a) {
    float p = a.fin[gtid() & 8191u] - 1.f, v = 0.5f, acc = 0.f;
    const float w2 = 2.f, c = 0.3f, h = 0.05f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float k1p = v, k1v = fmaf(-w2, p, -c * v);
        float p2 = fmaf(0.5f * h, k1p, p), v2 = fmaf(0.5f * h, k1v, v);
        float k2p = v2, k2v = fmaf(-w2, p2, -c * v2);
        float p3 = fmaf(0.5f * h, k2p, p), v3 = fmaf(0.5f * h, k2v, v);
        float k3p = v3, k3v = fmaf(-w2, p3, -c * v3);
        float p4 = fmaf(h, k3p, p), v4 = fmaf(h, k3v, v);
        float k4p = v4, k4v = fmaf(-w2, p4, -c * v4);
        p = fmaf(h / 6.f, k1p + 2.f * (k2p + k3p) + k4p, p);
        v = fmaf(h / 6.f, k1v + 2.f * (k2v + k3v) + k4v, v) + 0.002f;
        acc += p;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + v);
}

// The inner loop of a direct n-body force sum: eight bodies a step from
// 64 float4 bodies in shared memory (every lane the same address: a
// broadcast LDS.128), softened distance, rsqrtf, the cube, three FMAs.
extern "C" __global__ void fp32_nbody_smem_broadcast_rsqrtf(Args a) {
    __shared__ float4 body[64];
    for (unsigned e = threadIdx.x; e < 64u; e += blockDim.x)
        body[e] = make_float4(a.fin[e] - 1.f, a.fin[e + 64u] - 1.f, a.fin[e + 128u] - 1.f, 0.01f * a.fin[e + 192u]);
    __syncthreads();
    unsigned g = gtid();
    float px = a.fin[g & 8191u] - 0.987f, py = a.fin[(g + 1u) & 8191u] - 1.013f, pz = a.fin[(g + 2u) & 8191u] - 1.f;
    float ax = 0.f, ay = 0.f, az = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned base = ((unsigned)k * 8u) & 63u;
#pragma unroll
        for (unsigned j = 0; j < 8u; j++) {
            float4 b = body[base + j];
            float dx = b.x - px, dy = b.y - py, dz = b.z - pz;
            float r2 = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, 0.01f)));
            float inv = rsqrtf(r2);
            float s = b.w * inv * inv * inv;
            ax = fmaf(s, dx, ax);
            ay = fmaf(s, dy, ay);
            az = fmaf(s, dz, az);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, ax + ay + az);
}

// A radix-4 decimation-in-time FFT butterfly on four complex values in
// registers: three complex twiddle multiplies, eight complex adds, the
// outputs halved (the map keeps the norm) and fed back.
extern "C" __global__ void fp32_radix4_fft_butterfly_complex(Args a) {
    unsigned g = gtid();
    float x0r = a.fin[g & 8191u] - 1.f, x0i = 0.1f, x1r = 0.2f, x1i = a.fin[(g + 1u) & 8191u] - 1.f;
    float x2r = a.fin[(g + 2u) & 8191u] - 1.f, x2i = -0.1f, x3r = -0.2f, x3i = a.fin[(g + 3u) & 8191u] - 1.f;
    const float w1r = 0.92387953f, w1i = -0.38268343f, w2r = 0.70710678f, w2i = -0.70710678f;
    const float w3r = 0.38268343f, w3i = -0.92387953f;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float b1r = fmaf(x1r, w1r, -x1i * w1i), b1i = fmaf(x1r, w1i, x1i * w1r);
        float b2r = fmaf(x2r, w2r, -x2i * w2i), b2i = fmaf(x2r, w2i, x2i * w2r);
        float b3r = fmaf(x3r, w3r, -x3i * w3i), b3i = fmaf(x3r, w3i, x3i * w3r);
        float t0r = x0r + b2r, t0i = x0i + b2i, t1r = x0r - b2r, t1i = x0i - b2i;
        float t2r = b1r + b3r, t2i = b1i + b3i, t3r = b1r - b3r, t3i = b1i - b3i;
        x0r = 0.5f * (t0r + t2r); x0i = 0.5f * (t0i + t2i);
        x2r = 0.5f * (t0r - t2r); x2i = 0.5f * (t0i - t2i);
        x1r = 0.5f * (t1r + t3i); x1i = 0.5f * (t1i - t3r);
        x3r = 0.5f * (t1r - t3i); x3i = 0.5f * (t1i + t3r);
        acc += x0r;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + x1i + x2r + x3i);
}

// =====================================================================
// Double precision
// =====================================================================

// Eight independent double chains of two DFMAs a step (sixteen DFMAs,
// eight ways of parallelism).
extern "C" __global__ void f64_dfma_eight_independent_chains(Args a) {
    unsigned g = gtid();
    double x[8];
#pragma unroll
    for (int j = 0; j < 8; j++) x[j] = (double)a.fin[(g + 11u * (unsigned)j) & 8191u] - 1.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 8; j++) {
            x[j] = fma(x[j], -0.93, 0.02 * (double)(j + 1));
            x[j] = fma(x[j], 0.89, -0.01 * (double)j);
        }
    }
    long long t1 = clock64();
    double s = 0.0;
#pragma unroll
    for (int j = 0; j < 8; j++) s += x[j];
    finish(a, t0, t1, (float)s);
}

// The precise double square root (MUFU.RSQ64H seed, Newton steps, the
// special-case test) in two independent chains, x = 0.9 sqrt(x) + 0.3.
extern "C" __global__ void f64_sqrt_precise_two_chains(Args a) {
    double x = (double)a.fin[gtid() & 8191u], y = 2.0 * (double)a.fin[(gtid() + 3u) & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double sx = sqrt(x), sy = sqrt(y);
        acc += sx - sy;
        x = fma(sx, 0.9, 0.3);
        y = fma(sy, 1.1, 0.2);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The precise double exp and log of the math library in one chain, a
// softplus in double: x = 0.3 - 0.8 log(exp(x) + 1).
extern "C" __global__ void f64_exp_log_precise_library(Args a) {
    double x = (double)a.fin[gtid() & 8191u] - 1.0, acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double z = log(exp(x) + 1.0);
        acc += z;
        x = fma(z, -0.8, 0.3);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Mixed precision: a float reciprocal (__frcp_rn of the value rounded to
// float) refined by one Newton step in double, the conversions F2F both
// ways and I2F.F64 of the trip's low bits; the next value from the
// result.
extern "C" __global__ void f64_f32_reciprocal_mixed_refinement(Args a) {
    double d = 1.0 + (double)a.fin[gtid() & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float xf = __frcp_rn((float)d);
        double xd = (double)xf;
        double r = fma(-d, xd, 1.0);
        double x = fma(xd, r, xd);
        acc += x;
        d = fma(x, 0.5, 0.75) + 1e-3 * (double)(k & 7);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// =====================================================================
// Half, bfloat16 and FP8
// =====================================================================

// Four independent scalar half chains of two __hfma_relu a step (an FMA
// with the result clamped at zero, in [0, 0.6]); the compiler may pack
// pairs of chains into one HFMA2.RELU.
extern "C" __global__ void half_scalar_hfma_relu_four_chains(Args a) {
    unsigned g = gtid();
    __half h[4];
#pragma unroll
    for (int j = 0; j < 4; j++) h[j] = __float2half(a.fin[(g + 3u * (unsigned)j) & 8191u] - 0.5f);
    const __half c0 = __float2half(-0.9f), c1 = __float2half(-0.7f);
    const __half d0 = __float2half(0.6f), d1 = __float2half(0.45f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 4; j++) {
            h[j] = __hfma_relu(h[j], c0, d0);
            h[j] = __hfma_relu(h[j], c1, d1);
        }
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int j = 0; j < 4; j++) s += __half2float(h[j]);
    finish(a, t0, t1, s);
}

// A half2 logistic sigmoid, 1 / (1 + e^-x), by the half2 math functions
// h2exp and h2rcp on x in [0.5, 1.5], fed back.
extern "C" __global__ void half2_h2exp_h2rcp_sigmoid(Args a) {
    float f = a.fin[gtid() & 8191u];
    __half2 x = __floats2half2_rn(f, 1.5f - 0.5f * f);
    const __half2 one = __float2half2_rn(1.f), two = __float2half2_rn(2.f), nh = __float2half2_rn(-0.5f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __half2 e = h2exp(__hneg2(x));
        __half2 r = h2rcp(__hadd2(e, one));
        x = __hfma2(r, two, nh);
        acc += __low2float(r);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + __high2float(x));
}

// Mixed-precision training's update: bfloat16x2 weights widened to
// float, a gradient from them, a float momentum, the weights rounded
// back to bfloat16x2 (__floats2bfloat162_rn) every step.
extern "C" __global__ void bf16x2_weight_update_float_momentum(Args a) {
    float f = a.fin[gtid() & 8191u];
    __nv_bfloat162 w = __floats2bfloat162_rn(f - 1.f, 0.5f - 0.3f * f);
    float mx = 0.f, my = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float2 wf = __bfloat1622float2(w);
        float gx = fmaf(wf.x, 0.8f, fmaf(-0.1f, wf.y, 0.02f));
        float gy = fmaf(wf.y, 0.7f, fmaf(0.15f, wf.x, -0.03f));
        mx = fmaf(mx, 0.9f, gx);
        my = fmaf(my, 0.9f, gy);
        w = __floats2bfloat162_rn(fmaf(-0.05f, mx, wf.x), fmaf(-0.05f, my, wf.y));
        acc += wf.x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + mx + my);
}

// FP8 quantization: a float pair to e4m3x2 and to e5m2x2 (saturating,
// F2FP), both back to half2 and float, the quantization errors summed
// and fed back.
extern "C" __global__ void fp8_e4m3_e5m2_quantize_dequantize(Args a) {
    float x = a.fin[gtid() & 8191u] - 1.f, y = 2.f * a.fin[(gtid() + 5u) & 8191u], err = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __nv_fp8x2_storage_t q4 = __nv_cvt_float2_to_fp8x2(make_float2(x, y), __NV_SATFINITE, __NV_E4M3);
        __nv_fp8x2_storage_t q5 = __nv_cvt_float2_to_fp8x2(make_float2(y, x), __NV_SATFINITE, __NV_E5M2);
        __half2 h4 = __half2(__nv_cvt_fp8x2_to_halfraw2(q4, __NV_E4M3));
        __half2 h5 = __half2(__nv_cvt_fp8x2_to_halfraw2(q5, __NV_E5M2));
        float2 f4 = __half22float2(h4), f5 = __half22float2(h5);
        float ex = x - f4.x, ey = y - f5.x;
        err += fabsf(ex) + fabsf(ey);
        x = fmaf(f4.y, -0.45f, 0.6f) + 3.f * ex;
        y = fmaf(f5.y, 0.9f, 1.1f) + 2.f * ey;
    }
    long long t1 = clock64();
    finish(a, t0, t1, err + x + y);
}

// =====================================================================
// Integer hashing and bit manipulation
// =====================================================================

// Philox4x32-10 (the counter-based generator of cuRAND and Random123):
// ten rounds a step of two 32 × 32 multiplies with their high halves
// (__umulhi), XORs with the keys, the key schedule; the counter bumped.
extern "C" __global__ void philox4x32_10_rounds_umulhi(Args a) {
    unsigned c0 = gtid(), c1 = 0u, c2 = 0x2468aceu, c3 = 0x13579bdu;
    const unsigned k0i = a.uin[gtid() & 8191u], k1i = lowbias32(gtid() + 211u);
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned x0 = c0, x1 = c1, x2 = c2, x3 = c3, k0 = k0i, k1 = k1i;
#pragma unroll
        for (int r = 0; r < 10; r++) {
            unsigned hi0 = __umulhi(0xD2511F53u, x0), lo0 = 0xD2511F53u * x0;
            unsigned hi1 = __umulhi(0xCD9E8D57u, x2), lo1 = 0xCD9E8D57u * x2;
            x0 = hi1 ^ x1 ^ k0;
            x1 = lo1;
            x2 = hi0 ^ x3 ^ k1;
            x3 = lo0;
            k0 += 0x9E3779B9u;
            k1 += 0xBB67AE85u;
        }
        acc += (x0 ^ x1) + (x2 ^ x3);
        c0 += 1u;
        c1 += (c0 == 0u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 8));
}

// xorshift128+: two 64-bit state words, 64-bit shifts by 23, 17 and 26
// (funnel-shift pairs) and XORs, the output a 64-bit add.
extern "C" __global__ void xorshift128plus_u64_shifts(Args a) {
    unsigned long long s0 = ((unsigned long long)lowbias32(gtid() + 221u) << 32) | a.uin[gtid() & 8191u];
    unsigned long long s1 = ((unsigned long long)a.uin[(gtid() + 1u) & 8191u] << 32) | lowbias32(gtid() + 223u) | 1ull;
    unsigned long long acc = 0ull;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned long long x = s0, y = s1;
        s0 = y;
        x ^= x << 23;
        s1 = x ^ y ^ (x >> 17) ^ (y >> 26);
        acc += (s1 + y) >> 40;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc & 0xffffffull));
}

// The MurmurHash3 (x86, 32-bit) block step on four independent hash
// streams: a key multiplied, rotated by 15, multiplied, XORed in, the
// hash rotated by 13 and stepped by 5 h + constant.
extern "C" __global__ void murmur3_32_block_mix_four_streams(Args a) {
    unsigned g = gtid(), x = lowbias32(g + 227u);
    unsigned h[4];
#pragma unroll
    for (int j = 0; j < 4; j++) h[j] = a.uin[(g + (unsigned)j) & 8191u];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
#pragma unroll
        for (int j = 0; j < 4; j++) {
            unsigned k1 = x ^ (0x27d4eb2fu * (unsigned)(j + 1));
            k1 *= 0xcc9e2d51u;
            k1 = rotl32(k1, 15);
            k1 *= 0x1b873593u;
            h[j] ^= k1;
            h[j] = rotl32(h[j], 13);
            h[j] = h[j] * 5u + 0xe6546b64u;
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((h[0] ^ h[1] ^ h[2] ^ h[3]) >> 8));
}

__device__ __forceinline__ unsigned part1by1(unsigned x) {
    x &= 0x0000ffffu;
    x = (x | (x << 8)) & 0x00ff00ffu;
    x = (x | (x << 4)) & 0x0f0f0f0fu;
    x = (x | (x << 2)) & 0x33333333u;
    x = (x | (x << 1)) & 0x55555555u;
    return x;
}
__device__ __forceinline__ unsigned compact1by1(unsigned x) {
    x &= 0x55555555u;
    x = (x ^ (x >> 1)) & 0x33333333u;
    x = (x ^ (x >> 2)) & 0x0f0f0f0fu;
    x = (x ^ (x >> 4)) & 0x00ff00ffu;
    x = (x ^ (x >> 8)) & 0x0000ffffu;
    return x;
}

// 2D Morton (Z-order) codes: a 16-bit coordinate pair interleaved by
// shift-and-mask steps, the code stepped, and decoded back the same way.
extern "C" __global__ void morton2d_encode_decode_masks(Args a) {
    unsigned px = a.uin[gtid() & 8191u] & 0xffffu, py = gtid() & 0xffffu, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned code = part1by1(px) | (part1by1(py) << 1);
        code += 0x00010003u;
        acc += code >> 4;
        px = compact1by1(code);
        py = compact1by1(code >> 1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)(px ^ py));
}

// A bitwise (table-free) CRC-32 of one byte a step: eight dependent
// shift, mask-by-negated-bit and XOR steps.
extern "C" __global__ void crc32_bitwise_eight_steps_branchfree(Args a) {
    unsigned crc = 0xffffffffu ^ gtid(), x = lowbias32(gtid() + 229u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        crc ^= x >> 24;
#pragma unroll
        for (int b = 0; b < 8; b++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(crc >> 8));
}

// 64-bit bit tricks: __brevll, __popcll of the word and its reverse,
// __clzll and __ffsll, the word re-stirred by a 64-bit multiply.
extern "C" __global__ void brev_popcll_clzll_ffsll_u64(Args a) {
    unsigned long long v = ((unsigned long long)a.uin[gtid() & 8191u] << 32) | lowbias32(gtid() + 233u);
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned long long r = __brevll(v);
        int p = __popcll(v & ~r), z = __clzll(v ^ r), f = __ffsll((long long)r);
        acc += (unsigned)(p + z + f);
        v = (v ^ (r >> 7)) * 0x9E3779B97F4A7C15ull + (unsigned long long)p;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Motion-estimation style byte arithmetic: sums of absolute differences
// of four packed-byte words by __vsadu4, per-byte differences by
// __vabsdiffu4 and maxima by __vmaxu4, the best SAD kept.
extern "C" __global__ void simd_vsadu4_vabsdiffu4_vmaxu4_sad(Args a) {
    unsigned g = gtid();
    unsigned c0 = a.uin[g & 8191u], c1 = a.uin[(g + 1u) & 8191u], c2 = a.uin[(g + 2u) & 8191u], c3 = a.uin[(g + 3u) & 8191u];
    unsigned x = lowbias32(g + 239u), best = 0xffffffffu, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned r0 = x, r1 = x * 0x9e3779b9u, r2 = r0 ^ (r1 >> 7), r3 = r1 + (r0 << 3);
        unsigned sad = (__vsadu4(c0, r0) + __vsadu4(c1, r1)) + (__vsadu4(c2, r2) + __vsadu4(c3, r3));
        unsigned d = __vabsdiffu4(c0, r2), mx = __vmaxu4(d, r3);
        best = min(best, sad);
        acc += mx & 0xffu;
        c0 ^= mx >> 1;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)best + (float)acc);
}

// Signed division and remainder by constants (7, 13 and -1000: the
// multiply-high sequences with sign fixes), the quotients mixed back.
extern "C" __global__ void s32_div7_mod13_constant_divisors(Args a) {
    int v = (int)lowbias32(gtid() + 241u);
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int q7 = v / 7, r13 = v % 13, qk = v / -1000;
        acc += (unsigned)(q7 ^ r13 ^ qk);
        v = (int)lcg_next((unsigned)v) ^ (q7 & 0xff) ^ (qk << 3);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 8));
}

__device__ __forceinline__ unsigned bfe_u32(unsigned x, unsigned pos, unsigned len) {
    unsigned r;
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(pos), "r"(len));
    return r;
}
__device__ __forceinline__ unsigned bfi_b32(unsigned ins, unsigned base, unsigned pos, unsigned len) {
    unsigned r;
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(ins), "r"(base), "r"(pos), "r"(len));
    return r;
}

// Bit fields by PTX bfe.u32 and bfi.b32: an RGB888 word packed into
// RGB565 (three extracts, three inserts), then a field at a position
// that changes every step extracted and inserted back.
extern "C" __global__ void bfe_bfi_ptx_rgb565_pack(Args a) {
    unsigned x = a.uin[gtid() & 8191u], acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned r = bfe_u32(x, 19u, 5u), gg = bfe_u32(x, 10u, 6u), b = bfe_u32(x, 3u, 5u);
        unsigned p = bfi_b32(r, 0u, 11u, 5u);
        p = bfi_b32(gg, p, 5u, 6u);
        p = bfi_b32(b, p, 0u, 5u);
        unsigned pos = (unsigned)k & 15u;
        unsigned fld = bfe_u32(x ^ p, pos, 9u);
        x = bfi_b32(fld, x, (pos * 3u) & 15u, 7u);
        acc += p + fld;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 4));
}

// =====================================================================
// Warp collectives
// =====================================================================

// Stream compaction's offsets: each lane 0 to 2 items (from the
// generator), an inclusive __shfl_up_sync scan (five steps, the lower
// lanes masked), the lane's exclusive offset from the running base, the
// warp total from lane 31 added to the base.
extern "C" __global__ void warp_shfl_up_scan_compaction_offsets(Args a) {
    unsigned lane = threadIdx.x & 31u, x = lowbias32(gtid() + 251u), base = 0u, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned cnt = ((x >> 30) != 0u ? 1u : 0u) + ((x >> 27) & 1u);
        unsigned s = cnt;
#pragma unroll
        for (unsigned o = 1u; o < 32u; o <<= 1) {
            unsigned t = __shfl_up_sync(FULL_MASK, s, o);
            if (lane >= o) s += t;
        }
        unsigned tot = __shfl_sync(FULL_MASK, s, 31);
        acc += base + s - cnt;
        base += tot;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)base);
}

// The sm_80 warp reductions in one instruction (REDUX): __reduce_add_sync,
// __reduce_max_sync, __reduce_or_sync and __reduce_min_sync of generator
// values, the maximum fed back.
extern "C" __global__ void warp_redux_add_max_or_min_sync(Args a) {
    unsigned x = lowbias32(gtid() + 257u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned v = x >> 20;
        unsigned s = __reduce_add_sync(FULL_MASK, v);
        unsigned mx = __reduce_max_sync(FULL_MASK, v);
        unsigned o = __reduce_or_sync(FULL_MASK, x & 0x0f0f0f0fu);
        int mn = __reduce_min_sync(FULL_MASK, (int)x);
        acc += (s ^ mx) + (o ^ (unsigned)mn);
        x += mx;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 8));
}

// Warp votes: __all_sync and __any_sync of generator predicates,
// __match_all_sync of a key that differs in about a lane in 32 (its
// predicate out), __activemask, folded back into the generator.
extern "C" __global__ void warp_all_any_match_all_votes(Args a) {
    unsigned x = lowbias32(gtid() + 263u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        int all = __all_sync(FULL_MASK, (x >> 28) != 0u);
        int any = __any_sync(FULL_MASK, (x & 0x3f0u) == 0x120u);
        int pred = 0;
        unsigned key = (x >> 27) == 0u ? 1u : 0u;
        unsigned mm = __match_all_sync(FULL_MASK, key, &pred);
        unsigned am = __activemask();
        acc += (unsigned)(all + 2 * any + 4 * pred) + (unsigned)__popc(mm ^ am);
        x ^= (unsigned)(all | (pred << 1) | (any << 2));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A softmax over segments of eight lanes: the segment maximum and the
// segment sum of __expf by __shfl_xor_sync of width 8 (three steps
// each), the normalized value by __fdividef, fed back.
extern "C" __global__ void warp_segmented8_softmax_shfl_xor_width8(Args a) {
    float v = a.fin[gtid() & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float m = v;
#pragma unroll
        for (int o = 4; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(FULL_MASK, m, o, 8));
        float e = __expf(v - m), s = e;
#pragma unroll
        for (int o = 4; o > 0; o >>= 1) s += __shfl_xor_sync(FULL_MASK, s, o, 8);
        float p = __fdividef(e, s);
        acc += p;
        v = fmaf(p, 2.f, fmaf(v, 0.5f, -0.2f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 4 × 4 transpose across groups of four lanes, each lane four floats:
// three rotating __shfl_sync rounds, the value sent and the slot
// received chosen by selects on the lane's place (no local memory).
extern "C" __global__ void warp_transpose4x4_shfl_rotate_select(Args a) {
    unsigned lane = threadIdx.x & 31u, l4 = lane & 3u, base = lane & ~3u, g = gtid();
    float v0 = a.fin[g & 8191u] - 1.f, v1 = a.fin[(g + 1u) & 8191u] - 1.f;
    float v2 = a.fin[(g + 2u) & 8191u] - 1.f, v3 = a.fin[(g + 3u) & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float o0 = 0.f, o1 = 0.f, o2 = 0.f, o3 = 0.f;
#pragma unroll
        for (unsigned r = 0; r < 4u; r++) {
            unsigned si = (l4 - r) & 3u;
            float send = si == 0u ? v0 : si == 1u ? v1 : si == 2u ? v2 : v3;
            float got = r == 0u ? send : __shfl_sync(FULL_MASK, send, (int)(base + ((l4 + r) & 3u)));
            unsigned di = (l4 + r) & 3u;
            o0 = di == 0u ? got : o0;
            o1 = di == 1u ? got : o1;
            o2 = di == 2u ? got : o2;
            o3 = di == 3u ? got : o3;
        }
        acc += o0 - o3;
        v0 = fmaf(o0, 0.9f, 0.01f);
        v1 = fmaf(o1, -0.9f, 0.02f);
        v2 = fmaf(o2, 0.8f, -0.01f);
        v3 = fmaf(o3, -0.8f, 0.03f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + v1 + v2);
}

// =====================================================================
// Shared memory
// =====================================================================

// One AES round by T-tables: four 256-word tables in shared memory
// (shared by the block), sixteen lookups a step at bytes of the state
// (random banks), XORed with a generated round key.
extern "C" __global__ void smem_aes_ttable_lookup_four_tables(Args a) {
    __shared__ unsigned T[4][256];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x) (&T[0][0])[e] = a.uin[(e * 7u + 3u) & 8191u];
    __syncthreads();
    unsigned g = gtid();
    unsigned s0 = a.uin[g & 8191u], s1 = lowbias32(g + 1u), s2 = lowbias32(g + 2u), s3 = a.uin[(g + 3u) & 8191u];
    unsigned rk = lowbias32(g + 269u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        rk = lcg_next(rk);
        unsigned t0v = T[0][s0 & 255u] ^ T[1][(s1 >> 8) & 255u] ^ T[2][(s2 >> 16) & 255u] ^ T[3][s3 >> 24] ^ rk;
        unsigned t1v = T[0][s1 & 255u] ^ T[1][(s2 >> 8) & 255u] ^ T[2][(s3 >> 16) & 255u] ^ T[3][s0 >> 24] ^ (rk * 3u);
        unsigned t2v = T[0][s2 & 255u] ^ T[1][(s3 >> 8) & 255u] ^ T[2][(s0 >> 16) & 255u] ^ T[3][s1 >> 24] ^ (rk * 5u);
        unsigned t3v = T[0][s3 & 255u] ^ T[1][(s0 >> 8) & 255u] ^ T[2][(s1 >> 16) & 255u] ^ T[3][s2 >> 24] ^ (rk * 9u);
        s0 = t0v; s1 = t1v; s2 = t2v; s3 = t3v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((s0 ^ s1 ^ s2 ^ s3) >> 8));
}

// A 32 × 32 float tile, unpadded but XOR-swizzled (element (r, c) at
// column c ^ r; four tiles, a warp on w & 3): a row written and a column
// read, both conflict-free.
extern "C" __global__ void smem_xor_swizzle_transpose32(Args a) {
    __shared__ float tile[4][32][32];
    for (unsigned e = threadIdx.x; e < 4u * 32u * 32u; e += blockDim.x) (&tile[0][0][0])[e] = a.fin[(e * 3u) & 8191u] - 1.f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float (*t)[32] = tile[w & 3u];
    float v = a.fin[gtid() & 8191u] - 0.5f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = ((unsigned)k * 7u + w) & 31u;
        t[r][lane ^ r] = v;
        __syncwarp();
        float c = t[lane][r ^ lane];
        __syncwarp();
        v = fmaf(c, -0.85f, 0.12f);
        acc += c;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// 16-byte shared loads (LDS.128) from 512-float4 arrays (four, a warp on
// w & 3): one at consecutive float4s a lane, one two float4s (32 bytes)
// apart a lane.
extern "C" __global__ void smem_lds128_float4_unit_and_stride2(Args a) {
    __shared__ float4 s[4][512];
    for (unsigned e = threadIdx.x; e < 4u * 512u; e += blockDim.x)
        (&s[0][0])[e] = make_float4(a.fin[e & 8191u] - 1.f, 0.5f, a.fin[(e + 7u) & 8191u] - 1.f, -0.25f);
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    const float4* S = s[w & 3u];
    float u = 0.f, v = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (unsigned)k;
        float4 p = S[(lane + (j & 15u) * 32u) & 511u];
        float4 q = S[(lane * 2u + (j & 7u) * 64u + (j >> 3 & 1u)) & 511u];
        u = fmaf(0.5f, u, (p.x + p.y) + (p.z + p.w));
        v = fmaf(0.5f, v, (q.x - q.y) + (q.z - q.w));
    }
    long long t1 = clock64();
    finish(a, t0, t1, u + v);
}

// A 32 × 32 double tile padded to 33 columns (four tiles, a warp on
// w & 3): a row written by 8-byte stores and a column read by 8-byte
// loads.
extern "C" __global__ void smem_f64_tile32x33_column_read(Args a) {
    __shared__ double tile[4][32][33];
    for (unsigned e = threadIdx.x; e < 4u * 32u * 33u; e += blockDim.x) (&tile[0][0][0])[e] = (double)a.fin[(e * 5u) & 8191u] - 1.0;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    double (*t)[33] = tile[w & 3u];
    double v = (double)a.fin[gtid() & 8191u] - 0.5, acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = ((unsigned)k * 3u + w) & 31u;
        t[r][lane] = v;
        __syncwarp();
        double c = t[lane][r];
        __syncwarp();
        v = fma(c, 0.8, -0.1);
        acc += c;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Narrow shared loads from 4096-byte arrays (four, a warp on w & 3): one
// byte a lane, consecutive (eight words, four lanes a word), and one
// 16-bit value a lane 32 bytes apart (every lane on four banks, eight
// ways).
extern "C" __global__ void smem_u8_consecutive_u16_stride32B(Args a) {
    __shared__ unsigned sw[4][1024];
    for (unsigned e = threadIdx.x; e < 4u * 1024u; e += blockDim.x) (&sw[0][0])[e] = a.uin[(e * 11u) & 8191u];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    const unsigned char* B = reinterpret_cast<const unsigned char*>(sw[w & 3u]);
    const unsigned short* H = reinterpret_cast<const unsigned short*>(sw[w & 3u]);
    unsigned acc = 0u, h = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (unsigned)k;
        unsigned b = B[(lane + (j & 127u) * 32u) & 4095u];
        unsigned q = H[(lane * 16u + (j & 15u) + ((j >> 4) & 1u) * 512u) & 2047u];
        acc += b;
        h = (h ^ q) * 3u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)(h & 0xffffu));
}

// A block-wide exclusive scan in two levels: a warp scan by
// __shfl_up_sync, the warp totals in shared memory (double-buffered by
// the trip's parity), __syncthreads, warp 0 scans them, __syncthreads,
// every lane adds its warp's prefix.
extern "C" __global__ void smem_block_scan_two_level_syncthreads(Args a) {
    __shared__ unsigned wsum[2][32];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    unsigned x = lowbias32(gtid() + 271u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned* ws = wsum[k & 1];
        x = lcg_next(x);
        unsigned v = x >> 28, s = v;
#pragma unroll
        for (unsigned o = 1u; o < 32u; o <<= 1) {
            unsigned t = __shfl_up_sync(FULL_MASK, s, o);
            if (lane >= o) s += t;
        }
        if (lane == 31u) ws[w] = s;
        __syncthreads();
        if (w == 0u) {
            unsigned q = lane < nw ? ws[lane] : 0u;
#pragma unroll
            for (unsigned o = 1u; o < 32u; o <<= 1) {
                unsigned t = __shfl_up_sync(FULL_MASK, q, o);
                if (lane >= o) q += t;
            }
            ws[lane] = q;
        }
        __syncthreads();
        unsigned pre = (w > 0u ? ws[w - 1u] : 0u) + s - v;
        acc += pre;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Shared atomics other than add: atomicInc with wrap-around at 1023 on
// 256 counters (the old value used) and atomicXor on 1024 bins (the old
// value unused), both shared by the block, at hashed positions.
extern "C" __global__ void smem_atomicinc_wrap_atomicxor_bins(Args a) {
    __shared__ unsigned ctr[256];
    __shared__ unsigned bins[1024];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x) {
        bins[e] = 0u;
        if (e < 256u) ctr[e] = 0u;
    }
    __syncthreads();
    unsigned x = lowbias32(gtid() + 277u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned old = atomicInc(&ctr[x >> 24], 1023u);
        atomicXor(&bins[(x ^ (old << 3)) & 1023u], x);
        acc += old;
        x += old;
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)acc + (float)(bins[threadIdx.x & 1023u] >> 20));
}

// A 3 × 3 box blur over a 34 × 36 padded tile (four tiles, a warp on
// w & 3): a lane a column, nine reads from three rows, the result
// written back into the middle row.
extern "C" __global__ void smem_3x3_box_blur_tile34(Args a) {
    __shared__ float tile[4][34][36];
    for (unsigned e = threadIdx.x; e < 4u * 34u * 36u; e += blockDim.x) (&tile[0][0][0])[e] = a.fin[(e * 7u) & 8191u] - 1.f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float (*t)[36] = tile[w & 3u];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = ((unsigned)k + w) & 31u;
        float s = 0.f;
#pragma unroll
        for (unsigned dr = 0; dr < 3u; dr++)
#pragma unroll
            for (unsigned dc = 0; dc < 3u; dc++) s += t[r + dr][lane + dc];
        s *= (1.f / 9.f);
        __syncwarp();
        t[r + 1u][lane + 1u] = fmaf(s, 0.9f, 0.01f);
        __syncwarp();
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Tensor cores
// =====================================================================

// mma.sync m16n8k16 f16 → f32 fed by ldmatrix: A (16 × 64 halves) and
// B (16 n × 64 k halves) tiles in shared memory, rows of 128 bytes with
// their 16-byte chunks XOR-swizzled by the row (four of each, a warp on
// w & 3); one ldmatrix.x4 for A and one for B a step, two MMAs into two
// accumulators.
extern "C" __global__ void mma_m16n8k16_f16_ldmatrix_x4_swizzled(Args a) {
    __shared__ __align__(128) __half As[4][16 * 64];
    __shared__ __align__(128) __half Bs[4][16 * 64];
    for (unsigned e = threadIdx.x; e < 4u * 1024u; e += blockDim.x) {
        (&As[0][0])[e] = __float2half(0.05f * (a.fin[e & 8191u] - 1.f));
        (&Bs[0][0])[e] = __float2half(0.05f * (a.fin[(e + 4096u) & 8191u] - 0.9f));
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    const __half* A = As[w & 3u];
    const __half* B = Bs[w & 3u];
    unsigned arow = lane & 15u, ahalf = lane >> 4;
    unsigned brow = (lane & 7u) + ((lane >> 4) << 3), bhalf = (lane >> 3) & 1u;
    float c0 = 0.f, c1 = 0.f, c2 = 0.f, c3 = 0.f, d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kc = ((unsigned)k & 3u) * 2u;
        unsigned aa = smem_addr(A + arow * 64u + (((kc + ahalf) ^ (arow & 7u)) << 3));
        unsigned ba = smem_addr(B + brow * 64u + (((kc + bhalf) ^ (brow & 7u)) << 3));
        unsigned a0, a1, a2, a3, b0, b1, b2, b3;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(aa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3) : "r"(ba));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c0 + c1 + c2 + c3) - (d0 + d1 + d2 + d3));
}

// The double-precision tensor-core MMA (DMMA), mma.sync m8n8k4 f64 on
// fragments in registers: four independent accumulators a step.
extern "C" __global__ void mma_m8n8k4_f64_dmma_four_accums(Args a) {
    unsigned g = gtid();
    double a0 = 0.05 * ((double)a.fin[g & 8191u] - 1.0), a1 = 0.04 * (double)a.fin[(g + 1u) & 8191u];
    double b0 = 0.03 * (double)a.fin[(g + 2u) & 8191u], b1 = -0.05 * ((double)a.fin[(g + 3u) & 8191u] - 0.8);
    double c[4][2];
#pragma unroll
    for (int i = 0; i < 4; i++) c[i][0] = c[i][1] = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int i = 0; i < 4; i++) {
            double av = (i & 1) ? a1 : a0, bv = (i & 2) ? b1 : b0;
            asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};\n"
                         : "+d"(c[i][0]), "+d"(c[i][1])
                         : "d"(av), "d"(bv));
        }
    }
    long long t1 = clock64();
    double s = 0.0;
#pragma unroll
    for (int i = 0; i < 4; i++) s += c[i][0] - c[i][1];
    finish(a, t0, t1, (float)s);
}

// The WMMA API in TF32: m16n16k8, A the left half of the warp's own
// 16 × 16 float tile in shared memory (converted by __float_to_tf32), B
// one of four 8 × 16 tiles shared by the block, the accumulator filled
// with 0.1, the product stored back over the warp's tile
// (store_matrix_sync) and read again the next step.
extern "C" __global__ void wmma_tf32_m16n16k8_smem_store_roundtrip(Args a) {
    using namespace nvcuda;
    __shared__ __align__(32) float Cs[32][256];
    __shared__ __align__(32) float Bs[4][128];
    unsigned w = threadIdx.x >> 5;
    for (unsigned e = threadIdx.x; e < 32u * 256u; e += blockDim.x) (&Cs[0][0])[e] = 0.1f * (a.fin[e & 8191u] - 1.f);
    for (unsigned e = threadIdx.x; e < 512u; e += blockDim.x) (&Bs[0][0])[e] = 0.05f * a.fin[(e + 77u) & 8191u];
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
    float s = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        wmma::load_matrix_sync(fa, &Cs[w][0], 16);
        wmma::load_matrix_sync(fb, &Bs[k & 3][0], 16);
#pragma unroll
        for (int i = 0; i < fa.num_elements; i++) fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
        wmma::fill_fragment(fc, 0.1f);
        wmma::mma_sync(fc, fa, fb, fc);
        __syncwarp();
        wmma::store_matrix_sync(&Cs[w][0], fc, 16, wmma::mem_row_major);
        __syncwarp();
        s += fc.x[0];
    }
    long long t1 = clock64();
    finish(a, t0, t1, s);
}

// mma.sync m16n8k8 with f16 inputs and f16 accumulators (two packed
// half2 registers an accumulator) on fragments in registers: four
// independent accumulators, two MMAs each a step (eight MMAs).
extern "C" __global__ void mma_m16n8k8_f16_f16accum_four_chains(Args a) {
    unsigned g = gtid();
    unsigned ar[2], b0, b1;
#pragma unroll
    for (int j = 0; j < 2; j++) {
        __half2 h = __floats2half2_rn(0.05f * (a.fin[(g + (unsigned)j) & 8191u] - 1.f), 0.02f);
        ar[j] = *reinterpret_cast<unsigned*>(&h);
    }
    __half2 hb0 = __floats2half2_rn(0.04f * a.fin[(g + 2u) & 8191u], -0.03f);
    __half2 hb1 = __floats2half2_rn(-0.02f, 0.05f * (a.fin[(g + 3u) & 8191u] - 1.f));
    b0 = *reinterpret_cast<unsigned*>(&hb0);
    b1 = *reinterpret_cast<unsigned*>(&hb1);
    unsigned c[4][2];
#pragma unroll
    for (int i = 0; i < 4; i++) c[i][0] = c[i][1] = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int r = 0; r < 2; r++)
#pragma unroll
            for (int i = 0; i < 4; i++) {
                unsigned bv = ((i + r) & 1) ? b1 : b0;
                asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3}, {%4}, {%0,%1};\n"
                             : "+r"(c[i][0]), "+r"(c[i][1])
                             : "r"(ar[0]), "r"(ar[1]), "r"(bv));
            }
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 4; i++) {
        __half2 h0 = *reinterpret_cast<__half2*>(&c[i][0]), h1 = *reinterpret_cast<__half2*>(&c[i][1]);
        s += __low2float(h0) + __high2float(h1);
    }
    finish(a, t0, t1, s);
}

// =====================================================================
// Global memory
// =====================================================================

// 16-bit loads: the footprint read as halves (a warp 64 bytes a load),
// two a step a grid stride apart, widened to float and summed.
extern "C" __global__ void stream_read_u16_half_sum(Args a) {
    unsigned m = 2u * a.bigMask + 1u, T = gthreads(), i = gtid();
    const __half* H = reinterpret_cast<const __half*>(a.big);
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        s0 += __half2float(H[j & m]);
        s1 += __half2float(H[(j + T) & m]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// A double dot product of two arrays (the two halves of the footprint):
// two pairs of 8-byte loads a step, a grid stride apart, two DFMA
// accumulators.
extern "C" __global__ void stream_dot_f64_two_arrays(Args a) {
    unsigned h = (a.bigMask + 1u) >> 2, m = h - 1u, T = gthreads(), i = gtid();
    const double* X = reinterpret_cast<const double*>(a.big);
    const double* Y = X + h;
    double d0 = 0.0, d1 = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        unsigned p = j & m, q = (j + T) & m;
        d0 = fma(X[p], Y[p], d0);
        d1 = fma(X[q], Y[q], d1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(d0 + d1) * 1e16f);
}

// Four independent random float4 gathers a step (each lane its own line,
// 16 of its 128 bytes used), positions from four generators, so the four
// loads are in flight together.
extern "C" __global__ void gather_random_float4_four_in_flight(Args a) {
    unsigned m4 = ((a.bigMask + 1u) >> 2) - 1u, g = gtid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    unsigned x0 = lowbias32(4u * g), x1 = lowbias32(4u * g + 1u), x2 = lowbias32(4u * g + 2u), x3 = lowbias32(4u * g + 3u);
    float s0 = 0.f, s1 = 0.f, s2 = 0.f, s3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x0 = lcg_next(x0); x1 = lcg_next(x1); x2 = lcg_next(x2); x3 = lcg_next(x3);
        float4 v0 = X[(x0 >> 6) & m4], v1 = X[(x1 >> 6) & m4], v2 = X[(x2 >> 6) & m4], v3 = X[(x3 >> 6) & m4];
        s0 += (v0.x + v0.y) + (v0.z + v0.w);
        s1 += (v1.x + v1.y) + (v1.z + v1.w);
        s2 += (v2.x + v2.y) + (v2.z + v2.w);
        s3 += (v3.x + v3.y) + (v3.z + v3.w);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (s0 + s1) + (s2 + s3));
}

// A row-major matrix with rows of 4096 floats (16 KiB) walked by column:
// consecutive lanes on consecutive rows (a line each), the column
// advancing as the walk passes every row; two loads a step.
extern "C" __global__ void read_column_major_rowpitch4096(Args a) {
    unsigned rows = (a.bigMask + 1u) >> 12, rm = rows - 1u, sh = (unsigned)(__ffs((int)rows) - 1);
    unsigned T = gthreads(), i = gtid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned e = i + (unsigned)k * 2u * T, f = e + T;
        s0 += X[((e & rm) << 12) | ((e >> sh) & 4095u)];
        s1 += X[((f & rm) << 12) | ((f >> sh) & 4095u)];
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 - s1);
}

// A three-point stencil, out[j] = 0.25 in[j-1] + 0.5 in[j] + 0.25 in[j+1],
// from the first half of the footprint into the second, grid-stride
// (the neighbour loads a float off the line boundaries).
extern "C" __global__ void stencil3_global_halves_write(Args a) {
    unsigned h = (a.bigMask + 1u) >> 1, m = h - 1u, T = gthreads(), i = gtid();
    const float* in = a.big;
    float* out = a.big + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float l = in[(j - 1u) & m], c = in[j], r = in[(j + 1u) & m];
        out[j] = fmaf(0.5f, c, 0.25f * (l + r));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// Scattered 4-byte stores at hashed positions over the footprint (each
// lane its own line), the value changing every step.
extern "C" __global__ void scatter_store_hashed_f32(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    float* Y = a.big;
    float f = (float)(i & 1023u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        Y[lowbias32(i + (unsigned)k * T) & m] = f;
        f += 0.25f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, f);
}

// A matrix-vector product, a warp a row of 1024 floats a step (rows a
// warp count apart): eight float4 loads of the row and eight of one of
// eight vectors (a.fin, L1-resident, the vector by the trip's low bits)
// a lane, 32 FMAs, a __shfl_xor_sync reduction of the row's dot product.
extern "C" __global__ void gemv_warp_row_f4_shfl_reduce(Args a) {
    unsigned rows = (a.bigMask + 1u) >> 10, rm = rows - 1u, lane = threadIdx.x & 31u;
    unsigned gw = gtid() >> 5, nw = gthreads() >> 5;
    const float4* A4 = reinterpret_cast<const float4*>(a.big);
    const float4* x4 = reinterpret_cast<const float4*>(a.fin);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        const float4* row = A4 + (((gw + (unsigned)k * nw) & rm) << 8);
        unsigned xo = ((unsigned)k & 7u) << 8;
        float s = 0.f;
#pragma unroll
        for (unsigned c = 0; c < 8u; c++) {
            float4 av = row[lane + 32u * c], xv = x4[xo + lane + 32u * c];
            s = fmaf(av.x, xv.x, s);
            s = fmaf(av.y, xv.y, s);
            s = fmaf(av.z, xv.z, s);
            s = fmaf(av.w, xv.w, s);
        }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(FULL_MASK, s, o);
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

struct Point3 {
    float x, y, z;
};

// An array of 12-byte structures (three floats, so three 4-byte loads a
// lane, 384 bytes a warp), the squared length summed, grid-stride over
// the first three quarters of the footprint.
extern "C" __global__ void stream_read_aos_float3_12byte(Args a) {
    unsigned n3 = (a.bigMask + 1u) >> 2, m3 = n3 - 1u, T = gthreads(), i = gtid();
    const Point3* P = reinterpret_cast<const Point3*>(a.big);
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        Point3 p = P[(i + (unsigned)k * T) & m3];
        float l2 = fmaf(p.x, p.x, fmaf(p.y, p.y, p.z * p.z));
        if (k & 1) s1 += l2; else s0 += l2;
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// Float reductions to global memory (atomicAdd with the result unused,
// RED.ADD.F32) at distinct coalesced words, grid-stride over the
// footprint.
extern "C" __global__ void red_add_f32_coalesced_distinct(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    float* Y = a.big;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) atomicAdd(&Y[(i + (unsigned)k * T) & m], 0.25f * (float)(k & 7));
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// 4-byte cp.async.ca copies (through L1) into a warp's double buffer in
// shared memory: 512 contiguous bytes a warp a step (four copies a lane),
// the next step's copies issued and committed, wait_group 1, __syncwarp,
// four words read (another lane's), __syncwarp.
extern "C" __global__ void cp_async_ca4_double_buffer(Args a) {
    __shared__ float buf[32][2][128];
    unsigned m = a.bigMask, lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    unsigned gw = gtid() >> 5, nw = gthreads() >> 5;
    const float* X = a.big;
#pragma unroll
    for (unsigned c = 0; c < 4u; c++)
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(smem_addr(&buf[w][0][lane + 32u * c])),
                     "l"(X + ((gw * 128u + lane + 32u * c) & m)));
    asm volatile("cp.async.commit_group;\n" ::);
    float s = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned nxt = ((unsigned)k + 1u) & 1u, cur = (unsigned)k & 1u;
        unsigned base = (gw + ((unsigned)k + 1u) * nw) * 128u + lane;
#pragma unroll
        for (unsigned c = 0; c < 4u; c++)
            asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(smem_addr(&buf[w][nxt][lane + 32u * c])),
                         "l"(X + ((base + 32u * c) & m)));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        __syncwarp();
        const float* B = buf[w][cur];
        float v = (B[lane ^ 1u] + B[32u + (lane ^ 2u)]) + (B[64u + (lane ^ 3u)] + B[96u + (lane ^ 4u)]);
        __syncwarp();
        s += v;
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_group 0;\n" ::);
    finish(a, t0, t1, s);
}

// Read-only loads (__ldg) with a software prefetch into L2
// (prefetch.global.L2) of the element eight grid strides ahead.
extern "C" __global__ void ldg_prefetch_l2_distance8(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * T;
        asm volatile("prefetch.global.L2 [%0];\n" ::"l"(X + ((j + 8u * T) & m)));
        float v = __ldg(&X[j & m]);
        if (k & 1) s1 += v; else s0 += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 - s1);
}

// =====================================================================
// Loops whose trip counts depend on data
// =====================================================================

// Collatz steps from a start of 1 to 4096 (n / 2 or 3 n + 1 by a select),
// at most 64 a trip: the inner trip count depends on the data (lanes
// diverge).
extern "C" __global__ void collatz_steps_bounded_data_dependent(Args a) {
    unsigned x = lowbias32(gtid() + 281u), acc = 0u, steps = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned n = (x >> 20) + 1u, c = 0u;
        while (n != 1u && c < 64u) {
            n = (n & 1u) ? 3u * n + 1u : n >> 1;
            c++;
        }
        steps += c;
        acc += n;
        x += c;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)steps);
}

// Lookups in an open-addressing hash table of 1024 words in shared
// memory (about 60 % of the slots taken), linear probing until the key
// or an empty slot (at most 32 probes): the inner trip count depends on
// the data (lanes diverge).
extern "C" __global__ void smem_hash_probe_linear_data_dependent(Args a) {
    __shared__ unsigned tab[1024];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x)
        tab[e] = (lowbias32(e * 7u + 1u) % 10u < 6u) ? (lowbias32(e) | 1u) : 0u;
    __syncthreads();
    unsigned x = lowbias32(gtid() + 283u), acc = 0u, probes = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned key = x | 1u, h = lowbias32(key) & 1023u, n = 0u;
        while (n < 32u) {
            unsigned t = tab[h];
            if (t == key || t == 0u) break;
            h = (h + 1u) & 1023u;
            n++;
        }
        acc += h;
        probes += n;
        x += n;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)probes);
}
