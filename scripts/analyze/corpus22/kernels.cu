// A twenty-second validation corpus for gpuarch analyze ("dev22" and
// "heldout22"): fifty-eight loops written as a new user of the tool would
// write them, by a writer who has read none of the model, its testdata,
// its error figures or any measurement; of the earlier corpora only
// corpus21's three files (kernels.cu, cases.inc, split.txt) as format
// examples, no loop copied from them, and the harness and the build
// script (scripts/analyze/device.sh). The set: matrix transposes through
// shared memory (floats of a 2048-wide matrix four rows a warp through
// an unpadded 32 × 32 tile; 16-bit values in a 64 × 64 tile padded to 66
// columns, inside shared memory; floats through a tile XOR-swizzled by
// row, through global memory), shared-memory atomics (a block-shared
// 256-bin byte histogram; fixed-point weights added by integer
// atomicAdd into 16 shared bins; atomicInc on one shared ring counter; a
// float add by an atomicCAS retry loop),
// global atomics (one ticket counter a block with the ticket used; a
// 1024-bin histogram of hashed keys, results unused; a warp-aggregated
// counter by ballot, popc and a shuffled base; atomicMin and atomicMax
// into 128 bins), block-wide collectives with __syncthreads (a shared
// tree sum reduction; a Hillis-Steele scan ping-ponging two shared
// arrays; an argmax by shuffles and a shared array of warp winners; a
// two-pass layernorm of the block), stencils (a 9-point 1D stencil in
// global memory; a 3 × 3 box filter on a shared float tile; a
// heat-equation row stepped in place in shared memory; a 13-point
// fourth-order Laplacian in global memory), FP64 (a double2 dot-product
// stream; division and square root of a bounded recurrence; a
// Lennard-Jones pair force from shared positions), packed 16-bit floats
// (four __hfma2 chains; a SwiGLU on __nv_bfloat162 by h2exp and h2rcp;
// complex rotation on __half2), int8 (four __dp4a chains over words of
// a.uin; mma.sync m16n8k16 s8 with fragments in registers), special
// functions (a 3-vector normalised by rsqrtf; a precise logsumexp by
// logf and expf; __expf, __logf, exp2f and __fdividef; tanhf and a
// sigmoid by __expf; erff and erfcf; the double sqrt, rsqrt and cbrt),
// conversions (float to and from integers in several rounding modes,
// and double; packed half2 and bf16x2 round trips), warp collectives (a
// ballot-and-popc prefix; a __shfl_up_sync inclusive scan; __any_sync
// and __all_sync steering selects), gathers and strides (an index read
// then the value it names; a column walk of a 4096-wide matrix; float2
// eight apart), streams (a float4 sum; a float2 scale-and-copy; a float4
// FMA of two halves by __ldg), tensor cores (mma.sync m16n8k16 f16 with
// f16 accumulators from an XOR-swizzled tile by ldmatrix; bf16 m16n8k8
// with ldmatrix .x2; tf32 m16n8k4 with fragments by plain shared
// loads), cp.async (a three-stage 4-byte cp.async.ca ring; a four-stage
// 16-byte cp.async.cg ring a warp), normalisations (an RMSNorm of a
// 256-float row a warp from shared memory; an online softmax over rows
// of a.fin), image processing (8-bit pixels through a shared gamma LUT;
// planar 8-bit RGB to grey by fixed-point weights), hashing
// (the MurmurHash3 finaliser over four words; xorshift128+ draws),
// physics (a spring chain stepped by Verlet in registers; a 2D SPH-like
// kernel sum from shared particles) and two loops with data-dependent
// inner loops (Collatz steps capped at 64; the atomicCAS retry loop).
//
// Timed as the other corpora are: each kernel reads clock64 around its
// own rolled loop (#pragma unroll 1) and the harness
// (scripts/analyze/corpus/harness.cu, built with this file and
// cases.inc) divides by the iterations. The harness launches one block of
// 32 × W threads per SM (W = 1, 4, 8, 16, 32). Shared tiles are shared
// by a block's warps (races between warps change values, not the banks a
// warp touches); loops with __syncthreads in their body run the same
// iterations in every thread. Loops over a.big read the harness's
// footprint buffer, sized for the level cases.inc names (32 KiB where the
// case names no footprint), every index masked into it by a.bigMask; the
// buffer is filled with the byte 0x3c, so loops that need varied keys
// mix the position into them. a.fin and a.uin hold 8192 floats and words
// (32 KiB each, L1-resident). The split into halves (split.txt) was
// fixed, by position in this file, before any of these loops was
// measured or analyzed (they had only been compiled, to check them).
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

#define FULL_MASK 0xffffffffu

__device__ __forceinline__ unsigned hash32(unsigned x) {
    x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
    return x;
}
__device__ __forceinline__ __half2 as_h2(unsigned u) { return *reinterpret_cast<__half2*>(&u); }
__device__ __forceinline__ unsigned h2_as_u(__half2 v) { return *reinterpret_cast<unsigned*>(&v); }
__device__ __forceinline__ __nv_bfloat162 as_bf2(unsigned u) { return *reinterpret_cast<__nv_bfloat162*>(&u); }
__device__ __forceinline__ unsigned bf2_as_u(__nv_bfloat162 v) { return *reinterpret_cast<unsigned*>(&v); }
__device__ __forceinline__ unsigned saddr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ float frac01(float x) { return x - floorf(x); }

// ---------------------------------------------------------------------
// Transposes through shared memory
// ---------------------------------------------------------------------

// A 2048-wide float matrix (the footprint's first half) transposed into
// the second half through an unpadded 32 × 32 tile, each warp loading
// four rows (w, w + 8, ... modulo 32) and storing four columns of the
// transposed tile: the column reads are 32-way bank conflicts.
extern "C" __global__ void transpose_f32_w2048_4rows_per_warp_unpadded(Args a) {
    __shared__ float tile[32][32];
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, H = h >> 11, tyMask = H >= 32u ? (H >> 5) - 1u : 0u;
    unsigned lane = threadIdx.x & 31u, w = (threadIdx.x >> 5) & 7u;
    const float* in = a.big;
    float* out = a.big + h;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned t = blockIdx.x + (unsigned)k * gridDim.x, tx = t & 63u, ty = (t >> 6) & tyMask;
#pragma unroll
        for (unsigned j = 0; j < 4u; j++) {
            unsigned r = w + 8u * j;
            tile[r][lane] = in[(((ty * 32u + r) << 11) + tx * 32u + lane) & m];
        }
        __syncthreads();
#pragma unroll
        for (unsigned j = 0; j < 4u; j++) {
            unsigned r = w + 8u * j;
            float v = tile[lane][r];
            out[((tx * 32u + r) * H + ty * 32u + lane) & m] = v;
            acc += v;
        }
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// 16-bit values transposed inside shared memory: a 64 × 64 tile of
// unsigned shorts padded to 66 columns; each lane writes two
// neighbouring elements of a row and reads two elements of a column.
extern "C" __global__ void transpose_u16_tile64_pad66_smem(Args a) {
    __shared__ unsigned short tile[64][66];
    for (unsigned e = threadIdx.x; e < 64u * 66u; e += blockDim.x)
        (&tile[0][0])[e] = (unsigned short)(a.uin[e & 8191u] >> 7);
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (w + (unsigned)k) & 63u;
        unsigned short x0 = tile[2u * lane][r], x1 = tile[2u * lane + 1u][r];
        tile[r][2u * lane] = (unsigned short)(x1 + 1u);
        tile[r][2u * lane + 1u] = x0;
        acc += x0 ^ ((unsigned)x1 << 3);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A float transpose through global memory with the tile XOR-swizzled
// (element (r, c) at tile[r][c ^ r]) instead of padded.
extern "C" __global__ void transpose_f32_tile32_xor_gmem(Args a) {
    __shared__ float tile[32][32];
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, H = h >> 10, tyMask = H >= 32u ? (H >> 5) - 1u : 0u;
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    const float* in = a.big;
    float* out = a.big + h;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned t = blockIdx.x + (unsigned)k * gridDim.x, tx = t & 31u, ty = (t >> 5) & tyMask, r = (w * 3u + (unsigned)k) & 31u;
        tile[r][lane ^ r] = in[(((ty * 32u + r) << 10) + tx * 32u + lane) & m];
        __syncthreads();
        float v = tile[lane][r ^ lane];
        out[((tx * 32u + r) * H + ty * 32u + lane) & m] = v;
        acc = fmaf(v, 0.5f, acc);
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Shared-memory atomics
// ---------------------------------------------------------------------

// A 256-bin histogram of the four bytes of hashed words, bins shared by
// the block.
extern "C" __global__ void smem_hist256_bytes_block_shared(Args a) {
    __shared__ unsigned bins[256];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) bins[e] = 0u;
    __syncthreads();
    unsigned x = a.uin[gtid() & 8191u] ^ (unsigned)gtid();
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = x * 747796405u + 2891336453u;
        unsigned v = (x >> 13) ^ x;
        atomicAdd(&bins[v & 255u], 1u);
        atomicAdd(&bins[(v >> 8) & 255u], 1u);
        atomicAdd(&bins[(v >> 16) & 255u], 1u);
        atomicAdd(&bins[v >> 24], 1u);
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)bins[threadIdx.x & 255u] + (float)x);
}

// Fixed-point weights (the float scaled by 2^16) added by integer
// atomicAdd into 16 shared bins: two lanes in four share a bin.
extern "C" __global__ void smem_atomic_add_fixedpoint_16bins(Args a) {
    __shared__ unsigned bins[16];
    if (threadIdx.x < 16u) bins[threadIdx.x] = 0u;
    __syncthreads();
    float v = a.fin[threadIdx.x & 8191u];
    unsigned lane = threadIdx.x & 31u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned b = (lane + (unsigned)k) & 15u;
        atomicAdd(&bins[b], __float2uint_rn(v * 65536.f));
        v = fmaf(v, 0.999f, 0.001f);
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)bins[lane & 15u] + v);
}

// A ring buffer's slot handed out by atomicInc on one shared counter
// (every thread of the block on the same word), the slot then written.
extern "C" __global__ void smem_atomic_inc_ring_slot(Args a) {
    __shared__ unsigned head;
    __shared__ float ring[512];
    if (threadIdx.x == 0) head = 0u;
    for (unsigned e = threadIdx.x; e < 512u; e += blockDim.x) ring[e] = 0.f;
    __syncthreads();
    float v = a.fin[gtid() & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned s = atomicInc(&head, 511u);
        acc += ring[s];
        ring[s] = v + (float)k * 1e-6f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Float addition by the old atomicCAS retry loop into 8 shared words
// (before native float atomics): the retries depend on contention.
extern "C" __global__ void smem_atomic_cas_f32_add_retry(Args a) {
    __shared__ unsigned cell[8];
    if (threadIdx.x < 8u) cell[threadIdx.x] = __float_as_uint(0.f);
    __syncthreads();
    float v = a.fin[gtid() & 8191u] * 1e-3f;
    unsigned lane = threadIdx.x & 31u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned* p = &cell[(lane + (unsigned)k) & 7u];
        unsigned old = *p, assumed;
        do {
            assumed = old;
            float nv = __uint_as_float(assumed) * 0.5f + v;
            old = atomicCAS(p, assumed, __float_as_uint(nv));
        } while (old != assumed);
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, __uint_as_float(cell[lane & 7u]));
}

// ---------------------------------------------------------------------
// Global atomics
// ---------------------------------------------------------------------

// One global ticket counter a block (in the footprint buffer): each
// thread takes a ticket and uses it to pick the word it adds.
extern "C" __global__ void gatomic_ticket_per_block_used(Args a) {
    unsigned* B = reinterpret_cast<unsigned*>(a.big);
    unsigned* ctr = B + ((blockIdx.x * 32u) & a.bigMask);
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned t = atomicAdd(ctr, 1u);
        acc += t & 1023u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A 1024-bin histogram of hashed keys in global memory, the returned
// values unused.
extern "C" __global__ void gatomic_hist1024_hashed_unused(Args a) {
    unsigned* B = reinterpret_cast<unsigned*>(a.big);
    unsigned x = (unsigned)gtid() * 2654435761u + 17u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = hash32(x + (unsigned)k);
        atomicAdd(&B[x & 1023u], 1u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)x);
}

// A warp-aggregated global counter: the lanes whose predicate holds
// elect a leader by ballot, the leader adds the popcount, and each lane
// gets its slot from the shuffled base.
extern "C" __global__ void gatomic_warp_aggregated_ballot_slot(Args a) {
    unsigned* B = reinterpret_cast<unsigned*>(a.big);
    unsigned lane = threadIdx.x & 31u, x = hash32((unsigned)gtid());
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = x * 1103515245u + 12345u;
        bool p = (x >> 29) < 5u;
        unsigned mask = __ballot_sync(FULL_MASK, p);
        unsigned leader = __ffs(mask) - 1u, base = 0u;
        if (lane == leader) base = atomicAdd(&B[(k & 7) * 32], __popc(mask));
        base = __shfl_sync(FULL_MASK, base, leader);
        if (p) acc += base + __popc(mask & ((1u << lane) - 1u));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// atomicMin and atomicMax of hashed values into 128 pairs of bins, the
// returned values unused.
extern "C" __global__ void gatomic_minmax_u32_128bins(Args a) {
    unsigned* B = reinterpret_cast<unsigned*>(a.big);
    unsigned x = hash32((unsigned)gtid() + 5u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x ^= x << 13; x ^= x >> 17; x ^= x << 5;
        unsigned b = (x >> 7) & 127u;
        atomicMin(&B[b], x);
        atomicMax(&B[128u + b], x);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)x);
}

// ---------------------------------------------------------------------
// Block-wide collectives
// ---------------------------------------------------------------------

// The classic shared-memory tree sum of the block: halving strides
// with __syncthreads down to 32, then the last warp by shuffles; the
// total broadcast back.
extern "C" __global__ void block_reduce_sum_smem_tree(Args a) {
    __shared__ float s[1024];
    __shared__ float total;
    unsigned t = threadIdx.x, n = blockDim.x;
    float v = a.fin[gtid() & 8191u];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s[t] = v;
        __syncthreads();
#pragma unroll 1
        for (unsigned st = n >> 1; st >= 32u; st >>= 1) {
            if (t < st) s[t] += s[t + st];
            __syncthreads();
        }
        if (t < 32u) {
            float x = n >= 32u ? s[t] : 0.f;
            x += __shfl_xor_sync(FULL_MASK, x, 16);
            x += __shfl_xor_sync(FULL_MASK, x, 8);
            x += __shfl_xor_sync(FULL_MASK, x, 4);
            x += __shfl_xor_sync(FULL_MASK, x, 2);
            x += __shfl_xor_sync(FULL_MASK, x, 1);
            if (t == 0u) total = x;
        }
        __syncthreads();
        v = fmaf(total, 1e-6f, v * 0.5f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, v);
}

// A Hillis-Steele inclusive scan of the block ping-ponging two shared
// arrays: log2(blockDim) steps, each with __syncthreads.
extern "C" __global__ void block_scan_hillis_steele_pingpong(Args a) {
    __shared__ unsigned buf[2][1024];
    unsigned t = threadIdx.x, n = blockDim.x;
    unsigned v = a.uin[gtid() & 8191u] & 255u, acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned p = 0u;
        buf[0][t] = v;
        __syncthreads();
#pragma unroll 1
        for (unsigned off = 1u; off < n; off <<= 1) {
            unsigned x = buf[p][t];
            if (t >= off) x += buf[p][t - off];
            buf[p ^ 1u][t] = x;
            p ^= 1u;
            __syncthreads();
        }
        unsigned r = buf[p][t];
        acc += r;
        v = (v + r) & 255u;
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// An argmax of the block: each warp's (value, index) by __shfl_down_sync,
// the warp winners in shared memory, the first warp reduces them.
extern "C" __global__ void block_argmax_shfl_smem(Args a) {
    __shared__ float wv[32];
    __shared__ unsigned wi[32];
    __shared__ unsigned best;
    unsigned t = threadIdx.x, lane = t & 31u, w = t >> 5, nw = blockDim.x >> 5;
    float v = a.fin[gtid() & 8191u];
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float x = v;
        unsigned ix = t;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            float y = __shfl_down_sync(FULL_MASK, x, o);
            unsigned iy = __shfl_down_sync(FULL_MASK, ix, o);
            if (y > x) { x = y; ix = iy; }
        }
        if (lane == 0u) { wv[w] = x; wi[w] = ix; }
        __syncthreads();
        if (w == 0u) {
            x = lane < nw ? wv[lane] : -1e30f;
            ix = lane < nw ? wi[lane] : 0u;
#pragma unroll
            for (int o = 16; o > 0; o >>= 1) {
                float y = __shfl_down_sync(FULL_MASK, x, o);
                unsigned iy = __shfl_down_sync(FULL_MASK, ix, o);
                if (y > x) { x = y; ix = iy; }
            }
            if (lane == 0u) best = ix;
        }
        __syncthreads();
        unsigned b = best;
        acc += b;
        v = (t == b) ? v * 0.5f : v + 0.01f;
        v = v > 4.f ? v - 3.f : v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + v);
}

// A two-pass layernorm over the whole block: the sum by a warp shuffle
// and shared warp partials, __syncthreads, then the centred sum of
// squares the same way, then the normalised value.
extern "C" __global__ void layernorm_block_two_pass_smem(Args a) {
    __shared__ float part[32];
    unsigned t = threadIdx.x, lane = t & 31u, w = t >> 5, nw = blockDim.x >> 5;
    float x = a.fin[gtid() & 8191u], g = a.fin[(t + 77u) & 8191u], inv = 1.f / (float)blockDim.x;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = x;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(FULL_MASK, s, o);
        if (lane == 0u) part[w] = s;
        __syncthreads();
        float mean = 0.f;
        for (unsigned j = 0; j < nw; j++) mean += part[j];
        mean *= inv;
        __syncthreads();
        float d = x - mean, q = d * d;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) q += __shfl_xor_sync(FULL_MASK, q, o);
        if (lane == 0u) part[w] = q;
        __syncthreads();
        float var = 0.f;
        for (unsigned j = 0; j < nw; j++) var += part[j];
        var *= inv;
        __syncthreads();
        float y = d * rsqrtf(var + 1e-5f) * g;
        x = fmaf(0.25f, y, 0.75f * x) + 0.01f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, x);
}

// ---------------------------------------------------------------------
// Stencils
// ---------------------------------------------------------------------

// A 9-point 1D stencil (radius 4) read straight from global memory,
// grid-stride, the result stored to the second half.
extern "C" __global__ void stencil1d_r4_gmem_direct(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const float* in = a.big;
    float* out = a.big + h;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = i + (unsigned)k * T;
        float v = 0.28f * in[c & m];
        v = fmaf(0.16f, in[(c - 1u) & m] + in[(c + 1u) & m], v);
        v = fmaf(0.09f, in[(c - 2u) & m] + in[(c + 2u) & m], v);
        v = fmaf(0.04f, in[(c - 3u) & m] + in[(c + 3u) & m], v);
        v = fmaf(0.01f, in[(c - 4u) & m] + in[(c + 4u) & m], v);
        out[c & m] = v;
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 3 × 3 box filter on a 34 × 34 float tile in shared memory, each
// thread one output a step moving along the tile.
extern "C" __global__ void box3x3_f32_smem_tile34(Args a) {
    __shared__ float tile[34][34];
    for (unsigned e = threadIdx.x; e < 34u * 34u; e += blockDim.x) (&tile[0][0])[e] = a.fin[e & 8191u];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = ((w + (unsigned)k) & 31u) + 1u, c = lane + 1u;
        float s = tile[r - 1][c - 1] + tile[r - 1][c] + tile[r - 1][c + 1]
                + tile[r][c - 1] + tile[r][c] + tile[r][c + 1]
                + tile[r + 1][c - 1] + tile[r + 1][c] + tile[r + 1][c + 1];
        acc = fmaf(s, 0.1111111f, acc * 0.5f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Explicit heat-equation steps on a row of the block's width in shared
// memory, ping-ponging two rows with __syncthreads, ends clamped.
extern "C" __global__ void heat1d_smem_pingpong_sync(Args a) {
    __shared__ float row[2][1026];
    unsigned t = threadIdx.x + 1u, n = blockDim.x;
    row[0][t] = a.fin[gtid() & 8191u];
    row[1][t] = 0.f;
    if (threadIdx.x == 0u) { row[0][0] = row[1][0] = 1.f; row[0][n + 1] = row[1][n + 1] = 0.f; }
    __syncthreads();
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned p = (unsigned)k & 1u;
        float c = row[p][t];
        float v = fmaf(0.2f, row[p][t - 1] + row[p][t + 1] - 2.f * c, c);
        row[p ^ 1u][t] = v;
        acc += v;
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 13-point fourth-order 2D Laplacian (radius 2 on each axis) on a
// 1024-wide grid in global memory, grid-stride, stored to the second half.
extern "C" __global__ void laplacian2d_13pt_gmem_w1024(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const float* in = a.big;
    float* out = a.big + h;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = i + (unsigned)k * T;
        float ctr = in[c & m];
        float n1 = in[(c - 1u) & m] + in[(c + 1u) & m] + in[(c - 1024u) & m] + in[(c + 1024u) & m];
        float n2 = in[(c - 2u) & m] + in[(c + 2u) & m] + in[(c - 2048u) & m] + in[(c + 2048u) & m];
        float d1 = in[(c - 1025u) & m] + in[(c + 1025u) & m] + in[(c - 1023u) & m] + in[(c + 1023u) & m];
        float v = fmaf(-5.f, ctr, fmaf(1.3333333f, n1, fmaf(-0.0833333f, n2, 0.01f * d1)));
        out[c & m] = v;
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// FP64
// ---------------------------------------------------------------------

// A dot product of two double2 streams, the footprint's two halves.
extern "C" __global__ void f64_dot_double2_two_halves(Args a) {
    unsigned hd = (a.bigMask + 1) >> 3, m = hd - 1, T = gthreads(), i = gtid();
    const double2* X = reinterpret_cast<const double2*>(a.big);
    const double2* Y = X + hd;
    double acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        double2 x = X[j], y = Y[j];
        acc = fma(x.x, y.x, fma(x.y, y.y, acc));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A bounded double recurrence by division and square root:
// x <- sqrt(x) / (1 + x / 4) + 1 stays between 1 and 3.
extern "C" __global__ void f64_div_sqrt_recurrence(Args a) {
    double x = 1.0 + (double)a.fin[gtid() & 8191u], y = 2.0 - (double)a.fin[(gtid() + 5) & 8191u] * 0.5;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = sqrt(x) / (1.0 + 0.25 * x) + 1.0;
        y = (y + 3.0 / y) * 0.5;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(x + y));
}

// A Lennard-Jones pair force in double precision, each thread its atom
// against 4 neighbours a step from a shared table of 256 positions.
extern "C" __global__ void f64_lennard_jones_smem_pairs(Args a) {
    __shared__ double px[256], py[256], pz[256];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) {
        px[e] = 1.5 * (double)(e & 7u) + 0.1 * (double)a.fin[e];
        py[e] = 1.5 * (double)((e >> 3) & 7u);
        pz[e] = 1.5 * (double)(e >> 6);
    }
    __syncthreads();
    unsigned me = threadIdx.x & 255u;
    double xi = px[me] + 0.7, yi = py[me] + 0.3, zi = pz[me] + 0.5, fx = 0.0, fy = 0.0, fz = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (unsigned j = 0; j < 4u; j++) {
            unsigned o = ((unsigned)k * 4u + j) & 255u;
            double dx = xi - px[o], dy = yi - py[o], dz = zi - pz[o];
            double r2 = fma(dx, dx, fma(dy, dy, fma(dz, dz, 0.25)));
            double ir2 = 1.0 / r2, ir6 = ir2 * ir2 * ir2;
            double f = 24.0 * ir6 * (2.0 * ir6 - 1.0) * ir2;
            fx = fma(f, dx, fx); fy = fma(f, dy, fy); fz = fma(f, dz, fz);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(fx + fy + fz));
}

// ---------------------------------------------------------------------
// Packed 16-bit floats
// ---------------------------------------------------------------------

// Four independent __hfma2 chains on __half2, each a decaying
// accumulation, so they stay bounded.
extern "C" __global__ void half2_hfma2_four_chains(Args a) {
    __half2 c0 = __float2half2_rn(0.1f), c1 = __float2half2_rn(0.2f), c2 = __float2half2_rn(0.3f), c3 = __float2half2_rn(0.4f);
    __half2 d = __float2half2_rn(0.5f), x = as_h2(0x3c003800u ^ (a.uin[gtid() & 8191u] & 0x00ff00ffu));
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        c0 = __hfma2(c0, d, x);
        c1 = __hfma2(c1, d, x);
        c2 = __hfma2(c2, d, c0);
        c3 = __hfma2(c3, d, c1);
    }
    long long t1 = clock64();
    float2 r = __half22float2(__hadd2(__hadd2(c0, c1), __hadd2(c2, c3)));
    finish(a, t0, t1, r.x + r.y);
}

// A SwiGLU on bf16 pairs: silu(g) * u with silu by h2exp and h2rcp,
// the gate fed back through a bounded mix.
extern "C" __global__ void bf162_swiglu_h2exp_h2rcp(Args a) {
    __nv_bfloat162 g = __floats2bfloat162_rn(a.fin[gtid() & 8191u] - 1.f, 0.5f);
    __nv_bfloat162 u = __floats2bfloat162_rn(0.75f, a.fin[(gtid() + 3) & 8191u]);
    const __nv_bfloat162 one = __floats2bfloat162_rn(1.f, 1.f), half = __floats2bfloat162_rn(0.5f, 0.5f);
    __nv_bfloat162 acc = __floats2bfloat162_rn(0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __nv_bfloat162 s = h2rcp(__hadd2(one, h2exp(__hneg2(g))));
        __nv_bfloat162 y = __hmul2(__hmul2(g, s), u);
        acc = __hfma2(acc, half, y);
        g = __hfma2(g, half, __hmul2(y, half));
    }
    long long t1 = clock64();
    finish(a, t0, t1, __low2float(acc) + __high2float(acc));
}

// Complex rotation on __half2 (real, imaginary): multiply by a unit
// phasor with __lowhigh2highlow and a sign flip, renormalised by a
// first-order correction each step.
extern "C" __global__ void half2_complex_rotate_renorm(Args a) {
    float ang = 0.01f + 1e-4f * (float)(gtid() & 63);
    __half2 z = __floats2half2_rn(1.f, 0.f);
    const __half2 cc = __float2half2_rn(cosf(ang)), ss = __floats2half2_rn(-sinf(ang), sinf(ang));
    const __half2 three = __float2half2_rn(1.5f), halfv = __float2half2_rn(0.5f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __half2 sw = __lowhigh2highlow(z);
        z = __hfma2(z, cc, __hmul2(sw, ss));
        __half2 sq = __hmul2(z, z);
        __half2 n2 = __hadd2(sq, __lowhigh2highlow(sq));
        z = __hmul2(z, __hfma2(__hneg2(halfv), n2, three));
    }
    long long t1 = clock64();
    float2 r = __half22float2(z);
    finish(a, t0, t1, r.x + r.y);
}

// ---------------------------------------------------------------------
// int8
// ---------------------------------------------------------------------

// Four unsigned __dp4a chains over words of a.uin (L1-resident), two
// words a chain a step.
extern "C" __global__ void dp4a_u8_four_chains_uin(Args a) {
    unsigned i = (unsigned)gtid(), s0 = 0u, s1 = 0u, s2 = 0u, s3 = 0u;
    const unsigned* U = a.uin;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * 32u) & 8191u;
        unsigned x = U[j], y = U[j ^ 4096u];
        s0 = __dp4a(x, y, s0);
        s1 = __dp4a(x, 0x01010101u, s1);
        s2 = __dp4a(y, 0x01020304u, s2);
        s3 = __dp4a(x ^ y, x, s3);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(s0 ^ s1 ^ s2 ^ s3));
}

// mma.sync m16n8k16 s8 with its fragments held in registers (a GEMM's
// inner step after the tiles were loaded), three independent
// accumulator sets over rotating fragments.
extern "C" __global__ void imma_s8_m16n8k16_regs(Args a) {
    unsigned a0 = a.uin[threadIdx.x & 8191u], a1 = a.uin[(threadIdx.x + 32u) & 8191u];
    unsigned b0 = a.uin[(threadIdx.x + 64u) & 8191u], b1 = a.uin[(threadIdx.x + 96u) & 8191u];
    int c[12];
#pragma unroll
    for (int j = 0; j < 12; j++) c[j] = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                     : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3]) : "r"(a0), "r"(a1), "r"(b0));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                     : "+r"(c[4]), "+r"(c[5]), "+r"(c[6]), "+r"(c[7]) : "r"(a0), "r"(a1), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                     : "+r"(c[8]), "+r"(c[9]), "+r"(c[10]), "+r"(c[11]) : "r"(a1), "r"(a0), "r"(b0));
        unsigned t = a0; a0 = a1; a1 = b0; b0 = b1; b1 = t;
    }
    long long t1 = clock64();
    int s = 0;
#pragma unroll
    for (int j = 0; j < 12; j++) s ^= c[j];
    finish(a, t0, t1, (float)s);
}

// ---------------------------------------------------------------------
// Special functions
// ---------------------------------------------------------------------

// A 3-vector rotated a little and normalised by rsqrtf every step.
extern "C" __global__ void rsqrtf_normalize_vec3(Args a) {
    float x = a.fin[gtid() & 8191u], y = 0.3f, z = 0.9f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float nx = fmaf(0.05f, y, x), ny = fmaf(-0.05f, x, fmaf(0.03f, z, y)), nz = fmaf(-0.03f, y, z);
        float r = rsqrtf(fmaf(nx, nx, fmaf(ny, ny, nz * nz)));
        x = nx * r; y = ny * r; z = nz * r;
    }
    long long t1 = clock64();
    finish(a, t0, t1, x + y + z);
}

// A precise logsumexp of a bounded pair: m + logf(expf(a - m) + expf(b - m)),
// the inputs wrapped back into [0, 4) each step.
extern "C" __global__ void logsumexp_pair_precise(Args a) {
    float p = a.fin[gtid() & 8191u], q = 2.f - p, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float m = fmaxf(p, q);
        float l = m + logf(expf(p - m) + expf(q - m));
        acc += l;
        p = 4.f * frac01(l * 0.37f);
        q = 4.f * frac01(l * 0.61f + 0.1f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Fast intrinsics: __expf, __logf, exp2f (ex2.approx with -use_fast_math
// off, a short sequence) and __fdividef on bounded values.
extern "C" __global__ void fast_exp_log_exp2_fdividef(Args a) {
    float x = a.fin[gtid() & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float e = __expf(x), l = __logf(x + 1.f), p = exp2f(-x);
        float r = __fdividef(e + l, 1.f + p);
        acc += r;
        x = frac01(r * 0.731f) + 0.25f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The precise tanhf beside a sigmoid by __expf and a division, the
// argument wrapped into [-3, 3).
extern "C" __global__ void tanhf_precise_and_sigmoid_fast(Args a) {
    float x = a.fin[gtid() & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float th = tanhf(x);
        float sg = 1.f / (1.f + __expf(-x));
        acc += th * sg;
        x = 6.f * frac01(fmaf(th, 0.41f, sg * 0.77f)) - 3.f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// erff and erfcf of an argument kept in [-2, 2).
extern "C" __global__ void erff_erfcf_bounded(Args a) {
    float x = a.fin[gtid() & 8191u] - 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float e = erff(x), c = erfcf(0.5f * x);
        acc += e + c;
        x = 4.f * frac01(e * 0.3f + c * 0.45f) - 2.f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The double sqrt, rsqrt and cbrt of a value kept in [1, 9).
extern "C" __global__ void f64_sqrt_rsqrt_cbrt(Args a) {
    double x = 1.0 + (double)a.fin[gtid() & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double s = sqrt(x), r = rsqrt(x), c = cbrt(x);
        acc += s + r + c;
        x = 1.0 + 8.0 * (s * c * 0.1 - floor(s * c * 0.1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// ---------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------

// Float to integers in several rounding modes and back, and through
// double: the conversions of index and quantisation code.
extern "C" __global__ void cvt_f32_int_round_modes_f64(Args a) {
    float x = a.fin[gtid() & 8191u] * 100.f;
    int acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int rn = __float2int_rn(x), rz = __float2int_rz(x * 1.5f);
        unsigned rd = __float2uint_rd(x * 0.75f);
        long long ll = __float2ll_ru(x * 3.f);
        double d = (double)x * 1.000001;
        acc += rn ^ rz ^ (int)rd ^ (int)ll;
        x = (float)(d - (double)rz * 0.5) + __int2float_rn(rn & 31) + __uint2float_rn(rd & 7u);
        x = x > 150.f ? x - 100.f : x;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + x);
}

// Packed half2 and bf16x2 round trips: float2 to __half2 and back, to
// __nv_bfloat162 and back, the rounding error accumulated.
extern "C" __global__ void cvt_f2_half2_bf162_roundtrip(Args a) {
    float2 v = make_float2(a.fin[gtid() & 8191u], a.fin[(gtid() + 9) & 8191u]);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float2 h = __half22float2(__float22half2_rn(v));
        float2 b = __bfloat1622float2(__float22bfloat162_rn(v));
        acc += (h.x - b.x) + (h.y - b.y);
        v.x = fmaf(h.y, 0.93f, 0.07f);
        v.y = fmaf(b.x, 0.97f, 0.011f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + v.x + v.y);
}

// ---------------------------------------------------------------------
// Warp collectives
// ---------------------------------------------------------------------

// A compaction prefix: ballot of a predicate, each lane's offset by
// popc of the lanes below it, the warp's count accumulated.
extern "C" __global__ void warp_ballot_popc_prefix(Args a) {
    unsigned lane = threadIdx.x & 31u, x = hash32((unsigned)gtid()), lt = (1u << lane) - 1u, acc = 0u, base = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x ^= x << 7; x ^= x >> 9;
        unsigned b = __ballot_sync(FULL_MASK, (x & 3u) != 0u);
        unsigned off = base + __popc(b & lt);
        acc += (x & 3u) ? off : 0u;
        base += __popc(b);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// An inclusive warp scan by five __shfl_up_sync steps, its total
// carried to the next step by a shuffle of lane 31.
extern "C" __global__ void warp_shfl_up_inclusive_scan(Args a) {
    unsigned lane = threadIdx.x & 31u;
    float v = a.fin[gtid() & 8191u], carry = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = v;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            float y = __shfl_up_sync(FULL_MASK, s, o);
            if (lane >= (unsigned)o) s += y;
        }
        s += carry;
        carry = __shfl_sync(FULL_MASK, s, 31) * 0.01f;
        acc += s;
        v = fmaf(v, 0.5f, 0.25f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// __any_sync and __all_sync steering selects, as a convergence test
// would.
extern "C" __global__ void warp_any_all_vote_select(Args a) {
    float x = a.fin[gtid() & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        bool big = x > 1.2f;
        int anyb = __any_sync(FULL_MASK, big), allb = __all_sync(FULL_MASK, x > 0.3f);
        x = anyb ? x * 0.9f : x + 0.07f;
        x = allb ? x - 0.01f : x + 0.02f;
        acc += (float)(anyb + allb);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + x);
}

// ---------------------------------------------------------------------
// Gathers and strides
// ---------------------------------------------------------------------

// An index read from one half of the footprint (hashed with its
// position, the buffer being uniform), then the value it names from the
// other half: two dependent loads a step.
extern "C" __global__ void gather_index_then_value(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const unsigned* idx = reinterpret_cast<const unsigned*>(a.big);
    const float* val = a.big + h;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned c = hash32(idx[j] ^ j);
        acc += val[c & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A column walk of a 4096-wide row-major matrix: thread i reads row i,
// column k, so a warp's 32 loads touch 32 rows (one line each).
extern "C" __global__ void column_walk_w4096(Args a) {
    unsigned m = a.bigMask, i = gtid();
    const float* in = a.big;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        acc += in[((i << 12) + (unsigned)k) & m];
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// float2 loads eight float2 (64 bytes) apart across the lanes.
extern "C" __global__ void strided_f2_every8(Args a) {
    unsigned m = ((a.bigMask + 1) >> 1) - 1, T = gthreads(), i = gtid();
    const float2* X = reinterpret_cast<const float2*>(a.big);
    float sx = 0.f, sy = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float2 v = X[((i + (unsigned)k * T) * 8u) & m];
        sx += v.x; sy = fmaf(v.y, v.y, sy);
    }
    long long t1 = clock64();
    finish(a, t0, t1, sx + sy);
}

// ---------------------------------------------------------------------
// Streams
// ---------------------------------------------------------------------

// A float4 sum: read only, grid-stride.
extern "C" __global__ void stream_f4_sum_readonly(Args a) {
    unsigned m = ((a.bigMask + 1) >> 2) - 1, T = gthreads(), i = gtid();
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float s0 = 0.f, s1 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float4 v = X[(i + (unsigned)k * T) & m];
        s0 += v.x + v.y;
        s1 += v.z + v.w;
    }
    long long t1 = clock64();
    finish(a, t0, t1, s0 + s1);
}

// A float2 scale-and-copy from the first half into the second.
extern "C" __global__ void stream_f2_scale_copy(Args a) {
    unsigned h = (a.bigMask + 1) >> 2, m = h - 1, T = gthreads(), i = gtid();
    const float2* X = reinterpret_cast<const float2*>(a.big);
    float2* Y = reinterpret_cast<float2*>(a.big) + h;
    float s = a.fin[3];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float2 v = X[j];
        Y[j] = make_float2(v.x * s, v.y * s);
    }
    long long t1 = clock64();
    finish(a, t0, t1, s);
}

// x <- x * s + y on float4s of the two halves, both read by __ldg
// (the first half written back in place, as an in-place AXPY would).
extern "C" __global__ void stream_f4_ldg_axpy_inplace(Args a) {
    unsigned h = (a.bigMask + 1) >> 3, m = h - 1, T = gthreads(), i = gtid();
    float4* X = reinterpret_cast<float4*>(a.big);
    const float4* Y = reinterpret_cast<const float4*>(a.big) + h;
    float s = a.fin[5], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float4 x = __ldg(X + j), y = __ldg(Y + j);
        float4 r = make_float4(fmaf(x.x, s, y.x), fmaf(x.y, s, y.y), fmaf(x.z, s, y.z), fmaf(x.w, s, y.w));
        X[j] = r;
        acc += r.w;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Tensor cores
// ---------------------------------------------------------------------

// mma.sync m16n8k16 f16 with f16 accumulators; A and B 16 × 64 half
// tiles whose 16-byte chunks are XOR-swizzled by row (chunk c of row r
// at c ^ (r & 7)), both fragments by ldmatrix .x4.
extern "C" __global__ void mma_f16_f16acc_ldsm_xor_swizzle(Args a) {
    __shared__ __align__(16) unsigned short As[16][64];
    __shared__ __align__(16) unsigned short Bs[16][64];
    for (unsigned e = threadIdx.x; e < 16u * 64u / 2u; e += blockDim.x) {
        reinterpret_cast<unsigned*>(&As[0][0])[e] = 0x2c002c00u ^ (a.uin[e & 8191u] & 0x00ff00ffu);
        reinterpret_cast<unsigned*>(&Bs[0][0])[e] = 0x2c002c00u ^ (a.uin[(e * 5u) & 8191u] & 0x00ff00ffu);
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    unsigned ar = lane & 15u, ac = lane >> 4;
    unsigned br = (lane & 7u) + ((lane >> 4) << 3), bc = (lane >> 3) & 1u;
    unsigned c0 = 0u, c1 = 0u, c2 = 0u, c3 = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kc = ((unsigned)k & 3u) * 2u;
        unsigned pa = saddr(&As[ar][((kc + ac) ^ (ar & 7u)) * 8u]);
        unsigned pb = saddr(&Bs[br][((kc + bc) ^ (br & 7u)) * 8u]);
        unsigned a0, a1, a2, a3, b0, b1, b2, b3;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(pa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n" : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3) : "r"(pb));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};\n"
                     : "+r"(c0), "+r"(c1) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};\n"
                     : "+r"(c2), "+r"(c3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
        c0 &= 0x3fff3fffu; c2 &= 0x3fff3fffu;
    }
    long long t1 = clock64();
    float2 r = __half22float2(__hadd2(__hadd2(as_h2(c0), as_h2(c1)), __hadd2(as_h2(c2), as_h2(c3))));
    finish(a, t0, t1, r.x + r.y);
}

// mma.sync m16n8k8 bf16 with f32 accumulators; A (16 × 8) by ldmatrix
// .x2 and two B fragments (8 × 8 each) by another .x2, from tiles 16
// rows of 72 bf16 (padded).
extern "C" __global__ void mma_bf16_m16n8k8_ldsm_x2(Args a) {
    __shared__ __align__(16) unsigned short As[16][72];
    __shared__ __align__(16) unsigned short Bs[16][72];
    for (unsigned e = threadIdx.x; e < 16u * 72u / 2u; e += blockDim.x) {
        reinterpret_cast<unsigned*>(&As[0][0])[e] = 0x3c003c00u ^ (a.uin[(e * 3u) & 8191u] & 0x007f007fu);
        reinterpret_cast<unsigned*>(&Bs[0][0])[e] = 0x3b003b00u ^ (a.uin[(e * 11u) & 8191u] & 0x007f007fu);
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, r = lane & 15u;
    float c[8] = {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kb = ((unsigned)k & 7u) * 8u;
        unsigned pa = saddr(&As[r][kb]), pb = saddr(&Bs[r][kb]);
        unsigned a0, a1, b0, b1;
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];\n" : "=r"(a0), "=r"(a1) : "r"(pa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];\n" : "=r"(b0), "=r"(b1) : "r"(pb));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) : "r"(a0), "r"(a1), "r"(b0));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                     : "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]) : "r"(a0), "r"(a1), "r"(b1));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c[0] + c[1] + c[2] + c[3]) + (c[4] + c[5] + c[6] + c[7]));
}

// mma.sync m16n8k4 tf32 with the fragments read by plain 32-bit shared
// loads (A[g][t], A[g + 8][t]; B[t][g] with g = lane / 4, t = lane % 4)
// from float tiles 16 × 36 and 8 × 36 (padded).
extern "C" __global__ void mma_tf32_m16n8k4_lds_fragments(Args a) {
    __shared__ float As[16][36];
    __shared__ float Bs[32][9];
    for (unsigned e = threadIdx.x; e < 16u * 36u; e += blockDim.x) (&As[0][0])[e] = a.fin[e & 8191u];
    for (unsigned e = threadIdx.x; e < 32u * 9u; e += blockDim.x) (&Bs[0][0])[e] = a.fin[(e + 1000u) & 8191u];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, g = lane >> 2, t = lane & 3u;
    float c0 = 0.f, c1 = 0.f, c2 = 0.f, c3 = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kb = ((unsigned)k & 7u) * 4u;
        unsigned a0 = __float_as_uint(As[g][kb + t]), a1 = __float_as_uint(As[g + 8u][kb + t]);
        unsigned b0 = __float_as_uint(Bs[kb + t][g]);
        asm volatile("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                     : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3) : "r"(a0), "r"(a1), "r"(b0));
    }
    long long t1 = clock64();
    finish(a, t0, t1, c0 + c1 + c2 + c3);
}

// ---------------------------------------------------------------------
// cp.async
// ---------------------------------------------------------------------

// A three-stage ring of 4-byte cp.async.ca copies, each thread its own
// slot: issue stage k + 2, commit, wait until at most two groups are
// pending, use stage k.
extern "C" __global__ void cp_async_ca4_three_stage_ring(Args a) {
    __shared__ float buf[3][1024];
    unsigned m = a.bigMask, T = gthreads(), i = gtid(), t = threadIdx.x;
    const float* X = a.big;
    float acc = 0.f;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(saddr(&buf[0][t])), "l"(X + (i & m)));
    asm volatile("cp.async.commit_group;\n" ::);
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(saddr(&buf[1][t])), "l"(X + ((i + T) & m)));
    asm volatile("cp.async.commit_group;\n" ::);
    unsigned cur = 0u, nxt = 2u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(saddr(&buf[nxt][t])), "l"(X + ((i + (unsigned)(k + 2) * T) & m)));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 2;\n" ::);
        acc = fmaf(buf[cur][t], 0.75f, acc);
        cur = cur == 2u ? 0u : cur + 1u;
        nxt = nxt == 2u ? 0u : nxt + 1u;
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_group 0;\n" ::);
    finish(a, t0, t1, acc);
}

// Double buffering of a warp's 512-byte chunk by 16-byte cp.async.cg:
// each lane copies its float4, wait_group 1, __syncwarp, then reads its
// own and the next lane's float4; __syncwarp before the buffer is
// refilled.
extern "C" __global__ void cp_async_cg16_warp_chunk_dbuf(Args a) {
    __shared__ float4 buf[2][1024];
    unsigned m = ((a.bigMask + 1) >> 2) - 1, T = gthreads(), i = gtid(), t = threadIdx.x, nb = (t & ~31u) | ((t + 1u) & 31u);
    const float4* X = reinterpret_cast<const float4*>(a.big);
    float acc = 0.f;
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(saddr(&buf[0][t])), "l"(X + (i & m)));
    asm volatile("cp.async.commit_group;\n" ::);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned p = (unsigned)k & 1u;
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(saddr(&buf[p ^ 1u][t])), "l"(X + ((i + (unsigned)(k + 1) * T) & m)));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        __syncwarp();
        float4 u = buf[p][t], v = buf[p][nb];
        acc += (u.x * v.y + u.z * v.w) * 0.5f;
        __syncwarp();
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_group 0;\n" ::);
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Normalisations
// ---------------------------------------------------------------------

// An RMSNorm of a 256-float row a warp from a shared table of eight
// rows: each lane two float4, the sum of squares by a shuffle
// butterfly, rsqrtf, the scaled values accumulated.
extern "C" __global__ void rmsnorm_row256_warp_smem_f4(Args a) {
    __shared__ float4 rows[8][64];
    for (unsigned e = threadIdx.x; e < 8u * 64u * 4u; e += blockDim.x) (&rows[0][0].x)[e] = a.fin[e & 8191u] - 0.9f;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float4 g = reinterpret_cast<const float4*>(a.fin)[lane];
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (w + (unsigned)k) & 7u;
        float4 u = rows[r][lane], v = rows[r][lane + 32u];
        float s = u.x * u.x + u.y * u.y + u.z * u.z + u.w * u.w + v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(FULL_MASK, s, o);
        float inv = rsqrtf(s * (1.f / 256.f) + 1e-6f);
        acc += inv * (u.x * g.x + u.y * g.y + u.z * g.z + u.w * g.w + v.x * g.x + v.y * g.y + v.z * g.z + v.w * g.w);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// An online softmax over a stream of a.fin (four values a lane a step):
// the running maximum and the rescaled running sum, by expf.
extern "C" __global__ void softmax_online_stream_fin(Args a) {
    unsigned i = (unsigned)gtid();
    float mx = -1e30f, s = 0.f;
    const float4* F = reinterpret_cast<const float4*>(a.fin);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float4 v = F[(i + (unsigned)k * 32u) & 2047u];
        float m4 = fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
        float nm = fmaxf(mx, m4);
        s = s * expf(mx - nm) + expf(v.x - nm) + expf(v.y - nm) + expf(v.z - nm) + expf(v.w - nm);
        mx = nm;
    }
    long long t1 = clock64();
    finish(a, t0, t1, mx + logf(s));
}

// ---------------------------------------------------------------------
// Image processing
// ---------------------------------------------------------------------

// 8-bit pixels (four to a word, mixed with their position) mapped
// through a 256-entry gamma table in shared memory and packed back,
// the words written to the second half.
extern "C" __global__ void image_gamma_lut256_smem_u8x4(Args a) {
    __shared__ unsigned char lut[256];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) lut[e] = (unsigned char)(255.f * powf((float)e / 255.f, 0.4545f));
    __syncthreads();
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const unsigned* in = reinterpret_cast<const unsigned*>(a.big);
    unsigned* out = reinterpret_cast<unsigned*>(a.big) + h;
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned p = in[j] ^ (j * 0x01010101u);
        unsigned q = (unsigned)lut[p & 255u] | ((unsigned)lut[(p >> 8) & 255u] << 8) |
                     ((unsigned)lut[(p >> 16) & 255u] << 16) | ((unsigned)lut[p >> 24] << 24);
        out[j] = q;
        acc += q & 0xffu;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Planar 8-bit RGB (three quarters of the footprint, a word of four
// pixels from each plane) to grey by fixed-point weights, the grey
// word written to the last quarter.
extern "C" __global__ void image_rgb_planar_u8_to_grey(Args a) {
    unsigned q = (a.bigMask + 1) >> 2, m = q - 1, T = gthreads(), i = gtid();
    const unsigned* R = reinterpret_cast<const unsigned*>(a.big);
    const unsigned* G = R + q;
    const unsigned* B = R + 2u * q;
    unsigned* Y = reinterpret_cast<unsigned*>(a.big) + 3u * q;
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        unsigned r = R[j], g = G[j], b = B[j], y = 0u;
#pragma unroll
        for (unsigned s = 0; s < 32u; s += 8u) {
            unsigned v = (77u * ((r >> s) & 255u) + 150u * ((g >> s) & 255u) + 29u * ((b >> s) & 255u) + 128u) >> 8;
            y |= v << s;
        }
        Y[j] = y;
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// ---------------------------------------------------------------------
// Hashing and random numbers
// ---------------------------------------------------------------------

// The MurmurHash3 32-bit block mix and finaliser over four words a
// step, the hash state carried.
extern "C" __global__ void murmur3_x86_32_four_words(Args a) {
    unsigned h = 0x9747b28cu ^ (unsigned)gtid(), w = a.uin[gtid() & 8191u];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (unsigned j = 0; j < 4u; j++) {
            unsigned kk = (w + j * 0x61c88647u) * 0xcc9e2d51u;
            kk = (kk << 15) | (kk >> 17);
            kk *= 0x1b873593u;
            h ^= kk;
            h = (h << 13) | (h >> 19);
            h = h * 5u + 0xe6546b64u;
        }
        h ^= 16u; h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; h *= 0xc2b2ae35u; h ^= h >> 16;
        w += h;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)h);
}

// xorshift128+ (64-bit state words) drawing two uniform floats a step,
// summed as a Monte Carlo estimate of the unit quarter disc.
extern "C" __global__ void xorshift128plus_quarter_disc(Args a) {
    unsigned long long s0 = 0x9e3779b97f4a7c15ull ^ (unsigned long long)gtid(), s1 = 0xbf58476d1ce4e5b9ull + a.uin[gtid() & 8191u];
    unsigned hits = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned long long x = s0, y = s1;
        s0 = y;
        x ^= x << 23;
        s1 = x ^ y ^ (x >> 17) ^ (y >> 26);
        unsigned long long r = s1 + y;
        float u = (float)(unsigned)(r >> 40) * (1.f / 16777216.f);
        float v = (float)((unsigned)r >> 8) * (1.f / 16777216.f);
        hits += (u * u + v * v < 1.f) ? 1u : 0u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)hits);
}

// ---------------------------------------------------------------------
// Physics
// ---------------------------------------------------------------------

// A chain of eight masses joined by springs, fixed at both ends,
// stepped by position Verlet in registers with damping.
extern "C" __global__ void verlet_spring_chain8_regs(Args a) {
    float x[8], xp[8];
#pragma unroll
    for (int j = 0; j < 8; j++) { x[j] = (float)(j + 1) + 0.1f * a.fin[(gtid() + j) & 8191u]; xp[j] = x[j]; }
    const float kdt2 = 0.01f, damp = 0.995f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float f[8];
#pragma unroll
        for (int j = 0; j < 8; j++) {
            float l = j == 0 ? 0.f : x[j - 1], r = j == 7 ? 9.f : x[j + 1];
            f[j] = l + r - 2.f * x[j];
        }
#pragma unroll
        for (int j = 0; j < 8; j++) {
            float nx = x[j] + damp * (x[j] - xp[j]) + kdt2 * f[j];
            xp[j] = x[j];
            x[j] = nx;
        }
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int j = 0; j < 8; j++) s += x[j];
    finish(a, t0, t1, s);
}

// A 2D SPH density sum with the poly6 kernel, each thread its particle
// against eight neighbours a step from 512 particles in shared memory.
extern "C" __global__ void sph2d_poly6_density_smem(Args a) {
    __shared__ float2 p[512];
    for (unsigned e = threadIdx.x; e < 512u; e += blockDim.x)
        p[e] = make_float2(0.05f * (float)(e & 31u) + 0.01f * a.fin[e], 0.05f * (float)(e >> 5));
    __syncthreads();
    float2 me = p[threadIdx.x & 511u];
    const float h2 = 0.01f, c = 4.f / (3.14159265f * 1e-8f);
    float rho = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
#pragma unroll
        for (unsigned j = 0; j < 8u; j++) {
            float2 q = p[((unsigned)k * 8u + j + threadIdx.x) & 511u];
            float dx = me.x - q.x, dy = me.y - q.y, r2 = dx * dx + dy * dy;
            float d = fmaxf(h2 - r2, 0.f);
            rho = fmaf(c * d, d * d, rho);
        }
    }
    long long t1 = clock64();
    finish(a, t0, t1, rho);
}

// ---------------------------------------------------------------------
// Data-dependent inner loop
// ---------------------------------------------------------------------

// Collatz steps of a hashed start below 2^16, the walk capped at 64.
extern "C" __global__ void collatz_steps_capped64(Args a) {
    unsigned s = hash32((unsigned)gtid()), total = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = s * 1664525u + 1013904223u;
        unsigned x = (s >> 16) | 1u, n = 0u;
        while (x != 1u && n < 64u) {
            x = (x & 1u) ? 3u * x + 1u : x >> 1;
            n++;
        }
        total += n;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)total);
}
