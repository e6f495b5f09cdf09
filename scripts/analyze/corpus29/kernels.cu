// A twenty-ninth validation corpus for gpuarch analyze ("dev29" and
// "heldout29"): fifty-seven loops of the kinds performance engineers
// write, by a writer who has read none of the model, its tests, its
// testdata, its documents or any measurement; of the earlier corpora only
// corpus28's three files (kernels.cu, cases.inc, split.txt) as format
// examples, no loop copied from them, and the harness
// (scripts/analyze/corpus/harness.cu) and the build script
// (scripts/analyze/device.sh). The set: FP32 chains (four interleaved
// degree-7 Horner polynomials; FMUL and FADD kept apart by __fmul_rn and
// __fadd_rn; the precise expf and logf crossed; softplus by exp2f and
// __log2f; an LSTM cell with __expf sigmoids and the precise tanhf; the
// precise atan2f and hypotf of a polar round trip; a leaky ReLU and clamp
// by fminf and fmaxf; the IEEE __frcp_rn and __fsqrt_rn), integers
// (xorshift128+ on two 64-bit words; MurmurHash3's fmix32 in two
// streams; a soft-float base-2 logarithm by __clz normalization; bit
// reversal by __brev with __popc parity; 32 × 32 → 64-bit widening
// multiply-accumulates; a bitwise CRC-32, eight branch-free steps;
// signed division and remainder by the constants 7 and 1000; the video
// SIMD __vabsdiffu4, __vmaxu4 and __vadd4), conversions, double and
// half (float to half and back as a quantizer; double to 64-bit integer
// and back; a degree-9 double Horner chain; six independent DFMA
// chains; eight independent HFMA2 chains; bfloat16x2 FMA with ReLU; the
// precise double exp and log), shared memory (a 32 × 32 float tile with
// an XOR swizzle; an unpadded tile written by column; reads 8 words
// apart beside reads 3 words apart; 256-bin histograms, one copy a warp;
// float atomicAdd on 64 bins; a block-wide Kogge-Stone scan with
// __syncthreads; four AES T-table lookups a round; float4 reads two
// float4 apart a lane; a 3 × 3 convolution from a 34-wide tile; byte
// table lookups; ldmatrix.x4 from an XOR-swizzled tile feeding
// mma.sync m16n8k16), warp collectives (an inclusive scan by
// __shfl_up_sync; __ballot_sync, __any_sync and __all_sync votes;
// __reduce_add_sync; an argmax by __shfl_xor_sync; a shuffle from a
// lane chosen by data), tensor cores (mma.sync m16n8k16 f16 on
// registers, four accumulators; the double m8n8k4 DMMA; WMMA tf32
// m16n16k8 from shared memory), global memory (a float4 copy through
// __ldg; a half2 scale in place; eight float2 loads in flight; one
// sector a lane at a stride of 64 floats; random float4 gathers by a
// hash; 4-byte cp.async.ca in a two-stage pipeline; a CSR SpMV row of
// eight nonzeros a thread; a 4096-bin global histogram by atomicAdd;
// atomicExch at hashed slots with the old value used; a 7-tap 1D
// stencil; a 5-point Jacobi step on rows 1024 wide through __ldg), two
// loops whose trip counts depend on data (Collatz steps capped at 128;
// a linear-probing lookup in a shared hash table) and small kernels (a
// quaternion product normalized by rsqrtf; RGB to YCbCr with
// saturation to bytes packed into a word).
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

__device__ __forceinline__ unsigned glob_tid() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ unsigned grid_threads() { return gridDim.x * blockDim.x; }

#define ALL_LANES 0xffffffffu

// Chris Wellons' lowbias32 integer hash.
__device__ __forceinline__ unsigned lowbias32(unsigned x) {
    x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
    return x;
}
// Marsaglia's xorshift32.
__device__ __forceinline__ unsigned xs32(unsigned x) {
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return x;
}
// A generator word as a float in [0, 1).
__device__ __forceinline__ float unit_float(unsigned x) { return (float)(x >> 8) * (1.f / 16777216.f); }
__device__ __forceinline__ unsigned shared_ptr32(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

// =====================================================================
// FP32 arithmetic chains
// =====================================================================

// Four degree-7 polynomials (a truncated sine series scaled down) by
// Horner's rule, interleaved: seven dependent FMAs each, four ways of
// parallelism; each result fed back as its own next argument.
extern "C" __global__ void horner_deg7_four_interleaved_polys(Args a) {
    unsigned g = glob_tid();
    float x0 = a.fin[g & 8191u] - 1.f, x1 = a.fin[(g + 17u) & 8191u] - 1.f;
    float x2 = 0.5f - a.fin[(g + 29u) & 8191u], x3 = 0.25f * a.fin[(g + 41u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float p0 = -1.9841270e-4f, p1 = p0, p2 = p0, p3 = p0;
        p0 = fmaf(p0, x0, 0.f); p1 = fmaf(p1, x1, 0.f); p2 = fmaf(p2, x2, 0.f); p3 = fmaf(p3, x3, 0.f);
        p0 = fmaf(p0, x0, 8.3333333e-3f); p1 = fmaf(p1, x1, 8.3333333e-3f); p2 = fmaf(p2, x2, 8.3333333e-3f); p3 = fmaf(p3, x3, 8.3333333e-3f);
        p0 = fmaf(p0, x0, 0.f); p1 = fmaf(p1, x1, 0.f); p2 = fmaf(p2, x2, 0.f); p3 = fmaf(p3, x3, 0.f);
        p0 = fmaf(p0, x0, -0.16666667f); p1 = fmaf(p1, x1, -0.16666667f); p2 = fmaf(p2, x2, -0.16666667f); p3 = fmaf(p3, x3, -0.16666667f);
        p0 = fmaf(p0, x0, 0.f); p1 = fmaf(p1, x1, 0.f); p2 = fmaf(p2, x2, 0.f); p3 = fmaf(p3, x3, 0.f);
        p0 = fmaf(p0, x0, 1.f); p1 = fmaf(p1, x1, 1.f); p2 = fmaf(p2, x2, 1.f); p3 = fmaf(p3, x3, 1.f);
        p0 = fmaf(p0, x0, 0.01f); p1 = fmaf(p1, x1, 0.01f); p2 = fmaf(p2, x2, 0.01f); p3 = fmaf(p3, x3, 0.01f);
        acc += (p0 + p1) + (p2 + p3);
        x0 = fmaf(p0, 0.9f, 0.05f); x1 = fmaf(p1, -0.8f, 0.1f); x2 = fmaf(p2, 0.7f, -0.05f); x3 = fmaf(p3, -0.95f, 0.02f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// FMUL and FADD kept apart (the round-to-nearest intrinsics forbid their
// contraction into FMA): two chains of multiply-then-add, six dependent
// operations each a step, crossed at the end of the step.
extern "C" __global__ void fmul_fadd_rn_uncontracted_chain(Args a) {
    float x = a.fin[glob_tid() & 8191u] - 1.f, y = a.fin[(glob_tid() + 6u) & 8191u] - 0.75f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = __fadd_rn(__fmul_rn(x, 0.91f), 0.03f);
        y = __fadd_rn(__fmul_rn(y, -0.87f), 0.05f);
        x = __fadd_rn(__fmul_rn(x, -0.93f), -0.02f);
        y = __fadd_rn(__fmul_rn(y, 0.89f), 0.01f);
        float nx = __fadd_rn(__fmul_rn(x, 0.6f), __fmul_rn(y, 0.3f));
        float ny = __fadd_rn(__fmul_rn(y, 0.6f), __fmul_rn(x, -0.3f));
        x = nx; y = ny;
        acc = __fadd_rn(acc, x);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + y);
}

// The precise expf and logf of the math library in two crossed chains:
// exp of a value in (-1.5, 0.5), log of a value in (0.5, 2).
extern "C" __global__ void expf_logf_precise_crossed(Args a) {
    float x = a.fin[glob_tid() & 8191u] - 1.f, y = a.fin[(glob_tid() + 2u) & 8191u] + 0.2f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float e = expf(x), l = logf(y);
        acc += e + l;
        x = fmaf(l, 0.8f, -0.5f);
        y = fmaf(e, 0.35f, 0.6f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Softplus, log(1 + exp(x)), by the base-2 exp2f (the hardware EX2
// with its range scaling) and the fast __log2f, two independent chains.
extern "C" __global__ void softplus_exp2f_log2f_fast(Args a) {
    float x0 = a.fin[glob_tid() & 8191u] - 1.f, x1 = 1.f - a.fin[(glob_tid() + 9u) & 8191u], acc = 0.f;
    const float L2E = 1.4426950f, LN2 = 0.69314718f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s0 = LN2 * __log2f(1.f + exp2f(x0 * L2E));
        float s1 = LN2 * __log2f(1.f + exp2f(x1 * L2E));
        acc += s0 - s1;
        x0 = fmaf(s0, -1.2f, 0.5f);
        x1 = fmaf(s1, 1.1f, -0.9f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// One LSTM cell a step on a scalar state: four gate pre-activations by
// FMA from the input and the hidden state, three sigmoids by __expf and
// a reciprocal, the candidate and the output by the precise tanhf.
extern "C" __global__ void lstm_cell_sigmoid_expf_tanhf_precise(Args a) {
    unsigned g = glob_tid();
    float h = 0.f, c = 0.f, x = a.fin[g & 8191u] - 1.f, acc = 0.f;
    float wi = 0.5f, wf = 0.4f, wo = -0.3f, wg = 0.7f, ui = -0.2f, uf = 0.3f, uo = 0.6f, ug = -0.5f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float gi = 1.f / (1.f + __expf(-fmaf(wi, x, ui * h)));
        float gf = 1.f / (1.f + __expf(-fmaf(wf, x, fmaf(uf, h, 1.f))));
        float go = 1.f / (1.f + __expf(-fmaf(wo, x, uo * h)));
        float gg = tanhf(fmaf(wg, x, ug * h));
        c = fmaf(gf, c, gi * gg);
        h = go * tanhf(c);
        acc += h;
        x = fmaf(h, 0.5f, -0.1f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + c);
}

// A polar round trip: the precise atan2f and hypotf of a point, the
// point rebuilt by the fast __sincosf of a slightly rotated angle and a
// shrunk radius (kept near 1).
extern "C" __global__ void atan2f_hypotf_polar_roundtrip(Args a) {
    float px = a.fin[glob_tid() & 8191u] - 1.f, py = a.fin[(glob_tid() + 3u) & 8191u] - 0.8f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float th = atan2f(py, px), r = hypotf(px, py);
        float s, c;
        __sincosf(th + 0.37f, &s, &c);
        float rr = fmaf(r, 0.5f, 0.5f);
        px = rr * c;
        py = rr * s;
        acc += th;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + px);
}

// An activation chain of min and max: a leaky ReLU by fmaxf of x and
// 0.1 x, a clamp to [-1, 1] by fminf and fmaxf, a bias and a scale, in
// three independent chains.
extern "C" __global__ void leaky_relu_clamp_fminf_fmaxf_chain(Args a) {
    unsigned g = glob_tid();
    float x0 = a.fin[g & 8191u] - 1.f, x1 = a.fin[(g + 1u) & 8191u] - 0.5f, x2 = 0.7f - a.fin[(g + 2u) & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x0 = fminf(fmaxf(fmaxf(x0, 0.1f * x0), -1.f), 1.f);
        x1 = fminf(fmaxf(fmaxf(x1, 0.1f * x1), -1.f), 1.f);
        x2 = fminf(fmaxf(fmaxf(x2, 0.1f * x2), -1.f), 1.f);
        x0 = fmaf(x0, -1.7f, 0.3f);
        x1 = fmaf(x1, 1.9f, -0.6f);
        x2 = fmaf(x2, -1.3f, -0.2f);
        acc += (x0 + x1) + x2;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The IEEE-rounded reciprocal and square root (__frcp_rn, __fsqrt_rn:
// MUFU seeds refined, with their slow paths for special inputs), one
// chain: r = 1 / (x + 1), s = sqrt(r + 0.5), fed back.
extern "C" __global__ void frcp_rn_fsqrt_rn_iterated(Args a) {
    float x = a.fin[glob_tid() & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float r = __frcp_rn(x + 1.f);
        float s = __fsqrt_rn(r + 0.5f);
        acc += s;
        x = fmaf(s, 1.3f, -0.4f * r);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Integer chains
// =====================================================================

// xorshift128+ on two 64-bit words: 64-bit shifts and XORs (each a pair
// of 32-bit funnel shifts or shifts), the output the 64-bit sum.
extern "C" __global__ void xorshift128plus_u64_shifts(Args a) {
    unsigned g = glob_tid();
    unsigned long long s0 = 0x9e3779b97f4a7c15ull ^ (unsigned long long)lowbias32(g), s1 = 0xbf58476d1ce4e5b9ull + g;
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

// MurmurHash3's finalizer fmix32 on two independent streams: three
// shift-XORs and two multiplies each, the hash fed back plus the step.
extern "C" __global__ void murmur3_fmix32_two_streams(Args a) {
    unsigned h0 = a.uin[glob_tid() & 8191u], h1 = glob_tid() * 2654435761u, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h0 ^= h0 >> 16; h0 *= 0x85ebca6bu; h0 ^= h0 >> 13; h0 *= 0xc2b2ae35u; h0 ^= h0 >> 16;
        h1 ^= h1 >> 16; h1 *= 0x85ebca6bu; h1 ^= h1 >> 13; h1 *= 0xc2b2ae35u; h1 ^= h1 >> 16;
        acc += (h0 ^ h1) >> 12;
        h0 += (unsigned)k;
        h1 ^= (unsigned)k;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A soft-float base-2 logarithm of a 32-bit word in Q16.16: the integer
// part by __clz, the word normalized by a variable shift, the fraction
// by a short fixed-point polynomial of integer multiplies and shifts.
extern "C" __global__ void clz_normalize_soft_float_log2(Args a) {
    unsigned x = lowbias32(glob_tid() + 211u) | 1u, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned lz = (unsigned)__clz(x);
        unsigned m = x << lz;             // 1.xxx in Q1.31
        unsigned f = (m << 1) >> 16;      // the fraction in Q0.16
        unsigned p = (f * (0x16a09u - ((f * 0x5c00u) >> 16))) >> 16; // about log2(1+f)
        unsigned lg = ((31u - lz) << 16) + p;
        acc += lg;
        x = xs32(x ^ lg) | 1u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 8));
}

// Bit reversal of FFT indices by __brev and the parity by __popc: a
// 10-bit index reversed, its parity, a second word reversed and masked;
// the results mixed back by an add and a rotate.
extern "C" __global__ void brev_bit_reverse_popc_parity(Args a) {
    unsigned x = a.uin[glob_tid() & 8191u], acc = 0u, par = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r10 = __brev(x) >> 22;
        unsigned r32 = __brev(x ^ 0x5a5a5a5au) & 0x00ffff00u;
        par ^= (unsigned)__popc(x & 0xf0f0f0f0u) & 1u;
        acc += r10 + (r32 >> 8);
        x = __funnelshift_l(x + r10, x, 7) ^ r32;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)par);
}

// Widening multiply-accumulates, 32 × 32 → 64 bits (IMAD.WIDE.U32),
// four products a step into two 64-bit sums, the factors from an
// xorshift32 generator.
extern "C" __global__ void mul_wide_u32_to_u64_accumulate(Args a) {
    unsigned x = lowbias32(glob_tid() + 223u) | 1u, w0 = a.uin[glob_tid() & 8191u], w1 = a.uin[(glob_tid() + 5u) & 8191u];
    unsigned long long s0 = 0ull, s1 = 0ull;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xs32(x);
        unsigned y = x * 0x9e3779b9u;
        s0 += (unsigned long long)x * w0;
        s1 += (unsigned long long)y * w1;
        s0 += (unsigned long long)(x >> 3) * (w1 >> 5);
        s1 += (unsigned long long)(y >> 7) * (w0 >> 2);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((s0 ^ s1) >> 40));
}

// A bitwise CRC-32 (reflected polynomial 0xEDB88320) over a byte a
// step, eight branch-free bit steps: the low bit's mask by negation, a
// shift and an AND-XOR.
extern "C" __global__ void crc32_bitwise_eight_steps_branchless(Args a) {
    unsigned crc = 0xffffffffu ^ glob_tid(), x = lowbias32(glob_tid() + 227u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xs32(x);
        crc ^= x & 0xffu;
#pragma unroll
        for (int b = 0; b < 8; b++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(crc >> 8));
}

// Signed division and remainder by the constants 7 and 1000 (the
// compiler's multiply-high and shift sequences with sign fix-ups) on a
// signed generator value, quotient and remainder mixed back.
extern "C" __global__ void s32_div_mod_const_7_and_1000(Args a) {
    int v = (int)lowbias32(glob_tid() + 229u);
    int acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int q7 = v / 7, r7 = v % 7;
        int q1k = v / 1000, r1k = v % 1000;
        acc += r7 + r1k;
        v = (int)xs32((unsigned)(q7 ^ q1k) + 0x1234567u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The video SIMD intrinsics on four bytes a word: __vabsdiffu4 of two
// generator words, __vmaxu4 against a running maximum, __vadd4 into a
// running sum (wrapping bytes), __vcmpgtu4 as a mask.
extern "C" __global__ void vabsdiffu4_vmaxu4_vadd4_simd(Args a) {
    unsigned x = lowbias32(glob_tid() + 233u), r = a.uin[glob_tid() & 8191u], mx = 0u, sm = 0u, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xs32(x);
        unsigned d = __vabsdiffu4(x, r);
        mx = __vmaxu4(mx, d);
        sm = __vadd4(sm, d >> 2 & 0x3f3f3f3fu);
        unsigned gt = __vcmpgtu4(d, 0x80808080u);
        acc += __popc(gt);
        r ^= gt;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + (float)(mx >> 8) + (float)(sm & 0xffffu));
}

// =====================================================================
// Conversions, double, half and bfloat16
// =====================================================================

// A half-precision quantizer: a float rounded to half (__float2half_rn)
// and back, the quantization error accumulated, a second value rounded
// toward zero (__float2half_rz); two chains.
extern "C" __global__ void cvt_f32_f16_quantize_roundtrip(Args a) {
    float x = a.fin[glob_tid() & 8191u] - 1.f, y = a.fin[(glob_tid() + 7u) & 8191u], err = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float qx = __half2float(__float2half_rn(x));
        float qy = __half2float(__float2half_rz(y));
        err += x - qx;
        acc += qy;
        x = fmaf(qy, 0.77f, -0.31f) + 1e-3f * qx;
        y = fmaf(qx, -0.66f, 0.9f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + 1000.f * err);
}

// Double to 64-bit integer and back: __double2ll_rn of a scaled value,
// integer arithmetic on the 64-bit result, __ll2double_rn, a second
// conversion __double2ull_rz; two crossed chains.
extern "C" __global__ void cvt_f64_s64_roundtrip_scaled(Args a) {
    double x = (double)a.fin[glob_tid() & 8191u] - 1.0, y = (double)a.fin[(glob_tid() + 4u) & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        long long i = __double2ll_rn(x * 1e12);
        unsigned long long u = __double2ull_rz(y * 1e9);
        long long j = i + (long long)(u >> 3);
        double f = __ll2double_rn(j) * 1e-12;
        acc += f;
        x = fma(__ull2double_rn(u), -3e-10, 0.2) + 0.01 * f;
        y = fma(f, 0.4, 0.7);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A degree-9 polynomial (the log1p series) in double by Horner's rule:
// nine dependent DFMAs a step, the result fed back into the argument.
extern "C" __global__ void f64_horner_deg9_dependent(Args a) {
    double x = 0.5 * ((double)a.fin[glob_tid() & 8191u] - 1.0), acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double p = 1.0 / 9.0;
        p = fma(p, x, -1.0 / 8.0);
        p = fma(p, x, 1.0 / 7.0);
        p = fma(p, x, -1.0 / 6.0);
        p = fma(p, x, 1.0 / 5.0);
        p = fma(p, x, -1.0 / 4.0);
        p = fma(p, x, 1.0 / 3.0);
        p = fma(p, x, -1.0 / 2.0);
        p = fma(p, x, 1.0);
        p = p * x;
        acc += p;
        x = fma(p, -0.9, 0.1);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Six independent double chains, one DFMA and one DADD each a step (the
// DADD of a constant kept by the chain's dependence).
extern "C" __global__ void f64_six_independent_dfma_chains(Args a) {
    unsigned g = glob_tid();
    double x[6];
#pragma unroll
    for (int j = 0; j < 6; j++) x[j] = (double)a.fin[(g + 11u * (unsigned)j) & 8191u] - 0.9;
    double c = 0.6 + 0.1 * (double)a.fin[5];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 6; j++) x[j] = fma(x[j], -c, 0.02 * (double)(j + 1)) + 0.001;
    }
    long long t1 = clock64();
    double s = 0.0;
#pragma unroll
    for (int j = 0; j < 6; j++) s += x[j];
    finish(a, t0, t1, (float)s);
}

// Eight independent half2 chains of one HFMA2 each a step (sixteen half
// lanes), the multiplier below one so the halves stay small.
extern "C" __global__ void half2_hfma2_eight_independent_chains(Args a) {
    unsigned g = glob_tid();
    __half2 x[8];
#pragma unroll
    for (int j = 0; j < 8; j++) x[j] = __floats2half2_rn(a.fin[(g + (unsigned)j) & 8191u] - 1.f, 0.5f - 0.1f * (float)j);
    const __half2 c = __floats2half2_rn(-0.83f, 0.79f), d = __floats2half2_rn(0.07f, -0.05f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int j = 0; j < 8; j++) x[j] = __hfma2(x[j], c, d);
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int j = 0; j < 8; j++) s += __low2float(x[j]) + __high2float(x[j]);
    finish(a, t0, t1, s);
}

// bfloat16x2 FMA with a fused ReLU (__hfma2_relu), two chains crossed
// through a bfloat16x2 subtraction so they never settle at zero.
extern "C" __global__ void bf16x2_hfma2_relu_chain(Args a) {
    float f = a.fin[glob_tid() & 8191u];
    __nv_bfloat162 x = __floats2bfloat162_rn(f - 0.5f, 0.3f), y = __floats2bfloat162_rn(0.2f, f - 1.f);
    const __nv_bfloat162 c = __floats2bfloat162_rn(0.75f, -0.6f), d = __floats2bfloat162_rn(0.1f, 0.4f);
    const __nv_bfloat162 e = __floats2bfloat162_rn(-0.5f, 0.4f), h = __floats2bfloat162_rn(0.5f, 0.5f);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __nv_bfloat162 nx = __hfma2_relu(x, c, d);
        __nv_bfloat162 ny = __hfma2(y, e, __hsub2(h, nx));
        x = __hfma2(ny, h, nx);
        y = ny;
        acc += __low2float(x);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + __high2float(y));
}

// The precise double exp and log of the math library in one chain:
// e = exp(x) for x in (-1, 1), l = log(e + 1), fed back.
extern "C" __global__ void f64_exp_log_precise_chain(Args a) {
    double x = (double)a.fin[glob_tid() & 8191u] - 1.0, acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double e = exp(x);
        double l = log(e + 1.0);
        acc += l;
        x = fma(l, 1.1, -0.95);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// =====================================================================
// Shared memory
// =====================================================================

// A 32 × 32 float tile with an XOR swizzle (four tiles, a warp on w & 3;
// element (r, c) kept at column c ^ r): a row written and a column read,
// both conflict-free without padding.
extern "C" __global__ void smem_transpose32_f32_xor_swizzle(Args a) {
    __shared__ float tile[4][32][32];
    for (unsigned e = threadIdx.x; e < 4u * 32u * 32u; e += blockDim.x) (&tile[0][0][0])[e] = a.fin[(e * 7u) & 8191u] - 1.f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float (*t)[32] = tile[w & 3u];
    float v = a.fin[glob_tid() & 8191u] - 0.5f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = ((unsigned)k * 7u + w) & 31u;
        t[r][lane ^ r] = v;
        __syncwarp();
        float c = t[lane][r ^ lane];
        __syncwarp();
        v = fmaf(c, -0.7f, 0.2f);
        acc += c;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 32 × 32 float tile, unpadded (four tiles, a warp on w & 3), the
// other way round: a column written (lane = row, every lane on one bank,
// 32 ways) and a row read (conflict-free).
extern "C" __global__ void smem_transpose32_f32_unpadded_column_write(Args a) {
    __shared__ float tile[4][32][32];
    for (unsigned e = threadIdx.x; e < 4u * 32u * 32u; e += blockDim.x) (&tile[0][0][0])[e] = a.fin[(e * 3u) & 8191u] - 1.f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float (*t)[32] = tile[w & 3u];
    float v = a.fin[glob_tid() & 8191u] - 0.5f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = ((unsigned)k * 13u + w) & 31u;
        t[lane][c] = v;
        __syncwarp();
        float r = t[c][lane];
        __syncwarp();
        v = fmaf(r, 0.6f, -0.1f);
        acc += r;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Two strided reads a step from 1024-float arrays (four, a warp on
// w & 3): lane l at 8 l + j (eight ways: four banks hold the 32 lanes)
// and at 3 l + j (an odd stride, conflict-free); two FMA chains.
extern "C" __global__ void smem_read_stride8_eight_way_and_stride3(Args a) {
    __shared__ float s[4][1024];
    for (unsigned e = threadIdx.x; e < 4u * 1024u; e += blockDim.x) (&s[0][0])[e] = a.fin[(e * 11u + 3u) & 8191u] - 0.9f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    const float* S = s[w & 3u];
    float u = 0.f, v = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (unsigned)k & 7u;
        float p = S[lane * 8u + j], q = S[512u + lane * 3u + j];
        u = fmaf(p, 0.5f, 0.5f * u);
        v = fmaf(q, -0.5f, 0.5f * v);
    }
    long long t1 = clock64();
    finish(a, t0, t1, u + v);
}

// 256-bin histograms, one private copy a warp (32 copies, 32 KiB): a
// hashed bin a step, a shared atomicAdd of 1 (the old value unused), so
// only a warp's own lanes collide.
extern "C" __global__ void smem_hist256_per_warp_copies_atomicadd(Args a) {
    __shared__ unsigned bins[32][256];
    for (unsigned e = threadIdx.x; e < 32u * 256u; e += blockDim.x) (&bins[0][0])[e] = 0u;
    __syncthreads();
    unsigned w = threadIdx.x >> 5, x = lowbias32(glob_tid() + 239u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xs32(x);
        unsigned b = (x ^ (x >> 11)) & 255u;
        atomicAdd(&bins[w][b], 1u);
        acc += b;
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)bins[threadIdx.x >> 8][threadIdx.x & 255u] + (float)(acc >> 8));
}

// A 4096-bit bitmap shared by the block, bits set by atomicOr at hashed
// positions, the old word returned and its bit tested (a
// "seen before" filter); the test fed back into the generator.
extern "C" __global__ void smem_bitmap_atomicor_seen_filter(Args a) {
    __shared__ unsigned bm[128];
    for (unsigned e = threadIdx.x; e < 128u; e += blockDim.x) bm[e] = 0u;
    __syncthreads();
    unsigned x = lowbias32(glob_tid() + 241u), seen = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xs32(x);
        unsigned h = lowbias32(x) & 4095u, bit = 1u << (h & 31u);
        unsigned old = atomicOr(&bm[h >> 5], bit);
        unsigned hit = (old & bit) != 0u;
        seen += hit;
        x += hit;
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)seen + (float)__popc(bm[threadIdx.x & 127u]));
}

// A block-wide inclusive scan by Kogge and Stone in shared memory: each
// level every thread reads its word and the one d below, __syncthreads,
// writes, __syncthreads (log2 of the block size levels); the block
// total fed back.
extern "C" __global__ void smem_block_kogge_stone_scan_syncthreads(Args a) {
    __shared__ float buf[1024];
    unsigned t = threadIdx.x, n = blockDim.x;
    float v = a.fin[glob_tid() & 8191u] - 1.f, inv = 1.f / (float)n, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        buf[t] = v;
        __syncthreads();
#pragma unroll 1
        for (unsigned d = 1u; d < n; d <<= 1) {
            float x = buf[t] + (t >= d ? buf[t - d] : 0.f);
            __syncthreads();
            buf[t] = x;
            __syncthreads();
        }
        float mine = buf[t], tot = buf[n - 1u];
        __syncthreads();
        v = fmaf(tot, 0.2f * inv, fmaf(mine, 0.3f * inv, 0.4f * v));
        acc += mine;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc * inv);
}

// One AES round by the T-table method, a single 256-word table in shared
// memory and the other three by rotations: sixteen lookups at byte
// indices (banks by data), XORs with round keys; the state fed back.
extern "C" __global__ void smem_aes_ttable_four_lookups(Args a) {
    __shared__ unsigned T[256];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) T[e] = lowbias32(e * 0x01010101u + 0x63u);
    __syncthreads();
    unsigned g = glob_tid();
    unsigned s0 = a.uin[g & 8191u], s1 = a.uin[(g + 1u) & 8191u], s2 = a.uin[(g + 2u) & 8191u], s3 = g;
    unsigned rk = 0x2b7e1516u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned n0 = T[s0 & 255u] ^ __funnelshift_l(T[(s1 >> 8) & 255u], T[(s1 >> 8) & 255u], 8) ^
                      __funnelshift_l(T[(s2 >> 16) & 255u], T[(s2 >> 16) & 255u], 16) ^ __funnelshift_l(T[s3 >> 24], T[s3 >> 24], 24);
        unsigned n1 = T[s1 & 255u] ^ __funnelshift_l(T[(s2 >> 8) & 255u], T[(s2 >> 8) & 255u], 8) ^
                      __funnelshift_l(T[(s3 >> 16) & 255u], T[(s3 >> 16) & 255u], 16) ^ __funnelshift_l(T[s0 >> 24], T[s0 >> 24], 24);
        unsigned n2 = T[s2 & 255u] ^ __funnelshift_l(T[(s3 >> 8) & 255u], T[(s3 >> 8) & 255u], 8) ^
                      __funnelshift_l(T[(s0 >> 16) & 255u], T[(s0 >> 16) & 255u], 16) ^ __funnelshift_l(T[s1 >> 24], T[s1 >> 24], 24);
        unsigned n3 = T[s3 & 255u] ^ __funnelshift_l(T[(s0 >> 8) & 255u], T[(s0 >> 8) & 255u], 8) ^
                      __funnelshift_l(T[(s1 >> 16) & 255u], T[(s1 >> 16) & 255u], 16) ^ __funnelshift_l(T[s2 >> 24], T[s2 >> 24], 24);
        s0 = n0 ^ rk; s1 = n1 ^ (rk >> 3); s2 = n2 ^ (rk << 5); s3 = n3 ^ ~rk;
        rk = rk * 0x01000193u + (unsigned)k;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((s0 ^ s1 ^ s2 ^ s3) >> 8));
}

// float4 reads two float4 apart a lane (32 bytes a lane, 1 KiB a warp,
// twice the wavefronts of a contiguous float4 row) from 64-float4 rows
// (eight, a warp on w & 7), a dot product into a chain.
extern "C" __global__ void smem_float4_stride2_lane_reads(Args a) {
    __shared__ float4 rows[8][64];
    for (unsigned e = threadIdx.x; e < 8u * 64u; e += blockDim.x)
        (&rows[0][0])[e] = make_float4(a.fin[e] - 1.f, a.fin[e + 512u] - 1.f, 0.5f * a.fin[e + 1024u], -0.25f * a.fin[e + 1536u]);
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float v = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float4 r = rows[(w + ((unsigned)k >> 1)) & 7u][2u * lane + ((unsigned)k & 1u)];
        v = fmaf(0.25f, r.x, fmaf(0.25f, r.y, fmaf(0.25f, r.z, fmaf(0.25f, r.w, 0.5f * v))));
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 3 × 3 convolution from a 34 × 34 tile shared by the block (32 × 32
// outputs and a halo): lane = output column, the row moving with the
// step; nine shared reads (three rows, each read by the warp at
// consecutive words) against nine weights in registers.
extern "C" __global__ void smem_conv3x3_tile34_weights_in_registers(Args a) {
    __shared__ float tile[34][34];
    for (unsigned e = threadIdx.x; e < 34u * 34u; e += blockDim.x) (&tile[0][0])[e] = a.fin[(e * 5u) & 8191u] - 1.f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float wt[9];
#pragma unroll
    for (int j = 0; j < 9; j++) wt[j] = 0.1f * a.fin[100 + j];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned y = (w + (unsigned)k) & 31u;
        float s = 0.f;
#pragma unroll
        for (unsigned dy = 0; dy < 3u; dy++)
#pragma unroll
            for (unsigned dx = 0; dx < 3u; dx++) s = fmaf(wt[dy * 3u + dx], tile[y + dy][lane + dx], s);
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Byte lookups in a 4096-entry table of bytes shared by the block: four
// lookups a step at indices from the generator (four lanes share a
// word, banks by data), the bytes summed and fed back.
extern "C" __global__ void smem_u8_lut_byte_reads(Args a) {
    __shared__ unsigned char lut[4096];
    for (unsigned e = threadIdx.x; e < 4096u; e += blockDim.x) lut[e] = (unsigned char)(lowbias32(e) >> 24);
    __syncthreads();
    unsigned x = lowbias32(glob_tid() + 251u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned b0 = lut[x & 4095u], b1 = lut[(x >> 12) & 4095u], b2 = lut[(x >> 20) & 4095u], b3 = lut[(x * 7u) & 4095u];
        unsigned s = (b0 + b1) + (b2 + b3);
        acc += s;
        x = xs32(x + s);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// ldmatrix.x4 and ldmatrix.x2 from 16 × 64 and 8 × 64 half tiles shared
// by the block, their 16-byte chunks XOR-swizzled by the row (chunk
// c of row r at c ^ (r & 7), so the eight rows a matrix reads hit
// distinct banks), feeding one mma.sync m16n8k16 (f16 in, f32
// accumulators) a step, the k chunk moving with the step.
extern "C" __global__ void ldmatrix_x4_swizzled_mma_m16n8k16_f16(Args a) {
    __shared__ __align__(128) __half At[16][64];
    __shared__ __align__(128) __half Bt[8][64];
    for (unsigned e = threadIdx.x; e < 16u * 64u; e += blockDim.x) (&At[0][0])[e] = __float2half(0.05f * (a.fin[e] - 1.f));
    for (unsigned e = threadIdx.x; e < 8u * 64u; e += blockDim.x) (&Bt[0][0])[e] = __float2half(0.05f * (a.fin[e + 2048u] - 0.5f));
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    unsigned ar = (lane & 7u) + ((lane >> 3) & 1u) * 8u, ah = lane >> 4;
    unsigned br = lane & 7u, bh = (lane >> 3) & 1u;
    float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kc = ((unsigned)k & 3u) * 2u;
        unsigned pa = shared_ptr32(&At[ar][((kc + ah) ^ (ar & 7u)) * 8u]);
        unsigned pb = shared_ptr32(&Bt[br][((kc + bh) ^ br) * 8u]);
        unsigned a0, a1, a2, a3, b0, b1;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(pa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];\n" : "=r"(b0), "=r"(b1) : "r"(pb));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (d0 + d1) - (d2 + d3));
}

// =====================================================================
// Warp collectives
// =====================================================================

// A warp's inclusive scan of floats by five __shfl_up_sync steps (the
// low lanes keep their value), the total broadcast from lane 31 and fed
// back into each lane's next value.
extern "C" __global__ void warp_shfl_up_inclusive_scan_f32(Args a) {
    unsigned lane = threadIdx.x & 31u;
    float v = a.fin[glob_tid() & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = v;
#pragma unroll
        for (unsigned d = 1u; d < 32u; d <<= 1) {
            float o = __shfl_up_sync(ALL_LANES, s, d);
            if (lane >= d) s += o;
        }
        float tot = __shfl_sync(ALL_LANES, s, 31);
        acc += s;
        v = fmaf(tot, -0.005f, fmaf(s, 0.01f, 0.5f * v));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Warp votes on generator predicates: __ballot_sync counted by __popc,
// __any_sync and __all_sync of two other predicates, the counts fed
// back into every lane's generator.
extern "C" __global__ void warp_ballot_any_all_votes(Args a) {
    unsigned x = lowbias32(glob_tid() + 257u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xs32(x);
        unsigned b = __ballot_sync(ALL_LANES, (x & 3u) == 0u);
        int any = __any_sync(ALL_LANES, (x >> 8) > 0xfff000u);
        int all = __all_sync(ALL_LANES, (x >> 28) != 0u);
        unsigned c = (unsigned)__popc(b) + (unsigned)any * 64u + (unsigned)all * 128u;
        acc += c;
        x ^= c;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The warp-level integer reductions of sm_80 and later (REDUX):
// __reduce_add_sync and __reduce_max_sync of generator words, both
// results fed back.
extern "C" __global__ void warp_reduce_add_max_sync_u32_redux(Args a) {
    unsigned x = lowbias32(glob_tid() + 263u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xs32(x);
        unsigned s = __reduce_add_sync(ALL_LANES, x >> 8);
        unsigned m = __reduce_max_sync(ALL_LANES, x & 0xffffu);
        acc += (s >> 8) + m;
        x += s ^ m;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 4));
}

// A warp's argmax of floats by five __shfl_xor_sync rounds, each
// exchanging the value and its index and keeping the larger (the lower
// index on ties); the winner's value subtracted from every lane.
extern "C" __global__ void warp_argmax_shfl_xor_float_index(Args a) {
    unsigned lane = threadIdx.x & 31u;
    float v = a.fin[glob_tid() & 8191u] - 1.f, acc = 0.f;
    unsigned isum = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float bv = v;
        unsigned bi = lane;
#pragma unroll
        for (unsigned o = 16u; o > 0u; o >>= 1) {
            float ov = __shfl_xor_sync(ALL_LANES, bv, o);
            unsigned oi = __shfl_xor_sync(ALL_LANES, bi, o);
            bool take = ov > bv || (ov == bv && oi < bi);
            bv = take ? ov : bv;
            bi = take ? oi : bi;
        }
        isum += bi;
        acc += bv;
        v = fmaf(v - bv, 0.9f, 0.05f * (float)((lane * 7u + (unsigned)k) & 31u) * 0.1f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + (float)isum);
}

// A shuffle from a lane chosen by data: each lane reads the value of
// the lane its generator names (__shfl_sync with a per-lane source), a
// random permutation-like gather across the warp, in a chain.
extern "C" __global__ void warp_shfl_data_dependent_source_lane(Args a) {
    unsigned x = lowbias32(glob_tid() + 269u);
    float v = a.fin[glob_tid() & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xs32(x);
        float o = __shfl_sync(ALL_LANES, v, (int)(x & 31u));
        float p = __shfl_sync(ALL_LANES, v, (int)((x >> 5) & 31u));
        v = fmaf(o, 0.6f, fmaf(p, -0.3f, 0.05f));
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// =====================================================================
// Tensor cores
// =====================================================================

// mma.sync m16n8k16 (f16 in, f32 accumulators) on fragments held in
// registers: one A fragment, two B fragments, four independent
// accumulators a step.
extern "C" __global__ void mma_m16n8k16_f16_registers_four_accums(Args a) {
    unsigned g = glob_tid();
    unsigned ar[4], b0[2], b1[2];
#pragma unroll
    for (int j = 0; j < 4; j++) {
        __half2 h = __floats2half2_rn(0.05f * (a.fin[(g + (unsigned)j) & 8191u] - 1.f), 0.04f);
        ar[j] = *reinterpret_cast<unsigned*>(&h);
    }
#pragma unroll
    for (int j = 0; j < 2; j++) {
        __half2 h0 = __floats2half2_rn(0.05f * a.fin[(g + 8u + (unsigned)j) & 8191u], -0.03f);
        __half2 h1 = __floats2half2_rn(-0.02f, 0.05f * (a.fin[(g + 12u + (unsigned)j) & 8191u] - 0.5f));
        b0[j] = *reinterpret_cast<unsigned*>(&h0);
        b1[j] = *reinterpret_cast<unsigned*>(&h1);
    }
    float c[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) c[i][j] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (int i = 0; i < 4; i++) {
            const unsigned* b = (i & 1) ? b1 : b0;
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                         : "+f"(c[i][0]), "+f"(c[i][1]), "+f"(c[i][2]), "+f"(c[i][3])
                         : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(b[0]), "r"(b[1]));
        }
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 4; i++) s += (c[i][0] + c[i][1]) - (c[i][2] + c[i][3]);
    finish(a, t0, t1, s);
}

// The double-precision tensor-core MMA, mma.sync m8n8k4 f64 (DMMA): an
// A and a B double a lane, two independent accumulators of two doubles
// a lane, two MMAs a step.
extern "C" __global__ void dmma_m8n8k4_f64_two_accums(Args a) {
    unsigned g = glob_tid();
    double av = 0.1 * ((double)a.fin[g & 8191u] - 1.0), bv0 = 0.1 * (double)a.fin[(g + 1u) & 8191u], bv1 = -0.05 * (double)a.fin[(g + 2u) & 8191u];
    double c0 = 0.0, c1 = 0.0, e0 = 0.0, e1 = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};\n"
                     : "+d"(c0), "+d"(c1) : "d"(av), "d"(bv0));
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};\n"
                     : "+d"(e0), "+d"(e1) : "d"(av), "d"(bv1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((c0 + c1) + (e0 - e1)));
}

// The WMMA API in TF32: m16n16k8 fragments loaded from float tiles in
// shared memory (four A tiles, four B tiles, shared by the block), each
// element rounded by __float_to_tf32, two MMAs a step into two
// accumulators.
extern "C" __global__ void wmma_tf32_m16n16k8_smem_convert(Args a) {
    using namespace nvcuda;
    __shared__ __align__(32) float As[4][128];
    __shared__ __align__(32) float Bs[4][128];
    for (unsigned e = threadIdx.x; e < 4u * 128u; e += blockDim.x) {
        (&As[0][0])[e] = 0.05f * (a.fin[e] - 1.f);
        (&Bs[0][0])[e] = 0.05f * (a.fin[e + 512u] - 0.5f);
    }
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb0, fb1;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc0, fc1;
    wmma::fill_fragment(fc0, 0.f);
    wmma::fill_fragment(fc1, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kk = (unsigned)k;
        wmma::load_matrix_sync(fa, &As[kk & 3u][0], 8);
        wmma::load_matrix_sync(fb0, &Bs[(kk + 1u) & 3u][0], 8);
        wmma::load_matrix_sync(fb1, &Bs[(kk + 3u) & 3u][0], 8);
#pragma unroll
        for (int i = 0; i < fa.num_elements; i++) fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
#pragma unroll
        for (int i = 0; i < fb0.num_elements; i++) {
            fb0.x[i] = wmma::__float_to_tf32(fb0.x[i]);
            fb1.x[i] = wmma::__float_to_tf32(fb1.x[i]);
        }
        wmma::mma_sync(fc0, fa, fb0, fc0);
        wmma::mma_sync(fc1, fa, fb1, fc1);
    }
    long long t1 = clock64();
    float s = 0.f;
    for (int i = 0; i < fc0.num_elements; i++) s += fc0.x[i] - fc1.x[i];
    finish(a, t0, t1, s);
}

// =====================================================================
// Global memory: streams, gathers, atomics and stencils
// =====================================================================

// A float4 copy from the first half to the second, the loads through
// __ldg (the non-coherent path), grid-stride, nothing summed.
extern "C" __global__ void stream_copy_f4_ldg(Args a) {
    unsigned h4 = (a.bigMask + 1) >> 3, m = h4 - 1, T = grid_threads(), i = glob_tid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float4* Y = reinterpret_cast<float4*>(a.big) + h4;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        Y[j] = __ldg(&X[j]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// A half2 scale in place, x = 0.5 x + 0.25 by one HFMA2 (read, modify
// and write the same 4 bytes), grid-stride over the whole footprint.
extern "C" __global__ void stream_half2_scale_inplace(Args a) {
    unsigned m = a.bigMask, T = grid_threads(), i = glob_tid();
    __half2* P = reinterpret_cast<__half2*>(a.big);
    const __half2 c = __float2half2_rn(0.5f), d = __float2half2_rn(0.25f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        P[j] = __hfma2(P[j], c, d);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// A float2 sum with eight loads in flight a step (a grid stride apart),
// summed by a tree into two accumulators.
extern "C" __global__ void stream_sum_f2_eight_loads_in_flight(Args a) {
    unsigned m2 = ((a.bigMask + 1) >> 1) - 1, T = grid_threads(), i = glob_tid();
    const float2* X = reinterpret_cast<const float2*>(a.big);
    float sx = 0.f, sy = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 8u * T;
        float2 v[8];
#pragma unroll
        for (unsigned q = 0; q < 8u; q++) v[q] = X[(j + q * T) & m2];
        sx += ((v[0].x + v[1].x) + (v[2].x + v[3].x)) + ((v[4].x + v[5].x) + (v[6].x + v[7].x));
        sy += ((v[0].y + v[1].y) + (v[2].y + v[3].y)) + ((v[4].y + v[5].y) + (v[6].y + v[7].y));
    }
    long long t1 = clock64();
    finish(a, t0, t1, sx - sy);
}

// One float a lane 64 floats (256 bytes) apart: every load of a warp
// touches 32 sectors of 32 lines, 4 of each 32 bytes used, grid-stride.
extern "C" __global__ void stream_stride64_one_sector_per_lane(Args a) {
    unsigned m = a.bigMask, T = grid_threads(), i = glob_tid();
    const float* X = a.big;
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) * 64u + ((unsigned)k & 7u);
        float v = X[j & m];
        if (k & 1) s1 += v; else s0 += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// Random float4 gathers at hashed positions over the whole footprint
// (no index array: the position a hash of a generator word), two
// independent gathers a step.
extern "C" __global__ void gather_random_float4_hashed(Args a) {
    unsigned m4 = ((a.bigMask + 1) >> 2) - 1, x = lowbias32(glob_tid() + 271u);
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xs32(x);
        float4 u = X[lowbias32(x) & m4], v = X[lowbias32(x ^ 0x55555555u) & m4];
        s.x += u.x + v.w; s.y += u.y + v.z; s.z += u.z + v.y; s.w += u.w + v.x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (s.x + s.y) - (s.z + s.w));
}

// 4-byte cp.async.ca copies into a warp's two-stage shared buffer: the
// copy for the next step issued and committed, wait_group 1 (the
// current step's copy landed, the next still in flight), __syncwarp,
// the neighbour lane's float read, __syncwarp.
extern "C" __global__ void cp_async_ca4_two_stage_pipeline(Args a) {
    __shared__ float buf[32][2][32];
    unsigned m = a.bigMask, lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    unsigned gw = glob_tid() >> 5, nw = grid_threads() >> 5;
    const float* X = a.big;
    float s = 0.f;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(shared_ptr32(&buf[w][0][lane])), "l"(X + ((gw * 32u + lane) & m)));
    asm volatile("cp.async.commit_group;\n" ::);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned nxt = ((unsigned)k + 1u) & 1u;
        unsigned src = ((gw + ((unsigned)k + 1u) * nw) * 32u + lane) & m;
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(shared_ptr32(&buf[w][nxt][lane])), "l"(X + src));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        __syncwarp();
        s += buf[w][(unsigned)k & 1u][(lane + 1u) & 31u];
        __syncwarp();
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_group 0;\n" ::);
    finish(a, t0, t1, s);
}

// A scalar CSR sparse matrix-vector product, a thread a row of eight
// nonzeros: eight column indices (first quarter, mixed with their
// position) and eight values (second quarter) read contiguously a
// thread (32 bytes a lane), eight gathers from the vector (second half).
extern "C" __global__ void spmv_csr_eight_nnz_hashed_cols(Args a) {
    unsigned q = (a.bigMask + 1) >> 2, mq = q - 1, mx = 2u * q - 1u, T = grid_threads(), i = glob_tid();
    const unsigned* col = reinterpret_cast<const unsigned*>(a.big);
    const float* val = a.big + q;
    const float* x = a.big + 2u * q;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned p0 = ((i + (unsigned)k * T) * 8u) & mq;
        float s = 0.f;
#pragma unroll
        for (unsigned e = 0; e < 8u; e++) {
            unsigned p = p0 + e;
            unsigned c = (col[p] ^ (p * 0x9e3779b9u)) & mx;
            s = fmaf(val[p], x[c], s);
        }
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 4096-bin histogram in global memory (16 KiB, shared by every SM),
// a hashed bin a step, a global atomicAdd of 1 (the old value unused).
extern "C" __global__ void gatomic_hist4096_u32_global(Args a) {
    unsigned* bins = reinterpret_cast<unsigned*>(a.big);
    unsigned x = lowbias32(glob_tid() + 277u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xs32(x);
        unsigned b = lowbias32(x) & 4095u;
        atomicAdd(&bins[b], 1u);
        acc += b;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc >> 8));
}

// atomicExch at hashed slots over the whole footprint, the old word
// returned and fed into the generator (each step waits for the last
// exchange).
extern "C" __global__ void gatomic_exch_u32_hashed_old_used(Args a) {
    unsigned* P = reinterpret_cast<unsigned*>(a.big);
    unsigned m = a.bigMask, x = lowbias32(glob_tid() + 281u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned old = atomicExch(&P[lowbias32(x) & m], x);
        acc += old >> 16;
        x = x * 1664525u + 1013904223u + old;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A 7-tap 1D stencil (radius 3, symmetric weights) from the first half,
// the result stored to the second, grid-stride.
extern "C" __global__ void stencil1d_radius3_global(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = grid_threads(), i = glob_tid();
    const float* in = a.big;
    float* out = a.big + h;
    const float w0 = 0.4f, w1 = 0.2f, w2 = 0.07f, w3 = 0.03f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = i + (unsigned)k * T;
        float v = w0 * in[c & m];
        v = fmaf(w1, in[(c - 1u) & m] + in[(c + 1u) & m], v);
        v = fmaf(w2, in[(c - 2u) & m] + in[(c + 2u) & m], v);
        v = fmaf(w3, in[(c - 3u) & m] + in[(c + 3u) & m], v);
        out[c & m] = v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)T);
}

// One Jacobi step of a 5-point Laplace stencil on rows 1024 floats
// wide: four neighbours through __ldg from the first half, the average
// stored to the second, grid-stride; the residual summed.
extern "C" __global__ void stencil2d_5pt_jacobi_w1024_ldg(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = grid_threads(), i = glob_tid();
    const float* in = a.big;
    float* out = a.big + h;
    float res = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = i + (unsigned)k * T;
        float n = __ldg(&in[(c - 1024u) & m]), s = __ldg(&in[(c + 1024u) & m]);
        float wv = __ldg(&in[(c - 1u) & m]), e = __ldg(&in[(c + 1u) & m]), ctr = __ldg(&in[c & m]);
        float v = 0.25f * ((n + s) + (wv + e));
        out[c & m] = v;
        res += fabsf(v - ctr);
    }
    long long t1 = clock64();
    finish(a, t0, t1, res);
}

// =====================================================================
// Loops whose trip counts depend on data
// =====================================================================

// Collatz steps of a generator value (2 to 65537), at most 128: n
// halved when even, 3 n + 1 when odd, until it reaches 1. The inner trip
// count depends on the data (lanes diverge).
extern "C" __global__ void collatz_steps_capped_128_data_dependent(Args a) {
    unsigned x = lowbias32(glob_tid() + 283u), total = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xs32(x);
        unsigned n = (x & 0xffffu) + 2u, steps = 0u;
        while (n != 1u && steps < 128u) {
            n = (n & 1u) ? 3u * n + 1u : n >> 1;
            steps++;
        }
        total += steps;
        x += steps;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)total);
}

// A lookup in an open-addressing hash table of 1024 keys shared by the
// block, about half full (every sixteenth slot kept empty): linear
// probing from the key's hash until the key or an empty slot. The
// probe count depends on the data (lanes diverge).
extern "C" __global__ void smem_hash_table_linear_probe_data_dependent(Args a) {
    __shared__ unsigned tab[1024];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x)
        tab[e] = ((e & 15u) != 15u && (lowbias32(e + 7u) & 1u)) ? (lowbias32(e) | 1u) : 0u;
    __syncthreads();
    unsigned x = lowbias32(glob_tid() + 293u), probes = 0u, found = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = xs32(x);
        unsigned key = x | 1u, h = lowbias32(key * 3u) & 1023u, n = 0u;
        unsigned t = tab[h];
        while (t != 0u && t != key) {
            h = (h + 1u) & 1023u;
            t = tab[h];
            n++;
        }
        probes += n;
        found += t == key;
        x += n + h;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)probes + (float)found);
}

// =====================================================================
// Small kernels
// =====================================================================

// A quaternion orientation integrated by a fixed rotation: the Hamilton
// product q r (sixteen multiplies and adds), normalized by rsqrtf of
// its squared norm.
extern "C" __global__ void quaternion_mul_normalize_rsqrtf(Args a) {
    unsigned g = glob_tid();
    float qw = 1.f, qx = a.fin[g & 8191u] - 1.f, qy = 0.1f, qz = a.fin[(g + 1u) & 8191u] - 1.f;
    float rw = 0.995f, rx = 0.05f * a.fin[3], ry = -0.06f, rz = 0.07f * a.fin[9], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float nw = fmaf(qw, rw, -fmaf(qx, rx, fmaf(qy, ry, qz * rz)));
        float nx = fmaf(qw, rx, fmaf(qx, rw, fmaf(qy, rz, -qz * ry)));
        float ny = fmaf(qw, ry, fmaf(-qx, rz, fmaf(qy, rw, qz * rx)));
        float nz = fmaf(qw, rz, fmaf(qx, ry, fmaf(-qy, rx, qz * rw)));
        float in = rsqrtf(fmaf(nw, nw, fmaf(nx, nx, fmaf(ny, ny, nz * nz))));
        qw = nw * in; qx = nx * in; qy = ny * in; qz = nz * in;
        acc += qx;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + qw);
}

// RGB to YCbCr (BT.601, full range) of a generator pixel: bytes
// converted to float, three dot products by FMA, each scaled into
// [0, 1] by __saturatef and rounded back to a byte, the bytes packed
// into a word that feeds the generator.
extern "C" __global__ void rgb_to_ycbcr_saturate_u8_pack(Args a) {
    unsigned x = lowbias32(glob_tid() + 307u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float r = (float)(x & 255u), gg = (float)((x >> 8) & 255u), b = (float)((x >> 16) & 255u);
        float Y = fmaf(0.299f, r, fmaf(0.587f, gg, 0.114f * b));
        float Cb = fmaf(-0.168736f, r, fmaf(-0.331264f, gg, fmaf(0.5f, b, 128.f)));
        float Cr = fmaf(0.5f, r, fmaf(-0.418688f, gg, fmaf(-0.081312f, b, 128.f)));
        unsigned yb = __float2uint_rn(255.f * __saturatef(Y * (1.f / 255.f)));
        unsigned cb = __float2uint_rn(255.f * __saturatef(Cb * (1.f / 255.f)));
        unsigned cr = __float2uint_rn(255.f * __saturatef(Cr * (1.f / 255.f)));
        unsigned p = yb | (cb << 8) | (cr << 16);
        acc += yb;
        x = xs32(x ^ p);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}
