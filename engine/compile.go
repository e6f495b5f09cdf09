package engine

// The compile path every job takes: the backend's Codegen writes a
// module, the backend compiles it, and the runner keeps it and has its
// machine code read for verification.

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
)

// Compiled is a module built for a job, with what verification keeps of
// its machine code (Verifier).
type Compiled struct {
	Prog     Program
	source   string
	Hash     string
	code     Verifier // its machine code, read by readMachineCode
	Compile  time.Duration
	Failure  *record.Record // the job's outcome when it could not compile
	FatalErr error
	log      string // the compiler's messages, where they were kept
	// stamp puts the module's hash in a record's provenance, as the
	// backend's Codegen does (Codegen.Stamp).
	stamp func(p *record.Provenance, hash string)
}

// newCompiled is the Compiled of source, before it compiles.
func (r *Runner) newCompiled(source string) *Compiled {
	return &Compiled{source: source, Hash: sourceHash(source), stamp: r.GPU.Codegen().Stamp}
}

// Provenance is a record's Provenance from the module c compiled.
func (c *Compiled) Provenance(module string) record.Provenance {
	p := record.Provenance{Module: module, CompileSeconds: c.Compile.Seconds(), Time: time.Now().UTC()}
	if c.stamp != nil {
		c.stamp(&p, c.Hash)
	}
	return p
}

// Log is the compiler's messages about the module, where the compile path
// kept them ("" where it did not): a job quotes them when the machine code
// lacks what it asked for.
func (c *Compiled) Log() string { return c.log }

// CompileKernels has the backend's Codegen write kernels and compiles
// them: the way to jobs that run on every backend. A module the device
// cannot have (ErrUnsupported) is skipped, with why.
func (r *Runner) CompileKernels(ctx context.Context, name string, kernels []kernel.Spec) *Compiled {
	src, err := r.GPU.Codegen().Module(kernels)
	if err != nil {
		st := record.StatusFailed
		if errors.Is(err, kernel.ErrUnsupported) {
			st = record.StatusSkipped
		}
		return &Compiled{Failure: &record.Record{Status: st, Reason: fmt.Sprintf("write the %s module: %v", name, err)}}
	}
	return r.CompileSource(ctx, name, src)
}

// CompileSource compiles a module's source in the backend's language
// through the backend's compile path.
func (r *Runner) CompileSource(ctx context.Context, name, source string) *Compiled {
	c := r.newCompiled(source)
	prog, err := r.GPU.Compile(ctx, name, c.source)
	if err != nil {
		_ = r.keep(name, c.source, nil)
		st, why := classifyCompile(err, r.lang().Compiler)
		if Fatal(err) {
			st, why, c.FatalErr = record.StatusFailed, err.Error(), err
		}
		c.Failure = &record.Record{Status: st, Reason: why}
		return c
	}
	c.Prog, c.Compile = prog, prog.CompileTime()
	r.compiled(ctx, name, c)
	return c
}

// Skip is the Compiled of a module that is not compiled on this runner:
// its Failure, a skip, says why.
func (r *Runner) Skip(source, why string) *Compiled {
	c := r.newCompiled(source)
	c.Failure = &record.Record{Status: record.StatusSkipped, Reason: why}
	return c
}

// CompileWith compiles source as name through build, a compile path of
// the backend's own beside its usual one (a whole-program compile), and
// keeps the module and reads its machine code as CompileSource does. A
// build error fails the module with the error as its reason, the
// compiler's messages kept (Log); a fatal one is FatalErr too.
func (r *Runner) CompileWith(ctx context.Context, name, source string, build func(context.Context) (prog Program, log string, err error)) *Compiled {
	c := r.newCompiled(source)
	start := time.Now()
	prog, log, err := build(ctx)
	c.log = log
	if err != nil {
		_ = r.keep(name, source, nil)
		c.Failure = &record.Record{Status: record.StatusFailed, Reason: err.Error()}
		if Fatal(err) {
			c.FatalErr = err
		}
		return c
	}
	c.Prog, c.Compile = prog, time.Since(start)
	r.compiled(ctx, name, c)
	return c
}

// compiled keeps a compiled module's source and binary, and has
// verification read its machine code (readMachineCode).
func (r *Runner) compiled(ctx context.Context, name string, c *Compiled) {
	_ = r.keep(name, c.source, c.Prog.Binary())
	c.code = r.readMachineCode(ctx, c.Prog)
}

// Close frees the module's program.
func (c *Compiled) Close() {
	if c != nil && c.Prog != nil {
		c.Prog.Close()
		c.Prog = nil
	}
}

// MeasureEach makes one record per item with mk and has do fill it: a
// module that did not compile marks every record with its failure, an
// error marks the item's record failed, and a fatal one stops the job.
func MeasureEach[T any](c *Compiled, items []T, mk func(T) record.Record, do func(T, *record.Record) error) ([]record.Record, error) {
	var recs []record.Record
	for _, it := range items {
		rec := mk(it)
		if f := c.Failure; f != nil {
			rec.Status, rec.Reason = f.Status, f.Reason
			recs = append(recs, rec)
			continue
		}
		err := do(it, &rec)
		if err != nil {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
		}
		recs = append(recs, rec)
		if err != nil && Fatal(err) {
			return recs, err
		}
	}
	return recs, c.FatalErr
}

// MedianCycles launches a one-block timing kernel (see storeCycles) five
// times and sets rec's samples and value to its cycles per iteration.
func (c *Compiled) MedianCycles(ctx context.Context, r *Runner, kernel string, g Grid, out Buffer, iters int, rec *record.Record, args ...any) error {
	var samples []float64
	for range 5 {
		if err := c.Prog.Launch(ctx, kernel, g, r.Config.LaunchTimeout, args...); err != nil {
			return err
		}
		b, err := out.Read()
		if err != nil {
			return err
		}
		samples = append(samples, float64(binary.LittleEndian.Uint64(b))/float64(iters))
	}
	SetSamples(rec, samples)
	return nil
}
