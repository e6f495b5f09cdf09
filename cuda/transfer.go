package cuda

import (
	"errors"
	"fmt"
	"unsafe"
)

// ErrNotExported is wrapped by the methods whose driver function this
// libcuda does not export (an old driver): the caller records the
// measurement as skipped rather than failing.
var ErrNotExported = errors.New("not exported by this CUDA driver")

// missing returns an error wrapping ErrNotExported for fn.
func missing(fn string) error { return fmt.Errorf("%s: %w", fn, ErrNotExported) }

// hostAllocPortable is CU_MEMHOSTALLOC_PORTABLE: the pinned memory counts as
// pinned for every context, not only the one current when it was made.
const hostAllocPortable = 0x1

// HostMemory is page-locked (pinned) host memory from cuMemHostAlloc, which
// the copy engines read and write directly. Bytes aliases it until Free.
type HostMemory struct {
	d     *Driver
	ptr   unsafe.Pointer
	Bytes []byte
}

// AllocHost allocates bytes of pinned host memory, portable to every
// context (cuMemHostAlloc with CU_MEMHOSTALLOC_PORTABLE). Free it with
// [HostMemory.Free]; pinned memory is a scarce resource of the host.
func (c *Context) AllocHost(bytes int) (*HostMemory, error) {
	if c.d.cuMemHostAlloc == nil || c.d.cuMemFreeHost == nil {
		return nil, missing("cuMemHostAlloc")
	}
	if bytes <= 0 {
		return nil, fmt.Errorf("allocating %d bytes of pinned host memory: the size must be positive", bytes)
	}
	var p unsafe.Pointer
	if err := c.d.check("cuMemHostAlloc", c.d.cuMemHostAlloc(&p, uintptr(bytes), hostAllocPortable)); err != nil {
		return nil, fmt.Errorf("allocating %d bytes of pinned host memory: %w", bytes, err)
	}
	return &HostMemory{d: c.d, ptr: p, Bytes: unsafe.Slice((*byte)(p), bytes)}, nil
}

// Free releases pinned memory (cuMemFreeHost). Freeing twice does nothing.
func (h *HostMemory) Free() error {
	if h == nil || h.ptr == nil {
		return nil
	}
	if err := h.d.check("cuMemFreeHost", h.d.cuMemFreeHost(h.ptr)); err != nil {
		return fmt.Errorf("freeing pinned host memory: %w", err)
	}
	h.ptr, h.Bytes = nil, nil
	return nil
}

// hostPtr is the address of the first byte of b, which must not be empty.
func hostPtr(b []byte) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(b)) }

// CopyToDeviceAsync queues a copy of src to device memory at dst on stream s
// (cuMemcpyHtoDAsync; nil s is the default stream). src must stay valid,
// and unmoved, until the copy has finished: pinned memory ([HostMemory]) or
// memory outside Go's heap (an mmap). From pageable memory the driver
// stages the copy and may return only once src was read.
func (s *Stream) CopyToDeviceAsync(d *Driver, dst DevicePtr, src []byte) error {
	if d.cuMemcpyHtoDAsync == nil {
		return missing("cuMemcpyHtoDAsync")
	}
	if len(src) == 0 {
		return nil
	}
	r := d.cuMemcpyHtoDAsync(uint64(dst), hostPtr(src), uintptr(len(src)), s.handleOrDefault())
	if err := d.check("cuMemcpyHtoDAsync", r); err != nil {
		return fmt.Errorf("queueing a copy of %d bytes to the device at %v: %w", len(src), dst, err)
	}
	return nil
}

// CopyToHostAsync queues a copy of len(dst) bytes from device memory at src
// into dst on stream s (cuMemcpyDtoHAsync); dst must stay valid as for
// [Stream.CopyToDeviceAsync].
func (s *Stream) CopyToHostAsync(d *Driver, dst []byte, src DevicePtr) error {
	if d.cuMemcpyDtoHAsync == nil {
		return missing("cuMemcpyDtoHAsync")
	}
	if len(dst) == 0 {
		return nil
	}
	r := d.cuMemcpyDtoHAsync(hostPtr(dst), uint64(src), uintptr(len(dst)), s.handleOrDefault())
	if err := d.check("cuMemcpyDtoHAsync", r); err != nil {
		return fmt.Errorf("queueing a copy of %d bytes from the device at %v: %w", len(dst), src, err)
	}
	return nil
}

// CopyPeerAsync queues a copy of bytes from src in srcCtx's device memory
// to dst in dstCtx's on stream s (cuMemcpyPeerAsync). With peer access
// enabled the copy engines move it over the direct link; without, the
// driver stages it through host memory.
func (s *Stream) CopyPeerAsync(dst DevicePtr, dstCtx *Context, src DevicePtr, srcCtx *Context, bytes uint64) error {
	d := dstCtx.d
	if d.cuMemcpyPeerAsync == nil {
		return missing("cuMemcpyPeerAsync")
	}
	r := d.cuMemcpyPeerAsync(uint64(dst), dstCtx.handle, uint64(src), srcCtx.handle, uintptr(bytes), s.handleOrDefault())
	if err := d.check("cuMemcpyPeerAsync", r); err != nil {
		return fmt.Errorf("queueing a copy of %d bytes from device %d to device %d: %w", bytes, srcCtx.dev.ordinal, dstCtx.dev.ordinal, err)
	}
	return nil
}

// errorPeerAccessAlreadyEnabled is CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED.
const errorPeerAccessAlreadyEnabled = 704

// EnablePeerAccess lets kernels and copies of the current context (which
// must be c) reach peer's memory (cuCtxEnablePeerAccess). Access already
// enabled is not an error. Peer access is one-way: enable it from each side
// that needs it.
func (c *Context) EnablePeerAccess(peer *Context) error {
	if c.d.cuCtxEnablePeerAccess == nil {
		return missing("cuCtxEnablePeerAccess")
	}
	r := c.d.cuCtxEnablePeerAccess(peer.handle, 0)
	if r == errorPeerAccessAlreadyEnabled {
		return nil
	}
	if err := c.d.check("cuCtxEnablePeerAccess", r); err != nil {
		return fmt.Errorf("device %d: enabling access to device %d's memory: %w", c.dev.ordinal, peer.dev.ordinal, err)
	}
	return nil
}

// CanAccessPeer reports whether device v can map peer's memory
// (cuDeviceCanAccessPeer).
func (v Device) CanAccessPeer(peer Device) (bool, error) {
	if v.d.cuDeviceCanAccessPeer == nil {
		return false, missing("cuDeviceCanAccessPeer")
	}
	var can int32
	if err := v.d.check("cuDeviceCanAccessPeer", v.d.cuDeviceCanAccessPeer(&can, v.handle, peer.handle)); err != nil {
		return false, fmt.Errorf("can device %d access device %d: %w", v.ordinal, peer.ordinal, err)
	}
	return can != 0, nil
}

// P2PAttribute is a CUdevice_P2PAttribute.
type P2PAttribute int32

// Peer-to-peer attributes (cuda.h, CUdevice_P2PAttribute).
const (
	// P2PPerformanceRank is the driver's relative rank of the link
	// between two devices (lower is better).
	P2PPerformanceRank P2PAttribute = 1
	// P2PAccessSupported says peer access can be enabled.
	P2PAccessSupported P2PAttribute = 2
	// P2PNativeAtomicSupported says atomics reach the peer natively.
	P2PNativeAtomicSupported P2PAttribute = 3
	// P2PCUDAArrayAccessSupported says CUDA arrays are reachable.
	P2PCUDAArrayAccessSupported P2PAttribute = 4
)

// String names the attribute as cuda.h does, without its prefix.
func (a P2PAttribute) String() string {
	switch a {
	case P2PPerformanceRank:
		return "PERFORMANCE_RANK"
	case P2PAccessSupported:
		return "ACCESS_SUPPORTED"
	case P2PNativeAtomicSupported:
		return "NATIVE_ATOMIC_SUPPORTED"
	case P2PCUDAArrayAccessSupported:
		return "CUDA_ARRAY_ACCESS_SUPPORTED"
	}
	return fmt.Sprintf("P2PAttribute(%d)", int32(a))
}

// P2PAttribute returns attribute a of the link from device v to dst
// (cuDeviceGetP2PAttribute).
func (v Device) P2PAttribute(a P2PAttribute, dst Device) (int, error) {
	if v.d.cuDeviceGetP2PAttribute == nil {
		return 0, missing("cuDeviceGetP2PAttribute")
	}
	var val int32
	if err := v.d.check("cuDeviceGetP2PAttribute", v.d.cuDeviceGetP2PAttribute(&val, int32(a), v.handle, dst.handle)); err != nil {
		return 0, fmt.Errorf("%v of device %d to device %d: %w", a, v.ordinal, dst.ordinal, err)
	}
	return int(val), nil
}

// Driver returns the driver the context belongs to.
func (c *Context) Driver() *Driver { return c.d }
