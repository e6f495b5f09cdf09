package engine

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/gpuarch/gpuarch/stats"
)

// NoSM is the SM field of a warp record whose kernel cannot tell which
// core ran it (a device whose kernel language has no SM index).
const NoSM = 0xffffffff

// WarpRecord is one warp's timing as a throughput or clock kernel wrote it.
type WarpRecord struct {
	StartCycle, EndCycle uint64 // the cycle counter of the warp's SM (Language.CycleClock)
	StartNs, EndNs       uint64 // the in-kernel timer (Language.Timer), in nanoseconds
	SM                   uint32 // the SM's index, or NoSM
	// Slot is the warp's slot on its SM at the end, Block its
	// block and WarpInBlock its index within the block.
	Slot, Block, WarpInBlock uint32
}

// DecodeWarps reads n warp records from buf. A record whose end precedes its
// start, or that is all zeros (a warp that never wrote), is an error: it
// means the kernel did not run as the host assumed.
func DecodeWarps(buf []byte, n int) ([]WarpRecord, error) {
	if len(buf) < n*WarpRecordBytes {
		return nil, fmt.Errorf("warp records: have %d bytes, need %d for %d warps", len(buf), n*WarpRecordBytes, n)
	}
	ws := make([]WarpRecord, n)
	le := binary.LittleEndian
	for i := range ws {
		b := buf[i*WarpRecordBytes:]
		w := WarpRecord{
			StartCycle: le.Uint64(b[0:]), EndCycle: le.Uint64(b[8:]),
			StartNs: le.Uint64(b[16:]), EndNs: le.Uint64(b[24:]),
			SM: le.Uint32(b[32:]), Slot: le.Uint32(b[36:]), Block: le.Uint32(b[40:]), WarpInBlock: le.Uint32(b[44:]),
		}
		if w.StartCycle == 0 && w.EndCycle == 0 {
			return nil, fmt.Errorf("warp %d wrote no record", i)
		}
		w.StartCycle, w.EndCycle = unwrap32(w.StartCycle, w.EndCycle)
		w.StartNs, w.EndNs = unwrap32(w.StartNs, w.EndNs)
		if w.EndCycle < w.StartCycle || w.EndNs < w.StartNs {
			return nil, fmt.Errorf("warp %d: end before start (cycles %d..%d, ns %d..%d)", i, w.StartCycle, w.EndCycle, w.StartNs, w.EndNs)
		}
		ws[i] = w
	}
	return ws, nil
}

// SMSpan is what one SM did during a launch.
type SMSpan struct {
	SM     uint32
	Warps  int
	Cycles uint64 // last warp end minus first warp start, on the SM's clock
	Ns     uint64 // the same on the in-kernel timer
}

// ClockHz is the SM's clock over the span, or 0 when the span is too short
// to tell.
func (s SMSpan) ClockHz() float64 {
	if s.Ns == 0 {
		return 0
	}
	return float64(s.Cycles) / float64(s.Ns) * 1e9
}

// Spans groups warp records by SM.
func Spans(ws []WarpRecord) []SMSpan {
	type acc struct {
		warps          int
		c0, c1, g0, g1 uint64
	}
	by := map[uint32]*acc{}
	for _, w := range ws {
		a, ok := by[w.SM]
		if !ok {
			by[w.SM] = &acc{1, w.StartCycle, w.EndCycle, w.StartNs, w.EndNs}
			continue
		}
		a.warps++
		a.c0, a.c1 = min(a.c0, w.StartCycle), max(a.c1, w.EndCycle)
		a.g0, a.g1 = min(a.g0, w.StartNs), max(a.g1, w.EndNs)
	}
	out := make([]SMSpan, 0, len(by))
	for sm, a := range by {
		out = append(out, SMSpan{SM: sm, Warps: a.warps, Cycles: a.c1 - a.c0, Ns: a.g1 - a.g0})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SM < out[j].SM })
	return out
}

// Rate is a launch's throughput summarised over SMs.
type Rate struct {
	// PerSM is the median over SMs of warp instructions per clock.
	PerSM float64
	// MinSM and MaxSM bound the per-SM rates.
	MinSM, MaxSM float64
	// ClockHz is the median per-SM clock over the launch.
	ClockHz float64
	SMs     int
	// MedianCycles is the median SM span.
	MedianCycles float64
	// DeviceWide marks a rate formed over the whole device (see
	// RateOfDevice): the warp records did not say which core ran them.
	DeviceWide bool
}

// RateOf computes warp instructions per clock per SM, given how many warp
// instructions each warp executed. Per SM the rate is the instructions all
// its warps executed over its span, so uneven block placement does not bias
// it.
func RateOf(ws []WarpRecord, instPerWarp float64) (Rate, error) {
	spans := Spans(ws)
	if len(spans) == 0 {
		return Rate{}, fmt.Errorf("no warp records")
	}
	var rates, clocks, cycles []float64
	for _, s := range spans {
		if s.Cycles == 0 {
			return Rate{}, fmt.Errorf("SM %d: zero-cycle span", s.SM)
		}
		rates = append(rates, float64(s.Warps)*instPerWarp/float64(s.Cycles))
		cycles = append(cycles, float64(s.Cycles))
		if hz := s.ClockHz(); hz > 0 {
			clocks = append(clocks, hz)
		}
	}
	r := Rate{PerSM: stats.Median(rates), SMs: len(spans), MedianCycles: stats.Median(cycles)}
	r.MinSM, r.MaxSM = rates[0], rates[0]
	for _, v := range rates {
		r.MinSM, r.MaxSM = min(r.MinSM, v), max(r.MaxSM, v)
	}
	if len(clocks) > 0 {
		r.ClockHz = stats.Median(clocks)
	}
	return r, nil
}

// RateOfDevice computes warp instructions per clock per core when warp
// records do not say which core ran them: every warp's instructions over
// the launch's span on the device timer (first start to last end),
// converted to cycles at the median clock of the warps (their own cycles
// over nanoseconds), divided among cores. The subgroup clocks of
// different cores need not agree, so only each warp's own cycles are
// compared with the timer. cores <= 0 gives a per-device rate.
func RateOfDevice(ws []WarpRecord, instPerWarp float64, cores int) (Rate, error) {
	if len(ws) == 0 {
		return Rate{}, fmt.Errorf("no warp records")
	}
	g0, g1 := ws[0].StartNs, ws[0].EndNs
	var clocks []float64
	for _, w := range ws {
		g0, g1 = min(g0, w.StartNs), max(g1, w.EndNs)
		if w.EndNs > w.StartNs {
			clocks = append(clocks, float64(w.EndCycle-w.StartCycle)/float64(w.EndNs-w.StartNs)*1e9)
		}
	}
	if g1 <= g0 || len(clocks) == 0 {
		return Rate{}, fmt.Errorf("the launch's span on the device timer is empty (%d..%d ns)", g0, g1)
	}
	hz := stats.Median(clocks)
	cycles := float64(g1-g0) * hz / 1e9
	perCore := float64(len(ws)) * instPerWarp / cycles / float64(max(1, cores))
	return Rate{PerSM: perCore, MinSM: perCore, MaxSM: perCore, ClockHz: hz, SMs: max(1, cores), MedianCycles: cycles, DeviceWide: true}, nil
}

// unwrap32 undoes one wrap of a counter 32 bits wide read as 64 (the shader
// clocks of a device on the CPU): a start in the counter's upper half and an
// end below it is the counter passing 2^32 once, in a span shorter than
// 2^32 ticks (a DRAM stream on the CPU ran 2.2 s, its end past 2^31).
// Other ends before starts stay as they are, for the caller to refuse.
func unwrap32(start, end uint64) (uint64, uint64) {
	if end < start && start >= 1<<31 && start < 1<<32 {
		end += 1 << 32
	}
	return start, end
}
