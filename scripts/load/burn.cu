// burn keeps one GPU busy with FMA kernels for N seconds, so that a
// gpuarch run beside it can be seen to flag that GPU, with the reason.
//
//	nvcc -O2 -o burn scripts/load/burn.cu && ./burn GPU SECONDS
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <cuda_runtime.h>

__global__ void fma_loop(float *out, int iters) {
	float a = threadIdx.x, b = 1.0001f, c = 0.5f, d = blockIdx.x;
	for (int i = 0; i < iters; i++) {
		a = fmaf(a, b, c);
		d = fmaf(d, b, c);
	}
	if (a + d == 12345.0f) out[threadIdx.x] = a + d; // never true: keeps the work
}

int main(int argc, char **argv) {
	int gpu = argc > 1 ? atoi(argv[1]) : 1;
	double secs = argc > 2 ? atof(argv[2]) : 60;
	if (cudaSetDevice(gpu) != cudaSuccess) { fprintf(stderr, "burn: no GPU %d\n", gpu); return 1; }
	float *out;
	cudaMalloc(&out, 1024 * sizeof(float));
	int sms = 0;
	cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, gpu);
	struct timespec t0, t;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	long launches = 0;
	do {
		fma_loop<<<sms * 8, 256>>>(out, 1 << 16); // a few ms each
		cudaDeviceSynchronize();
		launches++;
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) + 1e-9 * (t.tv_nsec - t0.tv_nsec) < secs);
	cudaError_t err = cudaGetLastError();
	printf("burn: GPU %d, %ld launches in %.0f s: %s\n", gpu, launches, secs, cudaGetErrorString(err));
	return err != cudaSuccess;
}
