package vulkan

import (
	"context"
	"fmt"
	"runtime"
	"time"
	"unsafe"
)

// Dispatch runs groupsX workgroups of pipeline p (vkCmdDispatch(groupsX, 1,
// 1)) with push as its push constants, and waits for them.
//
// One command buffer holds: a reset of the device's two-entry timestamp
// query pool, a TOP_OF_PIPE timestamp, the pipeline bind, the push
// constants (push, zero-padded to the pipeline's range), the dispatch, and
// a BOTTOM_OF_PIPE timestamp. It is submitted with a fence, which is polled
// in short slices: when ctx is done the error wraps ctx.Err(), and when
// timeout passes it wraps [ErrTimeout]; in both cases the work may still be
// running, and the next use of the queue waits for it. When the device is
// lost the error wraps [ErrDeviceLost].
//
// gpuNanos is the time between the two timestamps, in nanoseconds (ticks
// masked to the queue family's valid bits, times [Limits.TimestampPeriod]),
// and ok is true, when the queue supports timestamps; otherwise gpuNanos is
// 0 and ok false. It includes the dispatch's launch and drain, not the
// submission.
func (d *Device) Dispatch(ctx context.Context, p *Pipeline, groupsX uint32, push []byte, timeout time.Duration) (gpuNanos float64, ok bool, err error) {
	if err := d.checkDispatch(p, groupsX, push, timeout); err != nil {
		return 0, false, fmt.Errorf("dispatch: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return 0, false, fmt.Errorf("dispatch: %w", err)
	}
	release, err := d.use()
	if err != nil {
		return 0, false, err
	}
	defer release()
	d.mu.Lock()
	defer d.mu.Unlock()
	if p.destroyed {
		return 0, false, fmt.Errorf("dispatch: the pipeline was destroyed: %w", errClosed)
	}

	constants := make([]byte, p.pushBytes)
	copy(constants, push)
	err = d.submit(ctx, &d.compute, timeout, "dispatch", func(cmd uintptr) {
		if d.queryPool != 0 {
			d.fn.vkCmdResetQueryPool(cmd, d.queryPool, 0, 2)
			d.fn.vkCmdWriteTimestamp(cmd, stageTopOfPipe, d.queryPool, 0)
		}
		d.fn.vkCmdBindPipeline(cmd, pipelineBindPointCompute, p.pipeline)
		if len(constants) > 0 {
			d.fn.vkCmdPushConstants(cmd, p.layout, shaderStageCompute, 0, uint32(len(constants)), unsafe.Pointer(&constants[0]))
		}
		d.fn.vkCmdDispatch(cmd, groupsX, 1, 1)
		if d.queryPool != 0 {
			d.fn.vkCmdWriteTimestamp(cmd, stageBottomOfPipe, d.queryPool, 1)
		}
	})
	runtime.KeepAlive(constants)
	if err != nil {
		return 0, false, err
	}
	if d.queryPool == 0 {
		return 0, false, nil
	}
	var ts [2]uint64
	r := d.fn.vkGetQueryPoolResults(d.handle, d.queryPool, 0, 2, unsafe.Sizeof(ts), unsafe.Pointer(&ts[0]), 8, queryResult64|queryResultWait)
	if err := check("vkGetQueryPoolResults", r); err != nil {
		return 0, false, fmt.Errorf("dispatch: reading timestamps: %w", err)
	}
	return ticksToNanos(ts[0], ts[1], d.timestampBits, d.info.Limits.TimestampPeriod), true, nil
}

// ticksToNanos returns the nanoseconds between timestamps start and end,
// of which the low validBits are valid (the counter wraps there), at
// period nanoseconds per tick.
func ticksToNanos(start, end uint64, validBits uint32, period float32) float64 {
	mask := ^uint64(0)
	if validBits < 64 {
		mask = 1<<validBits - 1
	}
	return float64((end-start)&mask) * float64(period)
}
