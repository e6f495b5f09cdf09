// fakecuda.c is a stand-in for libcuda.so.1 that the package's tests
// build with the system C compiler, when there is one, to exercise the
// purego plumbing (argument passing, output pointers, C strings, option
// arrays, the 11-argument cuLaunchKernel) on machines without a GPU.
//
// It implements only what package cuda binds, with the prototypes of
// cuda.h, and simulates device memory with a host array. Build with
// -DOMIT_LAUNCH to leave cuLaunchKernel out, and with -DSTUB to make
// cuInit answer CUDA_ERROR_STUB_LIBRARY.

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef void *CUhandle;

enum {
	SUCCESS = 0,
	INVALID_VALUE = 1,
	NO_DEVICE = 100,
	INVALID_IMAGE = 200,
	INVALID_PTX = 218,
	NOT_FOUND = 500,
	NOT_READY = 600,
	ILLEGAL_ADDRESS = 700,
};

#define DEVICE_BASE 0x100000ULL
static unsigned char arena[1 << 16];
static size_t arena_used;

static int ctx_refs;
static char launch_summary[512];

// fake_init_result is what cuInit returns; tests set it through
// fake_set_init_result.
static int fake_init_result = SUCCESS;
void fake_set_init_result(int r) { fake_init_result = r; }
int fake_ctx_refs(void) { return ctx_refs; }
const char *fake_launch_summary(void) { return launch_summary; }

CUresult cuInit(unsigned int flags) {
#ifdef STUB
	return 34;
#endif
	if (flags != 0) return INVALID_VALUE;
	return fake_init_result;
}

CUresult cuDriverGetVersion(int *v) { *v = 13000; return SUCCESS; }

CUresult cuGetErrorName(CUresult e, const char **s) {
	switch (e) {
	case SUCCESS: *s = "CUDA_SUCCESS"; return SUCCESS;
	case INVALID_VALUE: *s = "CUDA_ERROR_INVALID_VALUE"; return SUCCESS;
	case NO_DEVICE: *s = "CUDA_ERROR_NO_DEVICE"; return SUCCESS;
	case INVALID_IMAGE: *s = "CUDA_ERROR_INVALID_IMAGE"; return SUCCESS;
	case INVALID_PTX: *s = "CUDA_ERROR_INVALID_PTX"; return SUCCESS;
	case NOT_FOUND: *s = "CUDA_ERROR_NOT_FOUND"; return SUCCESS;
	case ILLEGAL_ADDRESS: *s = "CUDA_ERROR_ILLEGAL_ADDRESS"; return SUCCESS;
	}
	*s = NULL;
	return INVALID_VALUE;
}

CUresult cuGetErrorString(CUresult e, const char **s) {
	switch (e) {
	case INVALID_VALUE: *s = "invalid argument"; return SUCCESS;
	case NO_DEVICE: *s = "no CUDA-capable device is detected"; return SUCCESS;
	case INVALID_IMAGE: *s = "device kernel image is invalid"; return SUCCESS;
	case INVALID_PTX: *s = "a PTX JIT compilation failed"; return SUCCESS;
	case NOT_FOUND: *s = "named symbol not found"; return SUCCESS;
	case ILLEGAL_ADDRESS: *s = "an illegal memory access was encountered"; return SUCCESS;
	}
	*s = NULL;
	return INVALID_VALUE;
}

CUresult cuDeviceGetCount(int *n) { *n = 1; return SUCCESS; }

CUresult cuDeviceGet(CUdevice *d, int ordinal) {
	if (ordinal != 0) return 101;
	*d = 7; // not the ordinal, so that mixing the two up shows
	return SUCCESS;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice d) {
	if (d != 7) return 101;
	snprintf(name, (size_t)len, "Fake GPU %d", d);
	return SUCCESS;
}

// Only the unversioned cuDeviceGetUuid, to exercise the fallback.
CUresult cuDeviceGetUuid(unsigned char uuid[16], CUdevice d) {
	for (int i = 0; i < 16; i++) uuid[i] = (unsigned char)(0xa0 + i);
	return d == 7 ? SUCCESS : 101;
}

CUresult cuDeviceGetPCIBusId(char *id, int len, CUdevice d) {
	snprintf(id, (size_t)len, "0000:%02X:00.0", d);
	return SUCCESS;
}

CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice d) {
	*bytes = (size_t)80 << 30;
	return SUCCESS;
}

// Attribute a answers 1000+a, except compute capability 9.0, and
// attribute 44 and anything past 147, which it rejects.
CUresult cuDeviceGetAttribute(int *v, int a, CUdevice d) {
	if (d != 7) return 101;
	if (a == 44 || a < 1 || a > 147) return INVALID_VALUE;
	switch (a) {
	case 75: *v = 9; break;
	case 76: *v = 0; break;
	default: *v = 1000 + a;
	}
	return SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUhandle *ctx, CUdevice d) {
	*ctx = (CUhandle)0xc0;
	ctx_refs++;
	return SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice d) {
	if (ctx_refs == 0) return INVALID_VALUE;
	ctx_refs--;
	return SUCCESS;
}
CUresult cuDevicePrimaryCtxReset_v2(CUdevice d) { return SUCCESS; }
CUresult cuCtxSetCurrent(CUhandle ctx) { return ctx == (CUhandle)0xc0 ? SUCCESS : 201; }
CUresult cuCtxSynchronize(void) { return SUCCESS; }
CUresult cuMemGetInfo_v2(size_t *free, size_t *total) {
	*free = (size_t)1 << 30;
	*total = (size_t)2 << 30;
	return SUCCESS;
}

// A link state remembers where the caller's error log is, as the real
// driver does, and writes to it from cuLinkAddData.
struct link {
	char *errlog;
	unsigned errlog_size;
	int optlevel;
};

static void take_options(struct link *l, unsigned n, int *keys, void **values) {
	for (unsigned i = 0; i < n; i++) {
		switch (keys[i]) {
		case 5: l->errlog = (char *)values[i]; break;
		case 6: l->errlog_size = (unsigned)(size_t)values[i]; break;
		case 7: l->optlevel = (int)(size_t)values[i]; break;
		}
	}
}

CUresult cuLinkCreate_v2(unsigned n, int *keys, void **values, CUhandle *state) {
	struct link *l = calloc(1, sizeof *l);
	take_options(l, n, keys, values);
	if (l->errlog == NULL || l->errlog_size == 0) {
		free(l);
		return INVALID_VALUE;
	}
	*state = l;
	return SUCCESS;
}

CUresult cuLinkAddData_v2(CUhandle state, int type, void *data, size_t size, const char *name,
                          unsigned n, int *keys, void **values) {
	struct link *l = state;
	const char *ptx = data;
	if (type != 1 || size == 0 || ptx[size - 1] != '\0') return INVALID_VALUE;
	if (strncmp(ptx, ".version", 8) != 0) {
		snprintf(l->errlog, l->errlog_size, "ptxas fatal   : %s, line 1; syntax error\n", name);
		return INVALID_PTX;
	}
	return SUCCESS;
}

static const char fake_cubin[] = "\x7f" "ELF fake cubin";

CUresult cuLinkComplete(CUhandle state, void **cubin, size_t *size) {
	*cubin = (void *)fake_cubin;
	*size = sizeof fake_cubin - 1;
	return SUCCESS;
}

CUresult cuLinkDestroy(CUhandle state) { free(state); return SUCCESS; }

CUresult cuModuleLoadDataEx(CUhandle *mod, const void *image, unsigned n, int *keys, void **values) {
	struct link l = {0};
	take_options(&l, n, keys, values);
	if (memcmp(image, "\x7f" "ELF", 4) != 0) {
		if (l.errlog) snprintf(l.errlog, l.errlog_size, "not an ELF image");
		return INVALID_IMAGE;
	}
	*mod = (CUhandle)0x30d;
	return SUCCESS;
}

CUresult cuModuleGetFunction(CUhandle *fn, CUhandle mod, const char *name) {
	if (mod != (CUhandle)0x30d) return 400;
	if (strcmp(name, "store_value") != 0) return NOT_FOUND;
	*fn = (CUhandle)0xf0;
	return SUCCESS;
}

CUresult cuModuleUnload(CUhandle mod) { return SUCCESS; }

/* The module's one variable, "table": 64 bytes at the start of the arena's
   second half, so that it never overlaps allocations in tests. */
CUresult cuModuleGetGlobal_v2(CUdeviceptr *p, size_t *n, CUhandle mod, const char *name) {
	if (mod != (CUhandle)0x30d) return 400;
	if (strcmp(name, "table") != 0) return NOT_FOUND;
	*p = DEVICE_BASE + sizeof arena / 2;
	*n = 64;
	return SUCCESS;
}

CUresult cuFuncGetAttribute(int *v, int a, CUhandle fn) { *v = 100 + a; return SUCCESS; }
CUresult cuFuncSetAttribute(CUhandle fn, int a, int v) { return v < 0 ? INVALID_VALUE : SUCCESS; }

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *n, CUhandle fn, int block, size_t smem) {
	*n = 2048 / block - (int)(smem >> 10);
	return SUCCESS;
}

#ifndef OMIT_LAUNCH
// store_value(u64 out, u32 value) stores value at out in the fake device
// memory; the launch configuration is recorded for the test to check.
CUresult cuLaunchKernel(CUhandle fn, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        CUhandle stream, void **params, void **extra) {
	snprintf(launch_summary, sizeof launch_summary,
	         "fn=%p grid=%u,%u,%u block=%u,%u,%u shared=%u stream=%p extra=%p",
	         fn, gx, gy, gz, bx, by, bz, shared, stream, (void *)extra);
	if (fn != (CUhandle)0xf0 || params == NULL) return INVALID_VALUE;
	CUdeviceptr out = *(CUdeviceptr *)params[0];
	unsigned value = *(unsigned *)params[1];
	if (out < DEVICE_BASE || out + 4 > DEVICE_BASE + arena_used) return ILLEGAL_ADDRESS;
	memcpy(arena + (out - DEVICE_BASE), &value, 4);
	return SUCCESS;
}
#endif

CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes) {
	if (arena_used + bytes > sizeof arena) return 2;
	*p = DEVICE_BASE + arena_used;
	arena_used += (bytes + 255) & ~(size_t)255;
	return SUCCESS;
}
CUresult cuMemFree_v2(CUdeviceptr p) { return p >= DEVICE_BASE ? SUCCESS : INVALID_VALUE; }

static int in_arena(CUdeviceptr p, size_t n) {
	return p >= DEVICE_BASE && p + n <= DEVICE_BASE + arena_used;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n) {
	if (!in_arena(dst, n)) return INVALID_VALUE;
	memcpy(arena + (dst - DEVICE_BASE), src, n);
	return SUCCESS;
}
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n) {
	if (!in_arena(src, n)) return INVALID_VALUE;
	memcpy(dst, arena + (src - DEVICE_BASE), n);
	return SUCCESS;
}
CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t n) {
	int table = dst == DEVICE_BASE + sizeof arena / 2 && n <= 64;
	if (!in_arena(src, n) || (!table && !in_arena(dst, n))) return INVALID_VALUE;
	memmove(arena + (dst - DEVICE_BASE), arena + (src - DEVICE_BASE), n);
	return SUCCESS;
}
CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char v, size_t n) {
	if (!in_arena(dst, n)) return INVALID_VALUE;
	memset(arena + (dst - DEVICE_BASE), v, n);
	return SUCCESS;
}

CUresult cuStreamCreate(CUhandle *s, unsigned flags) {
	if (flags != 1) return INVALID_VALUE;
	*s = (CUhandle)0x5e;
	return SUCCESS;
}
CUresult cuStreamSynchronize(CUhandle s) { return SUCCESS; }
CUresult cuStreamDestroy_v2(CUhandle s) { return SUCCESS; }

// Graph capture records nothing: the fake launches run at once anyway.
CUresult cuStreamBeginCapture_v2(CUhandle s, unsigned mode) { return s ? SUCCESS : INVALID_VALUE; }
CUresult cuStreamEndCapture(CUhandle s, CUhandle *g) {
	*g = (CUhandle)0x6a;
	return SUCCESS;
}
CUresult cuGraphInstantiateWithFlags(CUhandle *e, CUhandle g, unsigned long long flags) {
	*e = (CUhandle)0x6b;
	return SUCCESS;
}
CUresult cuGraphLaunch(CUhandle e, CUhandle s) { return SUCCESS; }
CUresult cuGraphExecDestroy(CUhandle e) { return SUCCESS; }
CUresult cuGraphDestroy(CUhandle g) { return SUCCESS; }

// An event is "not ready" for the first three queries after a record.
struct event {
	int pending;
};
CUresult cuEventCreate(CUhandle *e, unsigned flags) {
	if (flags != 0) return INVALID_VALUE;
	*e = calloc(1, sizeof(struct event));
	return SUCCESS;
}
CUresult cuEventRecord(CUhandle e, CUhandle stream) {
	((struct event *)e)->pending = 3;
	return SUCCESS;
}
CUresult cuEventQuery(CUhandle e) {
	struct event *ev = e;
	if (ev->pending > 0) {
		ev->pending--;
		return NOT_READY;
	}
	return SUCCESS;
}
// Only the unversioned cuEventElapsedTime, to exercise the fallback.
CUresult cuEventElapsedTime(float *ms, CUhandle start, CUhandle end) {
	*ms = 1.5f;
	return SUCCESS;
}
CUresult cuEventDestroy_v2(CUhandle e) { free(e); return SUCCESS; }

// Host memory, asynchronous copies and peer access. Built with -DNO_PEER,
// the peer functions are left out, as an old driver would.
CUresult cuMemHostAlloc(void **p, size_t bytes, unsigned flags) {
	if (flags != 1) return INVALID_VALUE;
	*p = malloc(bytes);
	return *p ? SUCCESS : 2;
}
CUresult cuMemFreeHost(void *p) { free(p); return SUCCESS; }
// The copies use the static arena directly: calling the exported copy
// functions could bind to another test's copy of the library.
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t n, CUhandle s) {
	if (!in_arena(dst, n)) return INVALID_VALUE;
	memcpy(arena + (dst - DEVICE_BASE), src, n);
	return SUCCESS;
}
CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t n, CUhandle s) {
	if (!in_arena(src, n)) return INVALID_VALUE;
	memcpy(dst, arena + (src - DEVICE_BASE), n);
	return SUCCESS;
}
#ifndef NO_PEER
CUresult cuMemcpyPeerAsync(CUdeviceptr dst, CUhandle dctx, CUdeviceptr src, CUhandle sctx, size_t n, CUhandle s) {
	if (dctx != (CUhandle)0xc0 || sctx != (CUhandle)0xc0) return INVALID_VALUE;
	if (!in_arena(src, n) || !in_arena(dst, n)) return INVALID_VALUE;
	memmove(arena + (dst - DEVICE_BASE), arena + (src - DEVICE_BASE), n);
	return SUCCESS;
}
static int peer_enabled;
CUresult cuCtxEnablePeerAccess(CUhandle peer, unsigned flags) {
	if (flags != 0) return INVALID_VALUE;
	if (peer_enabled) return 704; // CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED
	peer_enabled = 1;
	return SUCCESS;
}
CUresult cuDeviceCanAccessPeer(int *can, CUdevice dev, CUdevice peer) {
	if (dev != 7 || peer != 7) return 101;
	*can = 1;
	return SUCCESS;
}
// Attribute a answers 10*a, so that a mixed-up attribute shows.
CUresult cuDeviceGetP2PAttribute(int *v, int a, CUdevice src, CUdevice dst) {
	if (a < 1 || a > 4) return INVALID_VALUE;
	*v = 10 * a;
	return SUCCESS;
}
#endif
