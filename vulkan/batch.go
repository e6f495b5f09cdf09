package vulkan

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"
	"unsafe"
)

// BatchMode is how [Device.DispatchBatch] queues its dispatches.
type BatchMode int

const (
	// SubmitEach records every dispatch in a command buffer of its own
	// and submits each with its own vkQueueSubmit, waiting for none but
	// the last: the cost of a dispatch sent on its own, as a CUDA kernel
	// launch on a stream is.
	SubmitEach BatchMode = iota
	// OneCommandBuffer records every dispatch in one command buffer,
	// submitted once: the cost of a dispatch recorded ahead, as a CUDA
	// graph replays its kernels.
	OneCommandBuffer
)

func (m BatchMode) String() string {
	if m == OneCommandBuffer {
		return "one command buffer"
	}
	return "one submit per dispatch"
}

// DispatchBatch runs len(pushes) dispatches of groupsX workgroups of p,
// dispatch i with push constants pushes[i], queued as mode says, and
// waits for them all. Every dispatch is preceded by a barrier on all
// earlier commands (execution and memory), so they run one after another
// as a CUDA stream's kernels do. queued is the host time spent recording
// and submitting; total the host time until the last had finished.
//
// A batch that passes timeout, or whose ctx is done, returns an error
// wrapping [ErrTimeout] or ctx.Err(); its command buffers and fence are
// then left to the device (destroying them while it may run them is not
// allowed) and freed only with it.
func (d *Device) DispatchBatch(ctx context.Context, p *Pipeline, groupsX uint32, pushes [][]byte, mode BatchMode, timeout time.Duration) (queued, total time.Duration, err error) {
	if len(pushes) == 0 {
		return 0, 0, errors.New("dispatch batch: no dispatches")
	}
	for _, push := range pushes {
		if err := d.checkDispatch(p, groupsX, push, timeout); err != nil {
			return 0, 0, fmt.Errorf("dispatch batch: %w", err)
		}
	}
	if err := ctx.Err(); err != nil {
		return 0, 0, fmt.Errorf("dispatch batch: %w", err)
	}
	release, err := d.use()
	if err != nil {
		return 0, 0, err
	}
	defer release()
	d.mu.Lock()
	defer d.mu.Unlock()
	if p.destroyed {
		return 0, 0, fmt.Errorf("dispatch batch: the pipeline was destroyed: %w", errClosed)
	}
	if err := d.settleAll(timeout); err != nil {
		return 0, 0, fmt.Errorf("dispatch batch: %w", err)
	}
	buffers := 1
	if mode == SubmitEach {
		buffers = len(pushes)
	}
	r, cmds, err := d.newBatchRecorder(buffers)
	if err != nil {
		return 0, 0, fmt.Errorf("dispatch batch: %w", err)
	}
	constants := make([]byte, p.pushBytes)
	start := time.Now()
	next := 0
	for b, cmd := range cmds {
		begin := &commandBufferBeginInfo{sType: stCommandBufferBeginInfo, flags: commandBufferOneTimeSubmit}
		err := check("vkBeginCommandBuffer", d.fn.vkBeginCommandBuffer(cmd, begin))
		runtime.KeepAlive(begin)
		if err != nil {
			d.destroyRecorder(&r)
			return 0, 0, fmt.Errorf("dispatch batch: %w", err)
		}
		d.fn.vkCmdBindPipeline(cmd, pipelineBindPointCompute, p.pipeline)
		for ; next < len(pushes) && (mode == OneCommandBuffer || next == b); next++ {
			d.barrier(cmd, stageAllCommands, accessMemoryWrite, stageAllCommands, accessMemoryRead|accessMemoryWrite)
			if len(constants) > 0 {
				clear(constants)
				copy(constants, pushes[next])
				d.fn.vkCmdPushConstants(cmd, p.layout, shaderStageCompute, 0, uint32(len(constants)), unsafe.Pointer(&constants[0]))
			}
			d.fn.vkCmdDispatch(cmd, groupsX, 1, 1)
		}
		last := b == len(cmds)-1
		if last {
			d.barrier(cmd, stageAllCommands, accessMemoryWrite, stageHost, accessHostRead)
		}
		if err := check("vkEndCommandBuffer", d.fn.vkEndCommandBuffer(cmd)); err != nil {
			d.abandon(&r, b > 0)
			return 0, 0, fmt.Errorf("dispatch batch: %w", err)
		}
		var fence uint64
		if last {
			fence = r.fence
		}
		info := &submitInfo{sType: stSubmitInfo, commandBufferCount: 1, pCommandBuffers: &cmds[b]}
		err = check("vkQueueSubmit", d.fn.vkQueueSubmit(d.queue, 1, info, fence))
		runtime.KeepAlive(info)
		if err != nil {
			d.abandon(&r, b > 0)
			return 0, 0, fmt.Errorf("dispatch batch: %w", err)
		}
	}
	runtime.KeepAlive(constants)
	runtime.KeepAlive(cmds)
	queued = time.Since(start)
	r.pending = true
	if err := d.wait(ctx, &r, start.Add(timeout)); err != nil {
		return queued, 0, fmt.Errorf("dispatch batch: %w", err)
	}
	total = time.Since(start)
	d.destroyRecorder(&r)
	return queued, total, nil
}

// abandon ends a batch that failed while being submitted: with work
// already submitted, the queue is waited for before r is destroyed.
func (d *Device) abandon(r *recorder, submitted bool) {
	if submitted && d.fn.vkQueueWaitIdle(d.queue) != resultSuccess {
		return // the device may still hold r's buffers: leave them to it
	}
	d.destroyRecorder(r)
}

// newBatchRecorder creates a command pool with n primary command buffers
// and a fence.
func (d *Device) newBatchRecorder(n int) (recorder, []uintptr, error) {
	var r recorder
	poolInfo := &commandPoolCreateInfo{sType: stCommandPoolCreateInfo, flags: commandPoolTransient, queueFamilyIndex: d.family}
	err := check("vkCreateCommandPool", d.fn.vkCreateCommandPool(d.handle, poolInfo, nil, &r.pool))
	runtime.KeepAlive(poolInfo)
	if err != nil {
		return recorder{}, nil, err
	}
	cmds := make([]uintptr, n)
	allocInfo := &commandBufferAllocateInfo{sType: stCommandBufferAllocateInfo, commandPool: r.pool, level: commandBufferLevelPrimary, commandBufferCount: uint32(n)}
	err = check("vkAllocateCommandBuffers", d.fn.vkAllocateCommandBuffers(d.handle, allocInfo, &cmds[0]))
	runtime.KeepAlive(allocInfo)
	if err == nil {
		fenceInfo := &fenceCreateInfo{sType: stFenceCreateInfo}
		err = check("vkCreateFence", d.fn.vkCreateFence(d.handle, fenceInfo, nil, &r.fence))
		runtime.KeepAlive(fenceInfo)
	}
	if err != nil {
		d.destroyRecorder(&r)
		return recorder{}, nil, err
	}
	return r, cmds, nil
}

// checkDispatch checks one dispatch's arguments.
func (d *Device) checkDispatch(p *Pipeline, groupsX uint32, push []byte, timeout time.Duration) error {
	switch {
	case p == nil:
		return errors.New("the pipeline is nil")
	case p.d != d:
		return errors.New("the pipeline belongs to another device")
	case groupsX == 0:
		return errors.New("groupsX is 0")
	case groupsX > d.info.Limits.MaxComputeWorkGroupCount[0]:
		return fmt.Errorf("%d workgroups exceed the device's maxComputeWorkGroupCount[0] of %d",
			groupsX, d.info.Limits.MaxComputeWorkGroupCount[0])
	case len(push) > p.pushBytes:
		return fmt.Errorf("%d bytes of push constants exceed the pipeline's %d", len(push), p.pushBytes)
	case timeout <= 0:
		return fmt.Errorf("the timeout is %v; it must be positive", timeout)
	}
	return nil
}
