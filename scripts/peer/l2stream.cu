// l2stream: an independent check of gpuarch's L2 read bandwidth, run in the
// same device call (scripts/device-run.sh, stage "peer"). It follows the
// method of the gpu-l2-cache benchmark of te42kyfo/gpu-benches (Ernst et
// al.): many 1024-thread blocks, each reading a 512 KiB chunk of 8-byte
// values (64 per thread), chunk = block mod R, so the data set is R chunks
// that every SM reads over and over; bandwidth is all bytes read over the
// kernel's time, the best of 11 runs. Written for gpuarch from that
// description; no code of the benchmark is copied. Plain loads (through the
// L1, as the benchmark's): at data sets of a few chunks, blocks on one SM
// can hit in its L1, which is why small data sets read above the L2's rate.
//
// Build: nvcc -O3 -arch=native -o l2stream l2stream.cu (-lcuda not needed).
// Output: one line per data set: bytes, GB/s.
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kBlock = 1024, kPerThread = 64, kBlocks = 200000;

__global__ void fill(double *a, size_t n) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) a[i] = 1.1;
}

__global__ void sum(double *out, const double *__restrict__ in, int chunks) {
  double s = 0;
  const size_t base = size_t(blockIdx.x % chunks) * kBlock * kPerThread;
  for (int i = 0; i < kPerThread; i += 2) {
    s += in[base + size_t(i) * kBlock + threadIdx.x] * in[base + size_t(i + 1) * kBlock + threadIdx.x];
  }
  if (s == 23.12) out[threadIdx.x] = s;  // never true: keeps the loads
}

int main() {
  printf("# l2stream: data set bytes, GB/s (best of 11)\n");
  for (int chunks = 3; chunks <= 400; chunks += chunks / 10 > 1 ? chunks / 10 : 1) {
    size_t n = size_t(chunks) * kBlock * kPerThread;
    double *in, *out;
    if (cudaMalloc(&in, n * sizeof(double)) != cudaSuccess || cudaMalloc(&out, kBlock * sizeof(double)) != cudaSuccess) {
      fprintf(stderr, "l2stream: cudaMalloc failed at %d chunks\n", chunks);
      return 1;
    }
    fill<<<264, 256>>>(in, n);
    cudaEvent_t t0, t1;
    cudaEventCreate(&t0);
    cudaEventCreate(&t1);
    float best = 1e30f;
    for (int k = 0; k < 11; k++) {
      cudaEventRecord(t0);
      sum<<<kBlocks, kBlock>>>(out, in, chunks);
      cudaEventRecord(t1);
      cudaEventSynchronize(t1);
      float ms;
      cudaEventElapsedTime(&ms, t0, t1);
      if (ms < best) best = ms;
    }
    if (cudaGetLastError() != cudaSuccess) {
      fprintf(stderr, "l2stream: kernel failed at %d chunks\n", chunks);
      return 1;
    }
    double bytes = double(kBlocks) * kBlock * kPerThread * sizeof(double);
    printf("%zu %.0f\n", n * sizeof(double), bytes / (best * 1e-3) / 1e9);
    cudaFree(in);
    cudaFree(out);
    cudaEventDestroy(t0);
    cudaEventDestroy(t1);
  }
  return 0;
}
