// A thirty-fifth validation corpus for gpuarch analyze ("dev35" and
// "heldout35"): fifty-six loops of the kinds performance engineers
// write, by a writer who has read none of the model, its tests, its
// testdata, its documents or any measurement; of the earlier corpora only
// corpus34's three files (kernels.cu, cases.inc, split.txt) as format
// examples, no loop copied from them, and the harness
// (scripts/analyze/corpus/harness.cu) and the build script
// (scripts/analyze/device.sh). The set: FP32 and the math library (an
// online log-sum-exp by the precise expf and logf; a softplus by the
// precise log1pf of expf, two chains; a polar walk by the precise atan2f
// and hypotf; CIELAB's forward transform by the precise cbrtf and its
// cubic inverse; a tone curve by the fast __powf and __fdividef, four
// channels; a vector normalized by the IEEE sqrtf and divisions; four
// sawtooth, triangle and square oscillators by floorf, fabsf, rintf and
// truncf; an LSTM cell by tanh.approx.f32), double (continuous
// compounding by the precise exp and log; softened gravity of four
// sources by the double rsqrt; a quadratic map of complex doubles folded
// back inside a radius), half and bfloat16 (attention logits by h2exp2
// and h2log2; a two-layer MLP in half2 by __hfma2_relu; scalar half
// ratios by __hdiv and hsqrt; an AdamW step on bfloat16x2 parameters with
// float moments), integers (xxHash32's four accumulator rounds over
// words read as uint4; wyhash's 64-bit multiply-high mixing, two
// streams; chess bitboards by 64-bit popc, clz, ffs and brev; block
// matching sums of absolute differences by __vsadu4 at four byte
// offsets; 64-bit timestamps split by run-time divisors; CRC-32 a byte
// at a time through a shared 256-entry table), conversions (RGBA8
// pixels unpacked to floats, contrast-stretched, saturated and repacked;
// floats quantized to FP8 E4M3 and E5M2 pairs and back with error
// feedback), warp collectives (a segmented inclusive scan by
// __shfl_up_sync with head flags; __reduce_add/min/max/or_sync;
// convergence votes by __all_sync and __any_sync around a Newton square
// root; a 32-point radix-2 FFT across lanes by __shfl_xor_sync),
// shared memory (an XOR-swizzled 32 × 32 float transpose; the x fields of
// 16-byte structures, four-way conflicted; a Blelloch scan of 64 floats a
// warp; a 257-entry lookup table interpolated at data-driven indices; a
// queue of warp-aggregated pushes and pops by atomicAdd on shared head
// and tail; a block tree reduction with __syncthreads each level;
// per-warp bounding boxes by shared atomicMin and atomicMax of
// order-preserving keys; an N-body tile of float4 bodies read by
// broadcast), global memory (a STREAM triad; byte reads;
// float4 reads by __ldcs; float4 stores by __stcs; a row a thread at a
// pitch of 4 KiB; float reads misaligned by one element; the x and y
// fields of 16-byte records as float2; a CSR SpMV of eight non-zeros a
// row with x gathered from an L1-resident vector; bilinear image samples;
// a 9-point 1-D stencil; complex values rotated in place), global
// atomics (RED.ADD.F32 at hashed addresses; a single-probe hash insert
// by atomicCAS; a ticket queue of warp-aggregated atomicAdd with the
// items stored), a reduction (__reduce_add_sync with one RED a warp a
// step), cp.async pipelines (4-byte cp.async.ca with zero fill at a
// row's edges, two stages a warp; a block-wide double buffer of 16-byte
// cp.async.cg with __syncthreads), tensor cores (double mma.sync
// m8n8k4; 2:4-sparse mma.sp m16n8k32 f16 with float accumulators) and
// two loops whose trip counts depend on data (Marsaglia's polar method
// by rejection; linear-probing hash lookups in shared memory).
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

// A streaming log-sum-exp (the online softmax normalizer): the running
// maximum rescales the running sum, two precise expf and one precise
// logf a step; the result fed back into the next logit, kept within
// about +-3 (the sum stays in [1, iterations + 1]).
extern "C" __global__ void fp32_expf_logf_precise_online_logsumexp(Args a) {
    unsigned g = gtid();
    float x = 3.f * (a.fin[g & 8191u] - 1.f), mx = x, s = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float mn = fmaxf(mx, x);
        s = fmaf(s, expf(mx - mn), expf(x - mn));
        mx = mn;
        float l = logf(s);
        acc += mx + l;
        x = fmaf(0.5f, x, fmaf(0.3f, l, -1.2f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The softplus activation log(1 + e^x) by the precise log1pf of the
// precise expf, two chains a step; the outputs mapped back into
// arguments within about -3 to +3.
extern "C" __global__ void fp32_log1pf_expf_precise_softplus_two_chains(Args a) {
    unsigned g = gtid();
    float x = 2.f * (a.fin[g & 8191u] - 1.f), y = 1.f - a.fin[(g + 5u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float sx = log1pf(expf(x)), sy = log1pf(expf(y));
        acc += sx - sy;
        x = fmaf(sx, -1.3f, 2.f);
        y = fminf(fmaf(sy, 1.1f, -2.5f) + 0.1f * x, 3.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Cartesian to polar coordinates by the precise atan2f and hypotf, the
// point then moved by its own angle and radius (a bounded walk: the
// angle stays within +-pi, the coordinates within about +-8).
extern "C" __global__ void fp32_atan2f_hypotf_precise_polar_walk(Args a) {
    unsigned g = gtid();
    float x = a.fin[g & 8191u] - 0.2f, y = 0.7f - a.fin[(g + 3u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float r = hypotf(x, y), th = atan2f(y, x);
        acc += r * th;
        x = fmaf(0.85f, x, fmaf(-0.3f, th, 0.25f));
        y = fmaf(0.8f, y, fmaf(0.2f, th, -0.1f * fminf(r, 4.f)));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// CIE XYZ to L*a*b*: f(t) = cbrt(t) above (6/29)^3 (the precise cbrtf),
// a linear toe below; then a shifted colour back to XYZ by the cubic
// inverse, clamped to [0.001, 1].
__device__ __forceinline__ float lab_f(float t) { return t > 0.008856452f ? cbrtf(t) : fmaf(t, 7.787037f, 0.137931034f); }
__device__ __forceinline__ float lab_finv(float t) { return t > 0.20689655f ? t * t * t : 0.12841855f * (t - 0.137931034f); }
extern "C" __global__ void fp32_cbrtf_precise_cielab_forward_inverse(Args a) {
    unsigned g = gtid();
    float X = 0.3f * a.fin[g & 8191u], Y = 0.5f * a.fin[(g + 1u) & 8191u], Z = 0.2f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float fx = lab_f(X * (1.f / 0.95047f)), fy = lab_f(Y), fz = lab_f(Z * (1.f / 1.08883f));
        float L = fmaf(116.f, fy, -16.f), A = 500.f * (fx - fy), B = 200.f * (fy - fz);
        acc += L + 0.01f * (A - B);
        // A lightness pulled towards 75 and tinted chroma, back to XYZ.
        float gy = fmaf(0.6f, L, 46.f) * (1.f / 116.f);
        float gx = fmaf(A, 0.9f / 500.f, gy), gz = fmaf(B, -0.8f / 200.f, gy);
        X = fminf(fmaxf(0.95047f * lab_finv(gx), 0.001f), 1.f);
        Y = fminf(fmaxf(lab_finv(gy), 0.001f), 1.f);
        Z = fminf(fmaxf(1.08883f * lab_finv(gz), 0.001f), 1.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A tone-mapping curve: Reinhard's x / (1 + x) by __fdividef, then a
// display gamma by the fast __powf (MUFU.LG2, FMUL, MUFU.EX2), four
// colour channels a step; the display value mapped back to a radiance
// in [0.01, 3.5].
extern "C" __global__ void fp32_fast_powf_fdividef_tone_curve_four_channels(Args a) {
    unsigned g = gtid();
    float c[4];
#pragma unroll
    for (int j = 0; j < 4; j++) c[j] = 0.2f + 2.f * (a.fin[(g + 7u * (unsigned)j) & 8191u] - 0.5f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 4; j++) {
            float t = __fdividef(c[j], 1.f + c[j]);
            float y = __powf(t, 0.4545f);
            acc += y;
            c[j] = fmaf(y, 3.45f - 0.1f * (float)j, 0.01f);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 3-vector normalized with the IEEE-rounded sqrtf and three IEEE
// divisions (no fast math: the fix-up sequences and their slow paths
// stay in the code), then rotated and offset so its length stays near
// one and never reaches zero.
extern "C" __global__ void fp32_sqrtf_div_ieee_rn_vector_normalize(Args a) {
    unsigned g = gtid();
    float x = a.fin[g & 8191u] - 0.5f, y = a.fin[(g + 2u) & 8191u] - 1.f, z = 0.3f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float len = sqrtf(fmaf(x, x, fmaf(y, y, z * z)));
        float nx = x / len, ny = y / len, nz = z / len;
        acc += len;
        x = fmaf(0.8f, nx, fmaf(0.6f, ny, 0.01f));
        y = fmaf(0.8f, ny, -0.6f * nx);
        z = fmaf(0.5f, nz, 0.3f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A bank of four naive oscillators: the phase wrapped by floorf, a
// sawtooth, a triangle by fabsf, a square wave by rintf and a
// bit-crushed triangle by truncf (FRND in its rounding modes); each
// phase increment nudged by the neighbour's crushed output.
extern "C" __global__ void fp32_floorf_rintf_truncf_oscillator_bank(Args a) {
    unsigned g = gtid();
    float p[4], f[4];
#pragma unroll
    for (int j = 0; j < 4; j++) {
        p[j] = 0.25f * (float)j;
        f[j] = 0.001f + 0.01f * a.fin[(g + 3u * (unsigned)j) & 8191u];
    }
    float acc = 0.f, q = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 4; j++) {
            float ph = p[j] + fmaf(0.002f, q, f[j]);
            ph -= floorf(ph);
            p[j] = ph;
            float saw = fmaf(2.f, ph, -1.f);
            float tri = fmaf(2.f, fabsf(saw), -1.f);
            float sq = fmaf(2.f, rintf(ph), -1.f);
            q = truncf(tri * 7.f) * (1.f / 7.f);
            acc += fmaf(0.25f, saw, fmaf(0.125f, sq, q));
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// An LSTM cell with the hardware tanh (tanh.approx.f32, MUFU.TANH): the
// gates' sigmoids as 0.5 tanh(x / 2) + 0.5, two cells of one unit
// coupled through their hidden states; |h| < 1 bounds the forget gate
// below one, so the cell states stay bounded.
__device__ __forceinline__ float tanh_approx(float x) {
    float y;
    asm("tanh.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
}
__device__ __forceinline__ float sigm_approx(float x) { return fmaf(0.5f, tanh_approx(0.5f * x), 0.5f); }
extern "C" __global__ void fp32_tanh_approx_mufu_lstm_cell_two_units(Args a) {
    unsigned g = gtid();
    float x0 = a.fin[g & 8191u] - 1.f, x1 = 0.5f * a.fin[(g + 9u) & 8191u];
    float h0 = 0.f, h1 = 0.f, c0 = 0.f, c1 = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float i0 = sigm_approx(fmaf(0.5f, h0, fmaf(0.4f, h1, fmaf(0.7f, x0, 0.1f))));
        float f0 = sigm_approx(fmaf(-0.3f, h0, fmaf(0.6f, h1, fmaf(0.2f, x0, 1.f))));
        float o0 = sigm_approx(fmaf(0.8f, h0, fmaf(-0.5f, h1, fmaf(-0.4f, x0, 0.2f))));
        float g0 = tanh_approx(fmaf(1.1f, h0, fmaf(-0.9f, h1, fmaf(1.3f, x0, -0.1f))));
        float i1 = sigm_approx(fmaf(-0.6f, h1, fmaf(0.3f, h0, fmaf(0.5f, x1, 0.3f))));
        float f1 = sigm_approx(fmaf(0.4f, h1, fmaf(-0.2f, h0, fmaf(0.1f, x1, 0.8f))));
        float o1 = sigm_approx(fmaf(0.7f, h1, fmaf(0.5f, h0, fmaf(0.6f, x1, -0.2f))));
        float g1 = tanh_approx(fmaf(-1.2f, h1, fmaf(0.8f, h0, fmaf(-0.7f, x1, 0.05f))));
        c0 = fmaf(f0, c0, i0 * g0);
        c1 = fmaf(f1, c1, i1 * g1);
        h0 = o0 * tanh_approx(c0);
        h1 = o1 * tanh_approx(c1);
        acc += h0 - h1;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + c0 + c1);
}

// =====================================================================
// FP64
// =====================================================================

// Continuous compounding in double: a growth factor e^(r t) by the
// precise exp, a log-return by the precise log, a discount by a second
// exp; the rate fed back within +-1.
extern "C" __global__ void f64_exp_log_precise_continuous_compounding(Args a) {
    unsigned g = gtid();
    double r = 0.1 * ((double)a.fin[g & 8191u] - 1.0), acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double grow = exp(r * 1.5);
        double ln = log(grow + 1.0);
        double disc = exp(-0.5 * ln);
        acc += grow * disc;
        r = fma(0.6, ln, -0.5) + 0.01 * disc;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A test body in the softened gravity of four fixed sources, in double:
// the double rsqrt (MUFU.RSQ64H and Newton steps in DFMA) of each
// softened squared distance, its cube, the accelerations summed; a
// damped semi-implicit Euler step keeps the body bound near them.
extern "C" __global__ void f64_rsqrt_softened_gravity_four_sources(Args a) {
    unsigned g = gtid();
    double px = (double)a.fin[g & 8191u] - 1.0, py = 0.5 - (double)a.fin[(g + 3u) & 8191u], pz = 0.1;
    double vx = 0.0, vy = 0.0, vz = 0.0, acc = 0.0;
    const double sx[4] = {0.5, -0.5, 0.0, 0.2}, sy[4] = {0.0, 0.3, -0.6, 0.4};
    const double sz[4] = {0.1, -0.1, 0.2, -0.3}, sm[4] = {1.0, 0.8, 1.2, 0.6};
    const double dt = 0.005;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double ax = 0.0, ay = 0.0, az = 0.0;
#pragma unroll
        for (int s = 0; s < 4; s++) {
            double dx = sx[s] - px, dy = sy[s] - py, dz = sz[s] - pz;
            double inv = rsqrt(fma(dx, dx, fma(dy, dy, fma(dz, dz, 0.05))));
            double w = sm[s] * inv * inv * inv;
            ax = fma(w, dx, ax); ay = fma(w, dy, ay); az = fma(w, dz, az);
        }
        vx = fma(dt, ax, 0.995 * vx); vy = fma(dt, ay, 0.995 * vy); vz = fma(dt, az, 0.995 * vz);
        px = fma(dt, vx, px); py = fma(dt, vy, py); pz = fma(dt, vz, pz);
        acc += ax - az;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc + px + py));
}

// The quadratic map z <- z^2 + c of a Mandelbrot-style iteration in
// complex doubles for a fixed number of steps: a new value outside
// radius 2 is folded back by a factor 1/4 (a select, no branch out),
// so |z| <= 2 always; the escapes counted.
extern "C" __global__ void f64_complex_quadratic_map_fold_radius2(Args a) {
    unsigned g = gtid();
    double cr = -0.8 + 0.9 * ((double)a.fin[g & 8191u] - 0.5), ci = 0.6 * ((double)a.fin[(g + 1u) & 8191u] - 1.0);
    double zr = 0.0, zi = 0.0;
    unsigned esc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double nr = fma(zr, zr, fma(-zi, zi, cr)), ni = fma(2.0 * zr, zi, ci);
        bool out = fma(nr, nr, ni * ni) > 4.0;
        double s = out ? 0.25 : 1.0;
        esc += out;
        zr = nr * s;
        zi = ni * s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(zr + zi) + (float)esc);
}

// =====================================================================
// Packed half and bfloat16
// =====================================================================

// Attention logits in base 2 in packed halves: h2exp2 of logits in
// [-8, 0], h2log2 of one plus the weight (a log-sum step), three half2
// pairs a step; the logs mapped back into [-7.95, -0.09].
extern "C" __global__ void half2_h2exp2_h2log2_attention_logits(Args a) {
    unsigned g = gtid();
    __half2 x[3];
#pragma unroll
    for (int j = 0; j < 3; j++)
        x[j] = __floats2half2_rn(-4.f * a.fin[(g + (unsigned)j) & 8191u], -2.f * a.fin[(g + 7u * (unsigned)j) & 8191u]);
    const __half2 one = __float2half2_rn(1.f), sc = __float2half2_rn(-7.9f), off = __float2half2_rn(-0.05f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 3; j++) {
            __half2 e = h2exp2(x[j]);
            __half2 l = h2log2(__hadd2(e, one));
            float2 f = __half22float2(l);
            acc += f.x - f.y;
            x[j] = __hfma2(l, sc, off);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A tiny two-layer MLP in packed halves: hidden units by __hfma2_relu
// (HFMA2.RELU), the output layer by __hfma2 and __hmul2, clamped by
// __hmin2/__hmax2 and fed back as the next input; two independent
// samples (half2 lanes) a step, two sets.
extern "C" __global__ void half2_hfma2_relu_two_layer_mlp_pairs(Args a) {
    unsigned g = gtid();
    __half2 x0[2], x1[2];
#pragma unroll
    for (int j = 0; j < 2; j++) {
        x0[j] = __floats2half2_rn(a.fin[(g + (unsigned)j) & 8191u] - 1.f, 0.5f);
        x1[j] = __floats2half2_rn(0.25f, 1.f - a.fin[(g + 5u + (unsigned)j) & 8191u]);
    }
    const __half2 w00 = __float2half2_rn(0.6f), w01 = __float2half2_rn(-0.3f), w10 = __float2half2_rn(-0.4f);
    const __half2 w11 = __float2half2_rn(0.5f), b0 = __float2half2_rn(0.1f), b1 = __float2half2_rn(0.2f);
    const __half2 v0 = __float2half2_rn(0.7f), v1 = __float2half2_rn(-0.6f), lim = __float2half2_rn(2.f);
    const __half2 nlim = __float2half2_rn(-2.f), hq = __float2half2_rn(0.5f), nq = __float2half2_rn(-0.25f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 2; j++) {
            __half2 h0 = __hfma2_relu(w00, x0[j], __hfma2(w01, x1[j], b0));
            __half2 h1 = __hfma2_relu(w10, x0[j], __hfma2(w11, x1[j], b1));
            __half2 y = __hfma2(v0, h0, __hmul2(v1, h1));
            x0[j] = __hmax2(__hmin2(__hadd2(y, b1), lim), nlim);
            x1[j] = __hfma2(h0, hq, nq);
            acc += __low2float(y) + __high2float(y);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Scalar __half ratios: __hdiv (the half division, a float reciprocal
// and fix-up sequence) and hsqrt, three chains whose numerators and
// denominators stay within [0.5, 2].
extern "C" __global__ void half_scalar_hdiv_hsqrt_ratio_chains(Args a) {
    unsigned g = gtid();
    __half n[3], d[3];
#pragma unroll
    for (int j = 0; j < 3; j++) {
        n[j] = __float2half(0.5f + a.fin[(g + (unsigned)j) & 8191u]);
        d[j] = __float2half(1.5f * a.fin[(g + 4u * (unsigned)j) & 8191u]);
    }
    const __half hh = __float2half(0.5f), c75 = __float2half(0.75f), qq = __float2half(-0.25f), c15 = __float2half(1.5f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 3; j++) {
            __half r = __hdiv(n[j], d[j]);
            __half s = hsqrt(r);
            acc += __half2float(s);
            n[j] = __hfma(s, hh, c75);
            d[j] = __hfma(r, qq, c15);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// An AdamW optimizer step on bfloat16x2 parameters with float moments:
// the parameters widened to float, a gradient of a quadratic loss plus
// generator noise, both moments updated, m / (sqrtf(v) + eps) by the
// IEEE sqrtf and division, decoupled weight decay, the parameters
// rounded back to bfloat16x2; two pairs a step.
extern "C" __global__ void bf16x2_adamw_step_float_moments(Args a) {
    unsigned g = gtid();
    __nv_bfloat162 p[2];
    float m[4] = {0.f, 0.f, 0.f, 0.f}, v[4] = {1e-4f, 1e-4f, 1e-4f, 1e-4f};
#pragma unroll
    for (int j = 0; j < 2; j++)
        p[j] = __floats2bfloat162_rn(a.fin[(g + (unsigned)j) & 8191u] - 0.5f, 1.f - a.fin[(g + 6u + (unsigned)j) & 8191u]);
    unsigned h = a.uin[g & 8191u] | 1u;
    const float b1 = 0.9f, b2 = 0.999f, lr = 0.01f, eps = 1e-8f, wd = 0.01f;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = xorshift32(h);
        float noise = u01(h) - 0.5f;
#pragma unroll
        for (int j = 0; j < 2; j++) {
            float2 pf = __bfloat1622float2(p[j]);
            float gx = fmaf(0.1f, pf.x, -0.05f) + 0.02f * noise, gy = fmaf(0.2f, pf.y, 0.03f) - 0.02f * noise;
            m[2 * j] = fmaf(b1, m[2 * j], (1.f - b1) * gx);
            m[2 * j + 1] = fmaf(b1, m[2 * j + 1], (1.f - b1) * gy);
            v[2 * j] = fmaf(b2, v[2 * j], (1.f - b2) * gx * gx);
            v[2 * j + 1] = fmaf(b2, v[2 * j + 1], (1.f - b2) * gy * gy);
            float ux = m[2 * j] / (sqrtf(v[2 * j]) + eps), uy = m[2 * j + 1] / (sqrtf(v[2 * j + 1]) + eps);
            pf.x -= lr * fmaf(wd, pf.x, ux);
            pf.y -= lr * fmaf(wd, pf.y, uy);
            p[j] = __float22bfloat162_rn(pf);
            acc += ux + uy;
        }
    }
    long long t1 = clock64();
    float2 q0 = __bfloat1622float2(p[0]), q1 = __bfloat1622float2(p[1]);
    finish(a, t0, t1, acc + q0.x + q1.y);
}

// =====================================================================
// Integers
// =====================================================================

// xxHash32's bulk loop: four accumulators, each lane of a 16-byte stripe
// (one uint4 read of a.uin, L1-resident) multiplied by PRIME2, added,
// rotated left by 13 and multiplied by PRIME1.
extern "C" __global__ void u32_xxhash32_four_accumulator_rounds(Args a) {
    const unsigned P1 = 2654435761u, P2 = 2246822519u;
    unsigned g = gtid(), seed = g * 0x9e3779b9u;
    unsigned v1 = seed + P1 + P2, v2 = seed + P2, v3 = seed, v4 = seed - P1;
    const uint4* in = reinterpret_cast<const uint4*>(a.uin);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        uint4 w = in[(g + (unsigned)k) & 2047u];
        v1 = __funnelshift_l(v1 + w.x * P2, v1 + w.x * P2, 13) * P1;
        v2 = __funnelshift_l(v2 + w.y * P2, v2 + w.y * P2, 13) * P1;
        v3 = __funnelshift_l(v3 + w.z * P2, v3 + w.z * P2, 13) * P1;
        v4 = __funnelshift_l(v4 + w.w * P2, v4 + w.w * P2, 13) * P1;
    }
    long long t1 = clock64();
    unsigned h = __funnelshift_l(v1, v1, 1) + __funnelshift_l(v2, v2, 7) + __funnelshift_l(v3, v3, 12) + __funnelshift_l(v4, v4, 18);
    finish(a, t0, t1, (float)fmix32(h));
}

// wyhash's 64-bit mixing: mum(a, b) = lo(a b) ^ hi(a b) by the 64-bit
// multiply and __umul64hi, two wyrand streams and a key hashed with
// their outputs each step.
__device__ __forceinline__ unsigned long long mum64(unsigned long long x, unsigned long long y) {
    return (x * y) ^ __umul64hi(x, y);
}
extern "C" __global__ void u64_wyhash_umul64hi_mum_two_streams(Args a) {
    unsigned g = gtid();
    unsigned long long s0 = 0x2d358dccaa6c78a5ull ^ g, s1 = ((unsigned long long)a.uin[g & 8191u] << 32) | g;
    unsigned long long key = 0x8bb84b93962eacc9ull + g, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s0 += 0xa0761d6478bd642full;
        s1 += 0xa0761d6478bd642full;
        unsigned long long r0 = mum64(s0, s0 ^ 0xe7037ed1a0b428dbull);
        unsigned long long r1 = mum64(s1, s1 ^ 0xe7037ed1a0b428dbull);
        key = mum64(key ^ 0x8ebc6af09c88c6e3ull, r0 ^ 0x589965cc75374cc3ull);
        acc += key ^ r1;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(unsigned)(acc ^ (acc >> 32)));
}

// Chess bitboards: a xorshift64 position, the knight attack set of its
// knights by shifts and file masks, mobility by 64-bit popc (__popcll),
// the first and last squares by __ffsll and __clzll, the mirrored board
// by __brevll.
extern "C" __global__ void u64_bitboard_knight_attacks_popc_clz_brev(Args a) {
    unsigned g = gtid();
    unsigned long long s = ((unsigned long long)a.uin[g & 8191u] << 32) ^ g ^ 0x9e3779b97f4a7c15ull;
    unsigned acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        unsigned long long own = s & (s >> 9), kn = own & (s >> 23);
        unsigned long long l1 = (kn >> 1) & 0x7f7f7f7f7f7f7f7full, l2 = (kn >> 2) & 0x3f3f3f3f3f3f3f3full;
        unsigned long long r1 = (kn << 1) & 0xfefefefefefefefeull, r2 = (kn << 2) & 0xfcfcfcfcfcfcfcfcull;
        unsigned long long h1 = l1 | r1, h2 = l2 | r2;
        unsigned long long att = (h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8);
        unsigned mob = __popcll(att & ~own);
        unsigned lsb = __ffsll((long long)att), msb = 63u - __clzll((long long)(att | 1ull));
        unsigned long long mir = __brevll(own);
        acc += mob + lsb + msb + (unsigned)(mir >> 58);
        s ^= mir & 0xffull;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Block matching for motion estimation: a 16-byte reference row against
// candidate windows at four byte offsets of a 20-byte search row
// (__funnelshift_r), sums of absolute differences by __vsadu4, the best
// offset kept by compare and select; the search row advanced by one
// fresh word a step.
extern "C" __global__ void u32_vsadu4_block_matching_four_offsets(Args a) {
    unsigned g = gtid();
    uint4 ref = make_uint4(a.uin[g & 8191u], a.uin[(g + 1u) & 8191u], a.uin[(g + 2u) & 8191u], a.uin[(g + 3u) & 8191u]);
    unsigned h = a.uin[(g + 4u) & 8191u] | 1u;
    unsigned c0 = ref.y, c1 = ref.z, c2 = ref.w, c3 = ref.x, c4 = h, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned best = 0xffffffffu, bi = 0;
#pragma unroll
        for (unsigned o = 0; o < 4u; o++) {
            unsigned w0 = __funnelshift_r(c0, c1, 8u * o), w1 = __funnelshift_r(c1, c2, 8u * o);
            unsigned w2 = __funnelshift_r(c2, c3, 8u * o), w3 = __funnelshift_r(c3, c4, 8u * o);
            unsigned sad = __vsadu4(ref.x, w0) + __vsadu4(ref.y, w1) + __vsadu4(ref.z, w2) + __vsadu4(ref.w, w3);
            bi = sad < best ? o : bi;
            best = min(best, sad);
        }
        acc += best + bi;
        h = xorshift32(h);
        c0 = c1; c1 = c2; c2 = c3; c3 = c4; c4 = h;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// 64-bit millisecond timestamps split into days, hours and minutes by
// 64-bit unsigned division and remainder by run-time divisors (the
// divisors read from memory, so no multiply-by-reciprocal at compile
// time); the next timestamp from a 64-bit LCG.
extern "C" __global__ void u64_udiv_urem_runtime_divisors_timestamp_split(Args a) {
    unsigned g = gtid();
    unsigned long long t = ((unsigned long long)a.uin[g & 8191u] << 21) | g;
    const unsigned long long D1 = 86400000ull + (a.uin[0] & 1u), D2 = 3600000ull + (a.uin[1] & 1u), D3 = 60000ull + (a.uin[2] & 1u);
    unsigned long long acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned long long day = t / D1, rem = t % D1;
        unsigned long long hr = rem / D2, rem2 = rem % D2;
        unsigned long long mn = rem2 / D3;
        acc += day + hr + mn;
        t = (t * 6364136223846793005ull + 1442695040888963407ull) >> 8;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// CRC-32 (reflected, polynomial 0xEDB88320) a byte at a time through a
// 256-entry table in shared memory built by each block: four dependent
// table lookups (LDS at data-driven banks) a step for one generator
// word.
extern "C" __global__ void u32_crc32_smem_table_byte_at_a_time(Args a) {
    __shared__ unsigned T[256];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) {
        unsigned c = e;
#pragma unroll
        for (int b = 0; b < 8; b++) c = (c & 1u) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        T[e] = c;
    }
    __syncthreads();
    unsigned g = gtid(), crc = 0xffffffffu ^ g, h = a.uin[g & 8191u] | 1u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = xorshift32(h);
        crc = T[(crc ^ h) & 255u] ^ (crc >> 8);
        crc = T[(crc ^ (h >> 8)) & 255u] ^ (crc >> 8);
        crc = T[(crc ^ (h >> 16)) & 255u] ^ (crc >> 8);
        crc = T[(crc ^ (h >> 24)) & 255u] ^ (crc >> 8);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(crc ^ 0xffffffffu));
}

// =====================================================================
// Conversions
// =====================================================================

// RGBA8 pixels: the four bytes unpacked and converted to float (I2F of
// byte fields), normalized, contrast-stretched and biased, saturated by
// __saturatef, converted back by __float2uint_rn and repacked; the
// channels rotated by __byte_perm and a few low bits toggled so the
// pixel keeps changing.
extern "C" __global__ void cvt_rgba8_unpack_i2f_contrast_saturate_repack(Args a) {
    unsigned g = gtid();
    unsigned px = a.uin[g & 8191u];
    const float gain = 1.1f + 0.1f * a.fin[g & 8191u], bias = 0.02f;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float r = (float)(px & 255u) * (1.f / 255.f), gc = (float)((px >> 8) & 255u) * (1.f / 255.f);
        float b = (float)((px >> 16) & 255u) * (1.f / 255.f), al = (float)(px >> 24) * (1.f / 255.f);
        r = __saturatef(fmaf(r - 0.5f, gain, 0.5f + bias));
        gc = __saturatef(fmaf(gc - 0.5f, gain, 0.5f - bias));
        b = __saturatef(fmaf(b - 0.5f, gain, 0.5f));
        acc += fmaf(al, r + gc + b, 0.f);
        unsigned R = __float2uint_rn(r * 255.f), G = __float2uint_rn(gc * 255.f), B = __float2uint_rn(b * 255.f);
        px = R | (G << 8) | (B << 16) | (px & 0xff000000u);
        px = __byte_perm(px, 0u, 0x3021) ^ (((unsigned)k & 7u) * 0x00010101u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// FP8 quantization with error feedback: float pairs (plus the previous
// step's error) quantized to E4M3 and to E5M2 pairs with saturation
// (__nv_cvt_float2_to_fp8x2, F2FP) and dequantized through half2
// (__nv_cvt_fp8x2_to_halfraw2), the new errors kept; the signal fed
// back within a few units.
extern "C" __global__ void cvt_f32x2_fp8_e4m3_e5m2_quantize_error_feedback(Args a) {
    unsigned g = gtid();
    float2 x = make_float2(2.f * a.fin[g & 8191u], -a.fin[(g + 1u) & 8191u]);
    float2 y = make_float2(0.5f, 3.f * (a.fin[(g + 2u) & 8191u] - 1.f));
    float2 e = make_float2(0.f, 0.f), f = make_float2(0.f, 0.f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float2 tx = make_float2(x.x + e.x, x.y + e.y), ty = make_float2(y.x + f.x, y.y + f.y);
        __nv_fp8x2_storage_t qx = __nv_cvt_float2_to_fp8x2(tx, __NV_SATFINITE, __NV_E4M3);
        __nv_fp8x2_storage_t qy = __nv_cvt_float2_to_fp8x2(ty, __NV_SATFINITE, __NV_E5M2);
        float2 dx = __half22float2(__half2(__nv_cvt_fp8x2_to_halfraw2(qx, __NV_E4M3)));
        float2 dy = __half22float2(__half2(__nv_cvt_fp8x2_to_halfraw2(qy, __NV_E5M2)));
        e = make_float2(tx.x - dx.x, tx.y - dx.y);
        f = make_float2(ty.x - dy.x, ty.y - dy.y);
        acc += (dx.x + dx.y) - (dy.x + dy.y);
        x = make_float2(fmaf(dy.y, -0.7f, 0.9f), fmaf(dx.x, 0.6f, -1.f));
        y = make_float2(fmaf(dx.y, 0.8f, 0.3f), fmaf(dy.x, -0.9f, 1.2f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Warp collectives
// =====================================================================

// A segmented inclusive scan across the warp: head flags from a
// generator (and lane 0), five rounds of __shfl_up_sync of the partial
// sum and of the flag, a partial added only while no head lies between;
// the scanned value scaled back into [0, 1].
extern "C" __global__ void warp_shfl_up_segmented_inclusive_scan_flags(Args a) {
    unsigned g = gtid(), lane = threadIdx.x & 31u;
    unsigned h = a.uin[g & 8191u] | 1u;
    float v = a.fin[g & 8191u] - 0.5f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = xorshift32(h);
        unsigned f = ((h & 7u) == 0u) || lane == 0u;
        float s = v;
#pragma unroll
        for (unsigned o = 1; o < 32u; o <<= 1) {
            float n = __shfl_up_sync(FULL_MASK, s, o);
            unsigned nf = __shfl_up_sync(FULL_MASK, f, o);
            if (lane >= o) {
                if (!f) s += n;
                f |= nf;
            }
        }
        acc += s;
        v = fmaf(s, 1.f / 64.f, 0.5f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The warp reductions of sm_80 (REDUX): __reduce_add_sync,
// __reduce_min_sync, __reduce_max_sync and __reduce_or_sync of a
// generator's words, the minimum fed back into every lane's state.
extern "C" __global__ void warp_redux_sync_add_min_max_or_u32(Args a) {
    unsigned g = gtid();
    unsigned x = a.uin[g & 8191u] ^ g, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = x * 1664525u + 1013904223u;
        unsigned v = x >> 12;
        unsigned s = __reduce_add_sync(FULL_MASK, v), mn = __reduce_min_sync(FULL_MASK, v);
        unsigned mx = __reduce_max_sync(FULL_MASK, v), o = __reduce_or_sync(FULL_MASK, v & 0xffu);
        acc += (s >> 5) - mn + (mx >> 3) + o;
        x ^= mn;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Convergence votes around a Newton square root: each lane refines
// sqrt(av) by one step (__fdividef); __all_sync asks whether every lane
// has converged, and then (a warp-uniform branch) every lane draws a new
// radicand; __any_sync counts steps where some estimate is still above
// two.
extern "C" __global__ void warp_all_any_sync_newton_sqrt_convergence(Args a) {
    unsigned g = gtid();
    unsigned h = a.uin[g & 8191u] | 1u, conv = 0, far = 0;
    float av = 0.25f + 4.f * u01(h), x = 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = 0.5f * (x + __fdividef(av, x));
        float r = fabsf(fmaf(x, x, -av));
        bool done = __all_sync(FULL_MASK, r < 1e-4f * av);
        far += __any_sync(FULL_MASK, x > 2.f);
        if (done) {
            h = xorshift32(h);
            av = 0.25f + 4.f * u01(h);
            conv++;
        }
        acc += x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + (float)(conv * 64u + far));
}

// A 32-point radix-2 decimation-in-frequency FFT across the warp, one
// complex value a lane: five stages, each exchanging real and imaginary
// parts with the partner lane by __shfl_xor_sync, a butterfly, a twiddle
// (precomputed by sincospif; one for the lower lanes) and a 1/sqrt(2)
// scale, so the transform is unitary and the values stay bounded.
extern "C" __global__ void warp_shfl_xor_radix2_fft32_complex(Args a) {
    unsigned g = gtid(), lane = threadIdx.x & 31u;
    float re = a.fin[g & 8191u] - 1.f, im = 0.5f - a.fin[(g + 3u) & 8191u];
    float wr[5], wi[5];
#pragma unroll
    for (int st = 0; st < 5; st++) {
        unsigned d = 16u >> st;
        bool up = (lane & d) != 0u;
        float idx = (float)((lane & (d - 1u)) * (16u / d));
        float s, c;
        sincospif(-idx / 16.f, &s, &c);
        wr[st] = up ? c : 1.f;
        wi[st] = up ? s : 0.f;
    }
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int st = 0; st < 5; st++) {
            unsigned d = 16u >> st;
            float pr = __shfl_xor_sync(FULL_MASK, re, d), pi = __shfl_xor_sync(FULL_MASK, im, d);
            bool up = (lane & d) != 0u;
            float ar = up ? pr - re : re + pr, ai = up ? pi - im : im + pi;
            re = 0.70710678f * fmaf(ar, wr[st], -ai * wi[st]);
            im = 0.70710678f * fmaf(ar, wi[st], ai * wr[st]);
        }
        acc += re;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + im);
}

// =====================================================================
// Shared memory
// =====================================================================

// A 32 × 32 float transpose tile without padding but XOR-swizzled:
// element (r, c) stored at column c ^ r, so the row write and the column
// read (lane l at row l, column r ^ l) both touch 32 distinct banks;
// four tiles, the warps sharing them modulo four.
extern "C" __global__ void smem_transpose_float_xor_swizzle_32x32(Args a) {
    __shared__ float tile[4][32][32];
    unsigned lane = threadIdx.x & 31u, w = (threadIdx.x >> 5) & 3u;
    float v = a.fin[gtid() & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (unsigned)k & 31u;
        tile[w][r][lane ^ r] = v;
        __syncwarp();
        float c = tile[w][lane][r ^ lane];
        __syncwarp();
        acc += c;
        v = fmaf(c, 0.5f, 0.25f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

struct P4 {
    float x, y, z, w;
};

// An array of 16-byte structures in shared memory (1024 of them, shared
// by the block's warps), a warp reading and updating only the x field of
// 32 consecutive elements: a stride of four words, four-way bank
// conflicted; two field reads and one field write a step.
extern "C" __global__ void smem_aos16_x_field_stride4_four_way(Args a) {
    __shared__ P4 ps[1024];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x) {
        ps[e].x = a.fin[e & 8191u]; ps[e].y = 0.5f; ps[e].z = -0.5f; ps[e].w = a.fin[(e + 1u) & 8191u];
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned e = ((unsigned)k * 32u + w * 96u + lane) & 1023u;
        float x = ps[e].x, xn = ps[(e + 7u) & 1023u].x;
        acc += x * xn;
        ps[e].x = fmaf(x, 0.5f, fmaf(0.25f, xn, 0.1f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A Blelloch (work-efficient) exclusive scan of 64 floats a warp in
// shared memory: six up-sweep levels, the root cleared, six down-sweep
// levels, a __syncwarp after each; the classic unpadded indexing, whose
// deeper levels are bank conflicted. The scan scaled back into the
// inputs (bounded below 0.4).
extern "C" __global__ void smem_blelloch_scan_64_per_warp_unpadded(Args a) {
    __shared__ float sb[32][64];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float* s = sb[w];
    float v0 = 0.3f * a.fin[gtid() & 8191u], v1 = 0.2f * a.fin[(gtid() + 5u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s[lane] = v0;
        s[lane + 32u] = v1;
        __syncwarp();
        unsigned off = 1;
#pragma unroll
        for (unsigned d = 32; d > 0; d >>= 1) {
            if (lane < d) {
                unsigned ai = off * (2u * lane + 1u) - 1u, bi = off * (2u * lane + 2u) - 1u;
                s[bi] += s[ai];
            }
            off <<= 1;
            __syncwarp();
        }
        float total = s[63];
        __syncwarp();
        if (lane == 0u) s[63] = 0.f;
        __syncwarp();
#pragma unroll
        for (unsigned d = 1; d < 64u; d <<= 1) {
            off >>= 1;
            if (lane < d) {
                unsigned ai = off * (2u * lane + 1u) - 1u, bi = off * (2u * lane + 2u) - 1u;
                float t = s[ai];
                s[ai] = s[bi];
                s[bi] += t;
            }
            __syncwarp();
        }
        float e0 = s[lane], e1 = s[lane + 32u];
        __syncwarp();
        acc += total;
        v0 = fmaf(e0, 1.f / 128.f, fmaf(0.25f, v0, 0.1f));
        v1 = fmaf(e1, 1.f / 128.f, fmaf(0.25f, v1, 0.05f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 257-entry lookup table (a logistic curve, built with expf) in
// shared memory, linearly interpolated at data-driven positions: the
// index and fraction by F2I and I2F, two neighbouring entries a lookup,
// two chains whose next positions are fractions in [0, 1).
extern "C" __global__ void smem_lut257_linear_interp_data_indexed(Args a) {
    __shared__ float lut[257];
    for (unsigned e = threadIdx.x; e < 257u; e += blockDim.x)
        lut[e] = 1.f / (1.f + expf(-8.f * ((float)e * (1.f / 256.f) - 0.5f)));
    __syncthreads();
    unsigned g = gtid();
    float x0 = a.fin[g & 8191u] - 0.5f, x1 = 0.5f * a.fin[(g + 11u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s0 = x0 * 256.f, s1 = x1 * 256.f;
        unsigned i0 = min((unsigned)s0, 255u), i1 = min((unsigned)s1, 255u);
        float f0 = s0 - (float)i0, f1 = s1 - (float)i1;
        float y0 = fmaf(f0, lut[i0 + 1u] - lut[i0], lut[i0]);
        float y1 = fmaf(f1, lut[i1 + 1u] - lut[i1], lut[i1]);
        acc += y0 - y1;
        float t0f = fmaf(y0, 3.7f, 0.3f * x1), t1f = fmaf(y1, 2.9f, 0.6f * x0);
        x0 = t0f - floorf(t0f);
        x1 = t1f - floorf(t1f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A work queue in shared memory (a 1024-word ring with head and tail
// counters, shared by the block): warp-aggregated pushes (a ballot, the
// leader's atomicAdd on the tail returning the base, __shfl_sync of the
// base, a rank by __popc below the lane) with the items stored, then
// warp-aggregated pops from the head with the items read.
extern "C" __global__ void smem_queue_warp_aggregated_push_pop_ring(Args a) {
    __shared__ unsigned ring[1024];
    __shared__ unsigned qhead, qtail;
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x) ring[e] = e;
    if (threadIdx.x == 0) { qhead = 0u; qtail = 0u; }
    __syncthreads();
    unsigned g = gtid(), lane = threadIdx.x & 31u, lt = (1u << lane) - 1u;
    unsigned h = a.uin[g & 8191u] ^ (g * 0x9e3779b9u) | 1u, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = xorshift32(h);
        bool push = (h & 3u) != 0u;
        unsigned pm = __ballot_sync(FULL_MASK, push), pl = (__ffs(pm) - 1u) & 31u, base = 0;
        if (lane == pl && pm != 0u) base = atomicAdd(&qtail, __popc(pm));
        base = __shfl_sync(FULL_MASK, base, pl);
        if (push) ring[(base + __popc(pm & lt)) & 1023u] = h;
        bool pop = (h >> 30) != 0u;
        unsigned qm = __ballot_sync(FULL_MASK, pop), ql = (__ffs(qm) - 1u) & 31u, pb = 0;
        if (lane == ql && qm != 0u) pb = atomicAdd(&qhead, __popc(qm));
        pb = __shfl_sync(FULL_MASK, pb, ql);
        if (pop) acc += ring[(pb + __popc(qm & lt)) & 1023u] >> 20;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The classic block sum in shared memory by sequential addressing: one
// value a thread stored, then log2(block) halving levels, each an add
// by the lower half and a __syncthreads; the total read by every thread
// and folded into its next value (a running mean, bounded).
extern "C" __global__ void smem_block_tree_reduce_sequential_syncthreads(Args a) {
    __shared__ float buf[1024];
    unsigned t = threadIdx.x, B = blockDim.x;
    float v = a.fin[gtid() & 8191u], acc = 0.f;
    const float invB = 0.5f / (float)B, bump = 0.01f * (float)(t & 7u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        buf[t] = v;
        __syncthreads();
        for (unsigned s = B >> 1; s > 0u; s >>= 1) {
            if (t < s) buf[t] += buf[t + s];
            __syncthreads();
        }
        float total = buf[0];
        __syncthreads();
        acc += total;
        v = fmaf(v, 0.5f, fmaf(total, invB, bump));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Per-warp 2-D bounding boxes in shared memory (four words a warp):
// each lane's point, a float in [-1, 1], mapped to an order-preserving
// int (the sign-magnitude flip), then atomicMin and atomicMax on the
// warp's box (ATOMS.MIN and ATOMS.MAX, the returned values unused), all
// lanes of a warp on the same four words.
__device__ __forceinline__ int ordered_key(float f) {
    int i = __float_as_int(f);
    return i >= 0 ? i : i ^ 0x7fffffff;
}
extern "C" __global__ void smem_atomic_min_max_s32_per_warp_bounding_box(Args a) {
    __shared__ int box[32][4];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    if (lane < 4u) box[w][lane] = (lane & 1u) ? ordered_key(-2.f) : ordered_key(2.f);
    __syncwarp();
    unsigned g = gtid(), h = a.uin[g & 8191u] ^ (g * 0x9e3779b9u) | 1u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = xorshift32(h);
        float x = fmaf(2.f, u01(h), -1.f), y = fmaf(2.f, u01(h * 0x2c1b3c6du), -1.f);
        int kx = ordered_key(x), ky = ordered_key(y);
        atomicMin(&box[w][0], kx);
        atomicMax(&box[w][1], kx);
        atomicMin(&box[w][2], ky);
        atomicMax(&box[w][3], ky);
        acc += x * y;
    }
    long long t1 = clock64();
    __syncwarp();
    finish(a, t0, t1, acc + (float)(box[w][lane & 3u] & 0xff));
}

// An all-pairs N-body step against a tile of 256 bodies (float4:
// position and mass) in shared memory, every lane reading the same
// body (a broadcast LDS.128), two bodies a step: the softened distance,
// rsqrtf, its cube and three FFMAs each.
extern "C" __global__ void smem_nbody_tile_float4_broadcast_rsqrtf(Args a) {
    __shared__ float4 body[256];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x)
        body[e] = make_float4(a.fin[e] - 1.f, a.fin[e + 256u] - 1.f, a.fin[e + 512u] - 1.f, a.fin[e + 768u] * (1.f / 256.f));
    __syncthreads();
    unsigned g = gtid();
    float px = a.fin[g & 8191u] - 1.f, py = a.fin[(g + 1u) & 8191u] - 1.f, pz = a.fin[(g + 2u) & 8191u] - 1.f;
    float ax = 0.f, ay = 0.f, az = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (unsigned)k & 127u;
        float4 b0 = body[j], b1 = body[j + 128u];
        float dx0 = b0.x - px, dy0 = b0.y - py, dz0 = b0.z - pz;
        float dx1 = b1.x - px, dy1 = b1.y - py, dz1 = b1.z - pz;
        float i0 = rsqrtf(fmaf(dx0, dx0, fmaf(dy0, dy0, fmaf(dz0, dz0, 0.01f))));
        float i1 = rsqrtf(fmaf(dx1, dx1, fmaf(dy1, dy1, fmaf(dz1, dz1, 0.01f))));
        float s0 = b0.w * i0 * i0 * i0, s1 = b1.w * i1 * i1 * i1;
        ax = fmaf(s0, dx0, fmaf(s1, dx1, ax));
        ay = fmaf(s0, dy0, fmaf(s1, dy1, ay));
        az = fmaf(s0, dz0, fmaf(s1, dz1, az));
    }
    long long t1 = clock64();
    finish(a, t0, t1, ax + ay + az);
}

// =====================================================================
// Global memory streams, strides and gathers
// =====================================================================

// The STREAM triad a[j] = b[j] + s c[j] over three quarters of the
// footprint (a written, b and c read), grid-stride, one element a step.
extern "C" __global__ void stream_triad_float_three_arrays(Args a) {
    unsigned q = (a.bigMask + 1u) >> 2, m = q - 1u, T = gthreads(), i = gtid();
    float* A = a.big;
    const float* B = a.big + q;
    const float* C = a.big + 2u * q;
    const float s = 3.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        A[j] = fmaf(s, C[j], B[j]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// A byte stream summed (a checksum over unsigned chars): four LDG.U8 a
// step a grid stride apart, 32 bytes a warp a load.
extern "C" __global__ void stream_read_u8_bytes_four_per_step(Args a) {
    unsigned m = 4u * a.bigMask + 3u, T = gthreads(), i = gtid();
    const unsigned char* X = reinterpret_cast<const unsigned char*>(a.big);
    unsigned s0 = 0, s1 = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 4u * T;
        s0 += (unsigned)X[j & m] + (unsigned)X[(j + T) & m];
        s1 += (unsigned)X[(j + 2u * T) & m] ^ (unsigned)X[(j + 3u * T) & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(s0 + s1));
}

// A read-once float4 stream with the evict-first hint (__ldcs,
// ld.global.cs): two LDG.128 a step a grid stride apart.
extern "C" __global__ void stream_read_float4_ldcs_evict_first(Args a) {
    unsigned m4 = ((a.bigMask + 1u) >> 2) - 1u, T = gthreads(), i = gtid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        float4 u = __ldcs(&X[j & m4]), v = __ldcs(&X[(j + T) & m4]);
        s.x += u.x + v.w; s.y += u.y + v.z; s.z += u.z + v.y; s.w += u.w + v.x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (s.x + s.y) - (s.z + s.w));
}

// A write-once float4 stream with the streaming store hint (__stcs,
// st.global.cs): two STG.128 a step a grid stride apart, each carrying
// the step number.
extern "C" __global__ void stream_store_float4_stcs_streaming(Args a) {
    unsigned m4 = ((a.bigMask + 1u) >> 2) - 1u, T = gthreads(), i = gtid();
    float4* Y = reinterpret_cast<float4*>(a.big);
    const float c = 0.001f * (float)(i & 1023u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        float fk = (float)k;
        __stcs(&Y[j & m4], make_float4(c, fk, c, fk));
        __stcs(&Y[(j + T) & m4], make_float4(fk, c, fk, c));
    }
    long long t1 = clock64();
    finish(a, t0, t1, c);
}

// A row sum with one row a thread (a naive matrix-vector kernel): rows of
// 1024 floats (a pitch of 4 KiB), so the lanes of a warp read 32
// different lines; two adjacent columns a step, each line revisited
// over sixteen steps.
extern "C" __global__ void strided_row_per_thread_pitch4k_two_columns(Args a) {
    unsigned m = a.bigMask, i = gtid();
    const float* X = a.big;
    const unsigned base = i << 10;
    float acc = 0.f, mx = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned col = ((unsigned)k * 2u) & 1023u;
        float p = X[(base + col) & m], q = X[(base + col + 1u) & m];
        acc += p + q;
        mx = fmaxf(mx, p * q);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + mx);
}

// A stream read one element off alignment (the interior of a halo
// stencil's row): each warp's 128 bytes start 4 bytes into a line and
// straddle two lines; two loads a step a grid stride apart.
extern "C" __global__ void stream_read_float_misaligned_offset_one(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T + 1u;
        s0 += X[j & m];
        s1 += X[(j + T) & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 - s1);
}

// The x and y fields of 16-byte records (x, y, z, w) read as one float2
// (LDG.64 at a stride of 16 bytes: half of each line used), two records
// a step a grid stride apart; their squared lengths summed.
extern "C" __global__ void gather_aos16_xy_fields_float2(Args a) {
    unsigned m2 = ((a.bigMask + 1u) >> 1) - 1u, T = gthreads(), i = gtid();
    const float2* P = reinterpret_cast<const float2*>(a.big);
    float acc = 0.f, mx = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = i + (unsigned)k * 2u * T;
        float2 p = P[(r * 2u) & m2], q = P[((r + T) * 2u) & m2];
        acc += fmaf(p.x, p.x, p.y * p.y);
        mx = fmaxf(mx, fmaf(q.x, q.x, q.y * q.y));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + mx);
}

// A scalar CSR sparse matrix-vector product, one row a thread, eight
// non-zeros a row: the row's values and column indices read as two
// float4 and two uint4 (32 bytes each, a stride of 32 bytes between
// lanes), the column indices mixed with the row (the buffer's bytes are
// all alike) and x gathered from a.fin (L1-resident), eight FFMAs.
extern "C" __global__ void gather_csr_spmv_8nnz_row_per_thread(Args a) {
    unsigned h = (a.bigMask + 1u) >> 1, rows = h >> 3, T = gthreads(), i = gtid();
    const float4* V4 = reinterpret_cast<const float4*>(a.big);
    const uint4* C4 = reinterpret_cast<const uint4*>(a.big + h);
    const float* x = a.fin;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (i + (unsigned)k * T) & (rows - 1u);
        float4 va = V4[2u * r], vb = V4[2u * r + 1u];
        uint4 ca = C4[2u * r], cb = C4[2u * r + 1u];
        unsigned sh = r * 0x9e3779b1u;
        float y = va.x * x[(ca.x ^ sh) & 8191u];
        y = fmaf(va.y, x[(ca.y ^ (sh >> 3)) & 8191u], y);
        y = fmaf(va.z, x[(ca.z ^ (sh >> 6)) & 8191u], y);
        y = fmaf(va.w, x[(ca.w ^ (sh >> 9)) & 8191u], y);
        y = fmaf(vb.x, x[(cb.x ^ (sh >> 12)) & 8191u], y);
        y = fmaf(vb.y, x[(cb.y ^ (sh >> 15)) & 8191u], y);
        y = fmaf(vb.z, x[(cb.z ^ (sh >> 18)) & 8191u], y);
        y = fmaf(vb.w, x[(cb.w ^ (sh >> 21)) & 8191u], y);
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Bilinear samples of a float image with a pitch of 1024 floats: each
// thread's coordinates advance by a sub-pixel step (columns wrap at
// 1000), the integer corner and fractions by F2I and I2F, four corner
// loads (two rows) and three lerps.
extern "C" __global__ void gather_bilinear_sample_image_pitch1024(Args a) {
    unsigned m = a.bigMask, g = gtid();
    const float* I = a.big;
    float u = (float)(g & 511u) + 0.37f, v = (float)((g >> 9) & 4095u) + 0.61f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        u += 0.73f;
        u = u >= 1000.f ? u - 1000.f : u;
        v += 0.31f;
        v = v >= 8000.f ? v - 8000.f : v;
        unsigned x0 = (unsigned)u, y0 = (unsigned)v;
        float fx = u - (float)x0, fy = v - (float)y0;
        unsigned b = y0 * 1024u + x0;
        float p00 = I[b & m], p01 = I[(b + 1u) & m], p10 = I[(b + 1024u) & m], p11 = I[(b + 1025u) & m];
        float top = fmaf(fx, p01 - p00, p00), bot = fmaf(fx, p11 - p10, p10);
        acc += fmaf(fy, bot - top, top);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 9-point 1-D stencil (radius 4, symmetric weights) over the first
// half of the footprint, written to the second half: nine overlapping
// loads (neighbouring lanes share lines) and one store a point.
extern "C" __global__ void stencil_global_1d_9point_radius4(Args a) {
    unsigned h = (a.bigMask + 1u) >> 1, m = h - 1u, T = gthreads(), i = gtid();
    const float* U = a.big;
    float* V = a.big + h;
    const float w0 = 0.3f, w1 = 0.2f, w2 = 0.1f, w3 = 0.04f, w4 = 0.01f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * T + 4u;
        float y = w0 * U[j & m];
        y = fmaf(w1, U[(j - 1u) & m] + U[(j + 1u) & m], y);
        y = fmaf(w2, U[(j - 2u) & m] + U[(j + 2u) & m], y);
        y = fmaf(w3, U[(j - 3u) & m] + U[(j + 3u) & m], y);
        y = fmaf(w4, U[(j - 4u) & m] + U[(j + 4u) & m], y);
        V[j & m] = y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// Complex values (interleaved float2) rotated in place by a unit
// phasor per thread (a frequency shift): LDG.64, a complex multiply,
// STG.64, two a step; the magnitudes stay put.
extern "C" __global__ void inplace_complex_float2_phase_rotate(Args a) {
    unsigned m2 = ((a.bigMask + 1u) >> 1) - 1u, T = gthreads(), i = gtid();
    float2* Z = reinterpret_cast<float2*>(a.big);
    float s, c;
    sincosf(0.001f * (float)(i & 4095u), &s, &c);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        float2 z = Z[j & m2], y = Z[(j + T) & m2];
        Z[j & m2] = make_float2(fmaf(z.x, c, -z.y * s), fmaf(z.x, s, z.y * c));
        Z[(j + T) & m2] = make_float2(fmaf(y.x, c, y.y * s), fmaf(y.y, c, -y.x * s));
    }
    long long t1 = clock64();
    finish(a, t0, t1, c);
}

// =====================================================================
// Global atomics and reductions
// =====================================================================

// A scatter-add of float weights at hashed addresses over the whole
// footprint (a particle-to-grid deposit): atomicAdd on floats with the
// returned value unused (RED.ADD.F32), two a step.
extern "C" __global__ void atomic_red_f32_scatter_add_hashed(Args a) {
    float* F = a.big;
    unsigned m = a.bigMask, g = gtid(), key = a.uin[g & 8191u] ^ (g * 0x9e3779b9u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned h = fmix32(key + (unsigned)k), h2 = fmix32(h);
        atomicAdd(&F[h & m], 1e-3f * (float)(h >> 28));
        atomicAdd(&F[h2 & m], 5e-4f * (float)(h2 >> 28));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)key);
}

// A hash-set insert with one probe: atomicCAS of the key into its
// hashed slot if the slot still holds the empty word (the buffer's fill,
// 0x3c3c3c3c), the returned old value telling an insert, a duplicate or
// a collision apart.
extern "C" __global__ void atomic_cas_u32_hash_insert_single_probe(Args a) {
    unsigned* Tb = reinterpret_cast<unsigned*>(a.big);
    unsigned m = a.bigMask, g = gtid(), ins = 0, dup = 0;
    const unsigned EMPTY = 0x3c3c3c3cu;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned key = fmix32((g * 0x9e3779b9u) ^ ((unsigned)k * 0x85ebca6bu)) | 1u;
        unsigned slot = (key * 0x2c1b3c6du) & m;
        unsigned old = atomicCAS(&Tb[slot], EMPTY, key);
        ins += old == EMPTY;
        dup += old == key;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(ins * 2u + dup));
}

// A global ticket queue: each warp's pushing lanes (three in four)
// counted by a ballot, the leader claims their slots by one atomicAdd on
// one of eight tail counters (a line apart, the old value returned),
// the base broadcast by __shfl_sync, each lane storing its item at base
// plus its rank.
extern "C" __global__ void atomic_warp_aggregated_ticket_queue_push(Args a) {
    unsigned* Q = reinterpret_cast<unsigned*>(a.big);
    unsigned* D = Q + 4096u;
    unsigned m = (a.bigMask >> 1), g = gtid(), lane = threadIdx.x & 31u, lt = (1u << lane) - 1u;
    unsigned* tail = Q + (blockIdx.x & 7u) * 32u;
    unsigned h = a.uin[g & 8191u] ^ (g * 0x9e3779b9u) | 1u, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = xorshift32(h);
        bool push = (h & 3u) != 0u;
        unsigned pm = __ballot_sync(FULL_MASK, push), pl = (__ffs(pm) - 1u) & 31u, base = 0;
        if (lane == pl && pm != 0u) base = atomicAdd(tail, __popc(pm));
        base = __shfl_sync(FULL_MASK, base, pl);
        if (push) D[(base + __popc(pm & lt)) & m] = h;
        acc += base & 1u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A grid-stride sum of words (two LDG.32 a step, their sum's upper
// twenty bits kept), the warp's sum by __reduce_add_sync (REDUX), lane
// 0 adding it to its block's counter (one line each, at the start of
// the footprint) by atomicAdd with the value unused (RED.ADD).
extern "C" __global__ void reduce_u32_redux_warp_red_block_counter(Args a) {
    unsigned* C = reinterpret_cast<unsigned*>(a.big);
    unsigned hh = (a.bigMask + 1u) >> 1, m = hh - 1u, T = gthreads(), i = gtid(), lane = threadIdx.x & 31u;
    const unsigned* X = C + hh;
    unsigned* ctr = C + (blockIdx.x & 63u) * 32u;
    unsigned acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        unsigned v = (X[j & m] + X[(j + T) & m]) >> 12;
        unsigned s = __reduce_add_sync(FULL_MASK, v);
        if (lane == 0u) atomicAdd(ctr, s);
        acc += s >> 8;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// =====================================================================
// cp.async pipelines (inline PTX)
// =====================================================================

// A row loader for a 3-point filter with a one-element halo: each lane
// copies one float by a 4-byte cp.async.ca (through L1) from column
// c0 + lane - 1 of a row with a pitch of 1024 floats and 1000 valid
// columns, the source size 0 (zero fill) outside them; two stages a
// warp, the next row issued before the current one is waited for.
__device__ __forceinline__ void cp_async_ca4_zfill(float* dst, const float* src, unsigned bytes) {
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(smem_u32(dst)), "l"(src), "r"(bytes));
}
extern "C" __global__ void cp_async_ca4_zfill_row_halo_two_stage(Args a) {
    __shared__ float st[32][2][32];
    unsigned m = a.bigMask, lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    unsigned gw = gtid() >> 5, nw = gthreads() >> 5;
    const unsigned W = 1000u;
    {
        unsigned col = ((gw * 31u) & 1023u) + lane - 1u;
        bool ok = col < W;
        cp_async_ca4_zfill(&st[w][0][lane], a.big + ((gw * 1024u + (ok ? col : 0u)) & m), ok ? 4u : 0u);
        asm volatile("cp.async.commit_group;\n" ::);
    }
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned nxt = (unsigned)k + 1u, r = gw + nxt * nw;
        unsigned col = (((gw + nxt) * 31u) & 1023u) + lane - 1u;
        bool ok = col < W;
        cp_async_ca4_zfill(&st[w][nxt & 1u][lane], a.big + ((r * 1024u + (ok ? col : 0u)) & m), ok ? 4u : 0u);
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        __syncwarp();
        const float* s = st[w][(unsigned)k & 1u];
        float y = fmaf(0.25f, s[(lane - 1u) & 31u] + s[(lane + 1u) & 31u], 0.5f * s[lane]);
        __syncwarp();
        acc += y;
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_group 0;\n" ::);
    finish(a, t0, t1, acc);
}

// A block-wide double buffer of 16-byte cp.async.cg copies (one float4
// a thread, the block's tile contiguous): each step issues the next
// tile, commits, waits for the current one, __syncthreads, reads the
// float4 of the thread one warp over, __syncthreads.
extern "C" __global__ void cp_async_cg16_block_double_buffer_syncthreads(Args a) {
    __shared__ __align__(16) float4 tb[2][1024];
    unsigned m4 = ((a.bigMask + 1u) >> 2) - 1u, t = threadIdx.x, B = blockDim.x, G = gridDim.x;
    const float4* X = reinterpret_cast<const float4*>(a.big);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_u32(&tb[0][t])), "l"(X + ((blockIdx.x * B + t) & m4)));
    asm volatile("cp.async.commit_group;\n" ::);
    float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
    unsigned other = (t + 32u) & (B - 1u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned tile = blockIdx.x + ((unsigned)k + 1u) * G;
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_u32(&tb[((unsigned)k + 1u) & 1u][t])),
                     "l"(X + ((tile * B + t) & m4)));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        __syncthreads();
        float4 v = tb[(unsigned)k & 1u][other];
        __syncthreads();
        s.x += v.x; s.y -= v.y; s.z += v.z; s.w -= v.w;
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_group 0;\n" ::);
    finish(a, t0, t1, (s.x + s.y) + (s.z + s.w));
}

// =====================================================================
// Tensor cores (inline PTX)
// =====================================================================

// Double-precision tensor-core tiles: mma.sync m8n8k4 f64 (DMMA), two
// independent 8 × 8 accumulators a step sharing the A fragment; small
// operands keep the sums near one.
extern "C" __global__ void mma_m8n8k4_f64_dmma_two_tiles(Args a) {
    unsigned g = gtid();
    double fa = 0.01 * (double)a.fin[g & 8191u], fb0 = 0.01 * ((double)a.fin[(g + 3u) & 8191u] - 1.0);
    double fb1 = 0.02 * (double)a.fin[(g + 7u) & 8191u];
    double c0 = 0.0, c1 = 0.0, d0 = 0.0, d1 = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};\n"
                     : "+d"(c0), "+d"(c1) : "d"(fa), "d"(fb0));
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};\n"
                     : "+d"(d0), "+d"(d1) : "d"(fa), "d"(fb1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((c0 - c1) + (d0 + d1)));
}

// 2:4 structured-sparse tensor-core tiles: mma.sp m16n8k32 f16 with
// float accumulators (the compressed A of two values in every four, the
// metadata 0x4 a nibble selecting positions 0 and 1, an ordered pair),
// two tiles a step sharing the A fragment. Toolkits from 12.5 spell it
// mma.sp::ordered_metadata (the same instruction for this metadata).
#if (__CUDACC_VER_MAJOR__ > 12) || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 5)
#define MMA_SP_OP "mma.sp::ordered_metadata"
#else
#define MMA_SP_OP "mma.sp"
#endif
extern "C" __global__ void mma_sp_m16n8k32_f16_f32acc_2to4_two_tiles(Args a) {
    unsigned g = gtid();
    unsigned ar[4], b0[4], b1[4];
#pragma unroll
    for (int j = 0; j < 4; j++) {
        __half2 ha = __floats2half2_rn(0.03f * (a.fin[(g + (unsigned)j) & 8191u] - 1.f), 0.02f);
        __half2 hb = __floats2half2_rn(0.02f * a.fin[(g + 5u + (unsigned)j) & 8191u], -0.01f);
        __half2 hc = __floats2half2_rn(-0.015f, 0.025f * a.fin[(g + 9u + (unsigned)j) & 8191u]);
        ar[j] = *reinterpret_cast<unsigned*>(&ha);
        b0[j] = *reinterpret_cast<unsigned*>(&hb);
        b1[j] = *reinterpret_cast<unsigned*>(&hc);
    }
    const unsigned meta = 0x44444444u;
    float c[4] = {0.f, 0.f, 0.f, 0.f}, d[4] = {0.f, 0.f, 0.f, 0.f};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile(MMA_SP_OP ".sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, %12, 0x0;\n"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(b0[0]), "r"(b0[1]), "r"(b0[2]), "r"(b0[3]), "r"(meta));
        asm volatile(MMA_SP_OP ".sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, %12, 0x0;\n"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(b1[0]), "r"(b1[1]), "r"(b1[2]), "r"(b1[3]), "r"(meta));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c[0] + c[3]) - (d[1] + d[2]));
}

// =====================================================================
// Loops whose trip counts depend on data
// =====================================================================

// Gaussian pairs by Marsaglia's polar method: uniform points in the
// square drawn until one falls inside the unit circle (and off the
// origin), an inner loop of 4/pi trips on average, lanes diverging by
// their draws; then the precise logf, an IEEE division and sqrtf.
extern "C" __global__ void rejection_marsaglia_polar_gaussian_pairs(Args a) {
    unsigned g = gtid();
    unsigned h = a.uin[g & 8191u] ^ (g * 0x9e3779b9u) | 1u;
    float acc = 0.f, sq = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float u, v, s;
        do {
            h = xorshift32(h);
            u = fmaf(u01(h), 2.f, -1.f);
            h = xorshift32(h);
            v = fmaf(u01(h), 2.f, -1.f);
            s = fmaf(u, u, v * v);
        } while (s >= 1.f || s == 0.f);
        float f = sqrtf(-2.f * logf(s) / s);
        float z0 = u * f, z1 = v * f;
        acc += z0;
        sq = fmaf(z1, z1, sq);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + sq);
}

// Lookups in an open-addressing hash table with linear probing in shared
// memory (1024 slots, 640 keys inserted by the block's first thread,
// 62.5% full, read-only in the loop): half the queries present keys,
// half random ones; each probes from its hashed slot until it finds the
// key or an empty slot, so the trip count follows the table's clusters.
extern "C" __global__ void smem_open_addressing_linear_probe_lookup(Args a) {
    __shared__ unsigned tab[1024];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x) tab[e] = 0u;
    __syncthreads();
    if (threadIdx.x == 0) {
        for (unsigned i = 0; i < 640u; i++) {
            unsigned key = fmix32(i + 0x1234u) | 1u, p = fmix32(key) & 1023u;
            while (tab[p] != 0u && tab[p] != key) p = (p + 1u) & 1023u;
            tab[p] = key;
        }
    }
    __syncthreads();
    unsigned g = gtid(), h = a.uin[g & 8191u] ^ (g * 0x9e3779b9u) | 1u, found = 0, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h = xorshift32(h);
        unsigned q = (h & 1u) ? (fmix32(((h >> 8) & 511u) + 0x1234u) | 1u) : (h | 1u);
        unsigned p = fmix32(q) & 1023u, t;
        while ((t = tab[p]) != q && t != 0u) p = (p + 1u) & 1023u;
        found += t == q;
        acc += p;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(found * 1024u + (acc & 1023u)));
}
