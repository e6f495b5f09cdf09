package cuda

import (
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"github.com/ebitengine/purego"
)

// DefaultLibrary is the soname of the CUDA driver library that [Open] loads.
const DefaultLibrary = "libcuda.so.1"

// Driver is a loaded CUDA driver library: the dlopen handle and the driver
// functions gpuarch uses, bound with purego. A Driver is immutable once
// opened and safe for concurrent use; what is not safe to share between
// OS threads is a current context (see [Context]).
type Driver struct {
	path   string
	handle uintptr

	// The fields below mirror the C prototypes in cuda.h. CUresult is a C
	// enum (int32); handles (CUcontext, CUmodule, CUfunction, CUstream,
	// CUevent, CUlinkState) are opaque C pointers kept as uintptr; CUdevice
	// is a C int; size_t is uintptr; CUdeviceptr is unsigned long long.

	cuInit             func(flags uint32) int32
	cuDriverGetVersion func(version *int32) int32
	cuGetErrorName     func(code int32, str **byte) int32
	cuGetErrorString   func(code int32, str **byte) int32

	cuDeviceGet          func(dev *int32, ordinal int32) int32
	cuDeviceGetCount     func(count *int32) int32
	cuDeviceGetName      func(name *byte, length int32, dev int32) int32
	cuDeviceGetUuid      func(uuid *[16]byte, dev int32) int32
	cuDeviceGetPCIBusId  func(id *byte, length int32, dev int32) int32
	cuDeviceTotalMem     func(bytes *uintptr, dev int32) int32
	cuDeviceGetAttribute func(value *int32, attr int32, dev int32) int32

	cuDevicePrimaryCtxRetain  func(ctx *uintptr, dev int32) int32
	cuDevicePrimaryCtxRelease func(dev int32) int32
	cuDevicePrimaryCtxReset   func(dev int32) int32
	cuCtxSetCurrent           func(ctx uintptr) int32
	cuCtxSynchronize          func() int32
	cuMemGetInfo              func(free, total *uintptr) int32

	cuLinkCreate        func(numOptions uint32, options *int32, values *uintptr, state *uintptr) int32
	cuLinkAddData       func(state uintptr, kind int32, data *byte, size uintptr, name *byte, numOptions uint32, options *int32, values *uintptr) int32
	cuLinkComplete      func(state uintptr, cubin *unsafe.Pointer, size *uintptr) int32
	cuLinkDestroy       func(state uintptr) int32
	cuModuleLoadDataEx  func(module *uintptr, image *byte, numOptions uint32, options *int32, values *uintptr) int32
	cuModuleGetFunction func(fn *uintptr, module uintptr, name *byte) int32
	cuModuleUnload      func(module uintptr) int32
	cuModuleGetGlobal   func(ptr *uint64, bytes *uintptr, module uintptr, name *byte) int32

	cuFuncGetAttribute func(value *int32, attr int32, fn uintptr) int32
	cuFuncSetAttribute func(fn uintptr, attr int32, value int32) int32

	cuOccupancyMaxActiveBlocksPerMultiprocessor func(blocks *int32, fn uintptr, blockSize int32, dynamicSharedBytes uintptr) int32

	cuLaunchKernel func(fn uintptr, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes uint32, stream uintptr, params *unsafe.Pointer, extra *unsafe.Pointer) int32

	cuMemAlloc   func(ptr *uint64, bytes uintptr) int32
	cuMemFree    func(ptr uint64) int32
	cuMemcpyHtoD func(dst uint64, src unsafe.Pointer, bytes uintptr) int32
	cuMemcpyDtoH func(dst unsafe.Pointer, src uint64, bytes uintptr) int32
	cuMemcpyDtoD func(dst, src uint64, bytes uintptr) int32
	cuMemsetD8   func(dst uint64, value uint8, count uintptr) int32

	cuStreamCreate      func(stream *uintptr, flags uint32) int32
	cuStreamSynchronize func(stream uintptr) int32
	cuStreamDestroy     func(stream uintptr) int32

	cuStreamBeginCapture        func(stream uintptr, mode uint32) int32
	cuStreamEndCapture          func(stream uintptr, graph *uintptr) int32
	cuGraphInstantiateWithFlags func(exec *uintptr, graph uintptr, flags uint64) int32
	cuGraphLaunch               func(exec, stream uintptr) int32
	cuGraphExecDestroy          func(exec uintptr) int32
	cuGraphDestroy              func(graph uintptr) int32

	cuEventCreate      func(event *uintptr, flags uint32) int32
	cuEventRecord      func(event uintptr, stream uintptr) int32
	cuEventQuery       func(event uintptr) int32
	cuEventElapsedTime func(ms *float32, start, end uintptr) int32
	cuEventDestroy     func(event uintptr) int32

	// Optional: host memory, asynchronous copies and peer access. A nil
	// field is a symbol this driver does not export; the methods that use
	// it say so instead of failing to open the driver.
	cuMemHostAlloc          func(pp *unsafe.Pointer, bytes uintptr, flags uint32) int32
	cuMemFreeHost           func(p unsafe.Pointer) int32
	cuMemcpyHtoDAsync       func(dst uint64, src unsafe.Pointer, bytes uintptr, stream uintptr) int32
	cuMemcpyDtoHAsync       func(dst unsafe.Pointer, src uint64, bytes uintptr, stream uintptr) int32
	cuMemcpyPeerAsync       func(dst uint64, dstCtx uintptr, src uint64, srcCtx uintptr, bytes uintptr, stream uintptr) int32
	cuCtxEnablePeerAccess   func(peer uintptr, flags uint32) int32
	cuDeviceCanAccessPeer   func(can *int32, dev, peer int32) int32
	cuDeviceGetP2PAttribute func(value *int32, attr int32, src, dst int32) int32

	// Optional: thread-block clusters and tensor maps (CUDA 12.0 on).
	cuLaunchKernelEx             func(cfg *launchConfig, fn uintptr, params *unsafe.Pointer, extra *unsafe.Pointer) int32
	cuOccupancyMaxActiveClusters func(n *int32, fn uintptr, cfg *launchConfig) int32
	cuTensorMapEncodeTiled       func(tmap unsafe.Pointer, dtype int32, rank uint32, addr uintptr, dims *uint64, strides *uint64, box *uint32, elementStrides *uint32, interleave, swizzle, l2Promotion, oobFill int32) int32
}

// symbol binds one Go function field to the first of names that the
// library exports. Versioned names come first where the driver has them.
type symbol struct {
	fptr  any
	names []string
}

// symbols lists every driver function the package uses. Each entry names
// the exported symbols in order of preference. cuda.h maps, for example,
// cuMemAlloc to cuMemAlloc_v2; the unversioned names are older ABIs (32-bit
// sizes, different semantics), so a fallback to one is listed only where
// it has the same prototype and is an acceptable substitute on drivers
// that predate the _v2: cuDeviceGetUuid (which ignores MIG) and
// cuEventElapsedTime.
func (d *Driver) symbols() []symbol {
	return []symbol{
		{&d.cuInit, []string{"cuInit"}},
		{&d.cuDriverGetVersion, []string{"cuDriverGetVersion"}},
		{&d.cuGetErrorName, []string{"cuGetErrorName"}},
		{&d.cuGetErrorString, []string{"cuGetErrorString"}},

		{&d.cuDeviceGet, []string{"cuDeviceGet"}},
		{&d.cuDeviceGetCount, []string{"cuDeviceGetCount"}},
		{&d.cuDeviceGetName, []string{"cuDeviceGetName"}},
		{&d.cuDeviceGetUuid, []string{"cuDeviceGetUuid_v2", "cuDeviceGetUuid"}},
		{&d.cuDeviceGetPCIBusId, []string{"cuDeviceGetPCIBusId"}},
		{&d.cuDeviceTotalMem, []string{"cuDeviceTotalMem_v2"}},
		{&d.cuDeviceGetAttribute, []string{"cuDeviceGetAttribute"}},

		{&d.cuDevicePrimaryCtxRetain, []string{"cuDevicePrimaryCtxRetain"}},
		{&d.cuDevicePrimaryCtxRelease, []string{"cuDevicePrimaryCtxRelease_v2"}},
		{&d.cuDevicePrimaryCtxReset, []string{"cuDevicePrimaryCtxReset_v2"}},
		{&d.cuCtxSetCurrent, []string{"cuCtxSetCurrent"}},
		{&d.cuCtxSynchronize, []string{"cuCtxSynchronize"}},
		{&d.cuMemGetInfo, []string{"cuMemGetInfo_v2"}},

		{&d.cuLinkCreate, []string{"cuLinkCreate_v2"}},
		{&d.cuLinkAddData, []string{"cuLinkAddData_v2"}},
		{&d.cuLinkComplete, []string{"cuLinkComplete"}},
		{&d.cuLinkDestroy, []string{"cuLinkDestroy"}},
		{&d.cuModuleLoadDataEx, []string{"cuModuleLoadDataEx"}},
		{&d.cuModuleGetFunction, []string{"cuModuleGetFunction"}},
		{&d.cuModuleUnload, []string{"cuModuleUnload"}},
		{&d.cuModuleGetGlobal, []string{"cuModuleGetGlobal_v2"}},

		{&d.cuFuncGetAttribute, []string{"cuFuncGetAttribute"}},
		{&d.cuFuncSetAttribute, []string{"cuFuncSetAttribute"}},
		{&d.cuOccupancyMaxActiveBlocksPerMultiprocessor, []string{"cuOccupancyMaxActiveBlocksPerMultiprocessor"}},
		{&d.cuLaunchKernel, []string{"cuLaunchKernel"}},

		{&d.cuMemAlloc, []string{"cuMemAlloc_v2"}},
		{&d.cuMemFree, []string{"cuMemFree_v2"}},
		{&d.cuMemcpyHtoD, []string{"cuMemcpyHtoD_v2"}},
		{&d.cuMemcpyDtoH, []string{"cuMemcpyDtoH_v2"}},
		{&d.cuMemcpyDtoD, []string{"cuMemcpyDtoD_v2"}},
		{&d.cuMemsetD8, []string{"cuMemsetD8_v2"}},

		{&d.cuStreamCreate, []string{"cuStreamCreate"}},
		{&d.cuStreamSynchronize, []string{"cuStreamSynchronize"}},
		{&d.cuStreamDestroy, []string{"cuStreamDestroy_v2"}},

		{&d.cuStreamBeginCapture, []string{"cuStreamBeginCapture_v2"}},
		{&d.cuStreamEndCapture, []string{"cuStreamEndCapture"}},
		{&d.cuGraphInstantiateWithFlags, []string{"cuGraphInstantiateWithFlags"}},
		{&d.cuGraphLaunch, []string{"cuGraphLaunch"}},
		{&d.cuGraphExecDestroy, []string{"cuGraphExecDestroy"}},
		{&d.cuGraphDestroy, []string{"cuGraphDestroy"}},

		{&d.cuEventCreate, []string{"cuEventCreate"}},
		{&d.cuEventRecord, []string{"cuEventRecord"}},
		{&d.cuEventQuery, []string{"cuEventQuery"}},
		{&d.cuEventElapsedTime, []string{"cuEventElapsedTime_v2", "cuEventElapsedTime"}},
		{&d.cuEventDestroy, []string{"cuEventDestroy_v2"}},
	}
}

// optionalSymbols are driver functions gpuarch can do without: where the
// driver lacks one, its field stays nil and the method that needs it
// returns an error wrapping [ErrNotExported].
func (d *Driver) optionalSymbols() []symbol {
	return []symbol{
		{&d.cuMemHostAlloc, []string{"cuMemHostAlloc"}},
		{&d.cuMemFreeHost, []string{"cuMemFreeHost"}},
		{&d.cuMemcpyHtoDAsync, []string{"cuMemcpyHtoDAsync_v2"}},
		{&d.cuMemcpyDtoHAsync, []string{"cuMemcpyDtoHAsync_v2"}},
		{&d.cuMemcpyPeerAsync, []string{"cuMemcpyPeerAsync"}},
		{&d.cuCtxEnablePeerAccess, []string{"cuCtxEnablePeerAccess"}},
		{&d.cuDeviceCanAccessPeer, []string{"cuDeviceCanAccessPeer"}},
		{&d.cuDeviceGetP2PAttribute, []string{"cuDeviceGetP2PAttribute"}},
		{&d.cuLaunchKernelEx, []string{"cuLaunchKernelEx"}},
		{&d.cuOccupancyMaxActiveClusters, []string{"cuOccupancyMaxActiveClusters"}},
		{&d.cuTensorMapEncodeTiled, []string{"cuTensorMapEncodeTiled"}},
	}
}

// Open loads the CUDA driver library libcuda.so.1 from the dynamic linker's
// search path and initializes the driver with cuInit(0).
//
// When the library cannot be loaded the error wraps [ErrNoDriver]; when
// the driver finds no GPU it wraps [ErrNoDevice].
func Open() (*Driver, error) {
	return OpenLibrary(DefaultLibrary)
}

// Available reports whether the CUDA driver library loads, without
// initializing the driver: callers choosing an API use it.
func Available() bool {
	h, err := purego.Dlopen(DefaultLibrary, purego.RTLD_NOW|purego.RTLD_LOCAL)
	if err != nil {
		return false
	}
	_ = purego.Dlclose(h)
	return true
}

// OpenLibrary is [Open] with an explicit path to the driver library.
func OpenLibrary(path string) (*Driver, error) {
	handle, err := purego.Dlopen(path, purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		return nil, fmt.Errorf("%w (dlopen %s: %v)", ErrNoDriver, path, err)
	}
	d := &Driver{path: path, handle: handle}
	if err := d.bind(); err != nil {
		// Nothing from the library has run yet but its initializers, so
		// closing it is safe here, unlike after cuInit.
		_ = purego.Dlclose(handle)
		return nil, err
	}
	if err := d.init(); err != nil {
		return nil, err
	}
	return d, nil
}

// bind resolves every symbol with Dlsym before registering it:
// purego.RegisterLibFunc panics on a missing symbol, and a driver too old
// for gpuarch deserves an error that names what it lacks.
func (d *Driver) bind() error {
	var missing []string
	for _, s := range d.symbols() {
		addr := uintptr(0)
		for _, name := range s.names {
			if a, err := purego.Dlsym(d.handle, name); err == nil && a != 0 {
				addr = a
				break
			}
		}
		if addr == 0 {
			missing = append(missing, strings.Join(s.names, " or "))
			continue
		}
		purego.RegisterFunc(s.fptr, addr)
	}
	for _, s := range d.optionalSymbols() {
		for _, name := range s.names {
			if a, err := purego.Dlsym(d.handle, name); err == nil && a != 0 {
				purego.RegisterFunc(s.fptr, a)
				break
			}
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s does not export %s: the NVIDIA driver is too old for gpuarch, or the library is not NVIDIA's driver",
			d.path, strings.Join(missing, ", "))
	}
	return nil
}

// init calls cuInit(0) and sorts its failures into the package's sentinels.
func (d *Driver) init() error {
	err := d.check("cuInit", d.cuInit(0))
	var cerr *Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &cerr) && cerr.Code == errorNoDevice:
		return fmt.Errorf("%w: %w", ErrNoDevice, err)
	case errors.As(err, &cerr) && cerr.Code == errorStubLibrary:
		return fmt.Errorf("%w (%s is the CUDA toolkit's stub library, not the driver): %w", ErrNoDriver, d.path, err)
	default:
		return fmt.Errorf("initializing the CUDA driver (%s): %w", d.path, err)
	}
}

// Path returns the path the driver library was opened from.
func (d *Driver) Path() string { return d.path }

// Version returns the CUDA version the driver supports, encoded as
// 1000*major + 10*minor: 13000 is CUDA 13.0.
func (d *Driver) Version() (int, error) {
	var v int32
	if err := d.check("cuDriverGetVersion", d.cuDriverGetVersion(&v)); err != nil {
		return 0, err
	}
	return int(v), nil
}
