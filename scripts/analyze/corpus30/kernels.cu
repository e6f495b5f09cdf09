// A thirtieth validation corpus for gpuarch analyze ("dev30" and
// "heldout30"): fifty-eight loops of the kinds performance engineers
// write, by a writer who has read none of the model, its tests, its
// testdata, its documents or any measurement; of the earlier corpora only
// corpus29's three files (kernels.cu, cases.inc, split.txt) as format
// examples, no loop copied from them, and the harness
// (scripts/analyze/corpus/harness.cu) and the build script
// (scripts/analyze/device.sh). The set: FP32 chains (one chain of eight
// dependent FMAs; twelve independent FMA chains; a Pade tanh by the
// precise division; a ratio by the fast __fdividef; the precise sinf and
// cosf on bounded angles; the fast __sinf and __cosf; the precise powf of
// an sRGB encode and decode; the precise erff and erfcf; tanh.approx by
// PTX; a vector reflected and renormalized by rsqrtf; a Black-Scholes
// call by logf, expf, sqrtf and normcdff; Box-Muller by logf, sqrtf and
// sincospif), integers (PCG32 by a 64-bit multiply and a funnel rotate;
// wyrand by __umul64hi; Lemire range reductions by __umulhi; byte swaps
// and shuffles by __byte_perm; the n-th set bit by __popc, with __ffs and
// __clz; a ChaCha20 double round by funnel rotates; unsigned division by
// runtime divisors; 64-bit division by the constant 10), double (four
// chains of the precise division; Kahan summation), half, bfloat16 and
// conversions (a half2 Horner polynomial by __hmul2_rn and __hadd2_rn;
// four bfloat16x2 FMA chains clamped by __hmin2 and __hmax2; half2 dot
// products widened to float; float to int, clamped to a byte, and back),
// warp collectives (a __shfl_down_sync tree sum; __match_any_sync
// groups; a ballot leader with __ffs and a broadcast; a bitonic sort of
// the warp by __shfl_xor_sync), shared memory (a 32 × 33 padded tile
// transposed; an unpadded tile read by column; reads 2 and 32 words apart
// a lane; atomicAdd of a warp's lanes on one word; atomicMax on hashed
// bins with the old value used; a block tree reduction with
// __syncthreads; a 2 × 2 register-blocked SGEMM inner loop; a 5-point 1D
// stencil with halos and __syncthreads), tensor cores (mma.sync m16n8k8
// tf32; WMMA f16 with a half accumulator from shared memory; mma.sync
// m16n8k32 s8; one dependent bf16 m16n8k16 chain), global memory (four
// float loads in flight; a float4 triad over three arrays; float4
// stores alone; one sector a lane at a stride of 8 floats; gathers through
// an index array; a dependent chain of hashed gathers; a float2 axpby in
// place; a float atomicAdd of a warp's lanes on one address; coalesced
// u32 atomicAdd at distinct addresses; 16-byte cp.async.cg in a
// three-stage ring; an evict-first float4 copy by __ldcs and __stcs; a
// naive transpose of rows 1024 wide; float2 loads by __ldcg), two loops
// whose trip counts depend on data (Euclid's gcd; rejection sampling of
// the unit disk) and a small kernel (Mandelbrot steps inside the
// cardioid).
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

// One chain of eight dependent FMAs a step (every multiplier below one
// in magnitude, so the value stays small): the latency of the chain.
extern "C" __global__ void fp32_fma_single_dependent_chain8(Args a) {
    float x = a.fin[gtid() & 8191u] - 1.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = fmaf(x, -0.93f, 0.04f);
        x = fmaf(x, 0.97f, -0.01f);
        x = fmaf(x, -0.89f, 0.02f);
        x = fmaf(x, 0.95f, -0.03f);
        x = fmaf(x, -0.91f, 0.01f);
        x = fmaf(x, 0.99f, 0.02f);
        x = fmaf(x, -0.87f, -0.02f);
        x = fmaf(x, 0.96f, 0.03f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, x);
}

// Twelve independent chains of two FMAs a step each (24 FFMAs, twelve
// ways of parallelism).
extern "C" __global__ void fp32_fma_twelve_independent_chains(Args a) {
    unsigned g = gtid();
    float x[12];
#pragma unroll
    for (int j = 0; j < 12; j++) x[j] = a.fin[(g + 13u * (unsigned)j) & 8191u] - 1.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 12; j++) {
            x[j] = fmaf(x[j], -0.91f, 0.01f * (float)(j + 1));
            x[j] = fmaf(x[j], 0.87f, -0.005f * (float)j);
        }
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int j = 0; j < 12; j++) s += x[j];
    finish(a, t0, t1, s);
}

// A Pade approximant of tanh, x (27 + x^2) / (27 + 9 x^2), by the
// precise IEEE division (the full div.rn sequence with its slow path),
// two chains crossed a little.
extern "C" __global__ void fp32_pade_tanh_precise_division(Args a) {
    float x0 = a.fin[gtid() & 8191u] - 1.f, x1 = 1.f - a.fin[(gtid() + 5u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float q0 = x0 * x0, q1 = x1 * x1;
        float t0v = x0 * (27.f + q0) / fmaf(9.f, q0, 27.f);
        float t1v = x1 * (27.f + q1) / fmaf(9.f, q1, 27.f);
        acc += t0v - t1v;
        x0 = fmaf(t0v, 1.25f, -0.1f * t1v);
        x1 = fmaf(t1v, -1.2f, 0.1f * t0v);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A rational map by the fast division __fdividef (a reciprocal and a
// multiply), (x + 2) / (x^2 + 1.5), two independent chains.
extern "C" __global__ void fp32_fdividef_fast_ratio_chain(Args a) {
    float x0 = a.fin[gtid() & 8191u] - 1.f, x1 = a.fin[(gtid() + 9u) & 8191u] - 0.8f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float r0 = __fdividef(x0 + 2.f, fmaf(x0, x0, 1.5f));
        float r1 = __fdividef(x1 + 2.f, fmaf(x1, x1, 1.5f));
        acc += r0 + r1;
        x0 = fmaf(r0, 0.7f, -0.6f);
        x1 = fmaf(r1, -0.5f, 0.3f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The precise sinf and cosf of the math library on two angles kept in
// [-3, 3] (the fast range-reduction path), crossed each step.
extern "C" __global__ void sinf_cosf_precise_bounded_rotation(Args a) {
    float th = a.fin[gtid() & 8191u] - 1.f, ph = a.fin[(gtid() + 3u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = sinf(th), c = cosf(ph);
        acc += s * c;
        th = fmaf(s, 2.5f, 0.4f * c);
        ph = fmaf(c, -1.9f, 0.3f * s);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The fast hardware __sinf and __cosf (MUFU.SIN and MUFU.COS after a
// scaling multiply) in a coupled oscillator kept within [-3.2, 3.2].
extern "C" __global__ void sinf_cosf_fast_intrinsics_oscillator(Args a) {
    float x = a.fin[gtid() & 8191u] - 1.f, y = 0.5f * a.fin[(gtid() + 11u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = __sinf(x), c = __cosf(y);
        acc += s - c;
        x = fmaf(s, 2.1f, c);
        y = fmaf(c, -1.7f, 0.6f * s);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The sRGB transfer curve both ways and a plain gamma by the precise
// powf (log, multiply, exp with its accuracy steps) on values in
// [0.05, 0.95]: three powf a step, one chain.
extern "C" __global__ void powf_precise_gamma_encode_decode(Args a) {
    float v = 0.9f * (a.fin[gtid() & 8191u] - 0.5f) + 0.05f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float e = fmaf(powf(v, 1.f / 2.4f), 1.055f, -0.055f);
        float d = powf((e + 0.055f) * (1.f / 1.055f), 2.4f);
        float w = powf(e, 2.2f);
        acc += e;
        v = fmaf(d, 0.45f, fmaf(w, 0.45f, 0.05f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The precise erff on (-2.2, 1.8) and erfcf on (0.3, 1.5) in two
// crossed chains (a Gaussian CDF and its tail).
extern "C" __global__ void erff_erfcf_gaussian_tail(Args a) {
    float x = 2.f * (a.fin[gtid() & 8191u] - 1.f), y = a.fin[(gtid() + 7u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float p = erff(x), q = erfcf(y);
        acc += p + q;
        x = fmaf(p, 1.8f, -0.2f * q);
        y = fmaf(q, 1.2f, 0.3f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

__device__ __forceinline__ float tanh_approx(float x) {
    float y;
    asm("tanh.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
}

// The hardware tanh.approx.f32 (one MUFU.TANH) as an activation after
// an FMA, three independent chains.
extern "C" __global__ void tanh_approx_ptx_activation(Args a) {
    unsigned g = gtid();
    float x0 = a.fin[g & 8191u] - 1.f, x1 = a.fin[(g + 1u) & 8191u] - 0.7f, x2 = 0.9f - a.fin[(g + 2u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x0 = tanh_approx(fmaf(x0, 1.7f, 0.2f));
        x1 = tanh_approx(fmaf(x1, -1.3f, 0.1f));
        x2 = tanh_approx(fmaf(x2, 2.1f, -0.3f));
        acc += (x0 + x1) + x2;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A unit vector reflected about a fixed unit normal, nudged by a small
// constant vector and renormalized by rsqrtf of its squared length (never
// below 0.7, so never zero).
extern "C" __global__ void rsqrtf_vec3_normalize_reflect(Args a) {
    float vx = a.fin[gtid() & 8191u] - 1.f, vy = 0.6f, vz = 0.5f, acc = 0.f;
    const float nx = 0.48f, ny = 0.6f, nz = 0.64f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float d2 = 2.f * fmaf(vx, nx, fmaf(vy, ny, vz * nz));
        float rx = fmaf(-d2, nx, vx) + 0.11f, ry = fmaf(-d2, ny, vy) - 0.07f, rz = fmaf(-d2, nz, vz) + 0.05f;
        float inv = rsqrtf(fmaf(rx, rx, fmaf(ry, ry, rz * rz)));
        vx = rx * inv; vy = ry * inv; vz = rz * inv;
        acc += vz;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + vx);
}

// A European call by Black and Scholes (strike 1, rate 0.02, volatility
// 0.3): the precise sqrtf, logf, expf, division and normcdff a step, the
// spot and the expiry fed back from the price (kept in [0.69, 1.75]
// and [0.19, 0.73]).
extern "C" __global__ void black_scholes_call_normcdff(Args a) {
    float S = a.fin[gtid() & 8191u], T = 0.5f * a.fin[(gtid() + 3u) & 8191u], acc = 0.f;
    const float r = 0.02f, sig = 0.3f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float sq = sqrtf(T);
        float d1 = (logf(S) + (r + 0.5f * sig * sig) * T) / (sig * sq);
        float d2 = d1 - sig * sq;
        float call = S * normcdff(d1) - expf(-r * T) * normcdff(d2);
        acc += call;
        S = fmaf(call, 0.6f, 0.7f);
        T = fmaf(call, 0.3f, 0.2f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Box-Muller Gaussian pairs from two LCG uniforms: the precise logf of
// u1 in (0, 1], sqrtf, and sincospif of 2 u2.
extern "C" __global__ void box_muller_logf_sqrtf_sincospif(Args a) {
    unsigned x = lowbias32(gtid() + 101u);
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned y = lcg_next(x);
        float u1 = (float)((x >> 8) + 1u) * (1.f / 16777216.f), u2 = unit_float(y);
        float r = sqrtf(-2.f * logf(u1));
        float sn, cs;
        sincospif(2.f * u2, &sn, &cs);
        s0 += r * cs;
        s1 = fmaf(r * sn, r * sn, s1);
        x = y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + 1e-3f * s1);
}

// =====================================================================
// Integer hashing and bit manipulation
// =====================================================================

// PCG32 (XSH-RR): the 64-bit LCG state advanced by a 64-bit multiply-add
// (a dependent chain), the output an xorshift and a rotate by the top
// five bits (__funnelshift_r).
extern "C" __global__ void pcg32_u64_mul_rotate(Args a) {
    unsigned long long st = 0x853c49e6748fea9bull ^ ((unsigned long long)lowbias32(gtid()) << 16);
    const unsigned long long inc = ((unsigned long long)gtid() << 1) | 1ull;
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned long long old = st;
        st = old * 6364136223846793005ull + inc;
        unsigned xs = (unsigned)(((old >> 18) ^ old) >> 27), rot = (unsigned)(old >> 59);
        acc += __funnelshift_r(xs, xs, rot) >> 8;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// wyrand: a 64-bit state stepped by an add, the output the XOR of the
// low and high halves of a 64 × 64 → 128-bit product (__umul64hi).
extern "C" __global__ void wyhash_umul64hi_mix(Args a) {
    unsigned long long s = ((unsigned long long)a.uin[gtid() & 8191u] << 32) | gtid(), acc = 0ull;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s += 0xa0761d6478bd642full;
        unsigned long long t = s ^ 0xe7037ed1a0b428dbull;
        unsigned long long h = (s * t) ^ __umul64hi(s, t);
        acc += h >> 20;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc & 0xffffffull));
}

// Lemire's multiply-shift range reductions by __umulhi: a generator
// word and two hashes of it mapped into [0, 1000), [0, 4099) and
// [0, 65521); the last fed back.
extern "C" __global__ void umulhi_u32_lemire_range_hash(Args a) {
    unsigned x = a.uin[gtid() & 8191u], acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned b1 = __umulhi(x, 1000u);
        unsigned b2 = __umulhi(x * 0x9e3779b1u, 4099u);
        unsigned b3 = __umulhi(x ^ (x >> 15), 65521u);
        acc += b1 + b2 + b3;
        x ^= b3;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Byte shuffles by __byte_perm (PRMT): a byte swap, bytes picked from
// two words, a nibble swap by shifts and masks, two crossed words.
extern "C" __global__ void byte_perm_bswap_nibble_shuffle(Args a) {
    unsigned x = a.uin[gtid() & 8191u], y = lowbias32(gtid() + 103u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned sw = __byte_perm(x, 0u, 0x0123);
        unsigned il = __byte_perm(x, y, 0x7351);
        unsigned nb = ((sw >> 4) & 0x0f0f0f0fu) | ((sw & 0x0f0f0f0fu) << 4);
        acc += nb ^ il;
        x = nb + il;
        y = __byte_perm(y, sw, 0x6420) ^ (unsigned)k;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 8));
}

// The position of the n-th set bit of a word (n below its popcount) by
// a branch-free binary search of __popc over halves of 16, 8, 4, 2 and
// 1 bits, plus __ffs and __clz of the word; the position fed back.
extern "C" __global__ void select_nth_set_bit_popc_ffs_clz(Args a) {
    unsigned x = lowbias32(gtid() + 107u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned w = x | 0x00010001u;
        unsigned n = __umulhi(lcg_next(x), (unsigned)__popc(w));
        unsigned pos = 0u;
#pragma unroll
        for (unsigned width = 16u; width > 0u; width >>= 1) {
            unsigned c = (unsigned)__popc(w & ((1u << width) - 1u));
            bool up = n >= c;
            n = up ? n - c : n;
            pos = up ? pos + width : pos;
            w = up ? w >> width : w;
        }
        acc += pos + (unsigned)__ffs(x) + (unsigned)__clz(x);
        x = lowbias32(x + pos);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

#define CHACHA_QR(A, B, C, D)                          \
    A += B; D ^= A; D = rotl32(D, 16);                 \
    C += D; B ^= C; B = rotl32(B, 12);                 \
    A += B; D ^= A; D = rotl32(D, 8);                  \
    C += D; B ^= C; B = rotl32(B, 7);

// A ChaCha20 double round a step (four column and four diagonal quarter
// rounds: adds, XORs and rotates by funnel shifts) on a sixteen-word
// state held in registers.
extern "C" __global__ void chacha20_double_round_funnel_rotate(Args a) {
    unsigned g = gtid();
    unsigned s0 = 0x61707865u, s1 = 0x3320646eu, s2 = 0x79622d32u, s3 = 0x6b206574u;
    unsigned s4 = a.uin[g & 8191u], s5 = a.uin[(g + 1u) & 8191u], s6 = a.uin[(g + 2u) & 8191u], s7 = a.uin[(g + 3u) & 8191u];
    unsigned s8 = lowbias32(g), s9 = lowbias32(g + 1u), s10 = lowbias32(g + 2u), s11 = lowbias32(g + 3u);
    unsigned s12 = g, s13 = 0u, s14 = 0x12345678u, s15 = 0x9abcdef0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        CHACHA_QR(s0, s4, s8, s12) CHACHA_QR(s1, s5, s9, s13) CHACHA_QR(s2, s6, s10, s14) CHACHA_QR(s3, s7, s11, s15)
        CHACHA_QR(s0, s5, s10, s15) CHACHA_QR(s1, s6, s11, s12) CHACHA_QR(s2, s7, s8, s13) CHACHA_QR(s3, s4, s9, s14)
    }
    long long t1 = clock64();
    unsigned h = s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6 ^ s7 ^ s8 ^ s9 ^ s10 ^ s11 ^ s12 ^ s13 ^ s14 ^ s15;
    finish(a, t0, t1, (float)(h >> 8));
}

// Unsigned division and remainder by divisors known only at run time:
// one fixed per thread (3 to 4098, from the input words), one changing
// every step (3 to 1026, from the generator); quotients mixed back.
extern "C" __global__ void u32_div_mod_runtime_divisors(Args a) {
    unsigned dfix = (a.uin[gtid() & 8191u] >> 20) + 3u, x = lowbias32(gtid() + 109u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned n = lcg_next(x);
        unsigned d = (x >> 22) + 3u;
        unsigned q1 = n / d, r1 = n % d;
        unsigned q2 = n / dfix, r2 = n % dfix;
        acc += r1 + r2;
        x = n ^ (q1 << 7) ^ q2;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Four decimal digits a step from a 64-bit value by division and
// remainder by the constant 10 (64-bit multiply-high sequences), the
// value then re-stirred by a 64-bit LCG step with the digits.
extern "C" __global__ void u64_div10_decimal_digits(Args a) {
    unsigned long long v = ((unsigned long long)lowbias32(gtid() + 113u) << 32) | a.uin[gtid() & 8191u];
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned d0 = (unsigned)(v % 10ull); v /= 10ull;
        unsigned d1 = (unsigned)(v % 10ull); v /= 10ull;
        unsigned d2 = (unsigned)(v % 10ull); v /= 10ull;
        unsigned d3 = (unsigned)(v % 10ull); v /= 10ull;
        acc += (d0 + d1) + (d2 + d3);
        v = v * 6364136223846793005ull + (d0 | (d1 << 4) | (d2 << 8) | (d3 << 12)) + 1442695040888963407ull;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// =====================================================================
// Double precision
// =====================================================================

// Four independent double chains of the precise division (the DDIV
// sequence: an MUFU.RCP64H seed, Newton steps, a slow-path test),
// (x + 1.5) / (x^2 + 2), fed back by a DFMA.
extern "C" __global__ void f64_four_chains_precise_ddiv(Args a) {
    unsigned g = gtid();
    double x[4];
#pragma unroll
    for (int j = 0; j < 4; j++) x[j] = (double)a.fin[(g + 17u * (unsigned)j) & 8191u] - 1.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 4; j++) {
            double f = (x[j] + 1.5) / fma(x[j], x[j], 2.0);
            x[j] = fma(f, 1.2, -0.5 + 0.01 * (double)j);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((x[0] + x[1]) + (x[2] + x[3])));
}

// Kahan's compensated summation in double of LCG uniforms converted to
// double: four dependent DADDs a step on the sum and its correction.
extern "C" __global__ void f64_kahan_compensated_sum(Args a) {
    unsigned x = lowbias32(gtid() + 127u);
    double s = 0.0, c = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        double t = (double)(x >> 8) * (1.0 / 16777216.0);
        double y = t - c;
        double s2 = s + y;
        c = (s2 - s) - y;
        s = s2;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(s + 1e6 * c));
}

// =====================================================================
// Half, bfloat16 and conversions
// =====================================================================

// A degree-5 half2 polynomial by Horner's rule with the multiply and add
// kept apart (__hmul2_rn, __hadd2_rn: HMUL2 and HADD2, no contraction),
// fed back into its argument.
extern "C" __global__ void half2_horner_hmul2_hadd2(Args a) {
    float f = a.fin[gtid() & 8191u];
    __half2 x = __floats2half2_rn(0.5f * (f - 1.f), 0.3f - 0.2f * f);
    const __half2 c5 = __float2half2_rn(0.05f), c4 = __float2half2_rn(-0.1f), c3 = __float2half2_rn(0.2f);
    const __half2 c2 = __float2half2_rn(-0.3f), c1 = __float2half2_rn(0.6f), c0 = __float2half2_rn(0.1f);
    const __half2 m = __floats2half2_rn(-0.8f, 0.7f), b = __floats2half2_rn(0.05f, -0.04f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __half2 p = __hadd2_rn(__hmul2_rn(c5, x), c4);
        p = __hadd2_rn(__hmul2_rn(p, x), c3);
        p = __hadd2_rn(__hmul2_rn(p, x), c2);
        p = __hadd2_rn(__hmul2_rn(p, x), c1);
        p = __hadd2_rn(__hmul2_rn(p, x), c0);
        x = __hadd2_rn(__hmul2_rn(p, m), b);
        acc += __low2float(p);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + __high2float(x));
}

// Four independent bfloat16x2 chains: an FMA then a clamp to
// [-0.5, 0.5] by __hmin2 and __hmax2 (three packed operations each).
extern "C" __global__ void bf16x2_four_chains_hmin2_hmax2_clamp(Args a) {
    unsigned g = gtid();
    __nv_bfloat162 x[4];
#pragma unroll
    for (int j = 0; j < 4; j++) x[j] = __floats2bfloat162_rn(a.fin[(g + (unsigned)j) & 8191u] - 1.f, 0.1f * (float)j - 0.2f);
    const __nv_bfloat162 c = __floats2bfloat162_rn(-1.6f, 1.4f), d = __floats2bfloat162_rn(0.2f, -0.1f);
    const __nv_bfloat162 hi = __floats2bfloat162_rn(0.5f, 0.5f), lo = __floats2bfloat162_rn(-0.5f, -0.5f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 4; j++) x[j] = __hmax2(__hmin2(__hfma2(x[j], c, d), hi), lo);
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int j = 0; j < 4; j++) s += __low2float(x[j]) - __high2float(x[j]);
    finish(a, t0, t1, s);
}

// Mixed precision: a dot product of four half2 pairs (one HMUL2, three
// HFMA2) widened to float2 (__half22float2) and summed in float; the
// four vectors of one side stepped by HFMA2 so nothing is invariant.
extern "C" __global__ void half2_dot4_accumulate_float_convert(Args a) {
    unsigned g = gtid();
    __half2 va[4], vb[4];
#pragma unroll
    for (int j = 0; j < 4; j++) {
        va[j] = __floats2half2_rn(a.fin[(g + (unsigned)j) & 8191u] - 1.f, 0.25f);
        vb[j] = __floats2half2_rn(0.5f, a.fin[(g + 4u + (unsigned)j) & 8191u] - 1.f);
    }
    const __half2 c = __floats2half2_rn(-0.9f, 0.85f), d = __floats2half2_rn(0.03f, -0.02f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __half2 s = __hmul2(va[0], vb[0]);
        s = __hfma2(va[1], vb[1], s);
        s = __hfma2(va[2], vb[2], s);
        s = __hfma2(va[3], vb[3], s);
        float2 f = __half22float2(s);
        acc += f.x + f.y;
#pragma unroll
        for (int j = 0; j < 4; j++) va[j] = __hfma2(va[j], c, d);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Float to int (__float2int_rn), clamped to a byte, and both back to
// float (__int2float_rn, __uint2float_rn): a quantizer chain kept within
// [-100, 100].
extern "C" __global__ void cvt_f32_s32_u8_roundtrip(Args a) {
    float f = 50.f * (a.fin[gtid() & 8191u] - 1.f), acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int i = __float2int_rn(f * 3.5f);
        unsigned b = (unsigned)min(max(i + 128, 0), 255);
        float gq = __int2float_rn(i) * (1.f / 3.5f);
        float h = __uint2float_rn(b);
        acc += h;
        f = fmaf(gq, -0.8f, fmaf(h, 0.1f, -12.8f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Warp collectives
// =====================================================================

// A warp's float sum by a __shfl_down_sync tree (16, 8, 4, 2, 1), the
// total broadcast from lane 0 and fed back into every lane.
extern "C" __global__ void warp_shfl_down_tree_sum_f32(Args a) {
    float v = a.fin[gtid() & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = v;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(FULL_MASK, s, o);
        float tot = __shfl_sync(FULL_MASK, s, 0);
        acc += tot;
        v = fmaf(tot, -1.f / 128.f, fmaf(v, 0.4f, 0.01f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Lanes grouped by a 3-bit key with __match_any_sync: each lane's group
// mask, its size by __popc and its leader by __ffs, fed back.
extern "C" __global__ void warp_match_any_sync_key_groups(Args a) {
    unsigned x = lowbias32(gtid() + 131u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned key = x >> 29;
        unsigned grp = __match_any_sync(FULL_MASK, key);
        unsigned n = (unsigned)__popc(grp), leader = (unsigned)__ffs(grp) - 1u;
        acc += n;
        x += leader;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The warp-aggregation pattern without the atomic: a ballot of a
// predicate, the leader by __ffs, each lane's rank among the voters by
// __popc of the lower lanes, the leader's value broadcast by __shfl_sync.
extern "C" __global__ void warp_ballot_ffs_leader_shfl_broadcast(Args a) {
    unsigned lane = threadIdx.x & 31u, x = lowbias32(gtid() + 137u), rsum = 0u;
    float v = a.fin[gtid() & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned b = __ballot_sync(FULL_MASK, (x >> 29) < 3u);
        unsigned leader = (unsigned)__ffs(b | 0x80000000u) - 1u;
        unsigned rank = (unsigned)__popc(b & ((1u << lane) - 1u));
        float lv = __shfl_sync(FULL_MASK, v, (int)leader);
        acc += lv;
        rsum += rank;
        v = fmaf(v, 0.5f, fmaf(lv, 0.1f, 0.01f * (float)rank));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + (float)rsum);
}

// A bitonic sort of the warp's 32 floats by fifteen __shfl_xor_sync
// compare-exchange steps (fminf or fmaxf by the lane's place); each
// lane's sorted value fed back into its own.
extern "C" __global__ void warp_bitonic_sort32_shfl_xor(Args a) {
    unsigned lane = threadIdx.x & 31u;
    float v = a.fin[gtid() & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = v;
#pragma unroll
        for (unsigned kk = 2u; kk <= 32u; kk <<= 1)
#pragma unroll
            for (unsigned j = kk >> 1; j > 0u; j >>= 1) {
                float o = __shfl_xor_sync(FULL_MASK, s, (int)j);
                bool up = (lane & kk) == 0u, lower = (lane & j) == 0u;
                s = (lower == up) ? fminf(s, o) : fmaxf(s, o);
            }
        acc += s;
        v = fmaf(v, -0.9f, 0.05f * s + 0.001f * (float)lane);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Shared memory
// =====================================================================

// A 32 × 32 float tile padded to 33 columns (four tiles, a warp on
// w & 3): a row written and a column read, both conflict-free.
extern "C" __global__ void smem_transpose32_padded33(Args a) {
    __shared__ float tile[4][32][33];
    for (unsigned e = threadIdx.x; e < 4u * 32u * 33u; e += blockDim.x) (&tile[0][0][0])[e] = a.fin[(e * 5u) & 8191u] - 1.f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float (*t)[33] = tile[w & 3u];
    float v = a.fin[gtid() & 8191u] - 0.5f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = ((unsigned)k * 5u + w) & 31u;
        t[r][lane] = v;
        __syncwarp();
        float c = t[lane][r];
        __syncwarp();
        v = fmaf(c, 0.8f, -0.1f);
        acc += c;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 32 × 32 float tile, unpadded (four tiles, a warp on w & 3): a row
// written (conflict-free) and a column read (every lane on one bank, 32
// ways).
extern "C" __global__ void smem_transpose32_unpadded_column_read(Args a) {
    __shared__ float tile[4][32][32];
    for (unsigned e = threadIdx.x; e < 4u * 32u * 32u; e += blockDim.x) (&tile[0][0][0])[e] = a.fin[(e * 9u) & 8191u] - 1.f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float (*t)[32] = tile[w & 3u];
    float v = a.fin[gtid() & 8191u] - 0.5f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = ((unsigned)k * 11u + w) & 31u;
        t[r][lane] = v;
        __syncwarp();
        float c = t[lane][r];
        __syncwarp();
        v = fmaf(c, -0.75f, 0.15f);
        acc += c;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Two strided reads a step from 1024-float arrays (four, a warp on
// w & 3): lane l at 2 l + j (two ways) and at 32 l + j (32 ways, every
// lane on one bank); two FMA chains.
extern "C" __global__ void smem_read_stride2_two_way_and_stride32(Args a) {
    __shared__ float s[4][1024];
    for (unsigned e = threadIdx.x; e < 4u * 1024u; e += blockDim.x) (&s[0][0])[e] = a.fin[(e * 13u + 1u) & 8191u] - 0.9f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    const float* S = s[w & 3u];
    float u = 0.f, v = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (unsigned)k & 31u;
        float p = S[lane * 2u + j], q = S[lane * 32u + j];
        u = fmaf(p, 0.5f, 0.5f * u);
        v = fmaf(q, -0.5f, 0.5f * v);
    }
    long long t1 = clock64();
    finish(a, t0, t1, u + v);
}

// A shared atomicAdd from every lane of a warp on the same word (one
// counter a warp), the old value unused: 32 updates of one address a
// step.
extern "C" __global__ void smem_atomicadd_u32_same_address_warp(Args a) {
    __shared__ unsigned cnt[32];
    if (threadIdx.x < 32u) cnt[threadIdx.x] = 0u;
    __syncthreads();
    unsigned w = threadIdx.x >> 5, x = lowbias32(gtid() + 139u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        atomicAdd(&cnt[w], x >> 30);
        acc += x >> 24;
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)cnt[w] + (float)acc);
}

// A shared atomicMax on 512 signed bins shared by the block, a hashed
// bin a step, the old value returned and fed into the generator.
extern "C" __global__ void smem_atomicmax_s32_hashed_bins(Args a) {
    __shared__ int bins[512];
    for (unsigned e = threadIdx.x; e < 512u; e += blockDim.x) bins[e] = 0;
    __syncthreads();
    unsigned x = lowbias32(gtid() + 149u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned h = lowbias32(x) & 511u;
        int old = atomicMax(&bins[h], (int)(x >> 1));
        acc ^= (unsigned)old;
        x += (unsigned)old & 7u;
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)(acc >> 8) + (float)(bins[threadIdx.x & 511u] >> 20));
}

// The classic block reduction in shared memory: every thread writes its
// value, then log2(block size) halving levels (the lower half adds the
// upper, __syncthreads after each); the block sum fed back.
extern "C" __global__ void smem_block_tree_reduce_syncthreads(Args a) {
    __shared__ float buf[1024];
    unsigned t = threadIdx.x, n = blockDim.x;
    float v = a.fin[gtid() & 8191u] - 1.f, inv = 1.f / (float)n, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        buf[t] = v;
        __syncthreads();
#pragma unroll 1
        for (unsigned h = n >> 1; h > 0u; h >>= 1) {
            if (t < h) buf[t] += buf[t + h];
            __syncthreads();
        }
        float tot = buf[0];
        __syncthreads();
        acc += tot;
        v = fmaf(tot, -0.5f * inv, fmaf(v, 0.4f, 0.01f));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc * inv);
}

// The inner loop of a shared-memory SGEMM with 2 × 2 register blocking:
// 32 × 16 A tiles and 16 × 32 B tiles (four of each, shared by the
// block), sixteen k a step, each thread two A rows (broadcast within the
// warp) against two B columns (consecutive words), 64 FMAs a step.
extern "C" __global__ void smem_sgemm_2x2_register_tile(Args a) {
    __shared__ float As[4][32][16];
    __shared__ float Bs[4][16][32];
    for (unsigned e = threadIdx.x; e < 4u * 512u; e += blockDim.x) {
        (&As[0][0][0])[e] = 0.1f * (a.fin[e & 8191u] - 1.f);
        (&Bs[0][0][0])[e] = 0.1f * (a.fin[(e + 2048u) & 8191u] - 0.9f);
    }
    __syncthreads();
    unsigned tx = threadIdx.x & 15u, ty = (threadIdx.x >> 4) & 15u;
    float c00 = 0.f, c01 = 0.f, c10 = 0.f, c11 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned q = (unsigned)k & 3u;
#pragma unroll
        for (unsigned kk = 0; kk < 16u; kk++) {
            float a0 = As[q][ty][kk], a1 = As[q][ty + 16u][kk];
            float b0 = Bs[q][kk][tx], b1 = Bs[q][kk][tx + 16u];
            c00 = fmaf(a0, b0, c00);
            c01 = fmaf(a0, b1, c01);
            c10 = fmaf(a1, b0, c10);
            c11 = fmaf(a1, b1, c11);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c00 + c01) - (c10 + c11));
}

// A 5-point 1D stencil over the block's values in shared memory with
// two halo words each side: write, __syncthreads, five reads,
// __syncthreads; the smoothed value fed back.
extern "C" __global__ void smem_1d_stencil_halo_syncthreads(Args a) {
    __shared__ float buf[1024 + 4];
    unsigned t = threadIdx.x, n = blockDim.x;
    float v = a.fin[gtid() & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        buf[t + 2u] = v;
        if (t < 2u) {
            buf[t] = 0.5f * v;
            buf[n + 2u + t] = -0.5f * v;
        }
        __syncthreads();
        float o = fmaf(0.4f, buf[t + 2u], fmaf(0.2f, buf[t + 1u] + buf[t + 3u], 0.1f * (buf[t] + buf[t + 4u])));
        __syncthreads();
        acc += o;
        v = fmaf(o, 0.9f, 0.01f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Tensor cores
// =====================================================================

__device__ __forceinline__ unsigned to_tf32(float f) {
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(f));
    return r;
}

// mma.sync m16n8k8 with TF32 inputs and f32 accumulators on fragments in
// registers: four MMAs a step into two accumulators (two dependent MMAs
// each).
extern "C" __global__ void mma_m16n8k8_tf32_registers_two_accums(Args a) {
    unsigned g = gtid();
    unsigned ta[4], tb0[2], tb1[2];
#pragma unroll
    for (int j = 0; j < 4; j++) ta[j] = to_tf32(0.05f * (a.fin[(g + (unsigned)j) & 8191u] - 1.f));
#pragma unroll
    for (int j = 0; j < 2; j++) {
        tb0[j] = to_tf32(0.05f * a.fin[(g + 4u + (unsigned)j) & 8191u]);
        tb1[j] = to_tf32(-0.04f * a.fin[(g + 6u + (unsigned)j) & 8191u]);
    }
    float c[4] = {0.f, 0.f, 0.f, 0.f}, d[4] = {0.f, 0.f, 0.f, 0.f};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(ta[0]), "r"(ta[1]), "r"(ta[2]), "r"(ta[3]), "r"(tb0[0]), "r"(tb0[1]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(ta[0]), "r"(ta[1]), "r"(ta[2]), "r"(ta[3]), "r"(tb1[0]), "r"(tb1[1]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(ta[0]), "r"(ta[1]), "r"(ta[2]), "r"(ta[3]), "r"(tb1[0]), "r"(tb1[1]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(ta[0]), "r"(ta[1]), "r"(ta[2]), "r"(ta[3]), "r"(tb0[0]), "r"(tb0[1]));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c[0] + c[1] + c[2] + c[3]) - (d[0] + d[1] + d[2] + d[3]));
}

// The WMMA API in half precision with a half accumulator: m16n16k16
// fragments loaded from half tiles in shared memory (four A and four B
// tiles, shared by the block), two MMAs a step into two accumulators.
extern "C" __global__ void wmma_f16_m16n16k16_smem_half_accum(Args a) {
    using namespace nvcuda;
    __shared__ __align__(32) __half As[4][256];
    __shared__ __align__(32) __half Bs[4][256];
    for (unsigned e = threadIdx.x; e < 4u * 256u; e += blockDim.x) {
        (&As[0][0])[e] = __float2half(0.05f * (a.fin[e] - 1.f));
        (&Bs[0][0])[e] = __float2half(0.05f * (a.fin[e + 1024u] - 0.9f));
    }
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb0, fb1;
    wmma::fragment<wmma::accumulator, 16, 16, 16, __half> fc0, fc1;
    wmma::fill_fragment(fc0, __float2half(0.f));
    wmma::fill_fragment(fc1, __float2half(0.f));
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kk = (unsigned)k;
        wmma::load_matrix_sync(fa, &As[kk & 3u][0], 16);
        wmma::load_matrix_sync(fb0, &Bs[(kk + 1u) & 3u][0], 16);
        wmma::load_matrix_sync(fb1, &Bs[(kk + 2u) & 3u][0], 16);
        wmma::mma_sync(fc0, fa, fb0, fc0);
        wmma::mma_sync(fc1, fa, fb1, fc1);
    }
    long long t1 = clock64();
    float s = 0.f;
    for (int i = 0; i < fc0.num_elements; i++) s += __half2float(fc0.x[i]) - __half2float(fc1.x[i]);
    finish(a, t0, t1, s);
}

// The integer tensor-core MMA, mma.sync m16n8k32 with s8 inputs and s32
// accumulators, on fragments in registers (small bytes, 0 to 7): four
// independent accumulators a step.
extern "C" __global__ void mma_m16n8k32_s8_imma_registers(Args a) {
    unsigned g = gtid();
    unsigned ar[4], b0[2], b1[2];
#pragma unroll
    for (int j = 0; j < 4; j++) ar[j] = lowbias32(g + (unsigned)j) & 0x07070707u;
#pragma unroll
    for (int j = 0; j < 2; j++) {
        b0[j] = a.uin[(g + (unsigned)j) & 8191u] & 0x07070707u;
        b1[j] = a.uin[(g + 2u + (unsigned)j) & 8191u] & 0x07070707u;
    }
    int c[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) c[i][j] = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int i = 0; i < 4; i++) {
            const unsigned* b = (i & 1) ? b1 : b0;
            asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                         : "+r"(c[i][0]), "+r"(c[i][1]), "+r"(c[i][2]), "+r"(c[i][3])
                         : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(b[0]), "r"(b[1]));
        }
    }
    long long t1 = clock64();
    int s = 0;
#pragma unroll
    for (int i = 0; i < 4; i++) s += (c[i][0] ^ c[i][1]) + (c[i][2] ^ c[i][3]);
    finish(a, t0, t1, (float)s);
}

// mma.sync m16n8k16 with bf16 inputs and f32 accumulators: one
// accumulator, two MMAs a step, each waiting on the last (the latency
// of the chain).
extern "C" __global__ void mma_m16n8k16_bf16_dependent_single_accum(Args a) {
    unsigned g = gtid();
    unsigned ar[4], b0[2], b1[2];
#pragma unroll
    for (int j = 0; j < 4; j++) {
        __nv_bfloat162 h = __floats2bfloat162_rn(0.05f * (a.fin[(g + (unsigned)j) & 8191u] - 1.f), 0.03f);
        ar[j] = *reinterpret_cast<unsigned*>(&h);
    }
#pragma unroll
    for (int j = 0; j < 2; j++) {
        __nv_bfloat162 h0 = __floats2bfloat162_rn(0.04f * a.fin[(g + 4u + (unsigned)j) & 8191u], -0.02f);
        __nv_bfloat162 h1 = __floats2bfloat162_rn(0.03f, -0.05f * a.fin[(g + 6u + (unsigned)j) & 8191u]);
        b0[j] = *reinterpret_cast<unsigned*>(&h0);
        b1[j] = *reinterpret_cast<unsigned*>(&h1);
    }
    float c0 = 0.f, c1 = 0.f, c2 = 0.f, c3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3)
                     : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(b0[0]), "r"(b0[1]));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3)
                     : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(b1[0]), "r"(b1[1]));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c0 + c1) - (c2 + c3));
}

// =====================================================================
// Global memory
// =====================================================================

// A float sum with four coalesced loads in flight a step (a grid stride
// apart), four accumulators.
extern "C" __global__ void stream_read_f32_four_independent_sums(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f, s2 = 0.f, s3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 4u * T;
        s0 += X[j & m];
        s1 += X[(j + T) & m];
        s2 += X[(j + 2u * T) & m];
        s3 += X[(j + 3u * T) & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, (s0 + s1) + (s2 + s3));
}

// The STREAM triad on float4, A = B + s C, the three arrays the first
// three quarters of the footprint, grid-stride.
extern "C" __global__ void stream_triad_f4_three_arrays(Args a) {
    unsigned q4 = (a.bigMask + 1) >> 4, m4 = q4 - 1, T = gthreads(), i = gtid();
    float4* A = reinterpret_cast<float4*>(a.big);
    const float4* B = A + q4;
    const float4* C = A + 2u * q4;
    const float s = 0.75f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m4;
        float4 b = B[j], c = C[j];
        A[j] = make_float4(fmaf(s, c.x, b.x), fmaf(s, c.y, b.y), fmaf(s, c.z, b.z), fmaf(s, c.w, b.w));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// float4 stores alone (a fill with a value that changes each step),
// coalesced, grid-stride over the whole footprint.
extern "C" __global__ void stream_store_f4_only(Args a) {
    unsigned m4 = ((a.bigMask + 1) >> 2) - 1, T = gthreads(), i = gtid();
    float4* Y = reinterpret_cast<float4*>(a.big);
    float f = (float)(i & 255u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m4;
        Y[j] = make_float4(f, f + 1.f, f + 2.f, f + 3.f);
        f += 0.5f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, f);
}

// One float a lane 8 floats (32 bytes) apart: every warp load touches
// 32 sectors of 8 lines, 4 of each sector's 32 bytes used, grid-stride.
extern "C" __global__ void stream_read_stride8_one_sector_per_lane(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) * 8u + ((unsigned)k & 7u);
        float v = X[j & m];
        if (k & 1) s1 += v; else s0 += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 - s1);
}

// Gathers through an index array: the 8192 random words of a.uin read
// coalesced (L1-resident), each offset by a constant a pass over them so
// the positions cover the footprint, two float gathers a step.
extern "C" __global__ void gather_uin_index_array_f32(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned p = i + (unsigned)k * 2u * T, q = p + T;
        unsigned ip = a.uin[p & 8191u] + (p >> 13) * 0x9e3779b9u;
        unsigned iq = a.uin[q & 8191u] + (q >> 13) * 0x9e3779b9u;
        s0 += X[ip & m];
        s1 += X[iq & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// A dependent chain of hashed gathers: the next position the hash of the
// last position and the loaded value's bits, one float a step (each load
// waits for the one before).
extern "C" __global__ void gather_dependent_hash_chain_f32(Args a) {
    unsigned m = a.bigMask, x = lowbias32(gtid() + 151u);
    const float* X = a.big;
    float v = 0.f, s = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lowbias32(x ^ __float_as_uint(v));
        v = X[x & m];
        s += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, s);
}

// A float2 axpby in place, Y = 0.5 X + 0.5 Y (X the first half, Y the
// second, read, modified and written), grid-stride.
extern "C" __global__ void rmw_f2_inplace_axpby(Args a) {
    unsigned h2 = (a.bigMask + 1) >> 2, m2 = h2 - 1, T = gthreads(), i = gtid();
    const float2* X = reinterpret_cast<const float2*>(a.big);
    float2* Y = reinterpret_cast<float2*>(a.big) + h2;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m2;
        float2 x = X[j], y = Y[j];
        Y[j] = make_float2(fmaf(0.5f, x.x, 0.5f * y.x), fmaf(0.5f, x.y, 0.5f * y.y));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// A global float atomicAdd from every lane of a warp on the same address
// (one of 64 addresses a line apart, chosen by the warp's number, so
// warps of every SM contend too), the old value unused.
extern "C" __global__ void gatomic_add_f32_warp_same_address(Args a) {
    float* P = a.big + ((gtid() >> 5) & 63u) * 32u;
    unsigned x = lowbias32(gtid() + 157u);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        float v = 0.01f * unit_float(x);
        atomicAdd(P, v);
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Coalesced global atomicAdd of 1 at distinct words (a thread its own
// word each step), grid-stride over the footprint, the old value unused.
extern "C" __global__ void gatomic_add_u32_coalesced_distinct(Args a) {
    unsigned* U = reinterpret_cast<unsigned*>(a.big);
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) atomicAdd(&U[(i + (unsigned)k * T) & m], 1u);
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// 16-byte cp.async.cg copies (bypassing L1) into a warp's three-stage
// ring in shared memory: the copy two steps ahead issued and committed,
// wait_group 2 (this step's copy landed), __syncwarp, the neighbour
// lane's float4 read and summed, __syncwarp.
extern "C" __global__ void cp_async_cg16_three_stage_pipeline(Args a) {
    __shared__ float4 ring[32][3][32];
    unsigned m4 = ((a.bigMask + 1) >> 2) - 1, lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    unsigned gw = gtid() >> 5, nw = gthreads() >> 5;
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float s = 0.f;
#pragma unroll
    for (unsigned st = 0; st < 2u; st++) {
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_addr(&ring[w][st][lane])),
                     "l"(X + (((gw + st * nw) * 32u + lane) & m4)));
        asm volatile("cp.async.commit_group;\n" ::);
    }
    unsigned rd = 0u, wr = 2u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned src = ((gw + ((unsigned)k + 2u) * nw) * 32u + lane) & m4;
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_addr(&ring[w][wr][lane])), "l"(X + src));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 2;\n" ::);
        __syncwarp();
        float4 v = ring[w][rd][lane ^ 1u];
        __syncwarp();
        s += (v.x + v.y) + (v.z + v.w);
        rd = rd == 2u ? 0u : rd + 1u;
        wr = wr == 2u ? 0u : wr + 1u;
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_group 0;\n" ::);
    finish(a, t0, t1, s);
}

// A float4 copy with the streaming (evict-first) cache hints: loads by
// __ldcs from the first half, stores by __stcs to the second, scaled by
// two, grid-stride.
extern "C" __global__ void stream_copy_f4_ldcs_stcs_evict_first(Args a) {
    unsigned h4 = (a.bigMask + 1) >> 3, m = h4 - 1, T = gthreads(), i = gtid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float4* Y = reinterpret_cast<float4*>(a.big) + h4;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float4 v = __ldcs(&X[j]);
        __stcs(&Y[j], make_float4(2.f * v.x, 2.f * v.y, 2.f * v.z, 2.f * v.w));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// A naive out-of-place transpose of a matrix with rows 1024 floats wide
// (the first half) into the second half: the reads coalesced along a
// row, the writes a column apart a lane (one sector each).
extern "C" __global__ void transpose_global_naive_w1024(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, rows = h >> 10, T = gthreads(), i = gtid();
    const float* in = a.big;
    float* out = a.big + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned e = (i + (unsigned)k * T) & m;
        unsigned r = e >> 10, c = e & 1023u;
        out[(c * rows + r) & m] = in[e];
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// A float2 sum with the loads cached in L2 only (__ldcg, ld.global.cg),
// two loads a grid stride apart a step.
extern "C" __global__ void stream_read_f2_ldcg_bypass_l1(Args a) {
    unsigned m2 = ((a.bigMask + 1) >> 1) - 1, T = gthreads(), i = gtid();
    const float2* X = reinterpret_cast<const float2*>(a.big);
    float sx = 0.f, sy = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 2u * T;
        float2 u = __ldcg(&X[j & m2]), v = __ldcg(&X[(j + T) & m2]);
        sx += u.x + v.x;
        sy += u.y + v.y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, sx - sy);
}

// =====================================================================
// Loops whose trip counts depend on data
// =====================================================================

// Euclid's gcd of two 16-bit generator values (1 to 65536) by repeated
// remainder (a runtime-divisor division each step): the inner trip count
// depends on the data (lanes diverge).
extern "C" __global__ void euclid_gcd_u32_data_dependent(Args a) {
    unsigned x = lowbias32(gtid() + 163u), acc = 0u, steps = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = lcg_next(x);
        unsigned p = (x & 0xffffu) + 1u, q = (x >> 16) + 1u, n = 0u;
        while (q != 0u) {
            unsigned r = p % q;
            p = q;
            q = r;
            n++;
        }
        acc += p;
        steps += n;
        x += n;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)steps);
}

// Rejection sampling of a point in the unit disk from two LCG uniforms
// in [-1, 1), retried (at most 16 tries) while outside: the inner trip
// count depends on the data (lanes diverge).
extern "C" __global__ void rejection_sample_unit_disk_data_dependent(Args a) {
    unsigned x = lowbias32(gtid() + 167u), tries = 0u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float u, v;
        unsigned n = 0u;
        do {
            x = lcg_next(x);
            u = fmaf(unit_float(x), 2.f, -1.f);
            x = lcg_next(x);
            v = fmaf(unit_float(x), 2.f, -1.f);
            n++;
        } while (fmaf(u, u, v * v) > 1.f && n < 16u);
        acc += u * v;
        tries += n;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + (float)tries);
}

// =====================================================================
// A small kernel
// =====================================================================

// Eight Mandelbrot steps z = z^2 + c a step for c within 0.22 of the
// origin (inside the main cardioid, so z stays within 0.5): complex
// squares by FMUL and FFMA, one dependent chain.
extern "C" __global__ void mandelbrot_interior_8_steps(Args a) {
    float cr = 0.3f * (a.fin[gtid() & 8191u] - 1.f), ci = 0.3f * (a.fin[(gtid() + 5u) & 8191u] - 1.f);
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
        acc += zr;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + zi);
}
