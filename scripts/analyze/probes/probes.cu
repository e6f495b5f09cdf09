// Probes for two costs analyze needs and no record of the results file
// measures (issue 33), run on the GPU machine with nvcc alone:
//   nvcc -arch=sm_90 -O3 -o probes scripts/analyze/probes/probes.cu && ./probes
// It prints CSV rows: probe,pattern,k,warps_per_sm,cycles_per_iter.
//
// atom: every thread of the grid (one block of 32 × W threads per SM)
// adds to a word of one small window every block shares, the old value
// unused (RED), lane l on word (l mod k) × stride: k words on one line
// (stride 1 word), k words a sector apart (stride 8) or k words a line
// apart (stride 32). cycles_per_iter is the mean over warps of each
// warp's timed cycles over the iterations.
//
// const: a warp reads constant memory at k distinct addresses (lane l at
// word (l mod k) × stride, stride 1 or 32 words), as a dependent chain
// (lat: the loaded value is the next index) or as independent loads
// summed (tp).
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                                  \
    do {                                                                                             \
        cudaError_t e_ = (call);                                                                     \
        if (e_ != cudaSuccess) {                                                                     \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            std::exit(1);                                                                            \
        }                                                                                            \
    } while (0)

__constant__ unsigned ctab[2048];

extern "C" __global__ void atom_window(unsigned* buf, int iters, int k, int stride, long long* cyc) {
    int lane = threadIdx.x & 31;
    unsigned* p = buf + (lane % k) * stride;
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < iters; i++) atomicAdd(p, 1u);
    long long t1 = clock64();
    if (lane == 0) cyc[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = t1 - t0;
}

extern "C" __global__ void const_lat(unsigned* out, int iters, int k, int stride, long long* cyc) {
    int lane = threadIdx.x & 31;
    unsigned idx = (lane % k) * stride;
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < iters; i++) idx = ctab[idx];
    long long t1 = clock64();
    out[blockIdx.x * blockDim.x + threadIdx.x] = idx;
    if (lane == 0) cyc[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = t1 - t0;
}

extern "C" __global__ void const_tp(unsigned* out, int iters, int k, int stride, long long* cyc) {
    int lane = threadIdx.x & 31;
    unsigned idx = (lane % k) * stride, acc = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < iters; i++) {
        unsigned j = idx + ((unsigned)i & 1u) * 1024u;
        acc = acc * 3u + ctab[j];
    }
    long long t1 = clock64();
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
    if (lane == 0) cyc[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = t1 - t0;
}

typedef void (*Fn)(unsigned*, int, int, int, long long*);

static double run(Fn f, unsigned* buf, int sms, int w, int iters, int k, int stride, long long* dcyc) {
    double r = 0;
    for (int rep = 0; rep < 2; rep++) {
        f<<<sms, 32 * w>>>(buf, iters, k, stride, dcyc);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        std::vector<long long> c(sms * w);
        CHECK(cudaMemcpy(c.data(), dcyc, c.size() * sizeof(long long), cudaMemcpyDeviceToHost));
        double s = 0;
        for (long long v : c) s += (double)v;
        r = s / c.size() / iters;
    }
    return r;
}

int main() {
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    int sms = prop.multiProcessorCount;
    std::fprintf(stderr, "device %s, %d SMs\n", prop.name, sms);
    std::vector<unsigned> h(2048);
    for (int i = 0; i < 2048; i++) h[i] = (unsigned)(i & 1023);
    CHECK(cudaMemcpyToSymbol(ctab, h.data(), h.size() * sizeof(unsigned)));
    unsigned* buf = nullptr;
    long long* dcyc = nullptr;
    CHECK(cudaMalloc(&buf, (size_t)sms * 1024 * sizeof(unsigned)));
    CHECK(cudaMemset(buf, 0, (size_t)sms * 1024 * sizeof(unsigned)));
    CHECK(cudaMalloc(&dcyc, (size_t)sms * 32 * sizeof(long long)));
    std::printf("probe,pattern,k,warps_per_sm,cycles_per_iter\n");
    const int ks[] = {1, 2, 4, 8, 16, 32};
    const int strides[] = {1, 8, 32};
    for (int stride : strides)
        for (int k : ks) {
            if (stride == 1 && k > 32) continue;
            for (int w : {1, 4, 32}) {
                int iters = w == 32 ? 32 : 128;
                double c = run(atom_window, buf, sms, w, iters, k, stride, dcyc);
                std::printf("atom,stride%d,%d,%d,%.3f\n", stride, k, w, c);
                std::fflush(stdout);
            }
        }
    for (int stride : {1, 32})
        for (int k : ks) {
            for (int w : {1, 4, 8, 32}) {
                double c = run(const_lat, buf, sms, w, 1024, k, stride, dcyc);
                std::printf("const_lat,stride%d,%d,%d,%.3f\n", stride, k, w, c);
                c = run(const_tp, buf, sms, w, 1024, k, stride, dcyc);
                std::printf("const_tp,stride%d,%d,%d,%.3f\n", stride, k, w, c);
                std::fflush(stdout);
            }
        }
    return 0;
}
