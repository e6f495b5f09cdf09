// A twenty-fifth validation corpus for gpuarch analyze ("dev25" and
// "heldout25"): fifty-seven loops written as a new user of the tool would
// write them, by a writer who has read none of the model, its tests, its
// testdata, its error figures or any measurement; of the earlier corpora
// only corpus24's three files (kernels.cu, cases.inc, split.txt) as
// format examples, no loop copied from them, and the harness
// (scripts/analyze/corpus/harness.cu) and the build script
// (scripts/analyze/device.sh). The set: shared-memory layouts and bank
// conflicts (a warp's 32 × 32 float transpose through an unpadded tile, a
// row written and a column read, 32 lanes on one bank; the same through a
// tile padded to 33 columns, a column written and a row read; the same
// through a tile whose rows are rotated by their index, the diagonal
// swizzle; one component of float2 pairs read and the other written,
// stride 2, two lanes to a bank; the red and alpha channels of RGBA float
// pixels, stride 4, four lanes to a bank; a coefficient the whole warp
// reads, a broadcast, beside each thread's own word), histograms and
// atomics (64-bin histograms private to each warp in shared memory; an
// 8-bin histogram of leading-zero ranks shared by the block, most lanes
// on one bin; 1024 global bins of hashed words; a warp-aggregated queue
// counter, the leader's atomicAdd of the ballot's popcount broadcast by
// a shuffle; float atomicAdd of a scaled stream into another, coalesced;
// a global hash-table insert by atomicCAS with two linear probes at
// most), scans and reductions (the Kogge-Stone warp scan by
// __shfl_up_sync; the sm_80 __reduce_add_sync and __reduce_max_sync;
// a block sum by warp butterflies, the warps' partials in shared memory,
// two __syncthreads; a block inclusive scan, warp scans, the warp totals
// scanned by the first warp, three __syncthreads; the minimum and maximum
// of a float stream, four loads a step), stencils (a 1D radius-4 stencil
// of nine global loads; a 2D five-point Jacobi step between two shared
// tiles, __syncthreads a step; a 3D seven-point stencil on a 64 × 64
// plane in global memory), FP64 (a degree-10 Horner polynomial, one
// dependent DFMA chain; four independent DFMA chains; the precise exp and
// log; a DAXPY in place), packed half and bf16 (two half2 Horner chains;
// four bf16x2 FMA and ReLU chains; a half2 dot product of two uint4
// streams with float sums), int8 (four __dp4a accumulators; mma.sync
// m16n8k32 s8 on registers; the same with both operands by ldmatrix .x4
// from padded rows), tensor cores (mma.sync m16n8k16 with f16
// accumulators from unpadded 128-byte rows; with f32 accumulators, A by
// ldmatrix and B by ldmatrix .trans from k-major padded rows; bf16
// m16n8k8 on four accumulators; tf32 m16n8k8 with the fragments read by
// 32-bit shared loads from padded tiles), special functions (a phase
// oscillator by __sinf and __cosf; a 2D rotation by the precise sinf and
// cosf; log-sum-exp of pairs by __expf and __logf; a 3-vector normalized
// by rsqrtf and reflected; the precise tanhf and powf), conversions and
// division (float, int, half and double round trips; the IEEE float
// division and sqrtf; signed 32-bit division and remainder by runtime
// divisors; a timestamp split into days, hours, minutes and seconds by
// constant divisors), bit manipulation (FFT bit reversal by __brev with
// __clz, __popc and __ffs; ChaCha quarter rounds by funnel-shift
// rotates, __byte_perm; a CRC-32 a byte at a time from a shared table),
// memory streams (the float4 triad of three streams; one field of
// 64-byte records, lanes 64 bytes apart; four independent hashed
// gathers; an 8-byte cp.async.ca double buffer with __syncthreads),
// softmax and layernorm bodies (a warp's 32-wide softmax by shuffles and
// expf; a 128-wide layernorm of a float4 a lane with rsqrtf), sparse
// matrices (a scalar CSR SpMV a thread a row of eight nonzeros; an ELL
// SpMV of width eight in column-major order with x gathered over the
// footprint), sorting networks (Batcher's 19-comparator network on eight
// floats in registers; a warp's bitonic sort of 32 keys by
// __shfl_xor_sync), and one loop whose trip count depends on data
// (Newton's square root in a while loop until it converges).
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

// The murmur3 32-bit finalizer.
__device__ __forceinline__ unsigned fmix32(unsigned x) {
    x ^= x >> 16; x *= 0x85ebca6bu; x ^= x >> 13; x *= 0xc2b2ae35u; x ^= x >> 16;
    return x;
}
__device__ __forceinline__ __half2 u32_as_h2(unsigned u) { return *reinterpret_cast<__half2*>(&u); }
__device__ __forceinline__ unsigned smem_addr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

// One compare-exchange of a sorting network (a ends the smaller).
__device__ __forceinline__ void cswap(float& a, float& b) {
    float lo = fminf(a, b), hi = fmaxf(a, b);
    a = lo;
    b = hi;
}

// ---------------------------------------------------------------------
// Shared-memory layouts and bank conflicts
// ---------------------------------------------------------------------

// A warp's transpose through an unpadded 32 × 32 float tile (eight
// tiles, a warp on tile w & 7): a row written (lane = column), then a
// column read (lane = row), the 32 lanes of the read on one bank.
extern "C" __global__ void smem_transpose32_unpadded_col_read_32way(Args a) {
    __shared__ float tile[8][32][32];
    for (unsigned e = threadIdx.x; e < 8u * 32u * 32u; e += blockDim.x) (&tile[0][0][0])[e] = a.fin[e & 8191u];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float (*t)[32] = tile[w & 7u];
    float x = a.fin[gtid() & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (w + (unsigned)k) & 31u;
        t[r][lane] = x;
        __syncwarp();
        float y = t[lane][r];
        __syncwarp();
        x = fmaf(y, 0.75f, 0.125f);
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The same transpose through a tile padded to 33 columns: a column
// written (lane = row) and a row read, both on 32 distinct banks.
extern "C" __global__ void smem_transpose32_padded33_col_write_row_read(Args a) {
    __shared__ float tile[8][32][33];
    for (unsigned e = threadIdx.x; e < 8u * 32u * 33u; e += blockDim.x) (&tile[0][0][0])[e] = a.fin[e & 8191u];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float (*t)[33] = tile[w & 7u];
    float x = a.fin[(gtid() + 5) & 8191], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = (w * 3u + (unsigned)k) & 31u;
        t[lane][c] = x;
        __syncwarp();
        float y = t[c][lane];
        __syncwarp();
        x = fmaf(y, 0.5f, 0.3f);
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The transpose through an unpadded tile whose rows are rotated by
// their index (element (r, c) at t[r][(c + r) & 31], the diagonal
// swizzle): the row written and the column read both conflict-free.
extern "C" __global__ void smem_transpose32_diagonal_rotate_swizzle(Args a) {
    __shared__ float tile[8][32][32];
    for (unsigned e = threadIdx.x; e < 8u * 32u * 32u; e += blockDim.x) (&tile[0][0][0])[e] = a.fin[(e * 7u) & 8191u];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
    float (*t)[32] = tile[w & 7u];
    float x = a.fin[(gtid() + 11) & 8191], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (w + (unsigned)k) & 31u;
        t[r][(lane + r) & 31u] = x;
        __syncwarp();
        float y = t[lane][(r + lane) & 31u];
        __syncwarp();
        x = fmaf(y, 0.625f, 0.2f);
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A thread's (q, p) pair of floats in shared memory, the two components
// updated alternately (one read, the other written from it): each access
// of one component strides 8 bytes across the lanes, two lanes a bank.
extern "C" __global__ void smem_float2_one_component_stride2_2way(Args a) {
    __shared__ float z[2048];
    for (unsigned e = threadIdx.x; e < 2048u; e += blockDim.x) z[e] = 0.5f * a.fin[e & 8191u];
    __syncthreads();
    unsigned t = threadIdx.x;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned f = (unsigned)k & 1u;
        float v = z[2u * t + f];
        z[2u * t + (f ^ 1u)] = fmaf(v, 0.5f, 0.25f);
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// RGBA float pixels (16 bytes each) in shared memory, the red channel
// premultiplied-like by alpha: the red and alpha words read and red
// written, each access 16 bytes apart across the lanes, four lanes a
// bank. The warp walks the 1024 pixels 32 at a time.
extern "C" __global__ void smem_rgba_f32_channel_stride4_4way(Args a) {
    __shared__ float px[4096];
    for (unsigned e = threadIdx.x; e < 4096u; e += blockDim.x)
        px[e] = (e & 3u) == 3u ? 0.3f + 0.004f * (float)((e >> 2) & 127u) : a.fin[e & 8191u];
    __syncthreads();
    unsigned t = threadIdx.x;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned p = (t + (unsigned)k * 32u) & 1023u;
        float r = px[4u * p], al = px[4u * p + 3u];
        px[4u * p] = fmaf(r, al, 0.1f);
        acc += r;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A table coefficient the whole warp reads (one word, a broadcast) and
// each thread's own word of a shared array, scaled and written back.
extern "C" __global__ void smem_broadcast_coeff_plus_own_word(Args a) {
    __shared__ float coef[256];
    __shared__ float s[1024];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) coef[e] = 0.25f + (float)e * (0.5f / 256.f);
    s[threadIdx.x] = a.fin[gtid() & 8191u];
    __syncthreads();
    unsigned t = threadIdx.x, w = t >> 5;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float c = coef[(w * 37u + (unsigned)k) & 255u];
        float v = s[t];
        s[t] = fmaf(v, c, 0.1f);
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Histograms and atomics
// ---------------------------------------------------------------------

// A 64-bin histogram private to each warp in shared memory, two random
// keys a step (two shared atomicAdds, the old values unused).
extern "C" __global__ void smem_hist64_warp_private_atomic(Args a) {
    __shared__ unsigned h[32][64];
    for (unsigned e = threadIdx.x; e < 32u * 64u; e += blockDim.x) (&h[0][0])[e] = 0u;
    __syncthreads();
    unsigned w = threadIdx.x >> 5, x = fmix32((unsigned)gtid() + 1u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = x * 1664525u + 1013904223u;
        atomicAdd(&h[w][x >> 26], 1u);
        atomicAdd(&h[w][(x >> 18) & 63u], 1u);
    }
    long long t1 = clock64();
    __syncwarp();
    finish(a, t0, t1, (float)h[w][threadIdx.x & 63u]);
}

// The rank histogram of a HyperLogLog-like sketch: the leading zeros of
// a random word (capped at 7) counted in eight shared bins of the whole
// block, about half the lanes on bin 0 and a quarter on bin 1.
extern "C" __global__ void smem_hist8_clz_rank_contended(Args a) {
    __shared__ unsigned bins[8];
    if (threadIdx.x < 8u) bins[threadIdx.x] = 0u;
    __syncthreads();
    unsigned x = fmix32((unsigned)gtid() + 99u);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = x * 747796405u + 2891336453u;
        unsigned r = min((unsigned)__clz(x ^ (x >> 11)), 7u);
        atomicAdd(&bins[r], 1u);
    }
    long long t1 = clock64();
    __syncthreads();
    finish(a, t0, t1, (float)bins[threadIdx.x & 7u]);
}

// A 1024-bin histogram in global memory (the first 4 KiB of the
// footprint) of hashed words read from a.uin, one atomicAdd a step (the
// old value unused).
extern "C" __global__ void gatomic_hist1024_global_bins_hashed(Args a) {
    unsigned* H = reinterpret_cast<unsigned*>(a.big);
    unsigned T = gthreads(), i = gtid(), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned v = a.uin[(i + (unsigned)k * T) & 8191u];
        unsigned key = fmix32(v ^ (unsigned)k);
        atomicAdd(&H[key >> 22], 1u);
        acc += key & 1u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A warp-aggregated increment of one of 64 global queue counters (each
// on its own 128-byte line): the lanes that want a slot found by
// __ballot_sync, the first of them adding the popcount (the old value
// used), the base broadcast by __shfl_sync, each lane's slot the base
// plus the popcount of the wanting lanes below it.
extern "C" __global__ void gatomic_warp_aggregated_ballot_leader_inc(Args a) {
    unsigned* Q = reinterpret_cast<unsigned*>(a.big);
    unsigned lane = threadIdx.x & 31u, lt = (1u << lane) - 1u, gw = (unsigned)gtid() >> 5;
    unsigned* ctr = &Q[(gw & 63u) * 32u];
    unsigned x = fmix32((unsigned)gtid() + 7u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = x * 1664525u + 1013904223u;
        bool want = (x >> 30) != 0u;
        unsigned bal = __ballot_sync(FULL_MASK, want);
        unsigned leader = (unsigned)__ffs(bal) - 1u;
        unsigned base = 0u;
        if (lane == leader) base = atomicAdd(ctr, (unsigned)__popc(bal));
        base = __shfl_sync(FULL_MASK, base, leader & 31u);
        if (want) acc += base + (unsigned)__popc(bal & lt);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A gradient accumulation: a stream (the first half) scaled and added
// by float atomicAdd into a second stream (the second half) at the same
// positions, coalesced, the old values unused; grid-stride.
extern "C" __global__ void gatomic_red_f32_coalesced_stream_accumulate(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const float* X = a.big;
    float* G = a.big + h;
    float s = 0.01f * a.fin[7], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float g = X[j] * s;
        atomicAdd(&G[j], g);
        acc += g;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Insert-or-find in a global open-addressing hash table spread over the
// whole footprint (empty slots hold the buffer's 0x3c3c3c3c): atomicCAS
// at the key's home slot, and at the next slot only where the home slot
// holds another key. The keys repeat (half as many as the slots), so
// after the warm-up launch most are found.
extern "C" __global__ void hash_insert_atomiccas_two_probes_global(Args a) {
    const unsigned EMPTY = 0x3c3c3c3cu;
    unsigned* S = reinterpret_cast<unsigned*>(a.big);
    unsigned sm = a.bigMask, km = ((a.bigMask + 1) >> 1) - 1, T = gthreads(), i = gtid(), fails = 0u, hits = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned key = fmix32((i + (unsigned)k * T) & km) | 1u;
        key = key == EMPTY ? key ^ 2u : key;
        unsigned slot = (key * 0x9e3779b1u) & sm;
        unsigned old = atomicCAS(&S[slot], EMPTY, key);
        if (old != EMPTY && old != key) {
            old = atomicCAS(&S[(slot + 1u) & sm], EMPTY, key);
            fails += (old != EMPTY && old != key) ? 1u : 0u;
        }
        hits += old == key ? 1u : 0u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)fails + (float)hits);
}

// ---------------------------------------------------------------------
// Scans and reductions
// ---------------------------------------------------------------------

// The Kogge-Stone inclusive scan of a warp's 32 floats (five
// __shfl_up_sync steps, the lanes below the distance keeping their
// value), the warp total from lane 31, both fed back bounded.
extern "C" __global__ void warp_inclusive_scan_shfl_up_kogge_stone(Args a) {
    unsigned lane = threadIdx.x & 31u;
    float v = a.fin[gtid() & 8191u], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = v;
#pragma unroll
        for (unsigned d = 1u; d < 32u; d <<= 1) {
            float n = __shfl_up_sync(FULL_MASK, s, d);
            if (lane >= d) s += n;
        }
        float total = __shfl_sync(FULL_MASK, s, 31);
        acc += s;
        v = fmaf(s, 1.f / 64.f, 0.5f) - total * (1.f / 256.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Warp reductions by the sm_80 redux instructions: __reduce_add_sync of
// the high bits and __reduce_max_sync of random words, folded back into
// the generator.
extern "C" __global__ void warp_reduce_add_max_redux_sync_u32(Args a) {
    unsigned x = fmix32((unsigned)gtid() + 3u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = x * 1664525u + 1013904223u;
        unsigned s = __reduce_add_sync(FULL_MASK, x >> 8);
        unsigned mx = __reduce_max_sync(FULL_MASK, x);
        acc += s ^ mx;
        x ^= mx >> 3;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A block-wide sum: each warp's butterfly (__shfl_xor_sync), lane 0
// storing the warp's partial, __syncthreads, every warp reading the
// partials and summing them by a second butterfly, __syncthreads before
// the partials are overwritten.
extern "C" __global__ void block_reduce_shfl_partials_all_warps_two_syncs(Args a) {
    __shared__ float part[32];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    float v = a.fin[gtid() & 8191u];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = v;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(FULL_MASK, s, o);
        if (lane == 0u) part[w] = s;
        __syncthreads();
        float t = lane < nw ? part[lane] : 0.f;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) t += __shfl_xor_sync(FULL_MASK, t, o);
        __syncthreads();
        v = fmaf(v, 0.5f, t * (1.f / 4096.f)) + 0.05f;
    }
    long long t1 = clock64();
    finish(a, t0, t1, v);
}

// A block-wide inclusive scan of bytes: warp scans by __shfl_up_sync,
// the warp totals stored, the first warp scanning them in place, each
// warp adding the total of the warps before it (three __syncthreads).
extern "C" __global__ void block_inclusive_scan_warp_shfl_smem_offsets(Args a) {
    __shared__ unsigned wsum[32];
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    unsigned x = fmix32((unsigned)gtid() + 21u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned s = x & 255u;
#pragma unroll
        for (unsigned d = 1u; d < 32u; d <<= 1) {
            unsigned n = __shfl_up_sync(FULL_MASK, s, d);
            if (lane >= d) s += n;
        }
        if (lane == 31u) wsum[w] = s;
        __syncthreads();
        if (w == 0u) {
            unsigned t = lane < nw ? wsum[lane] : 0u;
#pragma unroll
            for (unsigned d = 1u; d < 32u; d <<= 1) {
                unsigned n = __shfl_up_sync(FULL_MASK, t, d);
                if (lane >= d) t += n;
            }
            if (lane < nw) wsum[lane] = t;
        }
        __syncthreads();
        s += w ? wsum[w - 1u] : 0u;
        acc ^= s;
        x = x * 1664525u + 1013904223u + s;
        __syncthreads();
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// The minimum and maximum of a float stream, four coalesced loads a step
// (a grid-stride loop unrolled by four by hand).
extern "C" __global__ void reduce_minmax_f32_stream_unroll4(Args a) {
    unsigned m = a.bigMask, T = gthreads(), i = gtid();
    const float* X = a.big;
    float lo = X[i & m], hi = lo;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = i + (unsigned)k * 4u * T;
        float v0 = X[j & m], v1 = X[(j + T) & m], v2 = X[(j + 2u * T) & m], v3 = X[(j + 3u * T) & m];
        lo = fminf(lo, fminf(fminf(v0, v1), fminf(v2, v3)));
        hi = fmaxf(hi, fmaxf(fmaxf(v0, v1), fmaxf(v2, v3)));
    }
    long long t1 = clock64();
    finish(a, t0, t1, hi - lo);
}

// ---------------------------------------------------------------------
// Stencils
// ---------------------------------------------------------------------

// A 1D symmetric stencil of radius 4 straight from global memory: nine
// coalesced, overlapping loads of the first half, the result stored to
// the second half, grid-stride.
extern "C" __global__ void stencil1d_r4_global_nine_loads(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const float* in = a.big;
    float* out = a.big + h;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = i + (unsigned)k * T;
        float s = 0.2f * in[c & m]
                + 0.15f * (in[(c - 1u) & m] + in[(c + 1u) & m])
                + 0.1f * (in[(c - 2u) & m] + in[(c + 2u) & m])
                + 0.07f * (in[(c - 3u) & m] + in[(c + 3u) & m])
                + 0.03f * (in[(c - 4u) & m] + in[(c + 4u) & m]);
        out[c & m] = s;
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Jacobi steps of the 2D Laplace equation between two 34 × 34 shared
// tiles (ping-pong): a warp a row, four neighbours read from one tile,
// the mean written to the other, __syncthreads, the tiles swapped.
extern "C" __global__ void jacobi2d_5pt_smem_pingpong_sync(Args a) {
    __shared__ float g[2][34][34];
    for (unsigned e = threadIdx.x; e < 2u * 34u * 34u; e += blockDim.x) (&g[0][0][0])[e] = a.fin[(e * 3u) & 8191u];
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5, cur = 0u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = ((w + (unsigned)k) & 31u) + 1u, c = lane + 1u;
        float (*src)[34] = g[cur];
        float (*dst)[34] = g[cur ^ 1u];
        float v = 0.25f * ((src[r - 1u][c] + src[r + 1u][c]) + (src[r][c - 1u] + src[r][c + 1u]));
        dst[r][c] = v;
        acc += v;
        __syncthreads();
        cur ^= 1u;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 3D seven-point stencil on a grid of 64 × 64 planes in global memory
// (neighbours at ±1, ±64 and ±4096 floats), out of place into the second
// half, grid-stride.
extern "C" __global__ void stencil3d_7pt_global_nx64_ny64(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, m = h - 1, T = gthreads(), i = gtid();
    const float* in = a.big;
    float* out = a.big + h;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned c = i + (unsigned)k * T;
        float v = 0.4f * in[c & m]
                + 0.1f * ((in[(c - 1u) & m] + in[(c + 1u) & m]) + (in[(c - 64u) & m] + in[(c + 64u) & m])
                        + (in[(c - 4096u) & m] + in[(c + 4096u) & m]));
        out[c & m] = v;
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// FP64
// ---------------------------------------------------------------------

// The degree-10 Taylor polynomial of exp by Horner's rule in double (ten
// dependent DFMAs), the argument kept in [0, 0.6].
extern "C" __global__ void f64_horner_deg10_dependent_dfma(Args a) {
    double x = 0.25 * (double)a.fin[gtid() & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double p = 2.755731922398589e-7;
        p = fma(p, x, 2.755731922398589e-6);
        p = fma(p, x, 2.48015873015873e-5);
        p = fma(p, x, 1.984126984126984e-4);
        p = fma(p, x, 1.388888888888889e-3);
        p = fma(p, x, 8.333333333333333e-3);
        p = fma(p, x, 4.166666666666667e-2);
        p = fma(p, x, 0.1666666666666667);
        p = fma(p, x, 0.5);
        p = fma(p, x, 1.0);
        p = fma(p, x, 1.0);
        acc += p;
        x = 0.8 * (p - 1.0);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// Four independent double chains, two DFMAs each a step (a relaxation
// and a running blend), the throughput case of FP64.
extern "C" __global__ void f64_four_chains_dfma_ilp(Args a) {
    double f = (double)a.fin[gtid() & 8191u];
    double x0 = f, x1 = 1.0 - 0.5 * f, x2 = 0.25 * f, x3 = 2.0 - f;
    double y0 = 0.0, y1 = 0.0, y2 = 0.0, y3 = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x0 = fma(x0, 0.9990234375, 1e-3);
        x1 = fma(x1, 0.998046875, -1e-3);
        x2 = fma(x2, 0.99951171875, 2e-3);
        x3 = fma(x3, 0.9990234375, -2e-3);
        y0 = fma(y0, 0.5, 0.25 * x0);
        y1 = fma(y1, 0.5, 0.25 * x1);
        y2 = fma(y2, 0.5, 0.25 * x2);
        y3 = fma(y3, 0.5, 0.25 * x3);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((y0 + y1) + (y2 + y3)));
}

// The precise double exp and log: log(exp(x) + x) of a value kept in
// [0, 1].
extern "C" __global__ void f64_exp_log_precise_bounded(Args a) {
    double x = 0.5 * (double)a.fin[gtid() & 8191u], acc = 0.0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        double e = exp(x);
        double l = log(e + x);
        acc += l;
        x = 0.7 * l;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// DAXPY in place: y (the second half, as doubles) += alpha x (the
// first), grid-stride.
extern "C" __global__ void f64_daxpy_stream_inplace(Args a) {
    unsigned h = (a.bigMask + 1) >> 2, m = h - 1, T = gthreads(), i = gtid();
    const double* X = reinterpret_cast<const double*>(a.big);
    double* Y = reinterpret_cast<double*>(a.big) + h;
    double alpha = 0.5 * (double)a.fin[5];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        Y[j] = fma(alpha, X[j], Y[j]);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)alpha);
}

// ---------------------------------------------------------------------
// Packed half and bf16
// ---------------------------------------------------------------------

// Two independent half2 Horner chains of a degree-5 polynomial (five
// __hfma2 each), the arguments kept in (-1, 1).
extern "C" __global__ void half2_poly5_hfma2_two_chains(Args a) {
    float f = a.fin[gtid() & 8191u] - 1.f;
    __half2 x = __floats2half2_rn(f, 0.5f * f), y = __floats2half2_rn(-0.5f * f, 0.25f);
    const __half2 c0 = __float2half2_rn(0.05f), c1 = __float2half2_rn(-0.25f), c2 = __float2half2_rn(0.3f);
    const __half2 c3 = __float2half2_rn(0.15f), c4 = __float2half2_rn(-0.2f), c5 = __float2half2_rn(0.1f);
    const __half2 sc = __float2half2_rn(0.9f), dec = __float2half2_rn(0.5f);
    __half2 acc = __float2half2_rn(0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        __half2 p = __hfma2(c5, x, c4), q = __hfma2(c5, y, c4);
        p = __hfma2(p, x, c3); q = __hfma2(q, y, c3);
        p = __hfma2(p, x, c2); q = __hfma2(q, y, c2);
        p = __hfma2(p, x, c1); q = __hfma2(q, y, c1);
        p = __hfma2(p, x, c0); q = __hfma2(q, y, c0);
        x = __hmul2(p, sc);
        y = __hmul2(q, sc);
        acc = __hfma2(acc, dec, __hadd2(p, q));
    }
    long long t1 = clock64();
    float2 r = __half22float2(acc);
    finish(a, t0, t1, r.x + r.y);
}

// Four bf16x2 chains of a tiny MLP layer with ReLU: h = max(w h + b, 0)
// by __hfma2 and __hmax2 on __nv_bfloat162.
extern "C" __global__ void bf16x2_fma_relu_hmax2_chains(Args a) {
    float f = a.fin[gtid() & 8191u];
    __nv_bfloat162 h0 = __floats2bfloat162_rn(f, 0.5f * f), h1 = __floats2bfloat162_rn(1.f - 0.5f * f, 0.2f);
    __nv_bfloat162 h2 = __floats2bfloat162_rn(0.3f * f, f - 0.5f), h3 = __floats2bfloat162_rn(0.7f, 0.1f * f);
    const __nv_bfloat162 w0 = __floats2bfloat162_rn(0.5f, 0.75f), w1 = __floats2bfloat162_rn(0.875f, -0.5f);
    const __nv_bfloat162 b0 = __floats2bfloat162_rn(0.25f, -0.1f), b1 = __floats2bfloat162_rn(-0.05f, 0.3f);
    const __nv_bfloat162 zero = __floats2bfloat162_rn(0.f, 0.f);
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        h0 = __hmax2(__hfma2(h0, w0, b0), zero);
        h1 = __hmax2(__hfma2(h1, w1, b1), zero);
        h2 = __hmax2(__hfma2(h2, w0, b1), zero);
        h3 = __hmax2(__hfma2(h3, w1, b0), zero);
    }
    long long t1 = clock64();
    float2 r = __bfloat1622float2(__hadd2(__hadd2(h0, h1), __hadd2(h2, h3)));
    finish(a, t0, t1, r.x + r.y);
}

// A half-precision dot product of two streams read as uint4 (eight
// halves a load, the footprint's halves): four half2 products summed by
// __hfma2, the step's half2 converted and added to a float sum.
extern "C" __global__ void half2_dot_uint4_stream_hfma2_f32acc(Args a) {
    unsigned h = (a.bigMask + 1) >> 3, m = h - 1, T = gthreads(), i = gtid();
    const uint4* X = reinterpret_cast<const uint4*>(a.big);
    const uint4* Y = X + h;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        uint4 x = X[j], y = Y[j];
        __half2 s = __hmul2(u32_as_h2(x.x), u32_as_h2(y.x));
        s = __hfma2(u32_as_h2(x.y), u32_as_h2(y.y), s);
        s = __hfma2(u32_as_h2(x.z), u32_as_h2(y.z), s);
        s = __hfma2(u32_as_h2(x.w), u32_as_h2(y.w), s);
        float2 f = __half22float2(s);
        acc += f.x + f.y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// int8 and integer matrix units
// ---------------------------------------------------------------------

// Four independent __dp4a accumulators of signed bytes: the activations
// from a generator (rearranged by shifts and a byte permute), the
// weights in registers.
extern "C" __global__ void dp4a_s8_four_independent_accumulators(Args a) {
    int w0 = (int)a.uin[gtid() & 8191u], w1 = (int)a.uin[(gtid() + 1) & 8191], w2 = (int)a.uin[(gtid() + 2) & 8191];
    int w3 = (int)a.uin[(gtid() + 3) & 8191];
    unsigned x = fmix32((unsigned)gtid() + 5u);
    int s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = x * 1664525u + 1013904223u;
        s0 = __dp4a((int)x, w0, s0);
        s1 = __dp4a((int)(x ^ 0x5a5a5a5au), w1, s1);
        s2 = __dp4a((int)(x >> 3), w2, s2);
        s3 = __dp4a((int)__byte_perm(x, 0u, 0x0123u), w3, s3);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((s0 ^ s1) + (s2 ^ s3)));
}

// mma.sync m16n8k32 s8 × s8 with s32 accumulators on register
// fragments, two n8 blocks a step; the A operands stepped each step
// (bytes kept in [0, 63] so the sums stay in range).
extern "C" __global__ void mma_s8_m16n8k32_s32acc_regs(Args a) {
    unsigned lane = threadIdx.x & 31u;
    unsigned a0 = a.uin[lane] & 0x3f3f3f3fu, a1 = a.uin[lane + 32u] & 0x3f3f3f3fu;
    unsigned a2 = a.uin[lane + 64u] & 0x3f3f3f3fu, a3 = a.uin[lane + 96u] & 0x3f3f3f3fu;
    unsigned b0 = a.uin[lane + 128u] & 0x3f3f3f3fu, b1 = a.uin[lane + 160u] & 0x3f3f3f3fu;
    int c[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3]) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(c[4]), "+r"(c[5]), "+r"(c[6]), "+r"(c[7]) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b1), "r"(b0));
        a0 = (a0 + 0x01010101u) & 0x3f3f3f3fu;
        a3 = (a3 + 0x03030303u) & 0x3f3f3f3fu;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((c[0] + c[1] + c[2] + c[3]) ^ (c[4] + c[5] + c[6] + c[7])));
}

// mma.sync m16n8k32 s8 with both operands by ldmatrix .x4 from shared
// tiles of 128-byte k rows padded by 16 bytes (144-byte rows, so the
// eight rows of each 8 × 16-byte matrix fall on distinct banks): A 16 ×
// 128 bytes, B 16 n-rows × 128 bytes, two n8 blocks a step, the k chunk
// advancing.
extern "C" __global__ void mma_s8_m16n8k32_ldsm_x4_padded_rows(Args a) {
    __shared__ __align__(16) uint4 As[16][9];
    __shared__ __align__(16) uint4 Bs[16][9];
    for (unsigned e = threadIdx.x; e < 16u * 9u; e += blockDim.x) {
        (&As[0][0])[e] = make_uint4(a.uin[e] & 0x3f3f3f3fu, a.uin[e + 144u] & 0x3f3f3f3fu,
                                    a.uin[e + 288u] & 0x3f3f3f3fu, a.uin[e + 432u] & 0x3f3f3f3fu);
        (&Bs[0][0])[e] = make_uint4(a.uin[e + 576u] & 0x3f3f3f3fu, a.uin[e + 720u] & 0x3f3f3f3fu,
                                    a.uin[e + 864u] & 0x3f3f3f3fu, a.uin[e + 1008u] & 0x3f3f3f3fu);
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    unsigned ar = lane & 15u, ach = lane >> 4, br = (lane & 7u) + ((lane >> 4) << 3), bch = (lane >> 3) & 1u;
    int c[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kc = ((unsigned)k & 3u) * 2u;
        unsigned pa = smem_addr(&As[ar][kc + ach]), pb = smem_addr(&Bs[br][kc + bch]);
        unsigned a0, a1, a2, a3, b0, b1, b2, b3;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(pa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n" : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3) : "r"(pb));
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3]) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+r"(c[4]), "+r"(c[5]), "+r"(c[6]), "+r"(c[7]) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)((c[0] + c[1] + c[2] + c[3]) ^ (c[4] + c[5] + c[6] + c[7])));
}

// ---------------------------------------------------------------------
// Tensor cores: f16, bf16, tf32
// ---------------------------------------------------------------------

// mma.sync m16n8k16 f16 with f16 accumulators, both operands by
// ldmatrix .x4 from unpadded tiles of 128-byte rows (the eight rows of
// each 8 × 8 matrix on the same banks), two n8 blocks a step. The halves
// are small with random signs, so the f16 sums stay bounded.
extern "C" __global__ void mma_f16_m16n8k16_f16acc_ldsm_unpadded(Args a) {
    __shared__ __align__(128) uint4 As[16][8];
    __shared__ __align__(128) uint4 Bs[16][8];
    for (unsigned e = threadIdx.x; e < 16u * 8u; e += blockDim.x) {
        (&As[0][0])[e] = make_uint4(0x24002400u | (a.uin[e] & 0x83ff83ffu), 0x24002400u | (a.uin[e + 128u] & 0x83ff83ffu),
                                    0x24002400u | (a.uin[e + 256u] & 0x83ff83ffu), 0x24002400u | (a.uin[e + 384u] & 0x83ff83ffu));
        (&Bs[0][0])[e] = make_uint4(0x24002400u | (a.uin[e + 512u] & 0x83ff83ffu), 0x24002400u | (a.uin[e + 640u] & 0x83ff83ffu),
                                    0x24002400u | (a.uin[e + 768u] & 0x83ff83ffu), 0x24002400u | (a.uin[e + 896u] & 0x83ff83ffu));
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    unsigned ar = lane & 15u, ach = lane >> 4, br = (lane & 7u) + ((lane >> 4) << 3), bch = (lane >> 3) & 1u;
    unsigned c0 = 0u, c1 = 0u, c2 = 0u, c3 = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kc = ((unsigned)k & 3u) * 2u;
        unsigned pa = smem_addr(&As[ar][kc + ach]), pb = smem_addr(&Bs[br][kc + bch]);
        unsigned a0, a1, a2, a3, b0, b1, b2, b3;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(pa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n" : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3) : "r"(pb));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};\n"
                     : "+r"(c0), "+r"(c1) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};\n"
                     : "+r"(c2), "+r"(c3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    float2 s = __half22float2(__hadd2(__hadd2(u32_as_h2(c0), u32_as_h2(c1)), __hadd2(u32_as_h2(c2), u32_as_h2(c3))));
    finish(a, t0, t1, s.x + s.y);
}

// mma.sync m16n8k16 f16 with f32 accumulators: A (16 × 64 halves) by
// ldmatrix .x4 from rows padded to 144 bytes, B stored k-major (64 k
// rows of 16 n halves, padded to 48 bytes) and loaded by ldmatrix .x4
// .trans, two n8 blocks a step.
extern "C" __global__ void mma_f16_m16n8k16_f32acc_ldsm_trans_padded(Args a) {
    __shared__ __align__(16) uint4 As[16][9];
    __shared__ __align__(16) uint4 Bk[64][3];
    for (unsigned e = threadIdx.x; e < 16u * 9u; e += blockDim.x)
        (&As[0][0])[e] = make_uint4(0x30003000u ^ (a.uin[e] & 0x03ff03ffu), 0x30003000u ^ (a.uin[e + 144u] & 0x03ff03ffu),
                                    0x30003000u ^ (a.uin[e + 288u] & 0x03ff03ffu), 0x30003000u ^ (a.uin[e + 432u] & 0x03ff03ffu));
    for (unsigned e = threadIdx.x; e < 64u * 3u; e += blockDim.x)
        (&Bk[0][0])[e] = make_uint4(0x30003000u ^ (a.uin[e + 576u] & 0x03ff03ffu), 0x30003000u ^ (a.uin[e + 768u] & 0x03ff03ffu),
                                    0x30003000u ^ (a.uin[e + 960u] & 0x03ff03ffu), 0x30003000u ^ (a.uin[e + 1152u] & 0x03ff03ffu));
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    unsigned ar = lane & 15u, ach = lane >> 4, bkr = lane & 15u, bch = lane >> 4;
    float c[8] = {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned ks = (unsigned)k & 3u;
        unsigned pa = smem_addr(&As[ar][ks * 2u + ach]), pb = smem_addr(&Bk[ks * 16u + bkr][bch]);
        unsigned a0, a1, a2, a3, b0, b1, b2, b3;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(pa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n" : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3) : "r"(pb));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c[0] + c[1] + c[2] + c[3]) + (c[4] + c[5] + c[6] + c[7]));
}

// mma.sync m16n8k8 bf16 with f32 accumulators on register fragments,
// four independent accumulator sets (two A fragments × two B
// fragments), four MMAs a step.
extern "C" __global__ void mma_bf16_m16n8k8_four_accumulators_regs(Args a) {
    unsigned lane = threadIdx.x & 31u;
    unsigned a0 = 0x3c003c00u ^ (a.uin[lane] & 0x007f007fu), a1 = 0x3c003c00u ^ (a.uin[lane + 32u] & 0x007f007fu);
    unsigned a2 = 0x3c003c00u ^ (a.uin[lane + 64u] & 0x007f007fu), a3 = 0x3c003c00u ^ (a.uin[lane + 96u] & 0x007f007fu);
    unsigned b0 = 0x3c003c00u ^ (a.uin[lane + 128u] & 0x007f007fu), b1 = 0x3c003c00u ^ (a.uin[lane + 160u] & 0x007f007fu);
    float c[16];
#pragma unroll
    for (int j = 0; j < 16; j++) c[j] = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) : "r"(a0), "r"(a1), "r"(b0));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                     : "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]) : "r"(a0), "r"(a1), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                     : "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]) : "r"(a2), "r"(a3), "r"(b0));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
                     : "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]) : "r"(a2), "r"(a3), "r"(b1));
    }
    long long t1 = clock64();
    float s = 0.f;
#pragma unroll
    for (int j = 0; j < 16; j++) s += c[j];
    finish(a, t0, t1, s);
}

// mma.sync m16n8k8 tf32 with the fragments read by 32-bit shared loads
// from float tiles padded to 36 columns (A 16 × 32, B 16 n-rows × 32 k,
// conflict-free): four A words and four B words a step, two n8 blocks,
// the k slice advancing.
extern "C" __global__ void mma_tf32_m16n8k8_lds32_fragments_padded(Args a) {
    __shared__ float As[16][36];
    __shared__ float Bs[16][36];
    for (unsigned e = threadIdx.x; e < 16u * 36u; e += blockDim.x) {
        (&As[0][0])[e] = 0.01f * a.fin[e];
        (&Bs[0][0])[e] = 0.02f * a.fin[e + 1024u] - 0.02f;
    }
    __syncthreads();
    unsigned lane = threadIdx.x & 31u, g = lane >> 2, t = lane & 3u;
    float c[8] = {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned kk = ((unsigned)k & 3u) * 8u + t;
        unsigned a0 = __float_as_uint(As[g][kk]), a1 = __float_as_uint(As[g + 8u][kk]);
        unsigned a2 = __float_as_uint(As[g][kk + 4u]), a3 = __float_as_uint(As[g + 8u][kk + 4u]);
        unsigned b0 = __float_as_uint(Bs[g][kk]), b1 = __float_as_uint(Bs[g][kk + 4u]);
        unsigned b2 = __float_as_uint(Bs[g + 8u][kk]), b3 = __float_as_uint(Bs[g + 8u][kk + 4u]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                     : "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
    }
    long long t1 = clock64();
    finish(a, t0, t1, (c[0] + c[1] + c[2] + c[3]) + (c[4] + c[5] + c[6] + c[7]));
}

// ---------------------------------------------------------------------
// Special functions
// ---------------------------------------------------------------------

// A phase oscillator by the fast intrinsics: the phase advanced and
// wrapped into [-pi, pi], __sinf of it and __cosf of twice it.
extern "C" __global__ void sincos_fast_phase_oscillator(Args a) {
    float ph = a.fin[gtid() & 8191u] - 1.f, om = 0.05f + 0.1f * a.fin[(gtid() + 3) & 8191], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        ph += om;
        ph = ph > 3.14159265f ? ph - 6.28318531f : ph;
        float s = __sinf(ph), c = __cosf(2.f * ph);
        acc = fmaf(s, c, acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A 2D point rotated by an angle that depends on it, with the precise
// sinf and cosf (arguments in [-0.3, 0.7]).
extern "C" __global__ void rotate2d_sinf_cosf_precise(Args a) {
    float px = a.fin[gtid() & 8191u] - 1.f, py = 0.5f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float th = fmaf(0.5f, px, 0.2f);
        float s = sinf(th), c = cosf(th);
        float nx = c * px - s * py, ny = fmaf(s, px, c * py);
        px = nx;
        py = ny;
        acc += py;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + px);
}

// Log-sum-exp of pairs with the fast __expf and __logf, both arguments
// fed back in [-1, 1].
extern "C" __global__ void logsumexp_pairs_fast_expf_logf(Args a) {
    float x = a.fin[gtid() & 8191u] - 1.f, y = 0.5f - 0.5f * a.fin[(gtid() + 1) & 8191], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float l = __logf(__expf(x) + __expf(y));
        acc += l;
        float nx = fmaf(l, 0.5f, -0.3f), ny = fmaf(x, -0.6f, 0.1f);
        x = nx;
        y = ny;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A normal normalized by rsqrtf and a direction reflected about it
// (d - 2 (d.n) n), the normal then nudged along the new direction.
extern "C" __global__ void rsqrtf_normalize_vec3_reflect(Args a) {
    float nx = a.fin[gtid() & 8191u], ny = 0.3f, nz = 1.f - 0.5f * a.fin[(gtid() + 2) & 8191];
    float dx = 0.6f, dy = -0.8f, dz = 0.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float inv = rsqrtf(fmaf(nx, nx, fmaf(ny, ny, nz * nz)));
        nx *= inv; ny *= inv; nz *= inv;
        float dn = 2.f * fmaf(dx, nx, fmaf(dy, ny, dz * nz));
        dx = fmaf(-dn, nx, dx);
        dy = fmaf(-dn, ny, dy);
        dz = fmaf(-dn, nz, dz);
        nx = fmaf(dx, 0.5f, nx);
        ny = fmaf(dy, 0.5f, ny);
        nz = fmaf(dz, 0.5f, nz);
        acc += dz;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// The precise tanhf and powf: a base in [1, 2] raised to an exponent in
// [0.5, 1.5], both from tanh of the previous result.
extern "C" __global__ void tanhf_powf_precise(Args a) {
    float x = a.fin[gtid() & 8191u] - 1.f, y = 1.f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float t = tanhf(x);
        float p = powf(fmaf(0.5f, t, 1.5f), y);
        acc += p;
        x = p - 1.5f;
        y = fmaf(0.5f, t, 1.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Conversions and division
// ---------------------------------------------------------------------

// Round trips through the number formats: float to int (round to
// nearest), int to float (toward zero), float to half and back, float
// to double and double to float.
extern "C" __global__ void cvt_f32_s32_f16_f64_roundtrips(Args a) {
    float x = a.fin[gtid() & 8191u];
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int q = __float2int_rn(x * 256.f);
        float f = __int2float_rz(q - 3);
        __half hv = __float2half_rn(f * (1.f / 256.f));
        double d = (double)__half2float(hv) + 0.001 * (double)(q & 7);
        x = (float)fma(d, 0.9, 0.2);
        acc += (unsigned)q;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc + x);
}

// The IEEE float division and square root (the default -prec-div and
// -prec-sqrt), a quotient and the root of a product, fed back in [1, 2].
extern "C" __global__ void fdiv_ieee_sqrtf_ieee_f32(Args a) {
    float p = a.fin[gtid() & 8191u] + 0.5f, q = 2.f - 0.5f * a.fin[(gtid() + 1) & 8191], acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float r = p / q;
        float s = sqrtf(p * q);
        acc += r + s;
        p = fmaf(0.5f, r, 1.f);
        q = fmaf(0.25f, s, 1.f);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Signed 32-bit division and remainder by divisors known only at run
// time (one positive, one negative), of numerators of both signs.
extern "C" __global__ void int32_sdiv_srem_runtime_divisor(Args a) {
    int d = 3 + (int)(a.uin[gtid() & 8191u] & 1023u), e = -7 - (int)(a.uin[(gtid() + 9) & 8191] & 255u);
    unsigned x = fmix32((unsigned)gtid() + 13u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        int n = (int)x;
        int q = n / d, r = n % d, q2 = n / e;
        acc += (unsigned)(q ^ r) + (unsigned)q2;
        x = x * 1103515245u + 12345u + (unsigned)r;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// A Unix timestamp split into days, hours, minutes, seconds and the day
// of the week: divisions and remainders by constants (86400, 3600, 60,
// 7), compiled to multiplies.
extern "C" __global__ void udiv_const_seconds_to_dhms(Args a) {
    unsigned t = fmix32((unsigned)gtid() + 31u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        t = t * 1664525u + 1013904223u;
        unsigned days = t / 86400u, rem = t % 86400u;
        unsigned hh = rem / 3600u, mm = (rem % 3600u) / 60u, ss = rem % 60u;
        unsigned wd = (days + 4u) % 7u;
        acc += (days ^ (hh << 12)) + (mm << 6) + ss + (wd << 20);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// ---------------------------------------------------------------------
// Bit manipulation
// ---------------------------------------------------------------------

// FFT index bookkeeping: a transform size 2^10 to 2^17, its log2 by
// __clz, an index bit-reversed by __brev and shifted, the parity by
// __popc and the lowest set bit by __ffs.
extern "C" __global__ void fft_bitrev_brev_popc_clz_ffs(Args a) {
    unsigned x = fmix32((unsigned)gtid() + 17u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = x * 1664525u + 1013904223u;
        unsigned n = 1u << (10u + (x & 7u));
        unsigned lg = 31u - (unsigned)__clz(n);
        unsigned idx = (x >> 8) & (n - 1u);
        unsigned rev = __brev(idx) >> (32u - lg);
        unsigned par = (unsigned)__popc(idx ^ rev) & 1u;
        unsigned low = (unsigned)__ffs(rev | n);
        acc += rev + (par << 20) + (low << 24);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// ChaCha quarter rounds on four words (add, xor, rotate by
// __funnelshift_l by 16, 12, 8 and 7), the state's bytes mixed by
// __byte_perm into the running digest.
extern "C" __global__ void chacha_qround_funnelshift_byte_perm(Args a) {
    unsigned s0 = 0x61707865u ^ (unsigned)gtid(), s1 = a.uin[gtid() & 8191u], s2 = 0x79622d32u, s3 = fmix32((unsigned)gtid());
    unsigned acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s0 += s1; s3 ^= s0; s3 = __funnelshift_l(s3, s3, 16);
        s2 += s3; s1 ^= s2; s1 = __funnelshift_l(s1, s1, 12);
        s0 += s1; s3 ^= s0; s3 = __funnelshift_l(s3, s3, 8);
        s2 += s3; s1 ^= s2; s1 = __funnelshift_l(s1, s1, 7);
        acc ^= __byte_perm(s0, s3, 0x7351u) + __byte_perm(s2, 0u, 0x0123u);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// CRC-32 (the reflected 0xedb88320 polynomial) a byte at a time from a
// 256-entry table in shared memory: a word from a generator a step, four
// dependent table lookups at random positions.
extern "C" __global__ void crc32_bytewise_smem_table256(Args a) {
    __shared__ unsigned tab[256];
    for (unsigned e = threadIdx.x; e < 256u; e += blockDim.x) {
        unsigned c = e;
        for (int b = 0; b < 8; b++) c = (c & 1u) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        tab[e] = c;
    }
    __syncthreads();
    unsigned x = fmix32((unsigned)gtid() + 41u), crc = 0xffffffffu;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = x * 1664525u + 1013904223u;
        crc ^= x;
        crc = tab[crc & 255u] ^ (crc >> 8);
        crc = tab[crc & 255u] ^ (crc >> 8);
        crc = tab[crc & 255u] ^ (crc >> 8);
        crc = tab[crc & 255u] ^ (crc >> 8);
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)(crc >> 8));
}

// ---------------------------------------------------------------------
// Memory streams
// ---------------------------------------------------------------------

// The STREAM triad on float4: a = b + s c, the three arrays in the
// footprint's first three quarters, grid-stride.
extern "C" __global__ void triad_f4_three_streams(Args a) {
    unsigned q = (a.bigMask + 1) >> 4, m = q - 1, T = gthreads(), i = gtid();
    float4* A = reinterpret_cast<float4*>(a.big);
    const float4* B = A + q;
    const float4* C = A + 2u * q;
    float s = a.fin[9];
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned j = (i + (unsigned)k * T) & m;
        float4 b = B[j], c = C[j];
        A[j] = make_float4(fmaf(s, c.x, b.x), fmaf(s, c.y, b.y), fmaf(s, c.z, b.z), fmaf(s, c.w, b.w));
    }
    long long t1 = clock64();
    finish(a, t0, t1, s);
}

// Two fields of an array of 64-byte records (sixteen floats), a record a
// thread: the lanes' loads 64 bytes apart, a warp's 32 records over 16
// lines for 256 useful bytes.
extern "C" __global__ void aos16_f32_two_fields_stride64B(Args a) {
    unsigned rm = ((a.bigMask + 1) >> 4) - 1, T = gthreads(), i = gtid();
    const float* X = a.big;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (i + (unsigned)k * T) & rm;
        float v = X[r * 16u + 3u], w = X[r * 16u + 9u];
        acc = fmaf(v, w, acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// Four independent gathers a step at positions hashed from a PCG-style
// state (none waits on a load), summed.
extern "C" __global__ void gather4_independent_hashed_f32(Args a) {
    unsigned m = a.bigMask, s = fmix32((unsigned)gtid() + 123u);
    const float* X = a.big;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        s = s * 747796405u + 2891336453u;
        unsigned h1 = s * 0x9e3779b1u, h2 = h1 ^ (h1 >> 15), h3 = h2 * 0x85ebca6bu;
        float v = (X[(s >> 4) & m] + X[(h1 >> 4) & m]) + (X[(h2 >> 4) & m] + X[(h3 >> 4) & m]);
        acc += v;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A block-wide double buffer filled by 8-byte cp.async.ca: each step
// every thread issues its float2 of the next tile, commits, waits until
// one group is pending (wait_group 1), __syncthreads, reads its own and
// its neighbour's float2 of the current tile, __syncthreads.
extern "C" __global__ void cp_async_ca8_double_buffer_block_sync(Args a) {
    __shared__ float2 buf[2][1024];
    unsigned m = ((a.bigMask + 1) >> 1) - 1, t = threadIdx.x, n = blockDim.x;
    const float2* X = reinterpret_cast<const float2*>(a.big);
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(smem_addr(&buf[0][t])), "l"(X + ((blockIdx.x * n + t) & m)));
    asm volatile("cp.async.commit_group;\n" ::);
    unsigned cur = 0u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned tile = blockIdx.x + (unsigned)(k + 1) * gridDim.x;
        asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(smem_addr(&buf[cur ^ 1u][t])), "l"(X + ((tile * n + t) & m)));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        __syncthreads();
        float2 u = buf[cur][t], v = buf[cur][(t + 1u) & (n - 1u)];
        acc = fmaf(u.x, v.y, acc + u.y);
        __syncthreads();
        cur ^= 1u;
    }
    long long t1 = clock64();
    asm volatile("cp.async.wait_group 0;\n" ::);
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Softmax and layernorm bodies
// ---------------------------------------------------------------------

// A warp's softmax of a 32-wide row of logits in [-4, 4] (a logit a
// lane): the maximum by a __shfl_xor_sync butterfly, expf of the
// difference, the sum by a second butterfly, the IEEE division.
extern "C" __global__ void softmax_row32_warp_max_sum_expf(Args a) {
    unsigned lane = threadIdx.x & 31u, x = fmix32((unsigned)gtid() + 57u);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = x * 1664525u + 1013904223u;
        float v = (float)(x >> 8) * (8.f / 16777216.f) - 4.f;
        float mx = v;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) mx = fmaxf(mx, __shfl_xor_sync(FULL_MASK, mx, o));
        float e = expf(v - mx);
        float s = e;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(FULL_MASK, s, o);
        float p = e / s;
        acc = fmaf(p, (float)lane, acc);
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A layernorm of a 128-wide row held as a float4 a lane: the mean and
// the variance by two __shfl_xor_sync butterflies, rsqrtf(var + eps),
// scale and shift, the output blended back into the row.
extern "C" __global__ void layernorm_row128_float4_warp_mean_var(Args a) {
    unsigned lane = threadIdx.x & 31u;
    float4 x = make_float4(a.fin[(lane * 4u) & 8191u], a.fin[(lane * 4u + 1u) & 8191u] - 1.f,
                           a.fin[(gtid() * 4 + 2) & 8191], 0.5f * a.fin[(gtid() * 4 + 3) & 8191]);
    float gam = 0.9f + 0.005f * (float)lane, bet = 0.01f * (float)lane - 0.1f, acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        float s = (x.x + x.y) + (x.z + x.w);
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(FULL_MASK, s, o);
        float mean = s * (1.f / 128.f);
        float dx = x.x - mean, dy = x.y - mean, dz = x.z - mean, dw = x.w - mean;
        float q = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, dw * dw)));
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) q += __shfl_xor_sync(FULL_MASK, q, o);
        float inv = rsqrtf(fmaf(q, 1.f / 128.f, 1e-5f)) * gam;
        float yx = fmaf(dx, inv, bet), yy = fmaf(dy, inv, bet), yz = fmaf(dz, inv, bet), yw = fmaf(dw, inv, bet);
        acc += yx;
        x = make_float4(fmaf(yx, 0.5f, 0.5f * x.y), fmaf(yy, 0.5f, 0.5f * x.z), fmaf(yz, 0.5f, 0.5f * x.w), fmaf(yw, 0.5f, 0.5f * x.x));
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Sparse matrices
// ---------------------------------------------------------------------

// A scalar CSR SpMV: a thread a row of eight nonzeros (column indices in
// the first half hashed with their position, values in the second), the
// lanes' rows 32 bytes apart, x gathered from a.fin.
extern "C" __global__ void csr_scalar_thread_row8_nnz(Args a) {
    unsigned h = (a.bigMask + 1) >> 1, rm = (h >> 3) - 1, T = gthreads(), i = gtid();
    const unsigned* col = reinterpret_cast<const unsigned*>(a.big);
    const float* val = a.big + h;
    const float* x = a.fin;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned e0 = ((i + (unsigned)k * T) & rm) * 8u;
        float y = 0.f;
#pragma unroll
        for (unsigned j = 0; j < 8u; j++) {
            unsigned c = (col[e0 + j] ^ ((e0 + j) * 0x9e3779b9u)) >> 19;
            y = fmaf(val[e0 + j], x[c], y);
        }
        acc += y;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// An ELL SpMV of width eight stored column-major (slot j of row r at j
// × rows + r, so a warp's loads are coalesced): column indices and
// values in the first two quarters, x gathered at hashed columns over
// the third, y stored to the fourth.
extern "C" __global__ void ell_spmv_colmajor_width8_x_gather(Args a) {
    unsigned q = (a.bigMask + 1) >> 2, xm = q - 1, rows = q >> 3, T = gthreads(), i = gtid();
    const unsigned* col = reinterpret_cast<const unsigned*>(a.big);
    const float* val = a.big + q;
    const float* x = a.big + 2u * q;
    float* y = a.big + 3u * q;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned r = (i + (unsigned)k * T) & (rows - 1u);
        float s = 0.f;
#pragma unroll
        for (unsigned j = 0; j < 8u; j++) {
            unsigned e = j * rows + r;
            unsigned c = (col[e] ^ (e * 0x85ebca6bu)) & xm;
            s = fmaf(val[e], x[c], s);
        }
        y[r] = s;
        acc += s;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// ---------------------------------------------------------------------
// Sorting networks
// ---------------------------------------------------------------------

// Batcher's odd-even merge sort of eight floats in registers (19
// compare-exchanges by fminf and fmaxf); the next input the sorted
// values reversed, halved and offset by eight 4-bit random draws.
extern "C" __global__ void sort8_network_regs_minmax(Args a) {
    float v0 = a.fin[gtid() & 8191u], v1 = a.fin[(gtid() + 1) & 8191], v2 = a.fin[(gtid() + 2) & 8191], v3 = a.fin[(gtid() + 3) & 8191];
    float v4 = a.fin[(gtid() + 4) & 8191], v5 = a.fin[(gtid() + 5) & 8191], v6 = a.fin[(gtid() + 6) & 8191], v7 = a.fin[(gtid() + 7) & 8191];
    unsigned x = fmix32((unsigned)gtid() + 77u);
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        cswap(v0, v1); cswap(v2, v3); cswap(v4, v5); cswap(v6, v7);
        cswap(v0, v2); cswap(v1, v3); cswap(v4, v6); cswap(v5, v7);
        cswap(v1, v2); cswap(v5, v6);
        cswap(v0, v4); cswap(v1, v5); cswap(v2, v6); cswap(v3, v7);
        cswap(v2, v4); cswap(v3, v5);
        cswap(v1, v2); cswap(v3, v4); cswap(v5, v6);
        acc += v3 + v4;
        x = x * 1664525u + 1013904223u;
        const float q = 1.f / 16.f;
        float n0 = fmaf(v7, 0.5f, (float)(x & 15u) * q), n1 = fmaf(v6, 0.5f, (float)((x >> 4) & 15u) * q);
        float n2 = fmaf(v5, 0.5f, (float)((x >> 8) & 15u) * q), n3 = fmaf(v4, 0.5f, (float)((x >> 12) & 15u) * q);
        float n4 = fmaf(v3, 0.5f, (float)((x >> 16) & 15u) * q), n5 = fmaf(v2, 0.5f, (float)((x >> 20) & 15u) * q);
        float n6 = fmaf(v1, 0.5f, (float)((x >> 24) & 15u) * q), n7 = fmaf(v0, 0.5f, (float)(x >> 28) * q);
        v0 = n0; v1 = n1; v2 = n2; v3 = n3; v4 = n4; v5 = n5; v6 = n6; v7 = n7;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc);
}

// A warp's bitonic sort of 32 keys (a key a lane): fifteen stages, each
// a __shfl_xor_sync and a min or max chosen by the lane's position.
extern "C" __global__ void warp_bitonic_sort32_shfl_xor(Args a) {
    unsigned lane = threadIdx.x & 31u, x = fmix32((unsigned)gtid() + 91u), acc = 0u;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        unsigned key = x;
#pragma unroll
        for (unsigned size = 2u; size <= 32u; size <<= 1) {
#pragma unroll
            for (unsigned j = size >> 1; j > 0u; j >>= 1) {
                unsigned o = __shfl_xor_sync(FULL_MASK, key, j);
                bool up = (lane & size) == 0u, lower = (lane & j) == 0u;
                key = (lower == up) ? min(key, o) : max(key, o);
            }
        }
        acc += key >> (lane & 7u);
        x = x * 1664525u + 1013904223u + key;
    }
    long long t1 = clock64();
    finish(a, t0, t1, (float)acc);
}

// ---------------------------------------------------------------------
// A trip count that depends on data
// ---------------------------------------------------------------------

// Newton's square root of a random value in [0.5, 100]: from a rough
// start, while the residual is above 1e-4 of the value (at most 24
// steps), y = (y + v / y) / 2 with the IEEE division.
extern "C" __global__ void newton_sqrt_while_converge_capped(Args a) {
    unsigned x = fmix32((unsigned)gtid() + 111u), steps = 0u;
    float acc = 0.f;
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < a.iters; k++) {
        x = x * 1664525u + 1013904223u;
        float v = fmaf((float)(x >> 8), 99.5f / 16777216.f, 0.5f);
        float y = v > 1.f ? 0.5f * v : 1.f;
        unsigned n = 0u;
        while (fabsf(fmaf(y, y, -v)) > 1e-4f * v && n < 24u) {
            y = 0.5f * (y + v / y);
            n++;
        }
        acc += y;
        steps += n;
    }
    long long t1 = clock64();
    finish(a, t0, t1, acc + (float)steps);
}
