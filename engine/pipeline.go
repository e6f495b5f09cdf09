package engine

import (
	"context"
	"sync"
	"time"

	"github.com/gpuarch/gpuarch/record"
)

// Job is one unit of measurement: a module compiled ahead (prepare, which
// launches nothing and may run on any goroutine) and measured later
// (measure, on the goroutine that owns the GPU).
type Job interface {
	Prepare(ctx context.Context, r *Runner)
	Measure(ctx context.Context, r *Runner) ([]record.Record, error)
	Close()
}

// ChainJob measures one instruction's latency and throughput (see Chain).
func ChainJob(spec ChainSpec) Job { return &chainJob{spec: spec} }

type chainJob struct {
	spec ChainSpec
	p    *prepared
}

func (j *chainJob) Prepare(ctx context.Context, r *Runner) { j.p = r.prepare(ctx, j.spec) }
func (j *chainJob) Measure(ctx context.Context, r *Runner) ([]record.Record, error) {
	return r.measure(ctx, j.p)
}
func (j *chainJob) Close() {
	if j.p != nil {
		j.p.close()
	}
}

// Planned is a job with the stable key a caller tracks it by (to skip it
// when resuming, to charge it when its process dies).
type Planned struct {
	Key string
	Job Job
}

// Events receives a Run's progress; nil fields are skipped.
type Events struct {
	// Start is called before job i is measured.
	Start func(i int)
	// Record is called for every record as soon as it exists.
	Record func(record.Record)
	// Done is called after job i's records, whether it succeeded or not.
	Done func(i int)
}

// Run measures jobs in order and hands each record to emit as soon as it
// exists (see RunEvents).
func (r *Runner) Run(ctx context.Context, jobs []Job, emit func(record.Record)) error {
	return r.RunEvents(ctx, jobs, Events{Record: emit})
}

// RunEvents measures jobs in order, reporting to ev. Up to Config.CompileWorkers goroutines build, JIT-compile and
// disassemble the jobs ahead, so the GPU rarely waits for the compiler; the
// measurements run one at a time on the calling goroutine, which must own
// the GPU. It stops early only when this process cannot go on (see Fatal).
func (r *Runner) RunEvents(ctx context.Context, jobs []Job, ev Events) error {
	workers := max(1, r.Config.CompileWorkers)
	defer r.startProfile()()
	runStart, busy0 := time.Now(), r.busy()
	var waited time.Duration
	compiled := make([]time.Duration, len(jobs)) // each job's prepare, on a compile worker
	ctx2, cancel := context.WithCancel(ctx)
	ready := make([]chan Job, len(jobs))
	for i := range ready {
		ready[i] = make(chan Job, 1)
	}
	ahead := make(chan struct{}, 2*workers) // bounds the jobs prepared but not measured
	todo := make(chan int)
	var wg sync.WaitGroup
	go func() {
		defer close(todo)
		for i := range jobs {
			select {
			case ahead <- struct{}{}:
			case <-ctx2.Done():
				return
			}
			select {
			case todo <- i:
			case <-ctx2.Done():
				return
			}
		}
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lowerPriority()
			for i := range todo {
				t := time.Now()
				jobs[i].Prepare(ctx2, r)
				compiled[i] = time.Since(t)
				ready[i] <- jobs[i]
			}
		}()
	}
	defer func() {
		cancel()
		wg.Wait()
		for _, c := range ready {
			select {
			case j := <-c:
				j.Close()
			default:
			}
		}
	}()
	defer func() {
		if len(jobs) > 0 {
			wall, busy := time.Since(runStart), r.busy()-busy0
			r.progress("time: %d jobs in %.1f s: %.1f s waiting for the compiler, %.1f s in launches, %.1f s on the host", len(jobs), wall.Seconds(), waited.Seconds(), busy.Seconds(), (wall - waited - busy).Seconds())
		}
	}()
	for i := range jobs {
		var j Job
		t := time.Now()
		select {
		case j = <-ready[i]:
		case <-ctx.Done():
			return ctx.Err()
		}
		wait := time.Since(t)
		waited += wait
		<-ahead
		if ev.Start != nil {
			ev.Start(i)
		}
		m, b := time.Now(), r.busy()
		r.keepWarm(ctx)
		recs, err := j.Measure(ctx, r)
		recs, err = r.retakeOffClock(ctx, j, recs, err)
		j.Close()
		charge(recs, wait, time.Since(m), r.busy()-b, compiled[i])
		if ev.Record != nil {
			for _, rec := range recs {
				ev.Record(rec)
			}
		}
		if ev.Done != nil && ctx.Err() == nil {
			ev.Done(i)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
