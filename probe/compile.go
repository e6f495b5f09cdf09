package probe

// The compile path every job takes: the backend's Codegen writes a
// module, the backend compiles it, and the runner keeps it and has its
// machine code read for verification.

import (
	"context"
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
	return r.compileText(ctx, name, src)
}

// compileText compiles a module's source in the backend's language.
func (r *Runner) compileText(ctx context.Context, name, source string) *Compiled {
	c := &Compiled{source: source}
	c.Hash = sourceHash(source)
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

// compiled keeps a compiled module's source and binary, and has
// verification read its machine code (readMachineCode).
func (r *Runner) compiled(ctx context.Context, name string, c *Compiled) {
	_ = r.keep(name, c.source, c.Prog.Binary())
	c.code = r.readMachineCode(ctx, c.Prog)
}

func (c *Compiled) Close() {
	if c != nil && c.Prog != nil {
		c.Prog.Close()
		c.Prog = nil
	}
}
