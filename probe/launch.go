package probe

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/dispatch"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// LaunchStampKernel builds the launch-cost kernel: its first thread
// stores %globaltimer at its start and, after spinning spin nanoseconds,
// at its end, at out + 16*index. Parameters: out (u64), index (u32), spin
// (u32, ns).
func LaunchStampKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, indexP, spinP := k.Param("out", ptx.U64), k.Param("index", ptx.U32), k.Param("spin", ptx.U32)
	g0 := k.Read(ptx.GlobalTimer)
	tid := k.Read(ptx.TidX)
	first := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", first, tid, ptx.Int(0))
	k.If(first, func() {
		spin := k.Reg(ptx.U64)
		k.Op("cvt.u64.u32", spin, k.Load(spinP))
		g := spinUntil(k, g0, spin, "bra")
		off, addr := k.Reg(ptx.U64), k.Reg(ptx.U64)
		k.Op("mul.wide.u32", off, k.Load(indexP), ptx.Int(16))
		k.Op("add.u64", addr, k.Load(outP), off)
		k.Op("st.global.u64", ptx.Addr{Base: addr}, g0)
		k.Op("st.global.u64", ptx.Addr{Base: addr, Offset: 8}, g)
	})
	return k
}

// LaunchCase is one batch the launch probe times.
type LaunchCase struct {
	Subject string
	// Op names what the batch times whatever the API, so that backends
	// pair ("launch, queued one by one" and so on).
	Op    string
	Batch Batch
	// SpinMicros is how long each kernel runs (0: an empty kernel).
	SpinMicros int
	// Repeats runs the batch that many times and keeps the median host
	// time (for single launches, whose round trip varies).
	Repeats int
}

// LaunchJob times batches of one-warp kernels: how fast the host queues
// them, how far apart the GPU starts them, and how many run at once.
func LaunchJob(suite string, cases []LaunchCase) Job { return &launchJob{suite: suite, cases: cases} }

type launchJob struct {
	suite string
	cases []LaunchCase
	c     *compiled
}

const launchKernel = "launch_stamp"

func (j *launchJob) Prepare(ctx context.Context, r *Runner) {
	j.c = r.compileKernels(ctx, "launch", []kernel.Spec{kernel.LaunchStampSpec{Name: launchKernel}})
}

func (j *launchJob) Close() { j.c.close() }

func (j *launchJob) Measure(ctx context.Context, r *Runner) ([]record.Record, error) {
	return measureEach(j.c, j.cases, func(c LaunchCase) record.Record {
		return record.Record{ID: dispatch.LaunchID(c.Subject), Suite: j.suite, Subject: c.Subject, Group: dispatch.GroupLaunch, Op: c.Op,
			Quantity: record.Launch, Unit: "µs per launch", Status: record.StatusOK, Provenance: j.c.provenance("launch")}
	}, func(c LaunchCase, rec *record.Record) error { return j.batch(ctx, r, c, rec) })
}

func (j *launchJob) batch(ctx context.Context, r *Runner, c LaunchCase, rec *record.Record) error {
	n := max(1, c.Batch.Launches)
	out, err := r.GPU.Alloc(16 * n)
	if err != nil {
		return err
	}
	defer out.Free()
	spin := r.timerTicks(c.SpinMicros)
	args := func(i int) []any { return []any{out.Ptr(), uint32(i), spin} }
	var queued, total []float64
	for range max(1, c.Repeats) {
		if err := out.Clear(); err != nil {
			return err
		}
		q, t, err := j.c.prog.LaunchBatch(ctx, launchKernel, Grid{Blocks: 1, Threads: r.warpSize()}, c.Batch, r.Config.LaunchTimeout, args)
		if errors.Is(err, kernel.ErrUnsupported) {
			rec.Status, rec.Reason = record.StatusSkipped, err.Error()
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", c.Subject, err)
		}
		queued, total = append(queued, float64(q.Nanoseconds())/float64(n)), append(total, float64(t.Nanoseconds())/float64(n))
	}
	b, err := out.Read()
	if err != nil {
		return err
	}
	det := &record.LaunchDetail{Launches: n, Streams: max(1, c.Batch.Streams), Graph: c.Batch.Graph, SpinNs: int64(c.SpinMicros) * 1000,
		HostQueuedNs: stats.Median(queued), HostTotalNs: stats.Median(total)}
	t0 := uint64(math.MaxUint64)
	raw := make([][2]uint64, n)
	for i := range raw {
		raw[i] = [2]uint64{binary.LittleEndian.Uint64(b[16*i:]), binary.LittleEndian.Uint64(b[16*i+8:])}
		if raw[i][0] == 0 || raw[i][1] < raw[i][0] {
			return fmt.Errorf("%s: kernel %d left no valid time stamps", c.Subject, i)
		}
		t0 = min(t0, raw[i][0])
	}
	per := r.GPU.Device().TimerTicksPerNs
	if per <= 0 {
		per = 1
	}
	for _, k := range raw {
		det.Kernels = append(det.Kernels, [2]int64{int64(float64(k[0]-t0) / per), int64(float64(k[1]-t0) / per)})
	}
	rec.Launch = det
	// Samples are in the record's unit: microseconds per launch, or none
	// when the value is the count of kernels seen running at once.
	rec.Value = det.HostTotalNs / 1000
	for _, ns := range total {
		rec.Samples = append(rec.Samples, ns/1000)
	}
	if st, err := infer.LaunchStatsOf(det); err == nil && c.Batch.Streams > 1 {
		rec.Unit, rec.Value, rec.Samples = "kernels at once", float64(st.Concurrent), nil
	}
	return nil
}
