// l2patterns: which access pattern reads the L2 fastest, run beside
// gpuarch in the same device call (scripts/device-run.sh, stage "peer"),
// to check gpuarch's L2 read streams. Written for gpuarch; no code of any
// benchmark is copied. Every kernel reads 8- or 16-byte values with
// ld.global.cg (__ldcg: cached in the L2, not the L1), so the L1 cannot
// serve a pass from the last; plain loads are kept only for the
// l2stream-like pattern, as that benchmark uses them.
//
//   chunks   many short blocks, block b reading 512 KiB chunk b mod R (the
//            pattern of te42kyfo/gpu-benches' gpu-l2-cache, which
//            l2stream.cu follows): several SMs read each chunk at once.
//   own      2048 threads per SM in persistent blocks, each block reading
//            its own region pass after pass: no line is shared.
//   next     as own, but in pass p block b reads region (b + p) mod B: each
//            pass a block reads the lines the next block read the pass
//            before, on another SM.
//   far      as next, with region (b + 37p) mod B.
//
// Time: CUDA events around each kernel, best of 5 (each kernel about
// 3 ms), after a warm-up. Output: pattern, footprint (MiB), threads per
// block, width (bytes), GB/s.
//
// Build: nvcc -O3 -arch=native -o l2patterns l2patterns.cu
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

template <int W> struct Vec;
template <> struct Vec<8> { typedef double T; };
template <> struct Vec<16> { typedef double2 T; };
__device__ __forceinline__ double sum(double x) { return x; }
__device__ __forceinline__ double sum(double2 x) { return x.x + x.y; }

template <int W, bool CG>
__global__ void chunks(double *out, const typename Vec<W>::T *__restrict__ in, int nchunks, int per) {
  typedef typename Vec<W>::T T;
  double s = 0;
  const size_t base = size_t(blockIdx.x % nchunks) * blockDim.x * per;
#pragma unroll 16
  for (int i = 0; i < per; i++) {
    const T *p = in + base + size_t(i) * blockDim.x + threadIdx.x;
    s += sum(CG ? __ldcg(p) : *p);
  }
  if (s == 23.12) out[threadIdx.x] = s;  // never true: keeps the loads
}

template <int W>
__global__ void rotating(double *out, const typename Vec<W>::T *__restrict__ in, int nreg, size_t per, int passes, int shift) {
  typedef typename Vec<W>::T T;
  double s = 0;
  for (int p = 0; p < passes; p++) {
    const T *b = in + ((blockIdx.x + size_t(p) * shift) % nreg) * per;
#pragma unroll 16
    for (size_t i = threadIdx.x; i < per; i += blockDim.x) s += sum(__ldcg(b + i));
  }
  if (s == 23.12) out[threadIdx.x] = s;
}

__global__ void spin(double *out, long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
  if (threadIdx.x == 1000) out[0] = 1;
}

static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    fprintf(stderr, "l2patterns: %s: %s\n", what, cudaGetErrorString(e));
    exit(1);
  }
}

template <typename F> static float best(F launch, int reps) {
  cudaEvent_t t0, t1;
  check(cudaEventCreate(&t0), "event");
  check(cudaEventCreate(&t1), "event");
  float b = 1e30f;
  for (int k = 0; k < reps; k++) {
    cudaEventRecord(t0);
    launch();
    cudaEventRecord(t1);
    check(cudaEventSynchronize(t1), "kernel");
    float ms;
    cudaEventElapsedTime(&ms, t0, t1);
    if (ms < b) b = ms;
  }
  check(cudaGetLastError(), "launch");
  cudaEventDestroy(t0);
  cudaEventDestroy(t1);
  return b;
}

template <int W> static void measure(void *in, double *out, size_t foot, int sms) {
  typedef typename Vec<W>::T T;
  const T *v = (const T *)in;
  for (int cg = 0; cg < 2; cg++) {
    int per = 512 * 1024 / (1024 * W), n = foot / (512 * 1024), blocks = 100000;
    float ms = best([&] { if (cg) chunks<W, true><<<blocks, 1024>>>(out, v, n, per); else chunks<W, false><<<blocks, 1024>>>(out, v, n, per); }, 5);
    printf("chunks%s %.1f 1024 %d %.0f\n", cg ? "" : "-plain", foot / 1048576.0, W, double(blocks) * 512 * 1024 / ms / 1e6);
  }
  const char *names[] = {"own", "next", "far"};
  const int shifts[] = {0, 1, 37};
  for (int threads : {256, 1024}) {
    int blocks = sms * (2048 / threads);
    size_t per = foot / W / blocks / threads * threads;
    for (int k = 0; k < 3; k++) {
      int passes = 1;
      float ms = best([&] { rotating<W><<<blocks, threads>>>(out, v, blocks, per, passes, shifts[k]); }, 1);
      passes = int(3.0f / ms) + 1;
      ms = best([&] { rotating<W><<<blocks, threads>>>(out, v, blocks, per, passes, shifts[k]); }, 5);
      printf("%s %.1f %d %d %.0f\n", names[k], foot / 1048576.0, threads, W, double(blocks) * passes * per * W / ms / 1e6);
    }
  }
}

int main() {
  int sms, clock;
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "attribute");
  check(cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, 0), "attribute");
  const size_t most = 32ull << 20;
  void *in;
  double *out;
  check(cudaMalloc(&in, most), "cudaMalloc");
  check(cudaMalloc(&out, 8192), "cudaMalloc");
  check(cudaMemset(in, 0, most), "cudaMemset");
  spin<<<sms, 32>>>(out, (long long)clock * 1000 / 2);  // about 0.5 s at the boost clock: the clock rises
  check(cudaDeviceSynchronize(), "warm-up");
  printf("# l2patterns: pattern, footprint (MiB), threads per block, width (bytes), GB/s (best of 5)\n");
  for (size_t foot : {8ull << 20, 16896ull << 10, 24ull << 20}) {
    measure<8>(in, out, foot, sms);
    measure<16>(in, out, foot, sms);
  }
  return 0;
}
