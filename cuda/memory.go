package cuda

import (
	"fmt"
	"unsafe"
)

// DevicePtr is an address in device memory (CUdeviceptr). Passed to
// [Function.Launch] it becomes an 8-byte pointer parameter.
type DevicePtr uint64

// String formats the address in hexadecimal.
func (p DevicePtr) String() string { return fmt.Sprintf("0x%x", uint64(p)) }

// Alloc allocates bytes of device memory (cuMemAlloc). The memory is not
// cleared; see [Context.Memset].
func (c *Context) Alloc(bytes uint64) (DevicePtr, error) {
	var p uint64
	if err := c.d.check("cuMemAlloc", c.d.cuMemAlloc(&p, uintptr(bytes))); err != nil {
		return 0, fmt.Errorf("allocating %d bytes of device memory: %w", bytes, err)
	}
	return DevicePtr(p), nil
}

// Free frees device memory from [Context.Alloc].
func (c *Context) Free(p DevicePtr) error {
	if err := c.d.check("cuMemFree", c.d.cuMemFree(uint64(p))); err != nil {
		return fmt.Errorf("freeing device memory at %v: %w", p, err)
	}
	return nil
}

// CopyToDevice copies src to device memory at dst (cuMemcpyHtoD). It
// returns once src may be reused.
func (c *Context) CopyToDevice(dst DevicePtr, src []byte) error {
	if len(src) == 0 {
		return nil
	}
	r := c.d.cuMemcpyHtoD(uint64(dst), unsafe.Pointer(&src[0]), uintptr(len(src)))
	if err := c.d.check("cuMemcpyHtoD", r); err != nil {
		return fmt.Errorf("copying %d bytes to the device at %v: %w", len(src), dst, err)
	}
	return nil
}

// CopyToHost copies len(dst) bytes of device memory at src into dst
// (cuMemcpyDtoH). It waits for earlier work in the default stream, so it
// blocks until that work is done.
func (c *Context) CopyToHost(dst []byte, src DevicePtr) error {
	if len(dst) == 0 {
		return nil
	}
	r := c.d.cuMemcpyDtoH(unsafe.Pointer(&dst[0]), uint64(src), uintptr(len(dst)))
	if err := c.d.check("cuMemcpyDtoH", r); err != nil {
		return fmt.Errorf("copying %d bytes from the device at %v: %w", len(dst), src, err)
	}
	return nil
}

// CopyOnDevice copies bytes of device memory from src to dst
// (cuMemcpyDtoD), also into a module's global or constant variable (see
// [Module.Global]).
func (c *Context) CopyOnDevice(dst, src DevicePtr, bytes uint64) error {
	if bytes == 0 {
		return nil
	}
	if err := c.d.check("cuMemcpyDtoD", c.d.cuMemcpyDtoD(uint64(dst), uint64(src), uintptr(bytes))); err != nil {
		return fmt.Errorf("copying %d bytes on the device from %v to %v: %w", bytes, src, dst, err)
	}
	return nil
}

// Memset sets bytes bytes of device memory at dst to value (cuMemsetD8).
func (c *Context) Memset(dst DevicePtr, value byte, bytes uint64) error {
	if err := c.d.check("cuMemsetD8", c.d.cuMemsetD8(uint64(dst), value, uintptr(bytes))); err != nil {
		return fmt.Errorf("setting %d bytes at %v to %#x: %w", bytes, dst, value, err)
	}
	return nil
}
