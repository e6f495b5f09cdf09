package cuda

import (
	"errors"
	"fmt"
)

// Context is a retained reference to a device's primary context, the
// context the CUDA runtime also uses, so gpuarch shares it with any library
// in the process.
//
// A CUDA context is current per OS thread. The goroutine that uses a
// Context, and every Module, Function, Stream, Event and allocation made
// through it, must call runtime.LockOSThread before [Device.RetainPrimaryContext]
// (or before [Context.SetCurrent]) and keep the thread locked while it
// works; otherwise the Go scheduler may resume it on a thread where no
// context is current and the driver answers CUDA_ERROR_INVALID_CONTEXT.
//
// A Context is not safe for concurrent use.
type Context struct {
	d        *Driver
	dev      Device
	handle   uintptr
	released bool
}

// errReleased is returned by methods of a Context that was released.
var errReleased = errors.New("cuda: the context was released")

// RetainPrimaryContext retains the device's primary context, creating it
// if needed, and makes it current on the calling OS thread. Call
// [Context.Release] when done.
func (v Device) RetainPrimaryContext() (*Context, error) {
	var h uintptr
	if err := v.d.check("cuDevicePrimaryCtxRetain", v.d.cuDevicePrimaryCtxRetain(&h, v.handle)); err != nil {
		return nil, fmt.Errorf("device %d: %w", v.ordinal, err)
	}
	c := &Context{d: v.d, dev: v, handle: h}
	if err := c.SetCurrent(); err != nil {
		_ = v.d.cuDevicePrimaryCtxRelease(v.handle)
		return nil, err
	}
	return c, nil
}

// Device returns the device the context belongs to.
func (c *Context) Device() Device { return c.dev }

// SetCurrent makes the context current on the calling OS thread.
func (c *Context) SetCurrent() error {
	if c.released {
		return errReleased
	}
	if err := c.d.check("cuCtxSetCurrent", c.d.cuCtxSetCurrent(c.handle)); err != nil {
		return fmt.Errorf("device %d: making the primary context current: %w", c.dev.ordinal, err)
	}
	return nil
}

// Release drops this reference to the primary context. The driver
// destroys the context when the last reference is released. Releasing
// twice returns an error rather than dropping someone else's reference.
func (c *Context) Release() error {
	if c.released {
		return errReleased
	}
	if err := c.d.check("cuDevicePrimaryCtxRelease", c.d.cuDevicePrimaryCtxRelease(c.dev.handle)); err != nil {
		return fmt.Errorf("device %d: %w", c.dev.ordinal, err)
	}
	c.released = true
	return nil
}

// Reset destroys this process's primary context on the device, with every
// allocation, module, stream and event in it, and then releases this
// reference; to go on, retain the context again with
// [Device.RetainPrimaryContext]. It is the way out of CUDA_ERROR_ASSERT.
//
// Reset does not reset the GPU, and it does not help other processes.
// After the other sticky errors (see [IsSticky]) NVIDIA documents that the
// process must exit; Reset may then itself fail with the same error.
func (c *Context) Reset() error {
	if c.released {
		return errReleased
	}
	if err := c.d.check("cuDevicePrimaryCtxReset", c.d.cuDevicePrimaryCtxReset(c.dev.handle)); err != nil {
		return fmt.Errorf("device %d: %w", c.dev.ordinal, err)
	}
	// Resetting does not drop the reference this Context holds, and the
	// handle no longer names a live context.
	err := c.d.check("cuDevicePrimaryCtxRelease", c.d.cuDevicePrimaryCtxRelease(c.dev.handle))
	c.released = true
	if err != nil {
		return fmt.Errorf("device %d: releasing the reset primary context: %w", c.dev.ordinal, err)
	}
	return nil
}

// Synchronize blocks until all work in the context has finished
// (cuCtxSynchronize). It cannot be interrupted: prefer [Event.Wait], which
// gives up after a timeout, where the work might hang.
func (c *Context) Synchronize() error {
	if err := c.d.check("cuCtxSynchronize", c.d.cuCtxSynchronize()); err != nil {
		return fmt.Errorf("device %d: %w", c.dev.ordinal, err)
	}
	return nil
}

// MemGetInfo returns the free and total device memory in bytes, as the
// driver sees them from this context.
func (c *Context) MemGetInfo() (free, total uint64, err error) {
	var f, t uintptr
	if err := c.d.check("cuMemGetInfo", c.d.cuMemGetInfo(&f, &t)); err != nil {
		return 0, 0, fmt.Errorf("device %d: %w", c.dev.ordinal, err)
	}
	return uint64(f), uint64(t), nil
}
