package vulkan

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"unsafe"
)

// Staging buffer sizes, in bytes. The staging buffer starts at
// minStagingBytes, grows to the largest transfer seen, and stops at
// maxStagingBytes; larger reads and writes go through it in chunks.
const (
	minStagingBytes = 1 << 20
	maxStagingBytes = 64 << 20
)

// Buffer is device memory that kernels reach through its device address.
type Buffer struct {
	d       *Device
	buffer  uint64 // VkBuffer
	memory  uint64 // VkDeviceMemory
	size    int
	address uint64
	freed   bool // guarded by d.mu
}

// memoryUse says what a memory type is chosen for.
type memoryUse int

const (
	// useDevice is memory for kernels: device-local where possible.
	useDevice memoryUse = iota
	// useStaging is host-visible, host-coherent memory for transfers.
	useStaging
)

// Alloc allocates a zero-filled buffer of the given size in bytes. Its
// memory is device-local where the device has such memory (on lavapipe and
// integrated GPUs that memory is also host-visible) and avoids AMD's
// uncached and device-coherent types, which would change what a probe
// measures. The buffer is usable as a storage buffer, a transfer source and
// destination, and through its device address; each buffer has its own
// VkDeviceMemory allocation. Free it when done, or let [Device.Close] free
// it.
func (d *Device) Alloc(bytes int) (*Buffer, error) {
	if bytes <= 0 {
		return nil, fmt.Errorf("allocating %d bytes: the size must be positive", bytes)
	}
	release, err := d.use()
	if err != nil {
		return nil, err
	}
	defer release()

	// Round up so that vkCmdFillBuffer, which works in words, covers
	// every byte.
	size := (uint64(bytes) + 3) &^ 3
	buf, mem, err := d.createBuffer(size,
		bufferUsageStorage|bufferUsageTransferSrc|bufferUsageTransferDst|bufferUsageDeviceAddress,
		useDevice, memoryAllocateDeviceAddress)
	if err != nil {
		return nil, fmt.Errorf("allocating %d bytes: %w", bytes, err)
	}
	info := &bufferDeviceAddressInfo{sType: stBufferDeviceAddressInfo, buffer: buf}
	b := &Buffer{d: d, buffer: buf, memory: mem, size: bytes, address: d.fn.vkGetBufferDeviceAddress(d.handle, info)}
	runtime.KeepAlive(info)
	d.mu.Lock()
	err = b.fill()
	d.mu.Unlock()
	if err != nil {
		b.release()
		return nil, fmt.Errorf("allocating %d bytes: %w", bytes, err)
	}
	d.objMu.Lock()
	d.buffers[b] = struct{}{}
	d.objMu.Unlock()
	return b, nil
}

// createBuffer creates a buffer of size bytes with usage, and binds it to
// a new allocation of the best memory type for use. allocFlags are
// VkMemoryAllocateFlags (the device-address bit, or 0).
func (d *Device) createBuffer(size uint64, usage uint32, use memoryUse, allocFlags uint32) (buf, mem uint64, err error) {
	info := &bufferCreateInfo{sType: stBufferCreateInfo, size: size, usage: usage, sharingMode: sharingModeExclusive}
	err = check("vkCreateBuffer", d.fn.vkCreateBuffer(d.handle, info, nil, &buf))
	runtime.KeepAlive(info)
	if err != nil {
		return 0, 0, err
	}
	var req memoryRequirements
	d.fn.vkGetBufferMemoryRequirements(d.handle, buf, &req)
	index := pickMemoryType(&d.phys.memory, req.memoryTypeBits, use)
	if index < 0 {
		d.fn.vkDestroyBuffer(d.handle, buf, nil)
		return 0, 0, fmt.Errorf("no memory type fits a buffer (types allowed: %#x, need %s): %w",
			req.memoryTypeBits, use, ErrUnsupported)
	}
	flags := &memoryAllocateFlagsInfo{sType: stMemoryAllocateFlagsInfo, flags: allocFlags}
	alloc := &memoryAllocateInfo{sType: stMemoryAllocateInfo, allocationSize: req.size, memoryTypeIndex: uint32(index)}
	if allocFlags != 0 {
		alloc.pNext = unsafe.Pointer(flags)
	}
	err = check("vkAllocateMemory", d.fn.vkAllocateMemory(d.handle, alloc, nil, &mem))
	runtime.KeepAlive(flags)
	runtime.KeepAlive(alloc)
	if err != nil {
		d.fn.vkDestroyBuffer(d.handle, buf, nil)
		return 0, 0, err
	}
	if err := check("vkBindBufferMemory", d.fn.vkBindBufferMemory(d.handle, buf, mem, 0)); err != nil {
		d.fn.vkDestroyBuffer(d.handle, buf, nil)
		d.fn.vkFreeMemory(d.handle, mem, nil)
		return 0, 0, err
	}
	return buf, mem, nil
}

// String names a memory use in errors.
func (u memoryUse) String() string {
	if u == useStaging {
		return "host-visible, host-coherent memory"
	}
	return "device memory"
}

// pickMemoryType returns the index of the best memory type of props among
// those allowed by typeBits for use, or -1 when none fits. Lazily allocated
// and protected types never fit; staging needs host-visible and
// host-coherent memory. Among the types that fit, AMD's device-coherent and
// uncached types come last; then device memory prefers device-local types
// that the host cannot see (VRAM rather than a BAR window), and staging
// prefers host-cached types outside device-local memory (system RAM);
// remaining ties go to the larger heap, then the lower index.
func pickMemoryType(props *physicalDeviceMemoryProperties, typeBits uint32, use memoryUse) int {
	best, bestScore, bestHeap := -1, -1, uint64(0)
	n := min(props.memoryTypeCount, uint32(len(props.memoryTypes)))
	for i := range n {
		if typeBits&(1<<i) == 0 {
			continue
		}
		t := props.memoryTypes[i]
		f := t.propertyFlags
		if f&(memoryLazilyAllocated|memoryProtected) != 0 {
			continue
		}
		score := 0
		if f&(memoryDeviceCoherentAMD|memoryDeviceUncachedAMD) == 0 {
			score += 100
		}
		switch use {
		case useStaging:
			if f&(memoryHostVisible|memoryHostCoherent) != memoryHostVisible|memoryHostCoherent {
				continue
			}
			if f&memoryHostCached != 0 {
				score += 10
			}
			if f&memoryDeviceLocal == 0 {
				score++
			}
		default:
			if f&memoryDeviceLocal != 0 {
				score += 10
			}
			if f&memoryHostVisible == 0 {
				score++
			}
		}
		var heap uint64
		if t.heapIndex < uint32(len(props.memoryHeaps)) {
			heap = props.memoryHeaps[t.heapIndex].size
		}
		if score > bestScore || score == bestScore && heap > bestHeap {
			best, bestScore, bestHeap = int(i), score, heap
		}
	}
	return best
}

// Address returns the buffer's device address (vkGetBufferDeviceAddress),
// which kernels take through push constants.
func (b *Buffer) Address() uint64 { return b.address }

// Size returns the buffer's size in bytes, as given to [Device.Alloc].
func (b *Buffer) Size() int { return b.size }

// Read copies the whole buffer to host memory, through the device's
// staging buffer, and returns it. It waits for earlier work on the queue,
// for at most a minute in all (then the error wraps [ErrTimeout]).
func (b *Buffer) Read() ([]byte, error) {
	out := make([]byte, b.size)
	err := b.transfer("reading the buffer", len(out), func(cmd uintptr, off, n int) {
		region := &bufferCopy{srcOffset: uint64(off), size: uint64(n)}
		b.d.fn.vkCmdCopyBuffer(cmd, b.buffer, b.d.staging.buffer, 1, region)
		runtime.KeepAlive(region)
	}, nil, func(off, n int) {
		copy(out[off:off+n], b.d.staging.data[:n])
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Write copies data to the start of the buffer, through the device's
// staging buffer; data may be shorter than the buffer, not longer. It
// waits as [Buffer.Read] does.
func (b *Buffer) Write(data []byte) error {
	if len(data) > b.size {
		return fmt.Errorf("writing %d bytes to a buffer of %d", len(data), b.size)
	}
	return b.transfer("writing the buffer", len(data), func(cmd uintptr, off, n int) {
		region := &bufferCopy{dstOffset: uint64(off), size: uint64(n)}
		b.d.fn.vkCmdCopyBuffer(cmd, b.d.staging.buffer, b.buffer, 1, region)
		runtime.KeepAlive(region)
	}, func(off, n int) {
		copy(b.d.staging.data[:n], data[off:off+n])
	}, nil)
}

// Zero fills the buffer with zeros on the device (vkCmdFillBuffer).
func (b *Buffer) Zero() error {
	release, err := b.d.use()
	if err != nil {
		return err
	}
	defer release()
	b.d.mu.Lock()
	defer b.d.mu.Unlock()
	if b.freed {
		return fmt.Errorf("zeroing the buffer: %w", errClosed)
	}
	return b.fill()
}

// fill zeroes the buffer. The caller holds d.mu.
func (b *Buffer) fill() error {
	d := b.d
	return d.submit(context.Background(), &d.transfer, settleTimeout, "zeroing the buffer", func(cmd uintptr) {
		d.fn.vkCmdFillBuffer(cmd, b.buffer, 0, wholeSize, 0)
	})
}

// transfer moves total bytes between the buffer and the staging buffer in
// chunks of at most the staging limit. For each chunk at offset off of n
// bytes it calls before (host to staging, may be nil), then submits the
// commands of record, then calls after (staging to host, may be nil).
func (b *Buffer) transfer(what string, total int, record func(cmd uintptr, off, n int), before, after func(off, n int)) error {
	release, err := b.d.use()
	if err != nil {
		return err
	}
	defer release()
	d := b.d
	d.mu.Lock()
	defer d.mu.Unlock()
	if b.freed {
		return fmt.Errorf("%s: %w", what, errClosed)
	}
	for off := 0; off < total; {
		n := min(total-off, d.stagingLimit)
		if err := d.ensureStaging(n); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		if before != nil {
			before(off, n)
		}
		err := d.submit(context.Background(), &d.transfer, settleTimeout, what, func(cmd uintptr) { record(cmd, off, n) })
		if err != nil {
			return fmt.Errorf("%d bytes at offset %d: %w", n, off, err)
		}
		if after != nil {
			after(off, n)
		}
		off += n
	}
	return nil
}

// Free waits for the queue to finish work that may use the buffer (for at
// most a minute; then the error wraps [ErrTimeout] and the buffer stays
// allocated), then frees the buffer and its memory. Freeing a freed buffer
// does nothing.
func (b *Buffer) Free() error {
	release, err := b.d.use()
	if err != nil {
		return nil // Close freed it.
	}
	defer release()
	d := b.d
	d.mu.Lock()
	defer d.mu.Unlock()
	if b.freed {
		return nil
	}
	if err := d.settleAll(settleTimeout); err != nil && !errors.Is(err, ErrDeviceLost) {
		return fmt.Errorf("freeing a buffer: %w", err)
	}
	d.objMu.Lock()
	delete(d.buffers, b)
	d.objMu.Unlock()
	b.release()
	return nil
}

// release destroys the buffer and frees its memory. The queue must not be
// using it.
func (b *Buffer) release() {
	b.d.fn.vkDestroyBuffer(b.d.handle, b.buffer, nil)
	b.d.fn.vkFreeMemory(b.d.handle, b.memory, nil)
	b.freed = true
}

// staging is the device's host-visible buffer for transfers, mapped for
// the life of its allocation.
type staging struct {
	buffer uint64
	memory uint64
	// data is the mapped memory: C memory owned by the driver, valid until
	// the memory is freed.
	data []byte
}

// ensureStaging makes the staging buffer at least n bytes, after waiting
// for the transfer recorder so that the old one is idle. The caller holds
// d.mu.
func (d *Device) ensureStaging(n int) error {
	if err := d.settle(context.Background(), &d.transfer, settleTimeout); err != nil {
		return err
	}
	if len(d.staging.data) >= n {
		return nil
	}
	size := min(max(n, 2*len(d.staging.data), minStagingBytes), max(d.stagingLimit, n))
	d.destroyStaging()
	buf, mem, err := d.createBuffer(uint64(size), bufferUsageTransferSrc|bufferUsageTransferDst, useStaging, 0)
	if err != nil {
		return fmt.Errorf("creating a %d-byte staging buffer: %w", size, err)
	}
	var p unsafe.Pointer
	if err := check("vkMapMemory", d.fn.vkMapMemory(d.handle, mem, 0, wholeSize, 0, &p)); err != nil {
		d.fn.vkDestroyBuffer(d.handle, buf, nil)
		d.fn.vkFreeMemory(d.handle, mem, nil)
		return fmt.Errorf("mapping the staging buffer: %w", err)
	}
	d.staging = staging{buffer: buf, memory: mem, data: unsafe.Slice((*byte)(p), size)}
	return nil
}

// destroyStaging frees the staging buffer, if there is one. The transfer
// recorder must be idle.
func (d *Device) destroyStaging() {
	if d.staging.buffer == 0 {
		return
	}
	d.fn.vkUnmapMemory(d.handle, d.staging.memory)
	d.fn.vkDestroyBuffer(d.handle, d.staging.buffer, nil)
	d.fn.vkFreeMemory(d.handle, d.staging.memory, nil)
	d.staging = staging{}
}
