package vulkan

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"
)

// pollSlice is the longest single vkWaitForFences call: how quickly a wait
// notices that its context was cancelled.
const pollSlice = 10 * time.Millisecond

// recorder is one use of the queue (transfers, or dispatches): a command
// pool with one primary command buffer, reset before each recording, and
// the fence its submissions signal.
type recorder struct {
	pool  uint64
	cmd   uintptr
	fence uint64
	// pending is true from a submission until its fence is seen signaled.
	// While it is, the command buffer (and for transfers, the staging
	// buffer) may still be in use by the device.
	pending bool
}

// newRecorder creates a command pool, its command buffer and a fence. On
// failure it destroys what it created.
func (d *Device) newRecorder() (recorder, error) {
	var r recorder
	poolInfo := &commandPoolCreateInfo{sType: stCommandPoolCreateInfo, flags: commandPoolTransient, queueFamilyIndex: d.family}
	err := check("vkCreateCommandPool", d.fn.vkCreateCommandPool(d.handle, poolInfo, nil, &r.pool))
	runtime.KeepAlive(poolInfo)
	if err != nil {
		return recorder{}, err
	}
	allocInfo := &commandBufferAllocateInfo{
		sType:              stCommandBufferAllocateInfo,
		commandPool:        r.pool,
		level:              commandBufferLevelPrimary,
		commandBufferCount: 1,
	}
	err = check("vkAllocateCommandBuffers", d.fn.vkAllocateCommandBuffers(d.handle, allocInfo, &r.cmd))
	runtime.KeepAlive(allocInfo)
	if err == nil {
		fenceInfo := &fenceCreateInfo{sType: stFenceCreateInfo}
		err = check("vkCreateFence", d.fn.vkCreateFence(d.handle, fenceInfo, nil, &r.fence))
		runtime.KeepAlive(fenceInfo)
	}
	if err != nil {
		d.destroyRecorder(&r)
		return recorder{}, err
	}
	return r, nil
}

// destroyRecorder destroys r's fence and pool (which frees its command
// buffer). r must not be pending.
func (d *Device) destroyRecorder(r *recorder) {
	if r.fence != 0 {
		d.fn.vkDestroyFence(d.handle, r.fence, nil)
	}
	if r.pool != 0 {
		d.fn.vkDestroyCommandPool(d.handle, r.pool, nil)
	}
	*r = recorder{}
}

// submit records one command buffer on r and runs it: it waits for r's
// previous submission if that is still pending, resets r's pool and fence,
// records a full memory barrier, the commands from record, and a barrier
// that makes device writes visible to the host; submits with r's fence;
// and waits for the fence until ctx is done or timeout passes. The caller
// holds d.mu. what names the work in errors.
//
// A full barrier at the start orders the commands after everything
// submitted before, including through memory, which a fence wait alone
// does not do for later device work.
func (d *Device) submit(ctx context.Context, r *recorder, timeout time.Duration, what string, record func(cmd uintptr)) error {
	if err := d.settle(ctx, r, timeout); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if err := check("vkResetFences", d.fn.vkResetFences(d.handle, 1, &r.fence)); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if err := check("vkResetCommandPool", d.fn.vkResetCommandPool(d.handle, r.pool, 0)); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	begin := &commandBufferBeginInfo{sType: stCommandBufferBeginInfo, flags: commandBufferOneTimeSubmit}
	err := check("vkBeginCommandBuffer", d.fn.vkBeginCommandBuffer(r.cmd, begin))
	runtime.KeepAlive(begin)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	d.barrier(r.cmd, stageAllCommands, accessMemoryWrite, stageAllCommands, accessMemoryRead|accessMemoryWrite)
	record(r.cmd)
	d.barrier(r.cmd, stageAllCommands, accessMemoryWrite, stageHost, accessHostRead)
	if err := check("vkEndCommandBuffer", d.fn.vkEndCommandBuffer(r.cmd)); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	info := &submitInfo{sType: stSubmitInfo, commandBufferCount: 1, pCommandBuffers: &r.cmd}
	err = check("vkQueueSubmit", d.fn.vkQueueSubmit(d.queue, 1, info, r.fence))
	runtime.KeepAlive(info)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	r.pending = true
	if err := d.wait(ctx, r, time.Now().Add(timeout)); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// barrier records a global memory barrier.
func (d *Device) barrier(cmd uintptr, srcStages, srcAccess, dstStages, dstAccess uint32) {
	b := &memoryBarrier{sType: stMemoryBarrier, srcAccessMask: srcAccess, dstAccessMask: dstAccess}
	d.fn.vkCmdPipelineBarrier(cmd, srcStages, dstStages, 0, 1, b, 0, nil, 0, nil)
	runtime.KeepAlive(b)
}

// wait polls r's fence in slices of at most pollSlice until it signals,
// ctx is done, or deadline passes. A fence that signals clears r.pending.
// The errors wrap ctx.Err(), [ErrTimeout], or the failed call's *Error
// (which matches [ErrDeviceLost] when the device was lost).
func (d *Device) wait(ctx context.Context, r *recorder, deadline time.Time) error {
	start := time.Now()
	for {
		slice := min(max(time.Until(deadline), 0), pollSlice)
		switch res := d.fn.vkWaitForFences(d.handle, 1, &r.fence, uint32(vkTrue), uint64(slice.Nanoseconds())); res {
		case resultSuccess:
			r.pending = false
			return nil
		case resultTimeout:
		default:
			return check("vkWaitForFences", res)
		}
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("stopped waiting for the device, whose work may still be running: %w", err)
		}
		if !time.Now().Before(deadline) {
			return fmt.Errorf("not finished after %v: %w", time.Since(start).Round(time.Millisecond), ErrTimeout)
		}
	}
}

// settle waits, as wait does, for r's previous submission if it is still
// pending.
func (d *Device) settle(ctx context.Context, r *recorder, timeout time.Duration) error {
	if !r.pending {
		return nil
	}
	switch res := d.fn.vkGetFenceStatus(d.handle, r.fence); res {
	case resultSuccess:
		r.pending = false
		return nil
	case resultNotReady:
	default:
		return check("vkGetFenceStatus", res)
	}
	if err := d.wait(ctx, r, time.Now().Add(timeout)); err != nil {
		return fmt.Errorf("waiting for earlier work that passed its timeout: %w", err)
	}
	return nil
}

// settleAll settles both recorders, so that no submitted work can still
// use a buffer or pipeline. The caller holds d.mu.
func (d *Device) settleAll(timeout time.Duration) error {
	ctx := context.Background()
	return errors.Join(d.settle(ctx, &d.compute, timeout), d.settle(ctx, &d.transfer, timeout))
}
