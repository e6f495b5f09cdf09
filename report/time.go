package report

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/record"
)

// writeTime is where the run's time went, suite by suite, from the cost
// each record carries (nothing for runs recorded before records did).
func writeTime(b *strings.Builder, run *record.Run) {
	ts := record.SuiteTimes(run.Records)
	if len(ts) == 0 {
		return
	}
	b.WriteString("## Where the time went\n\n")
	b.WriteString("Each suite's time on the thread that drives the GPU, from the cost each record carries (its job's time shared evenly among the job's records): *waiting for the compiler* is time the GPU had nothing to run because the next job's modules were still being compiled; *GPU* is time inside launches and the waits for them (the kernels, plus each launch's latency); *host* is the rest (reading results, allocations, clock and sensor readings, estimation, warm-ups). *Compile* is the compile workers' time on the suite's modules (JIT or the module cache, loading, disassembly), spent on other cores ahead of the GPU, so it overlaps the rest. Warm-up and the host links' transfers are outside the suites' jobs. Seconds.\n\n")
	b.WriteString("| Suite | Records | Wall | Waiting for the compiler | GPU | Host | Compile (other cores) |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	var sum record.SuiteTime
	for _, t := range ts {
		fmt.Fprintf(b, "| %s | %d | %.1f | %.1f | %.1f | %.1f | %.1f |\n", mdtext.Cell(t.Suite), t.Records, t.WallSeconds, t.CompileSeconds, t.GPUSeconds, t.HostSeconds, t.CompileCPUSeconds)
		sum.Records += t.Records
		sum.WallSeconds += t.WallSeconds
		sum.CompileSeconds += t.CompileSeconds
		sum.GPUSeconds += t.GPUSeconds
		sum.HostSeconds += t.HostSeconds
		sum.CompileCPUSeconds += t.CompileCPUSeconds
	}
	fmt.Fprintf(b, "| all | %d | %.1f | %.1f | %.1f | %.1f | %.1f |\n\n", sum.Records, sum.WallSeconds, sum.CompileSeconds, sum.GPUSeconds, sum.HostSeconds, sum.CompileCPUSeconds)
}
