// stream keeps one GPU's DRAM busy for N seconds: a grid-stride copy
// between two 2 GiB buffers, so that a gpuarch run beside it can be seen
// to flag that GPU by its memory figures (issue 32), as burn.cu does by
// its arithmetic ones.
//
//	nvcc -O2 -o stream scripts/load/stream.cu && ./stream GPU SECONDS
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <cuda_runtime.h>

__global__ void copy(const float4 *__restrict__ in, float4 *__restrict__ out, size_t n) {
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
		out[i] = in[i];
}

int main(int argc, char **argv) {
	int gpu = argc > 1 ? atoi(argv[1]) : 1;
	double secs = argc > 2 ? atof(argv[2]) : 60;
	if (cudaSetDevice(gpu) != cudaSuccess) { fprintf(stderr, "stream: no GPU %d\n", gpu); return 1; }
	const size_t bytes = (size_t)2 << 30, n = bytes / sizeof(float4);
	float4 *a, *b;
	if (cudaMalloc(&a, bytes) != cudaSuccess || cudaMalloc(&b, bytes) != cudaSuccess) {
		fprintf(stderr, "stream: cannot allocate 2 x 2 GiB on GPU %d\n", gpu);
		return 1;
	}
	cudaMemset(a, 0, bytes);
	int sms = 0;
	cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, gpu);
	struct timespec t0, t;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	long copies = 0;
	do {
		copy<<<sms * 8, 512>>>(a, b, n);
		float4 *s = a; a = b; b = s;
		copies++;
		if (copies % 8 == 0) cudaDeviceSynchronize();
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) * 1e-9 < secs);
	cudaDeviceSynchronize();
	double el = (t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) * 1e-9;
	printf("stream: GPU %d, %ld copies of 2 GiB in %.1f s (%.0f GB/s read+write)\n", gpu, copies, el, 2.0 * copies * bytes / el / 1e9);
	return 0;
}
