// An eighteenth validation corpus for gpuarch analyze ("dev18" and
// "heldout18"): fifty-eight loops written as a new user would write them,
// by a writer who has read none of the model, its testdata, its error
// figures or any measurement; of the earlier corpora only corpus17's
// files (its kernels.cu, cases.inc and split.txt), as format examples,
// no loop copied, and the harness. The set:
// streams (an arange/linspace fill by float4 stores alone; a scalar sum
// by __ldg; a bf16 bias and ReLU on eight bf16 at a time by __hadd2 and
// __hmax2; half-precision weights dequantized to float4; a float4 dot
// product by ld.global.nc.L1::no_allocate; a double2 DAXPY), strided and
// gathered loads (particles advected as an array of 24-byte structs and
// as six separate arrays; 24-bit RGB pixels to gray, stride 3 bytes; a
// matrix-vector product a thread a row with a pitch of 257 floats; an
// embedding bag, a warp gathering 256-byte rows by loaded indices; four
// bytes of a word looked up in four 256-entry float codebooks), shared
// memory (a matrix-vector product a lane a row of a 32 × 34 tile, padded
// by two; the interleaved-addressing tree reduction with its strided
// indices; a table-driven CRC-32 through a shared 256-word table; a
// four-phase polyphase FIR of 15 taps from shared memory, the signal
// from global memory; a half-precision 32 × 32 transpose through an
// unpadded tile), atomics (a 256-bin shared histogram of bytes; stream
// compaction by one warp-aggregated global counter; a float maximum by
// an atomicCAS loop; duplicate keys merged by __match_any_sync before
// atomicAdd; a group-by count into an open-addressing hash table by
// atomicCAS and linear probing), warp and block collectives (an argmax
// of (value, index) pairs by __shfl_xor_sync; a segmented scan whose
// heads come from __ballot_sync and __clz; a bitonic sort of 32 values
// across a warp; the two-level block sum, warp shuffles and a shared
// array of warp sums between two barriers), stencils (a nine-point 1D
// stencil whose neighbours come by shuffles from two registers; a 3 × 3
// box blur read by __ldg), FP64 (two Horner chains of degree 11; an
// N-body step against double4 bodies broadcast from shared memory with
// the double rsqrt), special functions (softplus and the logistic by
// the precise expf, log1pf and division; polar coordinates by hypotf,
// atan2f and sincosf; a gamma curve by __powf with __frcp_rn,
// __fsqrt_rn and __fdividef), integer work (a 64-bit Montgomery modular
// exponentiation by __umul64hi; brute-force matching of 256-bit binary
// descriptors by __popc; counting UTF-8 characters and lines 16 bytes at
// a time by __vcmpne4 and __vcmpeq4), conversions (HDR float4 pixels
// tone-mapped and packed to RGBA8 by __saturatef and __float2uint_rn),
// int8 (a strided u8 × s8 convolution by dp4a.u32.s32 and a requantized
// byte store), tensor cores (mma.sync m16n8k16 f16 with float
// accumulators from XOR-swizzled tiles by ldmatrix.x4; m16n8k16 bf16 with
// B by ldmatrix.x4.trans from unpadded tiles; m16n8k4 tf32 with the
// fragments loaded straight from global memory; m16n8k16 s8 from padded
// byte tiles by 32-bit shared loads; the FP64 m8n8k4), cp.async (a
// three-stage block ring of 16-byte cp.async.cg; a per-warp double buffer
// of ragged rows by cp.async.ca with zero fill), rows (a two-pass softmax
// of 128-float rows a warp a row; LayerNorm of 256-float rows by Welford
// and Chan's merge through shuffles; causal attention of a thread's
// query against keys and values in shared memory with an online
// softmax), a small GEMM register tile (2 × 4 from scalar shared loads),
// images (RGBA8 alpha blending by the divide-by-255 trick; NV12 to RGBA8
// in BT.601 fixed point), hashing and random numbers (MurmurHash3 of
// 16-byte keys; a two-choice cuckoo hash lookup; Philox4x32-10; PCG32
// turned into exponential variates by the precise logf), sparse matrices
// (CSR SpMV a warp a row, the row lengths loaded) and data-dependent
// loops (the Mandelbrot escape time; a binary search over a sorted
// shared array).
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
// Streams
// ---------------------------------------------------------------------

// torch.arange / linspace written as a kernel: the footprint filled with
// base + step·index, a float4 of four consecutive values a store, no
// load, grid-stride.
extern "C" __global__ void linspace_fill_f4_store(Args a) {
    unsigned m = ((a.bigMask + 1) >> 2) - 1, T = gthreads(), i = gtid();
    float4* X = reinterpret_cast<float4*>(a.big);
    const float base = a.fin[21] - 1.f, step = 0.25f * a.fin[7];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float v = fmaf((float)(4u * j), step, base);
        X[j] = make_float4(v, v + step, v + 2.f * step, v + 3.f * step);
    }
    long long t1 = clock64();
    finish(a, t0, t1, X[i & m].y);
}

// The first pass of a sum: each thread adds up the footprint's floats
// one at a time (grid-stride) through the read-only path (__ldg).
extern "C" __global__ void sum_f_scalar_ldg(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* X = a.big;
    float s = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) s += __ldg(X + ((i + (unsigned)k * T) & m));
    long long t1 = clock64();
    finish(a, t0, t1, s);
}

// A bias add and ReLU in bf16 (64 channels, the innermost dimension):
// eight bf16 (a uint4) of the footprint's first half an iteration
// (grid-stride), four __hadd2 with the thread's channel biases
// (registers) and four __hmax2 with zero, stored to the second half.
extern "C" __global__ void bf16x8_bias_relu_stream(Args a) {
    unsigned h = (a.bigMask + 1) >> 3, m = h - 1, T = gthreads(), i = gtid();
    const uint4* X = reinterpret_cast<const uint4*>(a.big);
    uint4* Y = reinterpret_cast<uint4*>(a.big) + h;
    __nv_bfloat162 bias[4];
#pragma unroll
    for (int e = 0; e < 4; e++)
        bias[e] = __floats2bfloat162_rn(a.fin[(i & 7u) * 8u + 2u * e] - 1.f, a.fin[(i & 7u) * 8u + 2u * e + 1u] - 1.f);
    const __nv_bfloat162 zero = __float2bfloat162_rn(0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        uint4 v = X[j];
        __nv_bfloat162* p = reinterpret_cast<__nv_bfloat162*>(&v);
#pragma unroll
        for (int e = 0; e < 4; e++) p[e] = __hmax2(__hadd2(p[e], bias[e]), zero);
        Y[j] = v;
    }
    long long t1 = clock64();
    uint4 r = Y[i & m];
    finish(a, t0, t1, __low2float(*reinterpret_cast<__nv_bfloat162*>(&r.y)));
}

// Half-precision weights dequantized for a float kernel: four halves (a
// uint2 of the footprint's first quarter, grid-stride) widened by
// __half22float2, scaled, and stored as a float4 to the second half.
extern "C" __global__ void half4_to_float4_dequant(Args a) {
    unsigned n = a.bigMask + 1, m = (n >> 3) - 1, T = gthreads(), i = gtid();
    const uint2* X = reinterpret_cast<const uint2*>(a.big);
    float4* Y = reinterpret_cast<float4*>(a.big + (n >> 1));
    const float scale = 0.5f + a.fin[11];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        uint2 v = X[j];
        float2 lo = __half22float2(*reinterpret_cast<__half2*>(&v.x));
        float2 hi = __half22float2(*reinterpret_cast<__half2*>(&v.y));
        Y[j] = make_float4(lo.x * scale, lo.y * scale, hi.x * scale, hi.y * scale);
    }
    long long t1 = clock64();
    finish(a, t0, t1, Y[i & m].z);
}

__device__ __forceinline__ float4 ld_nc_no_allocate_f4(const float4* p) {
    float4 v;
    asm("ld.global.nc.L1::no_allocate.v4.f32 {%0,%1,%2,%3}, [%4];\n"
        : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
        : "l"(p));
    return v;
}

// A streamed dot product that keeps the stream out of L1: a float4 of
// the footprint (grid-stride) by ld.global.nc.L1::no_allocate, dotted
// with the lane's float4 of weights (registers).
extern "C" __global__ void ldg_nc_no_allocate_f4_dot(Args a) {
    unsigned m = ((a.bigMask + 1) >> 2) - 1, T = gthreads(), i = gtid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    const float4 w = reinterpret_cast<const float4*>(a.fin)[threadIdx.x & 31u];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float4 v = ld_nc_no_allocate_f4(X + ((i + (unsigned)k * T) & m));
        acc = fmaf(v.x, w.x, fmaf(v.y, w.y, fmaf(v.z, w.z, fmaf(v.w, w.w, acc))));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// DAXPY y = alpha·x + y in double, a double2 of x (the footprint's
// first half) and of y (its second half) an iteration, grid-stride.
extern "C" __global__ void f64x2_daxpy_stream(Args a) {
    unsigned h = (a.bigMask + 1) >> 3, m = h - 1, T = gthreads(), i = gtid();
    const double2* X = reinterpret_cast<const double2*>(a.big);
    double2* Y = reinterpret_cast<double2*>(a.big) + h;
    const double alpha = 1.0 + (double)a.fin[13];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        double2 x = X[j], y = Y[j];
        Y[j] = make_double2(fma(alpha, x.x, y.x), fma(alpha, x.y, y.y));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)Y[i & m].x);
}

// ---------------------------------------------------------------------
// Strided and gathered loads
// ---------------------------------------------------------------------

struct Particle {
    float px, py, pz;
    float vx, vy, vz;
};

// Particles as an array of 24-byte structs (position and velocity): a
// particle an iteration (grid-stride) falls under gravity for one
// explicit Euler step, its six fields read and four written back.
extern "C" __global__ void aos_particle_advect(Args a) {
    unsigned pm = ((a.bigMask + 1) >> 3) - 1, T = gthreads(), i = gtid();
    Particle* P = reinterpret_cast<Particle*>(a.big);
    const float dt = 1e-3f, g = -9.81f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & pm;
        Particle q = P[j];
        q.vy = fmaf(g, dt, q.vy);
        P[j].vy = q.vy;
        P[j].px = fmaf(q.vx, dt, q.px);
        P[j].py = fmaf(q.vy, dt, q.py);
        P[j].pz = fmaf(q.vz, dt, q.pz);
    }
    long long t1 = clock64();
    finish(a, t0, t1, P[i & pm].py);
}

// The same particle step with the particles as a structure of six
// arrays (x, y, z, vx, vy, vz, each an eighth of the footprint).
extern "C" __global__ void soa_particle_advect(Args a) {
    unsigned P = (a.bigMask + 1) >> 3, pm = P - 1, T = gthreads(), i = gtid();
    float* px = a.big;
    float* py = px + P;
    float* pz = py + P;
    const float* vx = pz + P;
    float* vy = pz + 2 * P;
    const float* vz = pz + 3 * P;
    const float dt = 1e-3f, g = -9.81f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & pm;
        float v = fmaf(g, dt, vy[j]);
        vy[j] = v;
        px[j] = fmaf(vx[j], dt, px[j]);
        py[j] = fmaf(v, dt, py[j]);
        pz[j] = fmaf(vz[j], dt, pz[j]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, py[i & pm]);
}

// Packed 24-bit RGB pixels (three bytes each, the footprint's first
// three eighths) to 8-bit luma by the integer BT.601 weights, a pixel an
// iteration (grid-stride), the byte stored after them.
extern "C" __global__ void rgb24_to_gray_u8(Args a) {
    unsigned n = a.bigMask + 1, pm = (n >> 1) - 1, T = gthreads(), i = gtid();
    const unsigned char* rgb = reinterpret_cast<const unsigned char*>(a.big);
    unsigned char* gray = reinterpret_cast<unsigned char*>(a.big) + 2u * n;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & pm;
        unsigned r = rgb[3u * j], g = rgb[3u * j + 1u], b = rgb[3u * j + 2u];
        gray[j] = (unsigned char)((77u * r + 150u * g + 29u * b + 128u) >> 8);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)gray[i & pm]);
}

// A matrix-vector product written a thread a row: rows of 256 floats
// stored with a pitch of 257 (the footprint's first half), each thread
// walking along its own row (the next row, grid-stride, every 256
// steps) against x in a.fin; y stored to the second half at each row's
// end.
extern "C" __global__ void gemv_row_per_thread_pitch257(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const float* A = a.big;
    float* y = a.big + h;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = (unsigned)k & 255u, r = i + ((unsigned)k >> 8) * T;
        acc = fmaf(A[(r * 257u + c) & m], a.fin[c], acc);
        if (c == 255u) {
            y[r & m] = acc;
            acc = 0.f;
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, y[i & m] + acc);
}

// An embedding bag (sum of four rows a bag): a warp a bag (bags
// grid-stride by warp), one index an iteration read from a.uin and
// hashed into the table of 64-float rows (the footprint's first half),
// the row gathered as a float2 a lane; the bag's sum stored to the
// second half after its fourth row.
extern "C" __global__ void embedding_bag_sum_rows64(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, R = h >> 6, lane = threadIdx.x & 31u;
    unsigned w = (unsigned)gtid() >> 5, W = gthreads() >> 5;
    const float2* E = reinterpret_cast<const float2*>(a.big);
    float2* O = reinterpret_cast<float2*>(a.big + h);
    float2 s = make_float2(0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned bag = w + ((unsigned)k >> 2) * W;
        unsigned idx = a.uin[(bag * 4u + ((unsigned)k & 3u)) & 8191u];
        unsigned row = (((idx ^ bag) * 0x9e3779b1u) >> 8) & (R - 1u);
        float2 e = E[row * 32u + lane];
        s.x += e.x;
        s.y += e.y;
        if (((unsigned)k & 3u) == 3u) {
            O[(bag & (R - 1u)) * 32u + lane] = s;
            s = make_float2(0.f, 0.f);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, O[(w & (R - 1u)) * 32u + lane].x + s.y);
}

// Codebook dequantization: a word of a.uin (grid-stride) holds four
// byte codes, each looked up in its own 256-entry float codebook (four
// consecutive 1 KiB tables of a.fin), the values summed.
extern "C" __global__ void codebook_dequant_lut4_fin(Args a) {
    unsigned T = gthreads(), i = gtid();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned u = a.uin[(i + (unsigned)k * T) & 8191u];
        acc += (a.fin[u & 255u] + a.fin[256u + ((u >> 8) & 255u)]) +
               (a.fin[512u + ((u >> 16) & 255u)] + a.fin[768u + (u >> 24)]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Shared memory
// ---------------------------------------------------------------------

// A matrix-vector product a lane a row of a resident 32 × 32 tile whose
// rows are padded by two floats (34): each iteration a lane takes eight
// columns of its own row (lanes 16 apart share a bank) against eight
// values of x (registers), the result folded into a running value.
extern "C" __global__ void smem_row_per_lane_pad2(Args a) {
    __shared__ float tile[32][34];
    for (unsigned e = threadIdx.x; e < 32u * 34u; e += blockDim.x) (&tile[0][0])[e] = a.fin[(e * 3u) & 8191u] - 1.f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    float x[8];
#pragma unroll
    for (int e = 0; e < 8; e++) x[e] = a.fin[64 + e];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c0 = ((unsigned)k * 8u) & 31u;
        float s = 0.f;
#pragma unroll
        for (int e = 0; e < 8; e++) s = fmaf(tile[lane][c0 + e], x[e], s);
        acc = fmaf(acc, 0.5f, s);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The interleaved-addressing tree reduction (the second kernel of the
// well-known reduction tutorial): a value of a.fin a thread stored to
// shared memory, then at each level the thread with index 2·s·t adds
// element 2·s·t + s, a block barrier after each level.
extern "C" __global__ void reduce_interleaved_smem_conflict(Args a) {
    __shared__ float sdata[1024];
    unsigned t = threadIdx.x, bd = blockDim.x;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned g = (blockIdx.x + (unsigned)k * gridDim.x) * bd + t;
        sdata[t] = a.fin[g & 8191u];
        __syncthreads();
        for (unsigned s = 1u; s < bd; s <<= 1) {
            unsigned idx = 2u * s * t;
            if (idx < bd) sdata[idx] += sdata[idx + s];
            __syncthreads();
        }
        acc += sdata[0];
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Table-driven CRC-32 (reflected, polynomial 0xEDB88320) of each
// thread's own stream of words (the footprint, grid-stride): the 256-word
// table built in shared memory, four byte lookups a word, each indexed
// by the running CRC.
extern "C" __global__ void crc32_table_smem(Args a) {
    __shared__ unsigned table[256];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) {
        unsigned c = e;
        for (int b = 0; b < 8; b++) c = (c & 1u) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        table[e] = c;
    }
    __syncthreads();
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const unsigned* W = reinterpret_cast<const unsigned*>(a.big);
    unsigned crc = 0xffffffffu ^ i;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned w = W[(i + (unsigned)k * T) & m];
#pragma unroll
        for (int b = 0; b < 4; b++) {
            crc = table[(crc ^ w) & 255u] ^ (crc >> 8);
            w >>= 8;
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(crc ^ 0xffffffffu));
}

// A four-phase polyphase FIR of 15 taps: the filter bank (4 × 16 taps)
// in shared memory, the phase chosen by the iteration, every lane
// reading the same tap (a broadcast); the signal read from global memory
// around the output sample (the footprint's first half, grid-stride),
// the output stored to the second half.
extern "C" __global__ void polyphase_fir15_smem_taps(Args a) {
    __shared__ float taps[4][16];
    for (unsigned e = threadIdx.x; e < 64u; e += blockDim.x) (&taps[0][0])[e] = (a.fin[e * 5u] - 0.5f) * 0.0625f;
    __syncthreads();
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const float* x = a.big;
    float* y = a.big + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m, ph = (unsigned)k & 3u;
        float s = 0.f;
#pragma unroll
        for (int e = 0; e < 15; e++) s = fmaf(taps[ph][e], x[(j + (unsigned)e - 7u) & m], s);
        y[j] = s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, y[i & m]);
}

// The naive tiled transpose of a half-precision matrix of 1024-half
// rows (the footprint's first half) into its second half through an
// unpadded 32 × 32 tile of halves: the column reads land 64 bytes apart
// (two banks between them).
extern "C" __global__ void transpose_half_tile_unpadded(Args a) {
    __shared__ __half tile[32][32];
    unsigned n = a.bigMask + 1, R = n >> 10, tx = threadIdx.x & 31u, ty = threadIdx.x >> 5, nw = blockDim.x >> 5;
    const __half* in = reinterpret_cast<const __half*>(a.big);
    __half* out = reinterpret_cast<__half*>(a.big + (n >> 1));
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned t = (blockIdx.x + (unsigned)k * gridDim.x) & (R - 1u);
        unsigned tr = t >> 5, tc = t & 31u;
        for (unsigned r = ty; r < 32u; r += nw) tile[r][tx] = in[(tr * 32u + r) * 1024u + tc * 32u + tx];
        __syncthreads();
        for (unsigned r = ty; r < 32u; r += nw) out[(tc * 32u + r) * R + tr * 32u + tx] = tile[tx][r];
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, __half2float(out[(threadIdx.x * R) & (n - 1u)]));
}

// ---------------------------------------------------------------------
// Atomics
// ---------------------------------------------------------------------

// An 8-bit histogram of 256 bins per block in shared memory: a word of
// image bytes an iteration (the footprint's word mixed with its
// position, grid-stride), its four bytes counted by shared atomicAdd.
extern "C" __global__ void hist256_smem_bytes(Args a) {
    __shared__ unsigned hist[256];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) hist[e] = 0u;
    __syncthreads();
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const unsigned* W = reinterpret_cast<const unsigned*>(a.big);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned v = W[j] + j * 0x9e3779b1u;
        atomicAdd(&hist[v & 255u], 1u);
        atomicAdd(&hist[(v >> 8) & 255u], 1u);
        atomicAdd(&hist[(v >> 16) & 255u], 1u);
        atomicAdd(&hist[v >> 24], 1u);
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)hist[threadIdx.x & 255u]);
}

// Stream compaction through one global counter, warp-aggregated: the
// lanes whose value of a.fin (grid-stride) passes a threshold found by
// __ballot_sync, the first of them reserving the warp's slots by one
// atomicAdd, the base broadcast by __shfl_sync, each kept value stored
// at base plus its rank.
extern "C" __global__ void warp_aggregated_atomic_counter(Args a) {
    unsigned* counter = reinterpret_cast<unsigned*>(a.big);
    float* dst = a.big + 64;
    unsigned dm = a.bigMask >> 1, lane = threadIdx.x & 31u, lt = (1u << lane) - 1u, T = gthreads(), i = gtid();
    const float thr = 1.0f + 0.2f * a.fin[0];
    unsigned kept = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float v = a.fin[(i + (unsigned)k * T) & 8191u];
        bool keep = v > thr;
        unsigned mask = __ballot_sync(ALL_LANES, keep);
        if (mask != 0u) {
            int leader = __ffs((int)mask) - 1;
            unsigned base = 0u;
            if ((int)lane == leader) base = atomicAdd(counter, (unsigned)__popc(mask));
            base = __shfl_sync(ALL_LANES, base, leader);
            if (keep) dst[(base + (unsigned)__popc(mask & lt)) & dm] = v;
            kept += (unsigned)__popc(mask);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)kept);
}

// A per-row maximum of floats by the usual atomicCAS loop (atomicMax
// has no float overload): a value of the footprint's first half scaled
// by its column (grid-stride), its row's slot (rows of 1024, 1024 slots
// in the second half) read, and the CAS retried while the value is
// larger.
extern "C" __global__ void atomic_cas_float_max_loop(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const float* X = a.big;
    unsigned* slots = reinterpret_cast<unsigned*>(a.big + h);
    unsigned tries = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float v = X[j] * (1.f + (float)(j & 1023u) * (1.f / 256.f));
        unsigned* addr = &slots[(j >> 10) & 1023u];
        unsigned old = *addr;
        while (__uint_as_float(old) < v) {
            unsigned assumed = old;
            old = atomicCAS(addr, assumed, __float_as_uint(v));
            tries++;
            if (old == assumed) break;
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)tries + __uint_as_float(slots[threadIdx.x & 1023u]));
}

// Counting key occurrences with duplicates merged inside the warp first
// (as for sparse gradient updates): a key (the footprint's word mixed
// with its position / 4, hashed to 4096 keys) an iteration, its peers
// found by __match_any_sync, the lowest peer adding their number to the
// key's counter (the second half) by atomicAdd.
extern "C" __global__ void match_any_dedupe_count(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, lane = threadIdx.x & 31u, T = gthreads(), i = gtid();
    const unsigned* W = reinterpret_cast<const unsigned*>(a.big);
    unsigned* counts = reinterpret_cast<unsigned*>(a.big) + h;
    unsigned groups = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned key = ((W[j] ^ (j >> 2)) * 0x9e3779b1u) >> 20;
        unsigned peers = __match_any_sync(ALL_LANES, key);
        unsigned leader = (unsigned)__ffs((int)peers) - 1u;
        if (lane == leader) {
            atomicAdd(&counts[key], (unsigned)__popc(peers));
            groups++;
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)groups);
}

// A group-by count into an open-addressing hash table (keys in the
// footprint's first half, 0x3c3c3c3c marking an empty slot, counts in
// the second): a key an iteration (from its position, a quarter as many
// distinct keys as slots), inserted or found by atomicCAS with linear
// probing (at most eight probes), its count raised by atomicAdd.
extern "C" __global__ void linear_probe_groupby_count(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, sm = h - 1, km = (h >> 2) - 1, T = gthreads(), i = gtid();
    unsigned* keys = reinterpret_cast<unsigned*>(a.big);
    unsigned* vals = reinterpret_cast<unsigned*>(a.big) + h;
    const unsigned EMPTY = 0x3c3c3c3cu;
    unsigned probes = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * T;
        unsigned key = (((j * 0x9e3779b1u) >> 7) & km) + 1u;
        unsigned slot = key * 0x85ebca6bu;
        slot = (slot ^ (slot >> 16)) & sm;
        for (unsigned p = 0u; p < 8u; p++) {
            unsigned prev = atomicCAS(&keys[slot], EMPTY, key);
            probes++;
            if (prev == EMPTY || prev == key) {
                atomicAdd(&vals[slot], 1u);
                break;
            }
            slot = (slot + 1u) & sm;
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)probes);
}

// ---------------------------------------------------------------------
// Warp and block collectives
// ---------------------------------------------------------------------

// The argmax of a warp's 32 values (a value of a.fin scaled by a
// pseudo-random weight, grid-stride) with its index, by five rounds of
// __shfl_xor_sync on the (value, index) pair, ties to the lower index.
extern "C" __global__ void warp_argmax_pair_shfl(Args a) {
    unsigned T = gthreads(), i = gtid(), isum = 0u;
    float vsum = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned p = (i + (unsigned)k * T) & 8191u;
        float v = a.fin[p] * (float)((p * 37u) & 63u);
        unsigned idx = p;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            float ov = __shfl_xor_sync(ALL_LANES, v, o);
            unsigned oi = __shfl_xor_sync(ALL_LANES, idx, o);
            if (ov > v || (ov == v && oi < idx)) {
                v = ov;
                idx = oi;
            }
        }
        vsum += v;
        isum += idx;
    }
    long long t1 = clock64();
    finish(a, t0, t1, vsum + (float)isum);
}

// A segmented inclusive scan within a warp: 32 consecutive floats (the
// footprint's first half, the warp's chunks grid-stride), segment heads
// at lane 0 and where a hash of the position says so; the heads found by
// __ballot_sync, each lane's segment start by __clz, five guarded
// __shfl_up_sync steps; the scan stored to the second half.
extern "C" __global__ void warp_segmented_scan_ballot(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, lane = threadIdx.x & 31u;
    unsigned w = (unsigned)gtid() >> 5, W = gthreads() >> 5;
    const float* X = a.big;
    float* Y = a.big + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = ((w + (unsigned)k * W) * 32u + lane) & m;
        float x = X[j];
        bool head = lane == 0u || ((j * 0x9e3779b1u) >> 29) == 0u;
        unsigned heads = __ballot_sync(ALL_LANES, head);
        unsigned start = 31u - (unsigned)__clz(heads & (0xffffffffu >> (31u - lane)));
#pragma unroll
        for (unsigned d = 1u; d < 32u; d <<= 1) {
            float y = __shfl_up_sync(ALL_LANES, x, d);
            if (lane >= start + d) x += y;
        }
        Y[j] = x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, Y[(w * 32u + lane) & m]);
}

// A bitonic sort of 32 values across a warp (a value a lane, from an
// LCG): the 15 compare-exchange steps by __shfl_xor_sync with fminf and
// fmaxf; the median lanes' values summed.
extern "C" __global__ void warp_bitonic_sort32_shfl(Args a) {
    unsigned lane = threadIdx.x & 31u, s = (unsigned)gtid() * 0x9e3779b1u + 7u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = s * 1664525u + 1013904223u;
        float v = (float)(s >> 8);
#pragma unroll
        for (unsigned size = 2u; size <= 32u; size <<= 1) {
#pragma unroll
            for (unsigned stride = size >> 1; stride > 0u; stride >>= 1) {
                float o = __shfl_xor_sync(ALL_LANES, v, stride);
                bool up = (lane & size) == 0u, lower = (lane & stride) == 0u;
                v = (lower == up) ? fminf(v, o) : fmaxf(v, o);
            }
        }
        acc += (lane == 15u || lane == 16u) ? v : 0.f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The two-level block sum: a float4 of the footprint a thread
// (grid-stride), the warp's sum by __shfl_down_sync, lane 0 writing it
// to a shared array of warp sums, a barrier, the first warp summing
// those by shuffles, a barrier.
extern "C" __global__ void block_reduce_shfl_two_level(Args a) {
    __shared__ float warpSums[32];
    unsigned m = ((a.bigMask + 1) >> 2) - 1, lane = threadIdx.x & 31u, wid = threadIdx.x >> 5, nw = blockDim.x >> 5;
    unsigned T = gthreads(), i = gtid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float total = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float4 v = X[(i + (unsigned)k * T) & m];
        float s = (v.x + v.y) + (v.z + v.w);
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(ALL_LANES, s, o);
        if (lane == 0u) warpSums[wid] = s;
        __syncthreads();
        if (wid == 0u) {
            s = lane < nw ? warpSums[lane] : 0.f;
#pragma unroll
            for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(ALL_LANES, s, o);
            if (lane == 0u) total += s;
        }
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, total);
}

// ---------------------------------------------------------------------
// Stencils
// ---------------------------------------------------------------------

// A nine-point 1D stencil with the neighbours in registers: a warp's 32
// outputs (the warp's chunks grid-stride) need 40 inputs, loaded as two
// registers a lane (from 4 before the chunk), each of the nine
// neighbours taken from one of them by __shfl_sync; the result stored to
// the footprint's second half.
extern "C" __global__ void stencil1d_r4_shfl_register(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, lane = threadIdx.x & 31u;
    unsigned w = (unsigned)gtid() >> 5, W = gthreads() >> 5;
    const float* X = a.big;
    float* Y = a.big + h;
    const float wt[9] = {0.01f, 0.04f, 0.1f, 0.2f, 0.3f, 0.2f, 0.1f, 0.04f, 0.01f};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned base = (w + (unsigned)k * W) * 32u;
        float lo = X[(base + lane - 4u) & m], hi = X[(base + lane + 28u) & m];
        float s = 0.f;
#pragma unroll
        for (unsigned o = 0u; o < 9u; o++) {
            unsigned src = lane + o;
            float p = __shfl_sync(ALL_LANES, lo, src & 31u), q = __shfl_sync(ALL_LANES, hi, src & 31u);
            s = fmaf(wt[o], src < 32u ? p : q, s);
        }
        Y[(base + lane) & m] = s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, Y[(w * 32u + lane) & m]);
}

// A 3 × 3 box blur of a float image with 1024-float rows (the
// footprint's first half, wrapping at the edges), a pixel an iteration
// (grid-stride), the nine reads by __ldg, the mean stored to the second
// half.
extern "C" __global__ void box3x3_global_ldg(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const float* in = a.big;
    float* out = a.big + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned p = (i + (unsigned)k * T) & m;
        unsigned x = p & 1023u, row = p & ~1023u;
        unsigned xl = (x - 1u) & 1023u, xr = (x + 1u) & 1023u;
        unsigned up = (row - 1024u) & m, dn = (row + 1024u) & m;
        float s = __ldg(in + (up | xl)) + __ldg(in + (up | x)) + __ldg(in + (up | xr));
        s += __ldg(in + (row | xl)) + __ldg(in + p) + __ldg(in + (row | xr));
        s += __ldg(in + (dn | xl)) + __ldg(in + (dn | x)) + __ldg(in + (dn | xr));
        out[p] = s * (1.f / 9.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, out[i & m]);
}

// ---------------------------------------------------------------------
// FP64
// ---------------------------------------------------------------------

// Two Horner chains of degree 11 in double (the Taylor series of
// exp(-x)), the arguments fed back from the other chain's value.
extern "C" __global__ void f64_horner_deg11(Args a) {
    unsigned t = threadIdx.x;
    double x0 = (double)a.fin[t & 8191u] - 1.0, x1 = 0.5 - (double)a.fin[(t + 1u) & 8191u];
    const double c[12] = {1.0, -1.0, 1.0 / 2, -1.0 / 6, 1.0 / 24, -1.0 / 120, 1.0 / 720, -1.0 / 5040,
                          1.0 / 40320, -1.0 / 362880, 1.0 / 3628800, -1.0 / 39916800};
    double acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double p0 = c[11], p1 = c[11];
#pragma unroll
        for (int e = 10; e >= 0; e--) {
            p0 = fma(p0, x0, c[e]);
            p1 = fma(p1, x1, c[e]);
        }
        acc += p0 + p1;
        x0 = 0.5 * (p1 - 1.5);
        x1 = 0.5 * (p0 - 1.5);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// An N-body step in double: 64 bodies (double4: position and mass) in
// shared memory, one body an iteration read by every thread (a
// broadcast), the softened inverse distance by the double rsqrt, its
// cube times the mass accumulated into the thread's acceleration.
extern "C" __global__ void f64_nbody_smem_tile(Args a) {
    __shared__ double4 body[64];
    for (unsigned e = threadIdx.x; e < 64u; e += blockDim.x)
        body[e] = make_double4((double)a.fin[e * 4u] - 1.0, (double)a.fin[e * 4u + 1u] - 1.0, (double)a.fin[e * 4u + 2u] - 1.0,
                               0.01 * (double)a.fin[e * 4u + 3u]);
    __syncthreads();
    unsigned t = threadIdx.x;
    double px = (double)a.fin[(t * 3u + 500u) & 8191u] - 1.0, py = 0.5 - (double)a.fin[(t * 3u + 501u) & 8191u], pz = 0.125;
    double ax = 0.0, ay = 0.0, az = 0.0;
    const double eps2 = 1e-4;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double4 b = body[(unsigned)k & 63u];
        double dx = b.x - px, dy = b.y - py, dz = b.z - pz;
        double r2 = fma(dx, dx, fma(dy, dy, fma(dz, dz, eps2)));
        double inv = rsqrt(r2);
        double s = b.w * inv * inv * inv;
        ax = fma(dx, s, ax);
        ay = fma(dy, s, ay);
        az = fma(dz, s, az);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(ax + ay + az));
}

// ---------------------------------------------------------------------
// Special functions
// ---------------------------------------------------------------------

// Softplus log1pf(expf(x)) (x itself above 20) and the logistic
// 1 / (1 + expf(-x)) by the precise library functions and division, the
// results fed back as the next arguments.
extern "C" __global__ void softplus_sigmoid_precise(Args a) {
    float x0 = a.fin[threadIdx.x & 8191u] * 4.f - 4.f, x1 = 2.f - a.fin[(threadIdx.x + 7u) & 8191u] * 3.f;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float sp = x0 > 20.f ? x0 : log1pf(expf(x0));
        float sg = 1.f / (1.f + expf(-x1));
        acc += sp + sg;
        x0 = fmaf(sg, 8.f, -4.f);
        x1 = fmaf(sp, -1.5f, 2.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Cartesian to polar and back: hypotf and atan2f of a point, the angle
// advanced and the point rebuilt by sincosf, shrunk slightly towards a
// fixed offset.
extern "C" __global__ void atan2_hypot_polar(Args a) {
    float x = a.fin[threadIdx.x & 8191u] - 1.f, y = 0.75f - a.fin[(threadIdx.x + 3u) & 8191u];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float r = hypotf(x, y), th = atan2f(y, x);
        acc += r + th;
        float s, c;
        sincosf(th + 0.1f, &s, &c);
        x = fmaf(r * c, 0.999f, 0.001f);
        y = r * s * 0.999f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A gamma curve and friends by intrinsics: __powf (fast), the correctly
// rounded reciprocal and square root (__frcp_rn, __fsqrt_rn) and the fast
// division __fdividef, chained through the iterations.
extern "C" __global__ void fast_pow_rcp_rn_sqrt_rn(Args a) {
    float x0 = 0.2f + 0.5f * a.fin[threadIdx.x & 8191u], x1 = a.fin[(threadIdx.x + 11u) & 8191u];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float g = __powf(x0, 0.4545f);
        float r = __frcp_rn(1.f + g);
        float q = __fsqrt_rn(x1);
        float d = __fdividef(q, 1.f + x0);
        acc += g + r + d;
        x0 = fmaf(r, 0.8f, 0.1f);
        x1 = fmaf(d, 1.5f, 0.05f) + 0.1f * g;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Integer work
// ---------------------------------------------------------------------

__device__ __forceinline__ unsigned long long mont_mul(unsigned long long x, unsigned long long y, unsigned long long n,
                                                       unsigned long long ninv) {
    unsigned long long lo = x * y, hi = __umul64hi(x, y);
    unsigned long long q = lo * ninv;
    unsigned long long qlo = q * n, qhi = __umul64hi(q, n);
    unsigned long long s = lo + qlo;
    unsigned long long r = hi + qhi + (s < lo ? 1ull : 0ull);
    return r >= n ? r - n : r;
}

// Modular exponentiation by 64-bit Montgomery multiplication (REDC by
// __umul64hi; an odd modulus below 2^62 a thread): a squaring every
// iteration and a multiplication where the exponent's bit is set (a
// branch that differs by lane).
extern "C" __global__ void montgomery_mul_u64(Args a) {
    unsigned t = threadIdx.x;
    unsigned long long n = (((unsigned long long)(a.uin[t & 8191u] | 0x10000000u) << 30) | a.uin[(t + 1u) & 8191u]) | 1ull;
    unsigned long long inv = n;
#pragma unroll
    for (int e = 0; e < 5; e++) inv *= 2ull - n * inv;
    unsigned long long ninv = 0ull - inv;
    unsigned long long e = ((unsigned long long)a.uin[(t + 2u) & 8191u] << 32) | a.uin[(t + 3u) & 8191u];
    unsigned long long x = (unsigned long long)a.uin[(t + 4u) & 8191u] + 2ull, y = 1ull;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        if ((e >> ((unsigned)k & 63u)) & 1ull) y = mont_mul(y, x, n, ninv);
        x = mont_mul(x, x, n, ninv);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(unsigned)(x ^ y));
}

// Brute-force matching of 256-bit binary descriptors (ORB-like): a
// 32-byte descriptor of the footprint (two uint4, grid-stride) against
// the warp's query (registers), the Hamming distance by eight __popc of
// XORs, the nearest kept.
extern "C" __global__ void hamming_popc_desc256(Args a) {
    unsigned m = ((a.bigMask + 1) >> 3) - 1, T = gthreads(), i = gtid();
    const uint4* D = reinterpret_cast<const uint4*>(a.big);
    unsigned w = ((unsigned)gtid() >> 5) & 1023u;
    const uint4 q0 = reinterpret_cast<const uint4*>(a.uin)[w * 2u], q1 = reinterpret_cast<const uint4*>(a.uin)[w * 2u + 1u];
    unsigned best = 257u, bestIdx = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        uint4 d0 = D[2u * j], d1 = D[2u * j + 1u];
        unsigned dist = (unsigned)(__popc(d0.x ^ q0.x) + __popc(d0.y ^ q0.y) + __popc(d0.z ^ q0.z) + __popc(d0.w ^ q0.w) +
                                   __popc(d1.x ^ q1.x) + __popc(d1.y ^ q1.y) + __popc(d1.z ^ q1.z) + __popc(d1.w ^ q1.w));
        if (dist < best) {
            best = dist;
            bestIdx = j;
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(best + bestIdx));
}

// wc for UTF-8 text, 16 bytes at a time (a uint4 of the footprint,
// grid-stride): the characters are the bytes that are not continuation
// bytes (top bits 10), counted by __vcmpne4 and __popc, and the lines
// the newline bytes, by __vcmpeq4.
extern "C" __global__ void wc_utf8_lines_u4(Args a) {
    unsigned m = ((a.bigMask + 1) >> 2) - 1, T = gthreads(), i = gtid();
    const uint4* S = reinterpret_cast<const uint4*>(a.big);
    unsigned chars = 0u, lines = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        uint4 v = S[(i + (unsigned)k * T) & m];
        unsigned wv[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int e = 0; e < 4; e++) {
            chars += (unsigned)__popc(__vcmpne4(wv[e] & 0xc0c0c0c0u, 0x80808080u)) >> 3;
            lines += (unsigned)__popc(__vcmpeq4(wv[e], 0x0a0a0a0au)) >> 3;
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(chars + lines));
}

// ---------------------------------------------------------------------
// Conversions and int8
// ---------------------------------------------------------------------

// HDR float4 pixels (the footprint's first half, grid-stride) exposed,
// tone-mapped by Reinhard (x / (1 + x) by __fdividef), clamped by
// __saturatef, converted by __float2uint_rn and packed into one RGBA8
// word stored to the second half.
extern "C" __global__ void f32_to_rgba8_tonemap_pack(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = (h >> 2) - 1, T = gthreads(), i = gtid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    unsigned* Y = reinterpret_cast<unsigned*>(a.big + h);
    const float exposure = 8.f * a.fin[5];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float4 c = X[j];
        float r = c.x * exposure, g = c.y * exposure, b = c.z * exposure;
        r = __fdividef(r, 1.f + r);
        g = __fdividef(g, 1.f + g);
        b = __fdividef(b, 1.f + b);
        unsigned R = __float2uint_rn(__saturatef(r) * 255.f), G = __float2uint_rn(__saturatef(g) * 255.f);
        unsigned B = __float2uint_rn(__saturatef(b) * 255.f), A = __float2uint_rn(__saturatef(c.w) * 255.f);
        Y[j] = R | (G << 8) | (B << 16) | (A << 24);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)Y[i & m]);
}

__device__ __forceinline__ int dp4a_u8s8(unsigned x, unsigned w, int c) {
    int d;
    asm("dp4a.u32.s32 %0, %1, %2, %3;\n" : "=r"(d) : "r"(x), "r"(w), "r"(c));
    return d;
}

// A quantized 1D convolution with stride 4: uint8 activations (the
// footprint's first half), a 16-tap int8 filter (four words of a.uin,
// registers); an output a thread (grid-stride) from four words of the
// signal by dp4a.u32.s32, requantized by a multiply and shift, clamped
// and stored as a byte to the second half.
extern "C" __global__ void dp4a_conv1d_u8s8_stride4(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const unsigned* S = reinterpret_cast<const unsigned*>(a.big);
    unsigned char* O = reinterpret_cast<unsigned char*>(a.big + h);
    const unsigned f0 = a.uin[1], f1 = a.uin[2], f2 = a.uin[3], f3 = a.uin[4];
    const int mult = 1 + (int)(a.uin[5] & 255u), bias = (int)(a.uin[6] & 1023u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        int acc = bias;
        acc = dp4a_u8s8(S[j], f0, acc);
        acc = dp4a_u8s8(S[(j + 1u) & m], f1, acc);
        acc = dp4a_u8s8(S[(j + 2u) & m], f2, acc);
        acc = dp4a_u8s8(S[(j + 3u) & m], f3, acc);
        int q = (acc * mult) >> 12;
        O[j] = (unsigned char)min(max(q, 0), 255);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)O[i & m]);
}

// ---------------------------------------------------------------------
// Tensor cores
// ---------------------------------------------------------------------

// An f16 GEMM step with float accumulators for a 16 × 32 tile of C: A
// (16 × 64 halves) and B (n-major, 32 × 64 halves) in shared tiles of
// 128-byte rows whose 16-byte chunks are XOR-swizzled by the row (chunk
// c of row r at c ^ (r & 7)); A by one ldmatrix.x4, B by two, four
// mma.sync m16n8k16; k-slices of 16 cycled.
extern "C" __global__ void mma_f16_f32acc_m16n8k16_ldsm_swizzle(Args a) {
    __shared__ __align__(128) __half As[16][64];
    __shared__ __align__(128) __half Bs[32][64];
    for (int e = threadIdx.x; e < 32 * 64; e += blockDim.x) {
        if (e < 16 * 64) (&As[0][0])[e] = __float2half(0.1f * a.fin[(e * 5) & 8191] - 0.1f);
        (&Bs[0][0])[e] = __float2half(0.06f - 0.04f * a.fin[(e + 33) & 8191]);
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    float c[4][4];
#pragma unroll
    for (int n = 0; n < 4; n++)
#pragma unroll
        for (int r = 0; r < 4; r++) c[n][r] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kc = ((unsigned)k & 3u) * 2u;
        unsigned ra = lane & 15u, ca = kc + (lane >> 4);
        unsigned a0, a1, a2, a3, b[2][4];
        unsigned pa = (unsigned)__cvta_generic_to_shared(&As[ra][(ca ^ (ra & 7u)) * 8u]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
                     : "r"(pa));
#pragma unroll
        for (int nb = 0; nb < 2; nb++) {
            unsigned rb = nb * 16u + (lane & 7u) + ((lane >> 4) << 3), cb = kc + ((lane >> 3) & 1u);
            unsigned pb = (unsigned)__cvta_generic_to_shared(&Bs[rb][(cb ^ (rb & 7u)) * 8u]);
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                         : "=r"(b[nb][0]), "=r"(b[nb][1]), "=r"(b[nb][2]), "=r"(b[nb][3])
                         : "r"(pb));
        }
#pragma unroll
        for (int n = 0; n < 4; n++)
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                         : "+f"(c[n][0]), "+f"(c[n][1]), "+f"(c[n][2]), "+f"(c[n][3])
                         : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b[n >> 1][(n & 1) * 2]), "r"(b[n >> 1][(n & 1) * 2 + 1]));
    }
    long long t1 = clock64();
    float v = 0.f;
#pragma unroll
    for (int n = 0; n < 4; n++) v += (c[n][0] + c[n][1]) + (c[n][2] + c[n][3]);
    finish(a, t0, t1, v);
}

// A bf16 GEMM step with float accumulators for a 16 × 32 tile of C: A
// row-major 16 × 64 (unpadded 128-byte rows) by ldmatrix.x4, B row-major
// K × N 64 × 32 (unpadded 64-byte rows) by two ldmatrix.x4.trans, four
// mma.sync m16n8k16 bf16; k-slices of 16 cycled.
extern "C" __global__ void mma_bf16_m16n8k16_ldsm_trans_unpadded(Args a) {
    __shared__ __align__(16) __nv_bfloat16 As[16][64];
    __shared__ __align__(16) __nv_bfloat16 Bs[64][32];
    for (int e = threadIdx.x; e < 64 * 32; e += blockDim.x) {
        if (e < 16 * 64) (&As[0][0])[e] = __float2bfloat16(a.fin[(e * 3) & 8191] - 1.f);
        (&Bs[0][0])[e] = __float2bfloat16(0.5f - 0.3f * a.fin[(e + 101) & 8191]);
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    float c[4][4];
#pragma unroll
    for (int n = 0; n < 4; n++)
#pragma unroll
        for (int r = 0; r < 4; r++) c[n][r] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kb = ((unsigned)k & 3u) * 16u;
        unsigned a0, a1, a2, a3, b[2][4];
        unsigned pa = (unsigned)__cvta_generic_to_shared(&As[lane & 15u][kb + ((lane >> 4) << 3)]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
                     : "r"(pa));
#pragma unroll
        for (int nb = 0; nb < 2; nb++) {
            unsigned pb = (unsigned)__cvta_generic_to_shared(&Bs[kb + (lane & 7u) + (((lane >> 3) & 1u) << 3)][nb * 16u + ((lane >> 4) << 3)]);
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                         : "=r"(b[nb][0]), "=r"(b[nb][1]), "=r"(b[nb][2]), "=r"(b[nb][3])
                         : "r"(pb));
        }
#pragma unroll
        for (int n = 0; n < 4; n++)
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                         : "+f"(c[n][0]), "+f"(c[n][1]), "+f"(c[n][2]), "+f"(c[n][3])
                         : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b[n >> 1][(n & 1) * 2]), "r"(b[n >> 1][(n & 1) * 2 + 1]));
    }
    long long t1 = clock64();
    float v = 0.f;
#pragma unroll
    for (int n = 0; n < 4; n++) v += (c[n][0] + c[n][1]) + (c[n][2] + c[n][3]);
    finish(a, t0, t1, v);
}

__device__ __forceinline__ unsigned f2tf32(float x) {
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
    return r;
}

// Tensor cores without shared staging: a TF32 GEMM step for a 16 × 32
// tile of C whose fragments are loaded straight from global memory
// (a.fin, a new k-slice of four an iteration, each load 32 consecutive
// floats a warp), rounded by cvt.rna.tf32.f32, four mma.sync m16n8k4.
extern "C" __global__ void mma_tf32_m16n8k4_ldg_fin(Args a) {
    unsigned lane = threadIdx.x & 31u, g = lane >> 2, t = lane & 3u, wid = threadIdx.x >> 5;
    float c[4][4];
#pragma unroll
    for (int n = 0; n < 4; n++)
#pragma unroll
        for (int r = 0; r < 4; r++) c[n][r] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned base = ((unsigned)k * 192u + wid * 64u) & 8191u;
        unsigned a0 = f2tf32(a.fin[(base + g * 4u + t) & 8191u]);
        unsigned a1 = f2tf32(a.fin[(base + (g + 8u) * 4u + t) & 8191u]);
#pragma unroll
        for (int n = 0; n < 4; n++) {
            unsigned b0 = f2tf32(a.fin[(base + 64u + (unsigned)n * 32u + g * 4u + t) & 8191u]);
            asm volatile("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                         : "+f"(c[n][0]), "+f"(c[n][1]), "+f"(c[n][2]), "+f"(c[n][3])
                         : "r"(a0), "r"(a1), "r"(b0));
        }
    }
    long long t1 = clock64();
    float v = 0.f;
#pragma unroll
    for (int n = 0; n < 4; n++) v += (c[n][0] + c[n][1]) + (c[n][2] + c[n][3]);
    finish(a, t0, t1, v);
}

// An int8 GEMM step (s32 accumulate) for a 16 × 32 tile of C: A
// (16 × 64 bytes) and B (n-major, 32 × 64 bytes) in byte tiles padded to
// 80-byte rows, the fragments read as 32-bit shared loads (four bytes
// each), four mma.sync m16n8k16 s8; k-slices of 16 bytes cycled.
extern "C" __global__ void mma_s8_m16n8k16_lds32(Args a) {
    __shared__ __align__(16) signed char As[16][80];
    __shared__ __align__(16) signed char Bs[32][80];
    for (int e = threadIdx.x; e < 32 * 80; e += blockDim.x) {
        if (e < 16 * 80) (&As[0][0])[e] = (signed char)(a.uin[e & 8191] >> 9);
        (&Bs[0][0])[e] = (signed char)(a.uin[(e + 2222) & 8191] >> 17);
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, g = lane >> 2, t = lane & 3u;
    int c[4][4];
#pragma unroll
    for (int n = 0; n < 4; n++)
#pragma unroll
        for (int r = 0; r < 4; r++) c[n][r] = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kb = ((unsigned)k & 3u) * 16u + t * 4u;
        unsigned a0 = *reinterpret_cast<const unsigned*>(&As[g][kb]);
        unsigned a1 = *reinterpret_cast<const unsigned*>(&As[g + 8u][kb]);
#pragma unroll
        for (int n = 0; n < 4; n++) {
            unsigned b0 = *reinterpret_cast<const unsigned*>(&Bs[n * 8u + g][kb]);
            asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                         : "+r"(c[n][0]), "+r"(c[n][1]), "+r"(c[n][2]), "+r"(c[n][3])
                         : "r"(a0), "r"(a1), "r"(b0));
        }
    }
    long long t1 = clock64();
    int v = 0;
#pragma unroll
    for (int n = 0; n < 4; n++) v += (c[n][0] + c[n][1]) + (c[n][2] + c[n][3]);
    finish(a, t0, t1, (float)v);
}

// A DGEMM step on the FP64 tensor cores for an 8 × 16 tile of C: A
// (8 × 32 doubles) and B (n-major, 16 × 32) in shared tiles padded to
// rows of 36 doubles, a double of each a lane, two mma.sync m8n8k4 f64;
// k-slices of 4 cycled.
extern "C" __global__ void dmma_f64_m8n8k4_smem(Args a) {
    __shared__ double As[8][36];
    __shared__ double Bs[16][36];
    for (int e = threadIdx.x; e < 16 * 36; e += blockDim.x) {
        if (e < 8 * 36) (&As[0][0])[e] = (double)a.fin[(e * 7) & 8191] - 1.0;
        (&Bs[0][0])[e] = 0.25 - 0.125 * (double)a.fin[(e + 55) & 8191];
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, g = lane >> 2, t = lane & 3u;
    double c[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kb = ((unsigned)k & 7u) * 4u + t;
        double a0 = As[g][kb];
#pragma unroll
        for (int nb = 0; nb < 2; nb++) {
            double b0 = Bs[nb * 8u + g][kb];
            asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};\n"
                         : "+d"(c[nb][0]), "+d"(c[nb][1])
                         : "d"(a0), "d"(b0));
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((c[0][0] + c[0][1]) + (c[1][0] + c[1][1])));
}

// ---------------------------------------------------------------------
// cp.async
// ---------------------------------------------------------------------

// A three-stage block-wide ring filled by 16-byte cp.async.cg (L2 only):
// the chunk two ahead (blockDim float4, chunks grid-stride by block)
// requested, commit, wait_group 2, a block barrier, the thread's float4
// dotted with its neighbour's, a barrier; the ring indices advanced
// without a modulo.
extern "C" __global__ void cp_async_cg16_three_stage(Args a) {
    __shared__ __align__(16) float4 buf[3][1024];
    unsigned m = ((a.bigMask + 1) >> 2) - 1, t = threadIdx.x, bd = blockDim.x;
    const float4* g = reinterpret_cast<const float4*>(a.big);
#pragma unroll
    for (unsigned s = 0u; s < 2u; s++) {
        unsigned sa = (unsigned)__cvta_generic_to_shared(&buf[s][t]);
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(sa), "l"(g + (((blockIdx.x + s * gridDim.x) * bd + t) & m))
                     : "memory");
        asm volatile("cp.async.commit_group;\n" ::: "memory");
    }
    unsigned rd = 0u, wr = 2u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned nxt = ((blockIdx.x + ((unsigned)k + 2u) * gridDim.x) * bd + t) & m;
        unsigned sa = (unsigned)__cvta_generic_to_shared(&buf[wr][t]);
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(sa), "l"(g + nxt) : "memory");
        asm volatile("cp.async.commit_group;\n" ::: "memory");
        asm volatile("cp.async.wait_group 2;\n" ::: "memory");
        __syncthreads();
        float4 v = buf[rd][t], u = buf[rd][t ^ 1u];
        acc += v.x * u.x + v.y * u.y + v.z * u.z + v.w * u.w;
        __syncthreads();
        rd = rd == 2u ? 0u : rd + 1u;
        wr = wr == 2u ? 0u : wr + 1u;
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_all;\n" ::: "memory");
    finish(a, t0, t1, acc);
}

// A per-warp double buffer of ragged rows (rows of up to 32 float4, a
// warp a row, rows grid-stride by warp): the next row requested by
// 16-byte cp.async.ca whose source size is 0 past the row's length (17
// to 32, a hash of the row), so the tail is zero-filled; commit,
// wait_group 1, __syncwarp, the lane's float4 times its neighbour's,
// __syncwarp.
extern "C" __global__ void cp_async_zfill_ragged_rows(Args a) {
    __shared__ __align__(16) float4 buf[2][1024];
    unsigned rm = ((a.bigMask + 1) >> 7) - 1, t = threadIdx.x, lane = t & 31u;
    unsigned w = (unsigned)gtid() >> 5, W = gthreads() >> 5;
    const float4* g = reinterpret_cast<const float4*>(a.big);
    {
        unsigned r = w & rm, len = 17u + ((r * 0x9e3779b1u) >> 28);
        unsigned sa = (unsigned)__cvta_generic_to_shared(&buf[0][t]);
        asm volatile("cp.async.ca.shared.global [%0], [%1], 16, %2;\n" ::"r"(sa), "l"(g + r * 32u + lane), "r"(lane < len ? 16u : 0u)
                     : "memory");
        asm volatile("cp.async.commit_group;\n" ::: "memory");
    }
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (w + ((unsigned)k + 1u) * W) & rm, len = 17u + ((r * 0x9e3779b1u) >> 28);
        unsigned sa = (unsigned)__cvta_generic_to_shared(&buf[(k + 1) & 1][t]);
        asm volatile("cp.async.ca.shared.global [%0], [%1], 16, %2;\n" ::"r"(sa), "l"(g + r * 32u + lane), "r"(lane < len ? 16u : 0u)
                     : "memory");
        asm volatile("cp.async.commit_group;\n" ::: "memory");
        asm volatile("cp.async.wait_group 1;\n" ::: "memory");
        __syncwarp();
        float4 v = buf[k & 1][t], u = buf[k & 1][t ^ 1u];
        acc += v.x * u.y + v.y * u.x + v.z * u.w + v.w * u.z;
        __syncwarp();
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_all;\n" ::: "memory");
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Softmax, LayerNorm and attention rows
// ---------------------------------------------------------------------

// A row softmax of 128-float rows (the footprint's first half), a warp a
// row (rows grid-stride by warp), a float4 a lane: the maximum by five
// __shfl_xor_sync, the exponentials by __expf, their sum by five more,
// the row scaled by the reciprocal and stored to the second half.
extern "C" __global__ void softmax_warp_row128_two_pass(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, rm = (h >> 7) - 1, lane = threadIdx.x & 31u;
    unsigned w = (unsigned)gtid() >> 5, W = gthreads() >> 5;
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float4* Y = reinterpret_cast<float4*>(a.big + h);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (w + (unsigned)k * W) & rm;
        float4 v = X[r * 32u + lane];
        float mx = fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) mx = fmaxf(mx, __shfl_xor_sync(ALL_LANES, mx, o));
        float4 e = make_float4(__expf(v.x - mx), __expf(v.y - mx), __expf(v.z - mx), __expf(v.w - mx));
        float s = (e.x + e.y) + (e.z + e.w);
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(ALL_LANES, s, o);
        float inv = 1.f / s;
        Y[r * 32u + lane] = make_float4(e.x * inv, e.y * inv, e.z * inv, e.w * inv);
    }
    long long t1 = clock64();
    finish(a, t0, t1, Y[(w & rm) * 32u + lane].x);
}

// LayerNorm of 256-float rows (the footprint's first half), a warp a
// row (rows grid-stride by warp), two float4 a lane: each lane's mean
// and M2 by Welford's update, merged across the warp by Chan's formula
// through five rounds of __shfl_xor_sync, rsqrtf of the variance, the
// row normalized with gamma and beta (registers) and stored to the
// second half.
extern "C" __global__ void layernorm_welford_warp_row256(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, rm = (h >> 8) - 1, lane = threadIdx.x & 31u;
    unsigned w = (unsigned)gtid() >> 5, W = gthreads() >> 5;
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float4* Y = reinterpret_cast<float4*>(a.big + h);
    const float4 g0 = reinterpret_cast<const float4*>(a.fin)[lane], g1 = reinterpret_cast<const float4*>(a.fin)[lane + 32u];
    const float4 b0 = reinterpret_cast<const float4*>(a.fin)[lane + 64u], b1 = reinterpret_cast<const float4*>(a.fin)[lane + 96u];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (w + (unsigned)k * W) & rm;
        float4 x0 = X[r * 64u + lane], x1 = X[r * 64u + 32u + lane];
        float xs[8] = {x0.x, x0.y, x0.z, x0.w, x1.x, x1.y, x1.z, x1.w};
        float mean = 0.f, m2 = 0.f;
#pragma unroll
        for (int e = 0; e < 8; e++) {
            float d = xs[e] - mean;
            mean += d * (1.f / (float)(e + 1));
            m2 = fmaf(d, xs[e] - mean, m2);
        }
        float n = 8.f;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            float om = __shfl_xor_sync(ALL_LANES, mean, o), o2 = __shfl_xor_sync(ALL_LANES, m2, o);
            float d = om - mean;
            mean = 0.5f * (mean + om);
            m2 = m2 + o2 + d * d * (0.5f * n);
            n *= 2.f;
        }
        float rstd = rsqrtf(m2 * (1.f / 256.f) + 1e-5f);
        Y[r * 64u + lane] = make_float4(fmaf((x0.x - mean) * rstd, g0.x, b0.x), fmaf((x0.y - mean) * rstd, g0.y, b0.y),
                                        fmaf((x0.z - mean) * rstd, g0.z, b0.z), fmaf((x0.w - mean) * rstd, g0.w, b0.w));
        Y[r * 64u + 32u + lane] = make_float4(fmaf((x1.x - mean) * rstd, g1.x, b1.x), fmaf((x1.y - mean) * rstd, g1.y, b1.y),
                                              fmaf((x1.z - mean) * rstd, g1.z, b1.z), fmaf((x1.w - mean) * rstd, g1.w, b1.w));
    }
    long long t1 = clock64();
    finish(a, t0, t1, Y[(w & rm) * 64u + lane].y);
}

// Causal attention of one query a thread (16 dimensions, registers)
// against 64 keys and values in shared memory (float4s; every thread
// reads the same key, a broadcast): the score by a dot product, masked
// to -inf past the thread's position, an online softmax by __expf, the
// value accumulated.
extern "C" __global__ void attention_causal_smem_keys(Args a) {
    __shared__ float4 Ks[64][4];
    __shared__ float4 Vs[64];
    for (unsigned e = threadIdx.x; e < 64u * 5u; e += blockDim.x) {
        const float* f = a.fin + e * 4u;
        float4 v = make_float4(f[0] - 1.f, f[1] - 1.f, f[2] - 1.f, f[3] - 1.f);
        if (e < 256u) (&Ks[0][0])[e] = v;
        else Vs[e - 256u] = v;
    }
    __syncthreads();
    unsigned pos = threadIdx.x & 63u;
    float4 q[4];
#pragma unroll
    for (int d = 0; d < 4; d++) q[d] = reinterpret_cast<const float4*>(a.fin)[1024u + (threadIdx.x & 127u) * 4u + d];
    float mx = -INFINITY, l = 0.f;
    float4 o = make_float4(0.f, 0.f, 0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (unsigned)k & 63u;
        float s = 0.f;
#pragma unroll
        for (int d = 0; d < 4; d++) {
            float4 kv = Ks[j][d];
            s = fmaf(q[d].x, kv.x, fmaf(q[d].y, kv.y, fmaf(q[d].z, kv.z, fmaf(q[d].w, kv.w, s))));
        }
        s = j <= pos ? 0.25f * s : -INFINITY;
        float mn = fmaxf(mx, s);
        float corr = __expf(mx - mn), p = __expf(s - mn);
        float4 v = Vs[j];
        l = fmaf(l, corr, p);
        o = make_float4(fmaf(o.x, corr, p * v.x), fmaf(o.y, corr, p * v.y), fmaf(o.z, corr, p * v.z), fmaf(o.w, corr, p * v.w));
        mx = mn;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (o.x + o.y + o.z + o.w) / l);
}

// ---------------------------------------------------------------------
// A small GEMM register tile
// ---------------------------------------------------------------------

// The inner product of a plain SGEMM with a 2 × 4 tile a thread, written
// with scalar shared loads: k-major 16 × 64 tiles of A and B, four k an
// iteration, each two floats of A (the thread's rows) and four of B
// (columns 16 apart), eight FMAs.
extern "C" __global__ void sgemm_regtile_2x4_scalar_lds(Args a) {
    __shared__ float As[16][64];
    __shared__ float Bs[16][64];
    for (int e = threadIdx.x; e < 16 * 64; e += blockDim.x) {
        (&As[0][0])[e] = 0.5f - 0.5f * a.fin[(e * 9) & 8191];
        (&Bs[0][0])[e] = 0.25f * a.fin[(e + 321) & 8191] - 0.1f;
    }
    __syncthreads();
    unsigned tx = threadIdx.x & 15u, ty = (threadIdx.x >> 4) & 31u;
    float c[2][4];
#pragma unroll
    for (int r = 0; r < 2; r++)
#pragma unroll
        for (int s = 0; s < 4; s++) c[r][s] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kb = ((unsigned)k & 3u) * 4u;
#pragma unroll
        for (unsigned q = 0; q < 4u; q++) {
            float a0 = As[kb + q][ty * 2u], a1 = As[kb + q][ty * 2u + 1u];
            float bv[4];
#pragma unroll
            for (int s = 0; s < 4; s++) bv[s] = Bs[kb + q][tx + 16u * s];
#pragma unroll
            for (int s = 0; s < 4; s++) {
                c[0][s] = fmaf(a0, bv[s], c[0][s]);
                c[1][s] = fmaf(a1, bv[s], c[1][s]);
            }
        }
    }
    long long t1 = clock64();
    float v = 0.f;
#pragma unroll
    for (int r = 0; r < 2; r++)
#pragma unroll
        for (int s = 0; s < 4; s++) v += c[r][s];
    finish(a, t0, t1, v);
}

// ---------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------

__device__ __forceinline__ unsigned div255(unsigned x) { return (x + 1u + (x >> 8)) >> 8; }

// RGBA8 "over" compositing in place: a source pixel (the footprint's
// first half) blended onto the destination (the second half) by the
// source alpha, per channel in integers with the divide-by-255 trick.
extern "C" __global__ void rgba8_alpha_blend_over(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const unsigned* S = reinterpret_cast<const unsigned*>(a.big);
    unsigned* D = reinterpret_cast<unsigned*>(a.big + h);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned s = S[j], d = D[j];
        unsigned sa = s >> 24, ia = 255u - sa;
        unsigned r = div255((s & 255u) * sa + (d & 255u) * ia);
        unsigned g = div255(((s >> 8) & 255u) * sa + ((d >> 8) & 255u) * ia);
        unsigned b = div255(((s >> 16) & 255u) * sa + ((d >> 16) & 255u) * ia);
        unsigned al = sa + div255((d >> 24) * ia);
        D[j] = r | (g << 8) | (b << 16) | (al << 24);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(D[i & m] & 0xffffu));
}

// NV12 (a 1024-wide Y plane and its interleaved half-height UV plane) to
// RGBA8 by the BT.601 integer formulas: two pixels an iteration
// (grid-stride) sharing one UV pair, the two Y bytes and the UV pair
// read as 16-bit words, the two clamped pixels stored as a uint2.
extern "C" __global__ void nv12_to_rgba8(Args a) {
    unsigned n = a.bigMask + 1, P = n >> 1, qm = (P >> 1) - 1, T = gthreads(), i = gtid();
    const unsigned short* Y16 = reinterpret_cast<const unsigned short*>(a.big);
    const unsigned short* UV16 = Y16 + (P >> 1);
    uint2* O = reinterpret_cast<uint2*>(a.big + (n >> 2));
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned q = (i + (unsigned)k * T) & qm;
        unsigned x2 = q & 511u, row = q >> 9;
        unsigned yy = Y16[q], uv = UV16[(row >> 1) * 512u + x2];
        int U = (int)(uv & 255u) - 128, V = (int)(uv >> 8) - 128;
        int rv = 409 * V, guv = -100 * U - 208 * V, bu = 516 * U;
        unsigned px[2];
#pragma unroll
        for (int e = 0; e < 2; e++) {
            int c = 298 * ((int)((yy >> (8 * e)) & 255u) - 16) + 128;
            int r = min(max((c + rv) >> 8, 0), 255), g = min(max((c + guv) >> 8, 0), 255), b = min(max((c + bu) >> 8, 0), 255);
            px[e] = (unsigned)r | ((unsigned)g << 8) | ((unsigned)b << 16) | 0xff000000u;
        }
        O[q] = make_uint2(px[0], px[1]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(O[i & qm].x & 0xffffu));
}

// ---------------------------------------------------------------------
// Hashing and random numbers
// ---------------------------------------------------------------------

__device__ __forceinline__ unsigned rotl32(unsigned x, int r) { return (x << r) | (x >> (32 - r)); }

// MurmurHash3 (x86, 32-bit) of 16-byte keys: a uint4 key of the
// footprint's first half (grid-stride), its four blocks mixed, the
// length and the final avalanche (fmix32) applied, the hash stored to the
// second half.
extern "C" __global__ void murmur3_key16_hash(Args a) {
    unsigned n = a.bigMask + 1, m = (n >> 3) - 1, T = gthreads(), i = gtid();
    const uint4* K = reinterpret_cast<const uint4*>(a.big);
    unsigned* H = reinterpret_cast<unsigned*>(a.big + (n >> 1));
    const unsigned seed = a.uin[9], c1 = 0xcc9e2d51u, c2 = 0x1b873593u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        uint4 key = K[j];
        unsigned blk[4] = {key.x, key.y, key.z, key.w};
        unsigned hh = seed;
#pragma unroll
        for (int b = 0; b < 4; b++) {
            unsigned k1 = blk[b] * c1;
            k1 = rotl32(k1, 15) * c2;
            hh ^= k1;
            hh = rotl32(hh, 13) * 5u + 0xe6546b64u;
        }
        hh ^= 16u;
        hh ^= hh >> 16;
        hh *= 0x85ebca6bu;
        hh ^= hh >> 13;
        hh *= 0xc2b2ae35u;
        hh ^= hh >> 16;
        H[j] = hh;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(H[i & m] >> 8));
}

// A two-choice cuckoo hash lookup in a table of (key, value) uint2 slots
// (the footprint's first half; every slot holds the fill word
// 0x3c3c3c3c): a query key from a hash of the position (one query in four
// asks for the fill word, the others miss), the first slot probed and
// the second one only where the first did not match; the value or a
// miss marker stored to the second half.
extern "C" __global__ void cuckoo_lookup_two_hash(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, sm = (h >> 1) - 1, T = gthreads(), i = gtid();
    const uint2* tab = reinterpret_cast<const uint2*>(a.big);
    unsigned* res = reinterpret_cast<unsigned*>(a.big + h);
    const unsigned FILL = 0x3c3c3c3cu;
    unsigned hits = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned hq = j * 0x9e3779b1u;
        hq ^= hq >> 16;
        unsigned key = (hq & 3u) == 0u ? FILL : (hq | 1u);
        unsigned h1 = key * 0xcc9e2d51u;
        h1 = (h1 ^ (h1 >> 15)) & sm;
        unsigned h2 = key * 0x1b873593u;
        h2 = (h2 ^ (h2 >> 13)) & sm;
        uint2 s1 = tab[h1];
        unsigned val = 0xffffffffu;
        if (s1.x == key) {
            val = s1.y;
        } else {
            uint2 s2 = tab[h2];
            if (s2.x == key) val = s2.y;
        }
        hits += val != 0xffffffffu ? 1u : 0u;
        res[j] = val;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)hits);
}

// Philox4x32-10 (the counter-based generator of cuRAND and Random123):
// the counter (iteration, thread) through ten rounds of two __umulhi
// multiplications and the key schedule, the four words turned into
// uniform floats and summed.
extern "C" __global__ void philox4x32_10_uniform(Args a) {
    const unsigned M0 = 0xD2511F53u, M1 = 0xCD9E8D57u, W0 = 0x9E3779B9u, W1 = 0xBB67AE85u;
    unsigned tid = (unsigned)gtid(), seed0 = a.uin[17], seed1 = a.uin[18];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c0 = (unsigned)k, c1 = tid, c2 = 0u, c3 = 0x1234u;
        unsigned k0 = seed0, k1 = seed1;
#pragma unroll
        for (int r = 0; r < 10; r++) {
            unsigned hi0 = __umulhi(M0, c0), lo0 = M0 * c0;
            unsigned hi1 = __umulhi(M1, c2), lo1 = M1 * c2;
            unsigned n0 = hi1 ^ c1 ^ k0, n2 = hi0 ^ c3 ^ k1;
            c0 = n0;
            c1 = lo1;
            c2 = n2;
            c3 = lo0;
            k0 += W0;
            k1 += W1;
        }
        acc += ((float)c0 + (float)c1 + (float)c2 + (float)c3) * 2.3283064e-10f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// PCG32 (64-bit LCG state, xorshift and random rotation output) a
// thread, each draw turned into an exponential variate -logf(u) by the
// precise logf, summed.
extern "C" __global__ void pcg32_exponential_variates(Args a) {
    unsigned long long state = 0x853c49e6748fea9bull + (unsigned long long)gtid() * 0x9e3779b97f4a7c15ull;
    const unsigned long long inc = ((unsigned long long)gtid() << 1) | 1ull;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned long long old = state;
        state = old * 6364136223846793005ull + inc;
        unsigned xs = (unsigned)(((old >> 18) ^ old) >> 27), rot = (unsigned)(old >> 59);
        unsigned r = (xs >> rot) | (xs << ((32u - rot) & 31u));
        float u = (float)((r >> 8) + 1u) * (1.f / 16777216.f);
        acc += -logf(u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Sparse matrices and data-dependent loops
// ---------------------------------------------------------------------

// CSR SpMV, the vector kernel: a warp a row (rows grid-stride by warp),
// the row's length (8 to 39) from a loaded word (the footprint's third
// quarter) and its start at 64 slots a row; the lanes stride over the
// row's values (first quarter) and columns (second quarter), x gathered
// from a.fin, the sum by five __shfl_xor_sync, y stored by lane 0 to the
// fourth quarter.
extern "C" __global__ void spmv_csr_vector_warp(Args a) {
    unsigned q = (a.bigMask + 1) >> 2, R = q >> 6, lane = threadIdx.x & 31u;
    unsigned w = (unsigned)gtid() >> 5, W = gthreads() >> 5;
    const float* val = a.big;
    const unsigned* col = reinterpret_cast<const unsigned*>(a.big + q);
    const unsigned* rl = reinterpret_cast<const unsigned*>(a.big + 2 * q);
    float* y = a.big + 3 * q;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (w + (unsigned)k * W) & (R - 1u);
        unsigned start = r * 64u, len = 8u + ((rl[r] ^ (r * 0x9e3779b1u)) >> 27);
        float s = 0.f;
        for (unsigned e = lane; e < len; e += 32u) {
            unsigned p = start + e;
            s = fmaf(val[p], a.fin[(col[p] ^ (p * 0x85ebca6bu)) & 8191u], s);
        }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(ALL_LANES, s, o);
        if (lane == 0u) y[r] = s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, y[w & (R - 1u)]);
}

// The Mandelbrot escape time of a pixel of a 512 × 512 view an
// iteration (pixels grid-stride, neighbours in neighbouring lanes): the
// while loop of z = z² + c runs until |z| > 2 or 64 steps, a different
// number of times in each lane.
extern "C" __global__ void mandelbrot_escape_time(Args a) {
    unsigned T = gthreads(), i = gtid(), total = 0u;
    const float x0 = -2.f, y0 = -1.25f, d = 2.5f / 512.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned p = (i + (unsigned)k * T) & (512u * 512u - 1u);
        float cr = fmaf((float)(p & 511u), d, x0), ci = fmaf((float)(p >> 9), d, y0);
        float zr = 0.f, zi = 0.f;
        unsigned it = 0u;
        while (it < 64u && zr * zr + zi * zi <= 4.f) {
            float t = fmaf(zr, zr, fmaf(-zi, zi, cr));
            zi = fmaf(2.f * zr, zi, ci);
            zr = t;
            it++;
        }
        total += it;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)total);
}

// A binary search (lower bound) of a query from an LCG in a sorted array
// of 1024 floats in shared memory: the while loop halves the range ten or
// eleven times, each step reading a data-dependent element.
extern "C" __global__ void binary_search_smem_sorted(Args a) {
    __shared__ float keys[1024];
    for (unsigned e = threadIdx.x; e < 1024u; e += blockDim.x) keys[e] = 0.5f * (float)e + 0.25f * a.fin[e];
    __syncthreads();
    unsigned s = (unsigned)gtid() * 0x9e3779b1u + 1u, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = s * 1664525u + 1013904223u;
        float q = (float)(s >> 16) * (512.f / 65536.f);
        unsigned lo = 0u, hi = 1024u;
        while (lo < hi) {
            unsigned mid = (lo + hi) >> 1;
            if (keys[mid] < q) lo = mid + 1u;
            else hi = mid;
        }
        acc += lo;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}
