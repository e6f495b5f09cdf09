// A seventeenth validation corpus for gpuarch analyze ("dev17" and
// "heldout17"): fifty-six loops written as a new user would write them,
// by a writer who has read none of the model, its testdata, its error
// figures or any measurement; of the earlier corpora only corpus16's
// files (its kernels.cu, cases.inc and split.txt), as format examples,
// no loop copied, and the harness. The set:
// streams (a float2 copy; a folded batch-norm and ReLU6 clamp in place
// on scalar floats; a half AXPY on eight halves by __hfma2; the STREAM
// triad on float4s; GELU by the precise tanhf on float4s), reductions
// and prefix sums (a tensor's absolute maximum by __shfl_down_sync; the
// classic shared-memory tree reduction with sequential addressing; a
// per-block count by __reduce_add_sync and atomicAdd; Blelloch's
// up-sweep/down-sweep scan of 512 floats in shared memory; counts to
// offsets by a warp scan with a running carry), histograms (the 64-bin
// counting pass of a radix hash partition into per-warp shared bins; a
// 1024-bin global histogram of hashed keys), stencils (the textbook 1D
// three-point stencil through a shared tile with halos; a 3D seven-point
// Laplacian read straight from global memory; a 3D seven-point stencil
// marching in z with a shared xy tile and the z neighbours in
// registers), transposes (a 32 × 32 tile XOR-swizzled instead of
// padded; a block-resident tile transposed back and forth between
// unpadded shared arrays; a complex float2 matrix through a padded
// tile), matrix-vector and register-tiled GEMM (a warp-a-row GEMV of
// 128-float rows; a 4 × 8 SGEMM register tile from shared float4s; a
// 2 × 2 DGEMM tile from shared double2s; an HGEMM tile accumulating in
// half2), int8 and int4 (an int16 × int8 dot product by __dp2a_lo and
// __dp2a_hi; a W4A8 GEMV step, int4 weights unpacked by masks and
// __vsub4, by __dp4a), tensor cores (mma.sync m16n8k8 with f16
// accumulators from ldmatrix.x2 and ldmatrix.x2.trans; mma.sync m16n8k8
// tf32 from padded shared floats by cvt.rna.tf32.f32; mma.sync m16n8k32
// s8 from ldmatrix.x4; wmma 16×16×16 bf16 with float accumulators),
// cp.async (a block-wide double buffer by raw cp.async.ca of 4 bytes; a
// per-thread two-stage cuda::pipeline by cuda::memcpy_async), FP64 (a
// Coulomb potential and field by sqrt and double divisions; a Kahan
// compensated sum in double of a float stream), special functions and
// conversions (the precise erfcf, powf and erff; Mish by __expf, __logf
// and tanh.approx.f32; floats stored as bf16 and as FP8 E5M2, read back
// through half, and rounded to int), integer work (a 64-bit word's rank,
// leading zeros, bit reversal, funnel shift, bit field, __ffs and byte
// permute; 3D Morton encoding and decoding by magic masks; index
// decoding by runtime 32-bit divisions and modulos, a 64-bit division by
// a runtime pitch and a signed periodic modulo), warp votes and
// gathers (warp stream compaction by __ballot_sync and __popc ranks with
// __all_sync; a gather through loaded indices), strided loads (the real
// part of an interleaved complex array, stride 2; the alpha channel of
// float RGBA pixels, stride 4; one field of 32-byte records, stride 8;
// decimation by 32), data-dependent loops and sorting networks (Euclid's
// gcd in a while loop; Batcher's 19-comparator network on eight
// registers for a trimmed mean; a block-wide bitonic sort of 256 floats
// in shared memory), normalization and attention rows (RMSNorm of
// 512-float rows, a warp a row; one query's attention over streamed key
// and value rows with an online softmax), sparse matrices and graphs
// (ELL SpMV column-major; COO SpMV by float atomicAdd; one level of a
// multi-source BFS claiming vertices by atomicExch and appending them by
// atomicAdd), Monte Carlo (a European call by xorshift32 and Box-Muller),
// images (bilinear resampling by hand; the Sobel magnitude of an 8-bit
// image) and bytes (ASCII upper-casing by the SIMD byte compares).
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
#include <cuda_fp8.h>
#include <cuda/pipeline>
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

__device__ __forceinline__ int gtid() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ unsigned gthreads() { return gridDim.x * blockDim.x; }

#define ALL_LANES 0xffffffffu

// ---------------------------------------------------------------------
// Streams
// ---------------------------------------------------------------------

// A float2 copy (cudaMemcpy written as a kernel): the footprint's first
// half into its second half, grid-stride.
extern "C" __global__ void copy_f2_stream(Args a) {
    unsigned h = (a.bigMask + 1) >> 2, m = h - 1, T = gthreads(), i = gtid();
    const float2* X = reinterpret_cast<const float2*>(a.big);
    float2* Y = reinterpret_cast<float2*>(a.big) + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        Y[j] = X[j];
    }
    long long t1 = clock64();
    finish(a, t0, t1, Y[i & m].x);
}

// A folded batch-norm followed by ReLU6, in place on scalar floats:
// x = min(max(alpha * x + beta, 0), 6) over the whole footprint.
extern "C" __global__ void scale_clamp_f_stream(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    float* X = a.big;
    const float alpha = 0.5f + a.fin[3], beta = a.fin[17] - 1.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        X[j] = fminf(fmaxf(fmaf(alpha, X[j], beta), 0.f), 6.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, X[i & m]);
}

// A half-precision AXPY y = alpha * x + y, eight halves (a uint4) of x
// (the footprint's first half) and of y (its second half) an iteration,
// four __hfma2.
extern "C" __global__ void axpy_half8_hfma2(Args a) {
    unsigned h = (a.bigMask + 1) >> 3, m = h - 1, T = gthreads(), i = gtid();
    const uint4* X = reinterpret_cast<const uint4*>(a.big);
    uint4* Y = reinterpret_cast<uint4*>(a.big) + h;
    const __half2 alpha = __float2half2_rn(a.fin[5] - 0.25f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        uint4 xv = X[j], yv = Y[j];
        __half2* xh = reinterpret_cast<__half2*>(&xv);
        __half2* yh = reinterpret_cast<__half2*>(&yv);
#pragma unroll
        for (int e = 0; e < 4; e++) yh[e] = __hfma2(alpha, xh[e], yh[e]);
        Y[j] = yv;
    }
    long long t1 = clock64();
    uint4 r = Y[i & m];
    finish(a, t0, t1, __low2float(*reinterpret_cast<__half2*>(&r.x)));
}

// The STREAM triad A = B + s * C on float4s: B and C the footprint's
// first two quarters, A its third.
extern "C" __global__ void triad_f4_stream(Args a) {
    unsigned q = (a.bigMask + 1) >> 4, m = q - 1, T = gthreads(), i = gtid();
    const float4* B = reinterpret_cast<const float4*>(a.big);
    const float4* C = B + q;
    float4* A = reinterpret_cast<float4*>(a.big) + 2 * q;
    const float s = 3.f * a.fin[1];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float4 b = B[j], c = C[j];
        A[j] = make_float4(fmaf(s, c.x, b.x), fmaf(s, c.y, b.y), fmaf(s, c.z, b.z), fmaf(s, c.w, b.w));
    }
    long long t1 = clock64();
    finish(a, t0, t1, A[i & m].z);
}

__device__ __forceinline__ float gelu_tanh(float x) {
    const float k0 = 0.7978845608f, k1 = 0.044715f;
    return 0.5f * x * (1.f + tanhf(k0 * fmaf(k1 * x, x * x, x)));
}

// GELU (the tanh approximation, by the precise tanhf) on float4s: the
// footprint's first half in, its second half out.
extern "C" __global__ void gelu_tanh_f4_stream(Args a) {
    unsigned h = (a.bigMask + 1) >> 3, m = h - 1, T = gthreads(), i = gtid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float4* Y = reinterpret_cast<float4*>(a.big) + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float4 v = X[j];
        Y[j] = make_float4(gelu_tanh(v.x), gelu_tanh(v.y), gelu_tanh(v.z), gelu_tanh(v.w));
    }
    long long t1 = clock64();
    finish(a, t0, t1, Y[i & m].w);
}

// ---------------------------------------------------------------------
// Reductions and prefix sums
// ---------------------------------------------------------------------

// The absolute maximum of a tensor (for an FP8 scale): a float4 a lane
// (grid-stride), the lane's max |x|, the warp's by five __shfl_down_sync,
// kept by lane 0.
extern "C" __global__ void warp_absmax_shfl_down(Args a) {
    unsigned m = ((a.bigMask + 1) >> 2) - 1, lane = threadIdx.x & 31u, T = gthreads(), i = gtid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float amax = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float4 v = X[(i + (unsigned)k * T) & m];
        float x = fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w)));
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) x = fmaxf(x, __shfl_down_sync(ALL_LANES, x, o));
        if (lane == 0u) amax = fmaxf(amax, x);
    }
    long long t1 = clock64();
    finish(a, t0, t1, amax);
}

// The classic shared-memory tree reduction (sequential addressing): two
// values of a.fin a thread added on the way in, the halving loop with a
// block barrier while the stride exceeds a warp, __syncwarp below.
extern "C" __global__ void block_tree_reduce_smem(Args a) {
    __shared__ float sdata[1024];
    unsigned t = threadIdx.x, bd = blockDim.x, base = blockIdx.x * bd * 2u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned g = base + (unsigned)k * 2u * bd * gridDim.x + t;
        sdata[t] = a.fin[g & 8191u] + a.fin[(g + bd) & 8191u];
        __syncthreads();
        for (unsigned s = bd >> 1; s > 0u; s >>= 1) {
            if (t < s) sdata[t] += sdata[t + s];
            if (s > 32u) __syncthreads();
            else __syncwarp();
        }
        __syncthreads();
        acc += sdata[0];
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Counting the elements above a threshold, per block: a word of the
// footprint (grid-stride) compared, the warp's count by
// __reduce_add_sync, lane 0 adding it to its block's counter (128
// counters at the footprint's start) by atomicAdd.
extern "C" __global__ void reduce_add_sync_atomic_u32(Args a) {
    unsigned m = a.bigMask, lane = threadIdx.x & 31u, T = gthreads(), i = gtid();
    const unsigned* W = reinterpret_cast<const unsigned*>(a.big);
    unsigned* counters = reinterpret_cast<unsigned*>(a.big);
    const unsigned thr = 0x3c000000u + (a.uin[3] >> 8);
    unsigned mine = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned v = W[j] ^ (j & 0x00ffffffu);
        unsigned c = __reduce_add_sync(ALL_LANES, v > thr ? 1u : 0u);
        if (lane == 0u) atomicAdd(&counters[blockIdx.x & 127u], c);
        mine += c;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)mine);
}

// Blelloch's work-efficient exclusive scan of 512 floats in shared
// memory (GPU Gems 3, without the bank-conflict offsets): the up-sweep,
// the root cleared, the down-sweep, a block barrier before each level,
// the block's threads sharing each level's pairs.
extern "C" __global__ void blelloch_scan_smem(Args a) {
    __shared__ float src[512];
    __shared__ float temp[512];
    unsigned t = threadIdx.x, bd = blockDim.x;
    for (unsigned e = t; e < 512u; e += bd) src[e] = a.fin[(e * 3u) & 8191u];
    __syncthreads();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float sc = 1.f + (float)(k & 7) * 0.125f;
        for (unsigned e = t; e < 512u; e += bd) temp[e] = src[e] * sc;
        unsigned offset = 1u;
        for (unsigned d = 256u; d > 0u; d >>= 1) {
            __syncthreads();
            for (unsigned p = t; p < d; p += bd) {
                unsigned ai = offset * (2u * p + 1u) - 1u, bi = offset * (2u * p + 2u) - 1u;
                temp[bi] += temp[ai];
            }
            offset <<= 1;
        }
        if (t == 0u) temp[511] = 0.f;
        for (unsigned d = 1u; d < 512u; d <<= 1) {
            offset >>= 1;
            __syncthreads();
            for (unsigned p = t; p < d; p += bd) {
                unsigned ai = offset * (2u * p + 1u) - 1u, bi = offset * (2u * p + 2u) - 1u;
                float x = temp[ai];
                temp[ai] = temp[bi];
                temp[bi] += x;
            }
        }
        __syncthreads();
        acc += temp[t & 511u];
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Counts to offsets over a long array: each warp scans 32 consecutive
// counts (the low nibble of a word of the footprint's first half, the
// warp's chunks grid-stride) by five __shfl_up_sync, adds the running
// carry, stores the exclusive offsets in the second half and carries
// lane 31's total on by __shfl_sync.
extern "C" __global__ void warp_scan_carry_u32(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, lane = threadIdx.x & 31u;
    unsigned w = (unsigned)gtid() >> 5, W = gthreads() >> 5;
    const unsigned* cnt = reinterpret_cast<const unsigned*>(a.big);
    unsigned* off = reinterpret_cast<unsigned*>(a.big) + h;
    unsigned carry = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = ((w + (unsigned)k * W) * 32u + lane) & m;
        unsigned c = cnt[j] & 15u, x = c;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            unsigned y = __shfl_up_sync(ALL_LANES, x, d);
            if (lane >= (unsigned)d) x += y;
        }
        off[j] = carry + x - c;
        carry += __shfl_sync(ALL_LANES, x, 31);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)carry);
}

// ---------------------------------------------------------------------
// Histograms
// ---------------------------------------------------------------------

// The counting pass of a radix hash partition (64 partitions): a key (a
// word of the footprint plus its position, grid-stride) hashed
// multiplicatively, its top six bits counted by atomicAdd into the
// warp's own 64 shared bins; the warps' bins summed at the end.
extern "C" __global__ void hist_per_warp_smem64(Args a) {
    __shared__ unsigned hist[32][64];
    unsigned wid = threadIdx.x >> 5, lane = threadIdx.x & 31u, m = a.bigMask, T = gthreads(), i = gtid();
    for (unsigned e = threadIdx.x; e < 32u * 64u; e += blockDim.x) (&hist[0][0])[e] = 0u;
    __syncthreads();
    const unsigned* keys = reinterpret_cast<const unsigned*>(a.big);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned key = keys[j] + j;
        atomicAdd(&hist[wid][(key * 0x9e3779b1u) >> 26], 1u);
    }
    long long t1 = clock64();
    __syncthreads();
    unsigned tot = 0u;
    for (unsigned w = 0; w < (blockDim.x >> 5); w++) tot += hist[w][lane] + hist[w][lane + 32u];
    finish(a, t0, t1, (float)tot);
}

// A 1024-bin global histogram of hashed keys: a key (a word of the
// footprint's second half mixed with its position, grid-stride) hashed,
// its bin in the first 1024 words counted by atomicAdd.
extern "C" __global__ void hist_global_1024_atomic(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    unsigned* bins = reinterpret_cast<unsigned*>(a.big);
    const unsigned* keys = reinterpret_cast<const unsigned*>(a.big) + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned key = keys[j] ^ (j * 0x27d4eb2fu);
        key ^= key >> 15;
        key *= 0x2c1b3c6du;
        atomicAdd(&bins[key >> 22], 1u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)bins[threadIdx.x & 1023u]);
}

// ---------------------------------------------------------------------
// Stencils
// ---------------------------------------------------------------------

// The textbook 1D three-point stencil through shared memory: a chunk of
// blockDim floats of the footprint's first half (chunks grid-stride by
// block) loaded with a one-element halo on each side by the edge
// threads, a barrier, the weighted sum stored to the second half, a
// barrier.
extern "C" __global__ void stencil1d_3pt_smem_halo(Args a) {
    __shared__ float s[1026];
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, t = threadIdx.x, bd = blockDim.x;
    const float* in = a.big;
    float* out = a.big + h;
    const float w0 = 0.25f, w1 = 0.5f, w2 = 0.25f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned base = (blockIdx.x + (unsigned)k * gridDim.x) * bd;
        s[t + 1u] = in[(base + t) & m];
        if (t == 0u) s[0] = in[(base - 1u) & m];
        if (t == bd - 1u) s[bd + 1u] = in[(base + bd) & m];
        __syncthreads();
        out[(base + t) & m] = w0 * s[t] + w1 * s[t + 1u] + w2 * s[t + 2u];
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, out[(blockIdx.x * bd + t) & m]);
}

// A 3D seven-point Laplacian without shared memory on a 64 × 64 × Z grid
// (the footprint's first half, periodic), a point an iteration
// (grid-stride), each neighbour read from global memory; the result
// stored to the second half.
extern "C" __global__ void stencil3d_7pt_global(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const float* u = a.big;
    float* v = a.big + h;
    const float c0 = -6.f, c1 = 1.f, dt = 0.1f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned x = j & 63u, row = j & ~63u, y = (j >> 6) & 63u, plane = j & ~4095u;
        float c = u[j];
        float sx = u[row | ((x + 1u) & 63u)] + u[row | ((x - 1u) & 63u)];
        float sy = u[plane | (((y + 1u) & 63u) << 6) | x] + u[plane | (((y - 1u) & 63u) << 6) | x];
        float sz = u[(j + 4096u) & m] + u[(j - 4096u) & m];
        v[j] = c + dt * (c0 * c + c1 * (sx + sy + sz));
    }
    long long t1 = clock64();
    finish(a, t0, t1, v[i & m]);
}

// A 3D seven-point stencil marching in z through a 256 × 256 × Z grid
// (the footprint's first half): each block a 32 × W tile of the xy
// plane, the z neighbours held in registers (behind, current, in front),
// the current plane in a shared tile with its x and y halos loaded by
// the edge threads; two barriers a plane; the result stored to the
// second half.
extern "C" __global__ void stencil3d_7pt_smem_zmarch(Args a) {
    __shared__ float tile[34][34];
    unsigned h = (a.bigMask + 1) >> 1, Z = h >> 16, tx = threadIdx.x & 31u, ty = threadIdx.x >> 5, nw = blockDim.x >> 5;
    const float* u = a.big;
    float* v = a.big + h;
    unsigned tilesX = 8u, tilesY = 256u / nw, tid = blockIdx.x & (tilesX * tilesY - 1u);
    unsigned gx = (tid & 7u) * 32u + tx, gy = (tid >> 3) * nw + ty;
    unsigned xy = gy * 256u + gx;
    unsigned xl = gy * 256u + ((gx - 1u) & 255u), xr = gy * 256u + ((gx + 1u) & 255u);
    unsigned yd = ((gy - 1u) & 255u) * 256u + gx, yu = ((gy + 1u) & 255u) * 256u + gx;
    const float c0 = 0.4f, c1 = 0.1f;
    float behind = u[((Z - 1u) << 16) + xy], cur = u[xy];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned z = (unsigned)k & (Z - 1u), zf = (z + 1u) & (Z - 1u);
        unsigned pz = z << 16;
        float front = u[(zf << 16) + xy];
        tile[ty + 1u][tx + 1u] = cur;
        if (tx == 0u) tile[ty + 1u][0] = u[pz + xl];
        if (tx == 31u) tile[ty + 1u][33] = u[pz + xr];
        if (ty == 0u) tile[0][tx + 1u] = u[pz + yd];
        if (ty == nw - 1u) tile[nw + 1u][tx + 1u] = u[pz + yu];
        __syncthreads();
        float s = tile[ty][tx + 1u] + tile[ty + 2u][tx + 1u] + tile[ty + 1u][tx] + tile[ty + 1u][tx + 2u];
        v[pz + xy] = c0 * cur + c1 * (s + behind + front);
        __syncthreads();
        behind = cur;
        cur = front;
    }
    long long t1 = clock64();
    finish(a, t0, t1, v[xy]);
}

// ---------------------------------------------------------------------
// Transposes
// ---------------------------------------------------------------------

// The tiled transpose of a matrix of 1024-float rows (the footprint's
// first half) into its second half through an unpadded 32 × 32 shared
// tile whose columns are XOR-swizzled by the row (element (r, c) at
// column c ^ r), so the column reads spread over the banks.
extern "C" __global__ void transpose_xor_swizzle_tile(Args a) {
    __shared__ float tile[32][32];
    unsigned h = (a.bigMask + 1) >> 1, R = h >> 10, tx = threadIdx.x & 31u, ty = threadIdx.x >> 5, nw = blockDim.x >> 5;
    const float* in = a.big;
    float* out = a.big + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned t = (blockIdx.x + (unsigned)k * gridDim.x) & (R - 1u);
        unsigned tr = t >> 5, tc = t & 31u;
        for (unsigned r = ty; r < 32u; r += nw) tile[r][tx ^ r] = in[(tr * 32u + r) * 1024u + tc * 32u + tx];
        __syncthreads();
        for (unsigned r = ty; r < 32u; r += nw) out[(tc * 32u + r) * R + tr * 32u + tx] = tile[tx][r ^ tx];
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, out[(threadIdx.x * R) & (h - 1u)]);
}

// A block-resident 32 × 32 tile transposed back and forth between two
// unpadded shared arrays (as between the row and column passes of a 2D
// transform): rows read, columns written (one bank a column), a barrier,
// the transposed tile scaled back into the first array, a barrier.
extern "C" __global__ void transpose_smem_resident_unpadded(Args a) {
    __shared__ float A[32][32];
    __shared__ float B[32][32];
    unsigned tx = threadIdx.x & 31u, ty = threadIdx.x >> 5, nw = blockDim.x >> 5;
    for (unsigned r = ty; r < 32u; r += nw) A[r][tx] = a.fin[(r * 32u + tx) & 8191u];
    __syncthreads();
    const float sc = 0.999f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        for (unsigned r = ty; r < 32u; r += nw) B[tx][r] = A[r][tx];
        __syncthreads();
        for (unsigned r = ty; r < 32u; r += nw) A[r][tx] = fmaf(B[r][tx], sc, 0.001f);
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, A[ty & 31u][tx]);
}

// The tiled transpose of a complex (float2) matrix of 512-element rows
// (the footprint's first half) into its second half through a 32 × 33
// float2 shared tile (padded by one element).
extern "C" __global__ void transpose_f2_tile_padded(Args a) {
    __shared__ float2 tile[32][33];
    unsigned h = (a.bigMask + 1) >> 2, R = h >> 9, tx = threadIdx.x & 31u, ty = threadIdx.x >> 5, nw = blockDim.x >> 5;
    const float2* in = reinterpret_cast<const float2*>(a.big);
    float2* out = reinterpret_cast<float2*>(a.big) + h;
    unsigned tilesC = 16u, tm = (R >> 5) * tilesC - 1u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned t = (blockIdx.x + (unsigned)k * gridDim.x) & tm;
        unsigned tr = t >> 4, tc = t & 15u;
        for (unsigned r = ty; r < 32u; r += nw) tile[r][tx] = in[(tr * 32u + r) * 512u + tc * 32u + tx];
        __syncthreads();
        for (unsigned r = ty; r < 32u; r += nw) out[(tc * 32u + r) * R + tr * 32u + tx] = tile[tx][r];
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, out[(threadIdx.x * R) & (h - 1u)].y);
}

// ---------------------------------------------------------------------
// Matrix-vector and register-tiled GEMM
// ---------------------------------------------------------------------

// A GEMV y = A·x with 128-float rows (the footprint's first half), a
// warp a row (rows grid-stride by warp), a float4 of the row a lane
// against the lane's float4 of x (registers), the dot product by five
// __shfl_xor_sync, y stored to the second half by lane 0.
extern "C" __global__ void gemv_warp_row128_f4(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, rows = h >> 7, rm = rows - 1u, lane = threadIdx.x & 31u;
    unsigned w = (unsigned)gtid() >> 5, W = gthreads() >> 5;
    const float4* A = reinterpret_cast<const float4*>(a.big);
    float* y = a.big + h;
    const float4 x = reinterpret_cast<const float4*>(a.fin)[lane];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (w + (unsigned)k * W) & rm;
        float4 v = A[r * 32u + lane];
        float s = v.x * x.x + v.y * x.y + v.z * x.z + v.w * x.w;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(ALL_LANES, s, o);
        if (lane == 0u) y[r] = s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, y[w & rm]);
}

// The inner product of a register-tiled SGEMM with a 4 × 8 tile a
// thread: k-major 16 × 64 (A) and 16 × 128 (B) shared tiles, one k a
// step: a float4 of A and two float4 of B (at columns tx·4 and
// 64 + tx·4, as CUTLASS splits them), 32 FMAs.
extern "C" __global__ void sgemm_regtile_4x8(Args a) {
    __shared__ __align__(16) float As[16][64];
    __shared__ __align__(16) float Bs[16][128];
    for (int e = threadIdx.x; e < 16 * 128; e += blockDim.x) {
        if (e < 16 * 64) (&As[0][0])[e] = 0.5f * a.fin[(e * 5) & 8191] - 0.5f;
        (&Bs[0][0])[e] = 1.f - 0.75f * a.fin[(e + 777) & 8191];
    }
    __syncthreads();
    unsigned tx = threadIdx.x & 15u, ty = (threadIdx.x >> 4) & 15u;
    float c[4][8];
#pragma unroll
    for (int r = 0; r < 4; r++)
#pragma unroll
        for (int s = 0; s < 8; s++) c[r][s] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kk = (unsigned)k & 15u;
        float4 av = *reinterpret_cast<const float4*>(&As[kk][ty * 4u]);
        float4 b0 = *reinterpret_cast<const float4*>(&Bs[kk][tx * 4u]);
        float4 b1 = *reinterpret_cast<const float4*>(&Bs[kk][64u + tx * 4u]);
        float ar[4] = {av.x, av.y, av.z, av.w};
        float br[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
        for (int r = 0; r < 4; r++)
#pragma unroll
            for (int s = 0; s < 8; s++) c[r][s] = fmaf(ar[r], br[s], c[r][s]);
    }
    long long t1 = clock64();
    float v = 0.f;
#pragma unroll
    for (int r = 0; r < 4; r++)
#pragma unroll
        for (int s = 0; s < 8; s++) v += c[r][s];
    finish(a, t0, t1, v);
}

// A DGEMM inner loop with a 2 × 2 register tile a thread: k-major
// 16 × 64 double tiles of A and B in shared memory, four k a step, each
// a double2 of A and one of B, four DFMAs.
extern "C" __global__ void dgemm_regtile_2x2_dbl2(Args a) {
    __shared__ __align__(16) double As[16][64];
    __shared__ __align__(16) double Bs[16][64];
    for (int e = threadIdx.x; e < 16 * 64; e += blockDim.x) {
        (&As[0][0])[e] = (double)a.fin[(e * 11) & 8191] - 1.0;
        (&Bs[0][0])[e] = 0.25 * (double)a.fin[(e + 4000) & 8191];
    }
    __syncthreads();
    unsigned tx = threadIdx.x & 31u, ty = (threadIdx.x >> 5) & 31u;
    double c00 = 0.0, c01 = 0.0, c10 = 0.0, c11 = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kb = ((unsigned)k & 3u) * 4u;
#pragma unroll
        for (unsigned q = 0; q < 4u; q++) {
            double2 av = *reinterpret_cast<const double2*>(&As[kb + q][ty * 2u]);
            double2 bv = *reinterpret_cast<const double2*>(&Bs[kb + q][tx * 2u]);
            c00 = fma(av.x, bv.x, c00);
            c01 = fma(av.x, bv.y, c01);
            c10 = fma(av.y, bv.x, c10);
            c11 = fma(av.y, bv.y, c11);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((c00 + c01) + (c10 + c11)));
}

// An HGEMM inner loop accumulating in half2: k-major 32 × 64 half tiles
// of A and B in shared memory, each thread a 4 × 8 tile of C (four rows
// of four half2), one k a step: four halves of A (a uint2) each
// broadcast to a half2, eight halves of B (a uint4), 16 __hfma2.
extern "C" __global__ void hgemm_hfma2_regtile(Args a) {
    __shared__ __align__(16) __half As[32][64];
    __shared__ __align__(16) __half Bs[32][64];
    for (int e = threadIdx.x; e < 32 * 64; e += blockDim.x) {
        (&As[0][0])[e] = __float2half(0.05f * a.fin[(e * 3) & 8191] - 0.05f);
        (&Bs[0][0])[e] = __float2half(0.04f - 0.03f * a.fin[(e + 123) & 8191]);
    }
    __syncthreads();
    unsigned tx = threadIdx.x & 7u, ty = (threadIdx.x >> 3) & 15u;
    __half2 c[4][4];
#pragma unroll
    for (int r = 0; r < 4; r++)
#pragma unroll
        for (int s = 0; s < 4; s++) c[r][s] = __float2half2_rn(0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kk = (unsigned)k & 31u;
        uint2 av = *reinterpret_cast<const uint2*>(&As[kk][ty * 4u]);
        uint4 bv = *reinterpret_cast<const uint4*>(&Bs[kk][tx * 8u]);
        const __half2* ah = reinterpret_cast<const __half2*>(&av);
        const __half2* bh = reinterpret_cast<const __half2*>(&bv);
        __half2 ar[4] = {__low2half2(ah[0]), __high2half2(ah[0]), __low2half2(ah[1]), __high2half2(ah[1])};
#pragma unroll
        for (int r = 0; r < 4; r++)
#pragma unroll
            for (int s = 0; s < 4; s++) c[r][s] = __hfma2(ar[r], bh[s], c[r][s]);
    }
    long long t1 = clock64();
    float v = 0.f;
#pragma unroll
    for (int r = 0; r < 4; r++)
#pragma unroll
        for (int s = 0; s < 4; s++) v += __low2float(c[r][s]) + __high2float(c[r][s]);
    finish(a, t0, t1, v);
}

// ---------------------------------------------------------------------
// int8 and int4
// ---------------------------------------------------------------------

// A mixed-precision dot product: eight int16 activations (a uint4 of
// the footprint, grid-stride) against eight int8 weights (a uint2 of
// a.uin) by __dp2a_lo and __dp2a_hi into an int32 accumulator.
extern "C" __global__ void dp2a_i16_i8_dot(Args a) {
    unsigned m = ((a.bigMask + 1) >> 2) - 1, T = gthreads(), i = gtid();
    const uint4* X = reinterpret_cast<const uint4*>(a.big);
    const uint2* Wt = reinterpret_cast<const uint2*>(a.uin);
    int acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        uint4 x = X[j];
        uint2 w = Wt[j & 4095u];
        acc = __dp2a_lo((int)x.x, (int)w.x, acc);
        acc = __dp2a_hi((int)x.y, (int)w.x, acc);
        acc = __dp2a_lo((int)x.z, (int)w.y, acc);
        acc = __dp2a_hi((int)x.w, (int)w.y, acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A W4A8 GEMV step: sixteen int4 weights (a uint2 of the footprint,
// grid-stride) unpacked to signed bytes (the low and the high nibbles
// masked, sign-extended by XOR and __vsub4), against sixteen int8
// activations (a uint4 of a.uin, stored in the matching interleaved
// order) by four __dp4a.
extern "C" __global__ void int4_unpack_dp4a(Args a) {
    unsigned m = ((a.bigMask + 1) >> 1) - 1, T = gthreads(), i = gtid();
    const uint2* Wq = reinterpret_cast<const uint2*>(a.big);
    const uint4* Xq = reinterpret_cast<const uint4*>(a.uin);
    int acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        uint2 w = Wq[j];
        uint4 x = Xq[j & 2047u];
        unsigned lo0 = __vsub4((w.x & 0x0f0f0f0fu) ^ 0x08080808u, 0x08080808u);
        unsigned hi0 = __vsub4(((w.x >> 4) & 0x0f0f0f0fu) ^ 0x08080808u, 0x08080808u);
        unsigned lo1 = __vsub4((w.y & 0x0f0f0f0fu) ^ 0x08080808u, 0x08080808u);
        unsigned hi1 = __vsub4(((w.y >> 4) & 0x0f0f0f0fu) ^ 0x08080808u, 0x08080808u);
        acc = __dp4a((int)lo0, (int)x.x, acc);
        acc = __dp4a((int)hi0, (int)x.y, acc);
        acc = __dp4a((int)lo1, (int)x.z, acc);
        acc = __dp4a((int)hi1, (int)x.w, acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc * (1.f / 4096.f));
}

// ---------------------------------------------------------------------
// Tensor cores
// ---------------------------------------------------------------------

// An f16 GEMM step accumulating in f16 for a 16 × 32 tile of C: A
// (16 × 64, rows padded to 72 halves) by ldmatrix.x2, B (row-major
// 64 × 32, unpadded: 64-byte rows) by two ldmatrix.x2.trans, four
// mma.sync m16n8k8 with f16 accumulators; k-slices of 8 cycled.
extern "C" __global__ void mma_f16acc_m16n8k8_ldsm(Args a) {
    __shared__ __align__(16) __half As[16][72];
    __shared__ __align__(16) __half Bs[64][32];
    for (int e = threadIdx.x; e < 64 * 32; e += blockDim.x) {
        if (e < 16 * 72) (&As[0][0])[e] = __float2half(0.1f * a.fin[(e * 7) & 8191] - 0.1f);
        (&Bs[0][0])[e] = __float2half(0.08f - 0.05f * a.fin[(e + 71) & 8191]);
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    unsigned c[4][2];
#pragma unroll
    for (int n = 0; n < 4; n++) c[n][0] = c[n][1] = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kb = ((unsigned)k & 7u) * 8u;
        unsigned a0, a1, bb[4];
        unsigned pa = (unsigned)__cvta_generic_to_shared(&As[lane & 15u][kb]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];\n" : "=r"(a0), "=r"(a1) : "r"(pa));
#pragma unroll
        for (int nb = 0; nb < 2; nb++) {
            unsigned pb = (unsigned)__cvta_generic_to_shared(&Bs[kb + (lane & 7u)][nb * 16 + (((lane >> 3) & 1u) << 3)]);
            asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];\n"
                         : "=r"(bb[nb * 2]), "=r"(bb[nb * 2 + 1])
                         : "r"(pb));
        }
#pragma unroll
        for (int n = 0; n < 4; n++)
            asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3}, {%4}, {%0,%1};\n"
                         : "+r"(c[n][0]), "+r"(c[n][1])
                         : "r"(a0), "r"(a1), "r"(bb[n]));
    }
    long long t1 = clock64();
    float v = 0.f;
#pragma unroll
    for (int n = 0; n < 4; n++) {
        float2 f0 = __half22float2(*reinterpret_cast<__half2*>(&c[n][0]));
        float2 f1 = __half22float2(*reinterpret_cast<__half2*>(&c[n][1]));
        v += (f0.x + f0.y) + (f1.x + f1.y);
    }
    finish(a, t0, t1, v);
}

__device__ __forceinline__ unsigned to_tf32(float x) {
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
    return r;
}

// A TF32 GEMM step for a 16 × 32 tile of C: the fragments read from
// padded shared float tiles (A 16 × 32 with rows of 36, B 32 × 32 with
// rows of 40) by scalar loads, rounded by cvt.rna.tf32.f32, four
// mma.sync m16n8k8 tf32 reusing A's fragment; k-slices of 8 cycled.
extern "C" __global__ void mma_tf32_m16n8k8_lds(Args a) {
    __shared__ float As[16][36];
    __shared__ float Bs[32][40];
    for (int e = threadIdx.x; e < 32 * 40; e += blockDim.x) {
        if (e < 16 * 36) (&As[0][0])[e] = a.fin[(e * 13) & 8191] - 1.f;
        (&Bs[0][0])[e] = 0.5f - 0.25f * a.fin[(e + 211) & 8191];
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, g = lane >> 2, t = lane & 3u;
    float c[4][4];
#pragma unroll
    for (int n = 0; n < 4; n++)
#pragma unroll
        for (int r = 0; r < 4; r++) c[n][r] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kb = ((unsigned)k & 3u) * 8u;
        unsigned a0 = to_tf32(As[g][kb + t]), a1 = to_tf32(As[g + 8u][kb + t]);
        unsigned a2 = to_tf32(As[g][kb + t + 4u]), a3 = to_tf32(As[g + 8u][kb + t + 4u]);
#pragma unroll
        for (int n = 0; n < 4; n++) {
            unsigned b0 = to_tf32(Bs[kb + t][n * 8 + g]), b1 = to_tf32(Bs[kb + t + 4u][n * 8 + g]);
            asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                         : "+f"(c[n][0]), "+f"(c[n][1]), "+f"(c[n][2]), "+f"(c[n][3])
                         : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        }
    }
    long long t1 = clock64();
    float v = 0.f;
#pragma unroll
    for (int n = 0; n < 4; n++) v += (c[n][0] + c[n][1]) + (c[n][2] + c[n][3]);
    finish(a, t0, t1, v);
}

// An int8 GEMM step (s32 accumulate) for a 16 × 16 tile of C: A
// (16 × 128 bytes, rows padded to 144) and B (n-major, 16 × 128 bytes,
// rows padded to 144) by one ldmatrix.x4 each, two mma.sync m16n8k32
// s8; k-slices of 32 bytes cycled.
extern "C" __global__ void mma_s8_m16n8k32_ldsm(Args a) {
    __shared__ __align__(16) unsigned char As[16][144];
    __shared__ __align__(16) unsigned char Bs[16][144];
    for (int e = threadIdx.x; e < 16 * 144; e += blockDim.x) {
        (&As[0][0])[e] = (unsigned char)(a.uin[e & 8191] >> 7);
        (&Bs[0][0])[e] = (unsigned char)(a.uin[(e + 3001) & 8191] >> 13);
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    int c[2][4];
#pragma unroll
    for (int n = 0; n < 2; n++)
#pragma unroll
        for (int r = 0; r < 4; r++) c[n][r] = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kb = ((unsigned)k & 3u) * 32u;
        unsigned a0, a1, a2, a3, b0, b1, b2, b3;
        unsigned pa = (unsigned)__cvta_generic_to_shared(&As[lane & 15u][kb + ((lane >> 4) << 4)]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
                     : "r"(pa));
        unsigned pb = (unsigned)__cvta_generic_to_shared(&Bs[(lane & 7u) + ((lane >> 4) << 3)][kb + (((lane >> 3) & 1u) << 4)]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3)
                     : "r"(pb));
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(c[0][0]), "+r"(c[0][1]), "+r"(c[0][2]), "+r"(c[0][3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(c[1][0]), "+r"(c[1][1]), "+r"(c[1][2]), "+r"(c[1][3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    int v = 0;
#pragma unroll
    for (int n = 0; n < 2; n++)
#pragma unroll
        for (int r = 0; r < 4; r++) v += c[n][r];
    finish(a, t0, t1, (float)v);
}

// wmma 16×16×16 with bf16 inputs and float accumulators: A (row-major,
// 16 × 64, rows of 72) and B (row-major, 64 × 16, rows of 24) fragments
// loaded from padded shared tiles by load_matrix_sync, one mma_sync an
// iteration over four k-slices; the accumulator stored to shared at the
// end.
extern "C" __global__ void wmma_bf16_16x16x16(Args a) {
    using namespace nvcuda;
    __shared__ __align__(32) __nv_bfloat16 As[16][72];
    __shared__ __align__(32) __nv_bfloat16 Bs[64][24];
    __shared__ __align__(32) float Cs[32][16][16];
    for (int e = threadIdx.x; e < 64 * 24; e += blockDim.x) {
        if (e < 16 * 72) (&As[0][0])[e] = __float2bfloat16(a.fin[(e * 9) & 8191] - 1.f);
        (&Bs[0][0])[e] = __float2bfloat16(0.7f - 0.45f * a.fin[(e + 57) & 8191]);
    }
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> af;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> bf;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> cf;
    wmma::fill_fragment(cf, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int kk = (k & 3) * 16;
        wmma::load_matrix_sync(af, &As[0][kk], 72);
        wmma::load_matrix_sync(bf, &Bs[kk][0], 24);
        wmma::mma_sync(cf, af, bf, cf);
    }
    long long t1 = clock64();
    unsigned wid = threadIdx.x >> 5, lane = threadIdx.x & 31u;
    wmma::store_matrix_sync(&Cs[wid][0][0], cf, 16, wmma::mem_row_major);
    __syncwarp();
    finish(a, t0, t1, Cs[wid][lane >> 1][(lane & 1u) * 8u]);
}

// ---------------------------------------------------------------------
// cp.async pipelines
// ---------------------------------------------------------------------

// A block-wide double buffer filled by raw cp.async.ca of 4 bytes a
// thread: the next chunk of blockDim floats (chunks grid-stride by
// block) requested, commit, wait_group 1, a block barrier, the lag-one
// product with the neighbour thread's float summed, a barrier.
extern "C" __global__ void cp_async_ca4_double_buffer(Args a) {
    __shared__ __align__(16) float buf[2][1024];
    unsigned m = a.bigMask, t = threadIdx.x, bd = blockDim.x, nb = t + 1u == bd ? 0u : t + 1u;
    const float* g = a.big;
    {
        unsigned sa = (unsigned)__cvta_generic_to_shared(&buf[0][t]);
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(sa), "l"(g + ((blockIdx.x * bd + t) & m)) : "memory");
        asm volatile("cp.async.commit_group;\n" ::: "memory");
    }
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned nxt = ((blockIdx.x + ((unsigned)k + 1u) * gridDim.x) * bd + t) & m;
        unsigned sa = (unsigned)__cvta_generic_to_shared(&buf[(k + 1) & 1][t]);
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(sa), "l"(g + nxt) : "memory");
        asm volatile("cp.async.commit_group;\n" ::: "memory");
        asm volatile("cp.async.wait_group 1;\n" ::: "memory");
        __syncthreads();
        const float* cur = buf[k & 1];
        acc = fmaf(cur[t], cur[nb], acc);
        __syncthreads();
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_all;\n" ::: "memory");
    finish(a, t0, t1, acc);
}

// A per-thread two-stage pipeline by cuda::memcpy_async on a
// thread-scope cuda::pipeline: the float4 two iterations on (grid-stride)
// requested into the thread's other slot (producer_acquire, memcpy_async,
// producer_commit), the current one waited for (consumer_wait), its
// squared norm summed, the slot released.
extern "C" __global__ void cuda_pipeline_memcpy_async(Args a) {
    __shared__ __align__(16) float4 buf[2][1024];
    unsigned m = ((a.bigMask + 1) >> 2) - 1, t = threadIdx.x, T = gthreads(), i = gtid();
    const float4* g = reinterpret_cast<const float4*>(a.big);
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][t], &g[i & m], cuda::aligned_size_t<16>(sizeof(float4)), pipe);
    pipe.producer_commit();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 1) & 1][t], &g[(i + ((unsigned)k + 1u) * T) & m], cuda::aligned_size_t<16>(sizeof(float4)), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        float4 v = buf[k & 1][t];
        acc += v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
        pipe.consumer_release();
    }
    long long t1 = clock64();
    pipe.consumer_wait();
    pipe.consumer_release();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// FP64
// ---------------------------------------------------------------------

// The Coulomb potential and field at a thread's point from a moving
// charge, in double: the distance by sqrt, the potential q / r and the
// field's x component by two double divisions.
extern "C" __global__ void f64_coulomb_sqrt_div(Args a) {
    unsigned t = threadIdx.x;
    double px = (double)a.fin[(t * 3u) & 8191u], py = (double)a.fin[(t * 3u + 1u) & 8191u] - 1.0, pz = 0.25;
    double qx = -1.0, qy = 0.5, qz = -0.75;
    const double vx = 1e-4, vy = -2e-4, vz = 3e-4, q = 1.602e-2, eps = 1e-6;
    double pot = 0.0, ex = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double dx = px - qx, dy = py - qy, dz = pz - qz;
        double r2 = fma(dx, dx, fma(dy, dy, fma(dz, dz, eps)));
        double r = sqrt(r2);
        pot += q / r;
        ex += q * dx / (r2 * r);
        qx += vx;
        qy += vy;
        qz += vz;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(pot + ex));
}

// A compensated (Kahan) sum in double of a float array: a float4 of the
// footprint an iteration (grid-stride), each element through the
// four-operation Kahan update.
extern "C" __global__ void f64_kahan_sum_stream(Args a) {
    unsigned m = ((a.bigMask + 1) >> 2) - 1, T = gthreads(), i = gtid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    double s = 0.0, c = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float4 v = X[(i + (unsigned)k * T) & m];
        float e[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int q = 0; q < 4; q++) {
            double y = (double)e[q] - c;
            double tt = s + y;
            c = (tt - s) - y;
            s = tt;
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)s);
}

// ---------------------------------------------------------------------
// Special functions and conversions
// ---------------------------------------------------------------------

// Precise library functions: the normal CDF by erfcf, a gamma curve by
// powf, and erff, the results feeding the next argument.
extern "C" __global__ void normcdf_erf_powf_precise(Args a) {
    float x = a.fin[(threadIdx.x * 5u) & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float p = 0.5f * erfcf(-x * 0.70710678f);
        float g = powf(p, 1.f / 2.4f);
        float e = erff(0.5f * x);
        acc += g + e;
        x = fmaf(g, 3.f, -1.5f) + 0.1f * e;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

__device__ __forceinline__ float tanh_approx(float x) {
    float y;
    asm("tanh.approx.f32 %0, %1;\n" : "=f"(y) : "f"(x));
    return y;
}

__device__ __forceinline__ float mish_fast(float x) { return x * tanh_approx(__logf(1.f + __expf(x))); }

// Mish, x·tanh(softplus(x)), on four values a thread by the fast
// intrinsics (__expf, __logf and tanh.approx.f32), the activations
// rotated back into the inputs.
extern "C" __global__ void mish_fast_intrinsics(Args a) {
    unsigned t = threadIdx.x;
    float x0 = a.fin[t & 8191u] - 1.f, x1 = a.fin[(t + 1u) & 8191u], x2 = 0.5f - a.fin[(t + 2u) & 8191u], x3 = -a.fin[(t + 3u) & 8191u];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float y0 = mish_fast(x0), y1 = mish_fast(x1), y2 = mish_fast(x2), y3 = mish_fast(x3);
        acc += (y0 + y1) + (y2 + y3);
        x0 = fmaf(y1, 0.9f, -0.3f);
        x1 = fmaf(y2, -0.8f, 0.2f);
        x2 = fmaf(y3, 0.7f, -0.1f);
        x3 = fmaf(y0, -0.6f, 0.4f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Mixed-precision storage and its error: a float4 of the footprint's
// first half (grid-stride) stored as four bf16 and as four scaled FP8
// E5M2 bytes in its second half, the FP8 read back through half
// (__nv_cvt_fp8x2_to_halfraw2) and the int8 code by __float2int_rn, the
// absolute errors summed.
extern "C" __global__ void fp8_e5m2_bf16_roundtrip(Args a) {
    unsigned n = a.bigMask + 1, h = n >> 1, m = (n >> 3) - 1, T = gthreads(), i = gtid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    uint2* Yb = reinterpret_cast<uint2*>(a.big + h);
    unsigned* Q = reinterpret_cast<unsigned*>(a.big + h + (h >> 1));
    const float s = 57344.f / (1.f + a.fin[4]), inv = 1.f / s;
    float err = 0.f;
    int isum = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float4 v = X[j];
        __nv_bfloat162 b0 = __floats2bfloat162_rn(v.x, v.y), b1 = __floats2bfloat162_rn(v.z, v.w);
        Yb[j] = make_uint2(*reinterpret_cast<unsigned*>(&b0), *reinterpret_cast<unsigned*>(&b1));
        __nv_fp8x2_storage_t q0 = __nv_cvt_float2_to_fp8x2(make_float2(v.x * s, v.y * s), __NV_SATFINITE, __NV_E5M2);
        __nv_fp8x2_storage_t q1 = __nv_cvt_float2_to_fp8x2(make_float2(v.z * s, v.w * s), __NV_SATFINITE, __NV_E5M2);
        Q[j] = (unsigned)q0 | ((unsigned)q1 << 16);
        __half2_raw r0 = __nv_cvt_fp8x2_to_halfraw2(q0, __NV_E5M2), r1 = __nv_cvt_fp8x2_to_halfraw2(q1, __NV_E5M2);
        float2 f0 = __half22float2(__half2(r0)), f1 = __half22float2(__half2(r1));
        err += fabsf(f0.x * inv - v.x) + fabsf(f0.y * inv - v.y) + fabsf(f1.x * inv - v.z) + fabsf(f1.y * inv - v.w);
        isum += __float2int_rn(v.x * 127.f) + __float2int_rn(v.w * 127.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, err + (float)isum);
}

// ---------------------------------------------------------------------
// Integer and bit manipulation
// ---------------------------------------------------------------------

// Bit tricks on a 64-bit word a step: a rank (popcount below a
// position), the leading zeros, the bit reversal, a funnel shift of the
// halves, a bit field extracted by shift and mask, __ffs and a byte
// permute; the word remixed by a multiply.
extern "C" __global__ void bitmix_popc_clz_brev_funnel(Args a) {
    unsigned long long x = ((unsigned long long)a.uin[threadIdx.x & 8191u] << 32) | a.uin[(threadIdx.x + 1u) & 8191u];
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned lo = (unsigned)x, hi = (unsigned)(x >> 32);
        unsigned pos = lo & 63u;
        acc += (unsigned)__popcll(x & ((1ull << pos) - 1ull));
        acc += (unsigned)__clzll(x | 1ull);
        unsigned long long r = __brevll(x);
        unsigned f = __funnelshift_l(lo, hi, hi & 31u);
        unsigned field = (f >> (lo >> 27)) & ((1u << ((hi >> 28) + 1u)) - 1u);
        acc ^= field + (unsigned)__ffs((int)lo) + __byte_perm(lo, hi, 0x5140u);
        x = (x ^ r) * 0x9e3779b97f4a7c15ull + f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

__device__ __forceinline__ unsigned part1by2(unsigned x) {
    x &= 0x3ffu;
    x = (x | (x << 16)) & 0xff0000ffu;
    x = (x | (x << 8)) & 0x0300f00fu;
    x = (x | (x << 4)) & 0x030c30c3u;
    x = (x | (x << 2)) & 0x09249249u;
    return x;
}

__device__ __forceinline__ unsigned compact1by2(unsigned x) {
    x &= 0x09249249u;
    x = (x ^ (x >> 2)) & 0x030c30c3u;
    x = (x ^ (x >> 4)) & 0x0300f00fu;
    x = (x ^ (x >> 8)) & 0xff0000ffu;
    x = (x ^ (x >> 16)) & 0x000003ffu;
    return x;
}

// 3D Morton codes (10 bits an axis) by the magic-mask bit spreading: a
// point encoded, a neighbour cell's code formed by an add, decoded back
// into its coordinates by the compacting masks, which move the point.
extern "C" __global__ void morton3d_encode_decode(Args a) {
    unsigned s = a.uin[threadIdx.x & 8191u];
    unsigned x = s & 1023u, y = (s >> 10) & 1023u, z = (s >> 20) & 1023u, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned code = part1by2(x) | (part1by2(y) << 1) | (part1by2(z) << 2);
        acc += code;
        unsigned nc = code + 7u + ((unsigned)k & 56u);
        x = (compact1by2(nc) + 1u) & 1023u;
        y = (compact1by2(nc >> 1) + 3u) & 1023u;
        z = compact1by2(nc >> 2);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Index arithmetic with runtime sizes: a linear index decoded into
// (n, c, h, w) by divisions and modulos by sizes read from a.uin, a
// 64-bit byte offset split by a runtime 64-bit pitch, and a periodic
// wrap by a signed modulo corrected to be non-negative.
extern "C" __global__ void runtime_divmod_index_u64(Args a) {
    const unsigned C = 3u + (a.uin[1] & 7u), H = 17u + (a.uin[2] & 15u), W = 29u + (a.uin[4] & 31u);
    const unsigned long long pitch = 1000003ull + (a.uin[5] & 0xffffu);
    const int L = 37 + (int)(a.uin[6] & 15u);
    unsigned T = gthreads(), i = gtid(), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned idx = i * 7919u + (unsigned)k * T;
        unsigned w = idx % W, t = idx / W;
        unsigned hh = t % H;
        t /= H;
        unsigned c = t % C, n = t / C;
        unsigned long long off = (unsigned long long)idx * 2654435761ull + (unsigned long long)k;
        unsigned long long row = off / pitch, col = off - row * pitch;
        int px = ((int)w - 3 * (int)hh - k) % L;
        if (px < 0) px += L;
        acc += n + c + hh + w + (unsigned)row + (unsigned)col + (unsigned)px;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// ---------------------------------------------------------------------
// Warp votes, gathers and scatters
// ---------------------------------------------------------------------

// Warp-level stream compaction without atomics: the lanes whose value
// of a.fin (grid-stride) passes a threshold found by __ballot_sync, each
// kept value stored at the warp's running position plus its rank
// (__popc of the ballot below the lane) in the footprint, the position
// advanced by the ballot's count; __all_sync counts the warps that kept
// every lane.
extern "C" __global__ void ballot_compact_store(Args a) {
    float* dst = a.big;
    unsigned qm = a.bigMask, lane = threadIdx.x & 31u, lt = (1u << lane) - 1u, T = gthreads(), i = gtid();
    unsigned pos = ((unsigned)gtid() >> 5) * 256u, full = 0u;
    const float thr = 1.0f + 0.25f * a.fin[0];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float v = a.fin[(i + (unsigned)k * T) & 8191u];
        bool keep = v > thr;
        unsigned mask = __ballot_sync(ALL_LANES, keep);
        if (keep) dst[(pos + (unsigned)__popc(mask & lt)) & qm] = v;
        pos += (unsigned)__popc(mask);
        full += __all_sync(ALL_LANES, keep) ? 1u : 0u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(pos + full));
}

// A gather y[j] = w · x[idx[j]]: the index loaded from the footprint's
// first quarter (grid-stride) and scrambled with j by a multiplicative
// hash so the indices cover x (the second quarter); y the third quarter.
extern "C" __global__ void gather_loaded_index(Args a) {
    unsigned q = (a.bigMask + 1) >> 2, qm = q - 1, T = gthreads(), i = gtid();
    const unsigned* I = reinterpret_cast<const unsigned*>(a.big);
    const float* X = a.big + q;
    float* Y = a.big + 2 * q;
    const float w = 0.5f + a.fin[9];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & qm;
        unsigned idx = (I[j] ^ (j * 0x9e3779b1u)) & qm;
        Y[j] = w * X[idx];
    }
    long long t1 = clock64();
    finish(a, t0, t1, Y[i & qm]);
}

// ---------------------------------------------------------------------
// Strided loads
// ---------------------------------------------------------------------

// The real part of an interleaved complex array (stride 2 floats, the
// footprint's first half) copied out contiguously into its second half.
extern "C" __global__ void stride2_complex_real(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, cm = (h >> 1) - 1, T = gthreads(), i = gtid();
    const float* Z = a.big;
    float* re = a.big + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & cm;
        re[j] = Z[2u * j];
    }
    long long t1 = clock64();
    finish(a, t0, t1, re[i & cm]);
}

// The alpha channel of float RGBA pixels (stride 4 floats, the
// footprint's first half) turned into a coverage value stored
// contiguously in the second half.
extern "C" __global__ void stride4_rgba_alpha(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, pm = (h >> 2) - 1, T = gthreads(), i = gtid();
    const float* px = a.big;
    float* cov = a.big + h;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & pm;
        cov[j] = fminf(1.f, 2.f * px[4u * j + 3u]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, cov[i & pm]);
}

// The total mass of an array of 32-byte particle records (eight floats,
// the mass the sixth): one field read a record (stride 8 floats),
// grid-stride, summed.
extern "C" __global__ void stride8_struct_field(Args a) {
    unsigned rm = ((a.bigMask + 1) >> 3) - 1, T = gthreads(), i = gtid();
    const float* rec = a.big;
    float mass = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & rm;
        mass += rec[8u * j + 5u];
    }
    long long t1 = clock64();
    finish(a, t0, t1, mass);
}

// Decimation of a signal by 32 (stride 32 floats, the footprint's first
// half) with a gain, the samples stored contiguously in the second half.
extern "C" __global__ void stride32_decimate(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, dm = (h >> 5) - 1, T = gthreads(), i = gtid();
    const float* x = a.big;
    float* y = a.big + h;
    const float gain = 0.5f * a.fin[2];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & dm;
        y[j] = gain * x[32u * j];
    }
    long long t1 = clock64();
    finish(a, t0, t1, y[i & dm]);
}

// ---------------------------------------------------------------------
// Data-dependent loops and sorting networks
// ---------------------------------------------------------------------

// Euclid's algorithm on a pair of hashed 24-bit integers a step: the
// while loop of remainders (by a runtime modulo) runs a different number
// of times in each lane.
extern "C" __global__ void gcd_euclid_while(Args a) {
    unsigned s = (unsigned)gtid() * 0x9e3779b1u + 12345u, acc = 0u, steps = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = s * 1664525u + 1013904223u;
        unsigned x = (s >> 8) | 1u, y = ((s * 0x2c1b3c6du) >> 8) + 1u;
        while (y != 0u) {
            unsigned r = x % y;
            x = y;
            y = r;
            steps++;
        }
        acc += x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(acc + steps));
}

#define CMP_SWAP(p, q)                \
    do {                              \
        float lo_ = fminf(v[p], v[q]); \
        float hi_ = fmaxf(v[p], v[q]); \
        v[p] = lo_;                   \
        v[q] = hi_;                   \
    } while (0)

// The trimmed mean of eight noisy samples a step: the samples made from
// the bytes of two LCG draws, sorted in registers by Batcher's 19-
// comparator odd-even merge network (fminf/fmaxf), the middle four
// averaged.
extern "C" __global__ void sort8_network_regs(Args a) {
    unsigned s = (unsigned)gtid() * 0x85ebca6bu + 99u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = s * 1664525u + 1013904223u;
        unsigned u = s * 0x9e3779b1u;
        float v[8];
#pragma unroll
        for (int e = 0; e < 4; e++) {
            v[e] = (float)((s >> (8 * e)) & 255u);
            v[e + 4] = (float)((u >> (8 * e)) & 255u);
        }
        CMP_SWAP(0, 1); CMP_SWAP(2, 3); CMP_SWAP(4, 5); CMP_SWAP(6, 7);
        CMP_SWAP(0, 2); CMP_SWAP(1, 3); CMP_SWAP(4, 6); CMP_SWAP(5, 7);
        CMP_SWAP(1, 2); CMP_SWAP(5, 6);
        CMP_SWAP(0, 4); CMP_SWAP(1, 5); CMP_SWAP(2, 6); CMP_SWAP(3, 7);
        CMP_SWAP(2, 4); CMP_SWAP(3, 5);
        CMP_SWAP(1, 2); CMP_SWAP(3, 4); CMP_SWAP(5, 6);
        acc += 0.25f * ((v[2] + v[3]) + (v[4] + v[5]));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A block-wide bitonic sort of 256 floats in shared memory: the keys
// (a rotation of a resident array) copied in, then 36 compare-exchange
// steps, the block's threads sharing the 128 pairs of each, a block
// barrier after each step.
extern "C" __global__ void bitonic_smem_256(Args a) {
    __shared__ float src[256];
    __shared__ float key[256];
    unsigned t = threadIdx.x, bd = blockDim.x;
    for (unsigned e = t; e < 256u; e += bd) src[e] = a.fin[(e * 37u) & 8191u] * (float)((e * 97u) & 255u);
    __syncthreads();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        for (unsigned e = t; e < 256u; e += bd) key[e] = src[(e + (unsigned)k) & 255u];
        __syncthreads();
        for (unsigned size = 2u; size <= 256u; size <<= 1) {
            for (unsigned stride = size >> 1; stride > 0u; stride >>= 1) {
                for (unsigned p = t; p < 128u; p += bd) {
                    unsigned lo = 2u * p - (p & (stride - 1u)), hi = lo + stride;
                    bool up = (lo & size) == 0u;
                    float x = key[lo], y = key[hi];
                    if ((x > y) == up) {
                        key[lo] = y;
                        key[hi] = x;
                    }
                }
                __syncthreads();
            }
        }
        acc += key[(t * 7u) & 255u];
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Normalization and attention rows
// ---------------------------------------------------------------------

// RMSNorm of 512-float rows (the footprint's first half), a warp a row
// (rows grid-stride by warp), four float4 a lane: the sum of squares by
// five __shfl_xor_sync, rsqrtf of the mean plus epsilon, the row scaled
// by it and by the lane's gamma (registers) and stored to the second
// half.
extern "C" __global__ void rmsnorm_warp_row512(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, rm = (h >> 9) - 1, lane = threadIdx.x & 31u;
    unsigned w = (unsigned)gtid() >> 5, W = gthreads() >> 5;
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float4* Y = reinterpret_cast<float4*>(a.big + h);
    float4 gm[4];
#pragma unroll
    for (int q = 0; q < 4; q++) gm[q] = reinterpret_cast<const float4*>(a.fin)[lane + 32u * q];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (w + (unsigned)k * W) & rm;
        float4 x[4];
        float ss = 0.f;
#pragma unroll
        for (int q = 0; q < 4; q++) {
            x[q] = X[r * 128u + lane + 32u * q];
            ss += x[q].x * x[q].x + x[q].y * x[q].y + x[q].z * x[q].z + x[q].w * x[q].w;
        }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(ALL_LANES, ss, o);
        float inv = rsqrtf(ss * (1.f / 512.f) + 1e-6f);
#pragma unroll
        for (int q = 0; q < 4; q++)
            Y[r * 128u + lane + 32u * q] = make_float4(x[q].x * inv * gm[q].x, x[q].y * inv * gm[q].y, x[q].z * inv * gm[q].z,
                                                       x[q].w * inv * gm[q].w);
    }
    long long t1 = clock64();
    finish(a, t0, t1, Y[(w & rm) * 128u + lane].x);
}

// One query row of attention with an online softmax (as in
// FlashAttention), a warp a query of 64 dimensions (a float2 a lane):
// a key row (the footprint's first half, rows grid-stride by warp)
// dotted with q by five __shfl_xor_sync, the running maximum and sum
// rescaled by __expf, the value row (the second half) accumulated.
extern "C" __global__ void flash_attn_row_online(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, rm = (h >> 6) - 1, lane = threadIdx.x & 31u;
    unsigned w = (unsigned)gtid() >> 5, W = gthreads() >> 5;
    const float2* K = reinterpret_cast<const float2*>(a.big);
    const float2* V = reinterpret_cast<const float2*>(a.big + h);
    float2 q = reinterpret_cast<const float2*>(a.fin)[lane + 32u * (w & 7u)];
    q.x *= 0.125f;
    q.y *= 0.125f;
    float mx = -INFINITY, l = 0.f;
    float2 o = make_float2(0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (w + (unsigned)k * W) & rm;
        float2 kv = K[r * 32u + lane];
        float s = q.x * kv.x + q.y * kv.y;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) s += __shfl_xor_sync(ALL_LANES, s, d);
        float mn = fmaxf(mx, s);
        float corr = __expf(mx - mn), p = __expf(s - mn);
        float2 vv = V[r * 32u + lane];
        l = fmaf(l, corr, p);
        o.x = fmaf(o.x, corr, p * vv.x);
        o.y = fmaf(o.y, corr, p * vv.y);
        mx = mn;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (o.x + o.y) / l);
}

// ---------------------------------------------------------------------
// Sparse matrices and graphs
// ---------------------------------------------------------------------

// ELL SpMV, eight slots a row stored column-major (values in the
// footprint's first quarter, column words in the second, slot e of row r
// at e·R + r), a thread a row (rows grid-stride): each slot's column
// (the stored word hashed with its position, a padding word skipped)
// gathers x (the third quarter); y stored in the fourth.
extern "C" __global__ void spmv_ell_colmajor(Args a) {
    unsigned q = (a.bigMask + 1) >> 2, xm = q - 1, R = q >> 3, T = gthreads(), i = gtid();
    const float* val = a.big;
    const unsigned* col = reinterpret_cast<const unsigned*>(a.big + q);
    const float* x = a.big + 2 * q;
    float* y = a.big + 3 * q;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (i + (unsigned)k * T) & (R - 1u);
        float s = 0.f;
        for (unsigned e = 0; e < 8u; e++) {
            unsigned c = col[e * R + r];
            if (c != 0xffffffffu) s += val[e * R + r] * x[(c ^ ((e * R + r) * 0x9e3779b1u)) & xm];
        }
        y[r] = s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, y[i & (R - 1u)]);
}

// COO SpMV by atomics, a nonzero a thread (grid-stride): its row (the
// stored word's low byte plus e / 8: rows of eight nonzeros in order)
// and column (the stored word hashed with e) loaded from the footprint's
// first two quarters, the value from the third, x gathered from a.fin,
// the product added to y (the fourth quarter) by atomicAdd.
extern "C" __global__ void spmv_coo_atomic(Args a) {
    unsigned q = (a.bigMask + 1) >> 2, qm = q - 1, T = gthreads(), i = gtid();
    const unsigned* ri = reinterpret_cast<const unsigned*>(a.big);
    const unsigned* ci = reinterpret_cast<const unsigned*>(a.big + q);
    const float* val = a.big + 2 * q;
    float* y = a.big + 3 * q;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned e = (i + (unsigned)k * T) & qm;
        unsigned r = ((ri[e] & 255u) + (e >> 3)) & qm;
        unsigned c = (ci[e] ^ (e * 0x9e3779b1u)) & 8191u;
        atomicAdd(&y[r], val[e] * a.fin[c]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, y[i & qm]);
}

// One level of a (multi-source) BFS over a graph whose vertex v keeps
// its 1-8 neighbours at 8v.. of an adjacency array (the footprint's
// first half): a frontier vertex read from the queue (the fourth
// quarter, grid-stride), its neighbours (the stored words hashed with
// their slot) checked against the visit stamps (the third quarter) for
// the current source's epoch, claimed by atomicExch, and appended to the
// block's queue by atomicAdd on its tail; the degree varies by lane.
extern "C" __global__ void bfs_frontier_expand(Args a) {
    unsigned q = (a.bigMask + 1) >> 2, qm = q - 1, V = q >> 2, vm = V - 1, T = gthreads(), i = gtid();
    const unsigned* adj = reinterpret_cast<const unsigned*>(a.big);
    unsigned* stamp = reinterpret_cast<unsigned*>(a.big) + 2 * q;
    unsigned* tails = stamp + V;
    unsigned* queue = reinterpret_cast<unsigned*>(a.big) + 3 * q;
    unsigned b = blockIdx.x & 63u, found = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned epoch = ((unsigned)k >> 4) + 1u;
        unsigned v = (queue[(i + (unsigned)k * T) & qm] + i) & vm;
        unsigned deg = 1u + ((v * 0x9e3779b1u) >> 29);
        for (unsigned e = 0; e < deg; e++) {
            unsigned slot = v * 8u + e;
            unsigned nb = (adj[slot] ^ (slot * 0x85ebca6bu)) & vm;
            if (stamp[nb] != epoch) {
                unsigned old = atomicExch(&stamp[nb], epoch);
                if (old != epoch) {
                    unsigned pos = atomicAdd(&tails[b], 1u);
                    queue[(pos * 64u + b) & qm] = nb;
                    found++;
                }
            }
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)found);
}

// ---------------------------------------------------------------------
// Monte Carlo, images and bytes
// ---------------------------------------------------------------------

// Monte Carlo pricing of a European call: a per-thread xorshift32
// generator, two uniforms turned into two normals by Box-Muller
// (__logf, sqrtf, __sincosf), two terminal prices by __expf, the
// payoffs summed.
extern "C" __global__ void mc_option_xorshift_boxmuller(Args a) {
    unsigned s = (unsigned)gtid() * 0x9e3779b1u + 0x1234567u;
    const float S0 = 100.f, K = 105.f, drift = 0.01f, vol = 0.2f;
    float payoff = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        float u1 = ((s >> 8) + 1u) * (1.f / 16777216.f);
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        float u2 = (s >> 8) * (1.f / 16777216.f);
        float r = sqrtf(-2.f * __logf(u1)), sn, cs;
        __sincosf(6.2831853f * u2, &sn, &cs);
        float ST0 = S0 * __expf(drift + vol * r * cs), ST1 = S0 * __expf(drift + vol * r * sn);
        payoff += fmaxf(ST0 - K, 0.f) + fmaxf(ST1 - K, 0.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, payoff);
}

// Bilinear resampling by hand: a pixel of a 384-wide destination (the
// footprint's second half, grid-stride) mapped back into a 256-wide
// source (the first half) by the half-pixel convention, the four
// neighbours read, weighted by the fractions and stored.
extern "C" __global__ void bilinear_resize_manual(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const float* src = a.big;
    float* dst = a.big + h;
    const int SW = 256, SH = (int)(h >> 8), DW = 384;
    const float scale = 256.f / 384.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        int dy = (int)(j / (unsigned)DW), dx = (int)(j % (unsigned)DW);
        float sx = ((float)dx + 0.5f) * scale - 0.5f, sy = ((float)dy + 0.5f) * scale - 0.5f;
        int x0 = (int)floorf(sx), y0 = (int)floorf(sy);
        float fx = sx - (float)x0, fy = sy - (float)y0;
        x0 = max(0, min(x0, SW - 2));
        y0 = max(0, min(y0, SH - 2));
        unsigned p = (unsigned)(y0 * SW + x0);
        float v00 = src[p & m], v01 = src[(p + 1u) & m], v10 = src[(p + 256u) & m], v11 = src[(p + 257u) & m];
        float top = fmaf(fx, v01 - v00, v00), bot = fmaf(fx, v11 - v10, v10);
        dst[j] = fmaf(fy, bot - top, top);
    }
    long long t1 = clock64();
    finish(a, t0, t1, dst[i & m]);
}

// The Sobel gradient magnitude of an 8-bit grayscale image with
// 1024-byte rows (the footprint's first half), a pixel an iteration
// (grid-stride): its eight neighbours read as bytes, the two gradients
// in integers, sqrtf, the clamped byte stored in the second half.
extern "C" __global__ void sobel_u8_magnitude(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, pm = h * 4u - 1u, T = gthreads(), i = gtid();
    const unsigned char* img = reinterpret_cast<const unsigned char*>(a.big);
    unsigned char* dst = reinterpret_cast<unsigned char*>(a.big + h);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned p = (i + (unsigned)k * T) & pm;
        unsigned x = p & 1023u, row = p & ~1023u;
        unsigned xl = (x - 1u) & 1023u, xr = (x + 1u) & 1023u;
        unsigned up = (row - 1024u) & pm, dn = (row + 1024u) & pm;
        int a00 = img[up | xl], a01 = img[up | x], a02 = img[up | xr];
        int a10 = img[row | xl], a12 = img[row | xr];
        int a20 = img[dn | xl], a21 = img[dn | x], a22 = img[dn | xr];
        int gx = (a02 + 2 * a12 + a22) - (a00 + 2 * a10 + a20);
        int gy = (a20 + 2 * a21 + a22) - (a00 + 2 * a01 + a02);
        float mag = sqrtf((float)(gx * gx + gy * gy));
        dst[p] = (unsigned char)fminf(mag, 255.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)dst[i & pm]);
}

// ASCII upper-casing of text 16 bytes at a time (a uint4 of the
// footprint's first half, grid-stride) by the SIMD byte intrinsics: the
// lower-case bytes found by __vcmpgeu4 and __vcmpleu4, 0x20 subtracted
// from them, the spaces counted by __vcmpeq4 and __popc; the text stored
// to the second half.
extern "C" __global__ void ascii_toupper_vcmp(Args a) {
    unsigned n = a.bigMask + 1, m = (n >> 3) - 1, T = gthreads(), i = gtid();
    const uint4* S = reinterpret_cast<const uint4*>(a.big);
    uint4* D = reinterpret_cast<uint4*>(a.big + (n >> 1));
    unsigned spaces = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        uint4 v = S[j];
        unsigned w[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int e = 0; e < 4; e++) {
            unsigned lower = __vcmpgeu4(w[e], 0x61616161u) & __vcmpleu4(w[e], 0x7a7a7a7au);
            w[e] -= lower & 0x20202020u;
            spaces += (unsigned)__popc(__vcmpeq4(w[e], 0x20202020u)) >> 3;
        }
        D[j] = make_uint4(w[0], w[1], w[2], w[3]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)spaces);
}
