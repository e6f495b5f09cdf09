package vk

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
)

// Timing by timestamps. Where the device has no VK_KHR_shader_clock
// (MoltenVK, some mobile drivers), or timing by timestamps is asked for,
// the kernels read no clock and the backend times each whole dispatch
// with the GPU's timestamps (vkCmdWriteTimestamp before and after it).
// It then writes the timer fields the kernels left at zero, so that the
// runner's methods work unchanged: every warp record spans the dispatch
// ([0, its length]), and a latency kernel's figure for one pass is the
// dispatch's length over its passes. The dispatch's own cost is then part
// of every figure: the runner's regression over chain lengths cancels it
// from latencies, and long loops make it small beside throughputs. Every
// record says it was timed this way (record.Provenance.Timing).

// Timing modes (Options.Timing).
const (
	// TimingAuto uses the shader clock where the device has it and
	// timestamps elsewhere.
	TimingAuto = ""
	// TimingClock requires VK_KHR_shader_clock.
	TimingClock = "clock"
	// TimingTimestamps times whole dispatches with GPU timestamps even
	// where the shader clock exists (to test the fallback, or compare).
	TimingTimestamps = "timestamps"
)

// timingPrefix starts the comment lines by which a module in timestamp
// mode says how to fill each kernel's timer fields in.
const timingPrefix = "gpuarch timing: "

// timingNote is the comment for one timed kernel: its name, its kind and
// the index of its count argument; "" for kernels that are not timed.
func timingNote(k kernel.Spec) string {
	switch k.Kind() {
	case kernel.LatencyChain:
		return fmt.Sprintf("%s%s latency count=2", timingPrefix, k.KernelName())
	case kernel.ClockSpin:
		return fmt.Sprintf("%s%s records count=1", timingPrefix, k.KernelName())
	case kernel.ThroughputChain:
		return fmt.Sprintf("%s%s records count=2", timingPrefix, k.KernelName())
	}
	return "" // not timed: the backend leaves its output alone
}

// timedKernel is what a module's timing note says of one kernel.
type timedKernel struct {
	latency bool // the kernel stores one pass's cycles at out
	count   int  // the index of the count argument
}

// timingNotes reads a module's timing notes.
func timingNotes(source string) map[string]timedKernel {
	notes := map[string]timedKernel{}
	for _, line := range strings.Split(source, "\n") {
		rest, ok := strings.CutPrefix(line, "; "+timingPrefix)
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 3 {
			continue
		}
		n, err := strconv.Atoi(strings.TrimPrefix(f[2], "count="))
		if err != nil {
			continue
		}
		notes[f[0]] = timedKernel{latency: f[1] == "latency", count: n}
	}
	return notes
}

// fillTimes writes the timer fields of a dispatch that lasted ns, at
// cyclesPerNs, into the output buffer a kernel's first argument points to.
func (p *program) fillTimes(kernel string, g engine.Grid, ns, cyclesPerNs float64, args []any) error {
	tk, ok := p.timed[kernel]
	if !ok {
		return nil // not a timed kernel (a fill or a helper)
	}
	if len(args) <= tk.count {
		return fmt.Errorf("%s: %d arguments, the count is argument %d", kernel, len(args), tk.count)
	}
	out, ok := args[0].(engine.Ptr)
	if !ok {
		return fmt.Errorf("%s: the first argument is %T, not the output buffer", kernel, args[0])
	}
	buf := p.g.buffer(out)
	if buf == nil {
		return fmt.Errorf("%s: the output buffer %#x is not one of this device's", kernel, uint64(out))
	}
	data, err := buf.Read()
	if err != nil {
		return wrap(err)
	}
	le := binary.LittleEndian
	cycles := uint64(math.Max(1, math.Round(ns*cyclesPerNs)))
	if tk.latency {
		count, _ := args[tk.count].(uint32)
		le.PutUint64(data, uint64(math.Max(1, math.Round(ns*cyclesPerNs/float64(max(1, count))))))
		return wrap(buf.Write(data))
	}
	warps := g.Blocks * ((g.Threads + p.g.info.WarpSize - 1) / p.g.info.WarpSize)
	if len(data) < warps*engine.WarpRecordBytes {
		return fmt.Errorf("%s: the output buffer holds %d bytes, %d warp records need %d", kernel, len(data), warps, warps*engine.WarpRecordBytes)
	}
	for i := range warps {
		r := data[i*engine.WarpRecordBytes:]
		le.PutUint64(r[0:], 0)
		le.PutUint64(r[8:], cycles)
		le.PutUint64(r[16:], 0)
		le.PutUint64(r[24:], uint64(math.Max(1, math.Round(ns))))
	}
	return wrap(buf.Write(data))
}
