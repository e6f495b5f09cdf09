package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"runtime/trace"
	"time"

	"github.com/gpuarch/gpuarch/record"
)

// BusyReporter is implemented by GPUs that count the time spent in
// launches, from the call until the wait for them ends: the GPU's busy
// time, plus each launch's latency.
type BusyReporter interface {
	Busy() time.Duration
}

// CacheReporter is implemented by GPUs that keep compiled modules in a
// ModuleCache: how many lookups found one and how many did not.
type CacheReporter interface {
	CacheStats() (hits, misses int64)
}

// busy returns the GPU's busy time so far, or 0 when it does not count it.
func (r *Runner) busy() time.Duration {
	if b, ok := r.GPU.(BusyReporter); ok {
		return b.Busy()
	}
	return 0
}

// charge divides a job's time evenly among its records, so that the
// records of a suite sum to the suite's time: wait is how long the GPU
// waited for the job's compilation, measure how long the job was measured
// (busy of it in launches), compile the compile workers' time on it.
func charge(recs []record.Record, wait, measure, busy, compile time.Duration) {
	if len(recs) == 0 {
		return
	}
	n := float64(len(recs))
	busy = min(busy, measure)
	c := record.Cost{
		WallSeconds:       (wait + measure).Seconds() / n,
		CompileSeconds:    wait.Seconds() / n,
		GPUSeconds:        busy.Seconds() / n,
		HostSeconds:       (measure - busy).Seconds() / n,
		CompileCPUSeconds: compile.Seconds() / n,
	}
	for i := range recs {
		cc := c
		recs[i].Provenance.Cost = &cc
	}
}

// startProfile starts a CPU profile and an execution trace into
// Config.Profile, named worker-<pid>-<n>.cpu.pprof and .trace, and returns
// what stops them. Without Config.Profile it does nothing. A profile that
// cannot start is said through Progress and the run goes on.
func (r *Runner) startProfile() (stop func()) {
	if r.Config.Profile == "" {
		return func() {}
	}
	stop, err := StartProfile(r.Config.Profile, fmt.Sprintf("worker-%d-%d", os.Getpid(), r.profiles.Add(1)))
	if err != nil {
		r.progress("profile: %v", err)
		return func() {}
	}
	return stop
}

// StartProfile writes a Go CPU profile (NAME.cpu.pprof) and an execution
// trace (NAME.trace) into dir until the returned function is called. Only
// one CPU profile runs in a process at a time: a second StartProfile fails
// until the first is stopped.
func StartProfile(dir, name string) (stop func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("profile: %w", err)
	}
	cpu, err := os.Create(filepath.Join(dir, name+".cpu.pprof"))
	if err != nil {
		return nil, fmt.Errorf("profile: %w", err)
	}
	if err := pprof.StartCPUProfile(cpu); err != nil {
		cpu.Close()
		return nil, fmt.Errorf("profile: %w", err)
	}
	tr, err := os.Create(filepath.Join(dir, name+".trace"))
	if err == nil {
		if err = trace.Start(tr); err != nil {
			tr.Close()
			tr = nil
		}
	}
	return func() {
		pprof.StopCPUProfile()
		cpu.Close()
		if tr != nil {
			trace.Stop()
			tr.Close()
		}
	}, nil
}
