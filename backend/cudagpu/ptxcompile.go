package cudagpu

// The compile paths of the jobs written in PTX only (the Hopper features,
// the matrix units, the asynchronous copies): a module built with the ptx
// package and compiled by the CUDA backend's JIT, or whole by ptxas. On a
// backend of another kernel language these jobs are skipped, with why.

import (
	"context"
	"fmt"

	"github.com/gpuarch/gpuarch/cuda"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

// PTXModule is a PTX module of kernels for the device's PTX version and
// target: a job written in PTX adds its kernels (and declarations, such
// as its dynamic shared memory) and compiles the module's text with
// CompilePTX.
func PTXModule(r *engine.Runner, kernels ...*ptx.Kernel) *ptx.Module {
	d := r.GPU.Device()
	m := &ptx.Module{Version: d.PTXVersion, Target: d.PTXTarget}
	for _, k := range kernels {
		m.Add(k)
	}
	return m
}

// compileModule builds and compiles kernels as one module and disassembles
// it when it can. On failure, c.failure holds the status and reason.
func compileModule(ctx context.Context, r *engine.Runner, name string, kernels ...*ptx.Kernel) *engine.Compiled {
	return CompilePTX(ctx, r, name, PTXModule(r, kernels...).String())
}

// CompilePTX compiles a PTX module already rendered (PTXModule's
// String) as name, through the backend's compile path, and has its machine
// code read for verification. On a backend that takes another language
// the module is not compiled: the result's Failure says why (a skip), as
// a job written in PTX only reports it in its records; a failed compile
// is a Failure too, FatalErr set where the process cannot go on.
func CompilePTX(ctx context.Context, r *engine.Runner, name, source string) *engine.Compiled {
	if isa := r.GPU.Codegen().ISA(); isa != kernel.ISAPTX {
		return r.Skip(source, fmt.Sprintf("not available on the %s backend yet: this probe is written in PTX only", r.GPU.Device().BackendOf()))
	}
	return r.CompileSource(ctx, name, source)
}

// WhyCompiledWhole says why a probe needs the Assembler: what the driver's
// linker does to PTX, seen with the 580 driver (CUDA 13.0) on an H100.
const WhyCompiledWhole = "the driver's linker (cuLink) compiles PTX as relocatable code, where ptxas drops setmaxnreg (\"(C7504) 'setmaxnreg' ignored to maintain compatibility across compilation units\"), so this module is compiled whole by the CUDA toolkit's ptxas"

// compileWhole compiles a module with the runner's Assembler (ptxas, one
// whole program; see Toolchain) for arch and loads the cubin, for probes
// that the driver's relocatable compilation would change. Without an
// assembler, or on a GPU that loads no cubins, the job is skipped with
// why.
func compileWhole(ctx context.Context, r *engine.Runner, name, source, arch string) *engine.Compiled {
	loader, ok := r.GPU.(CubinLoader)
	tc, _ := r.Code.(*Toolchain)
	switch {
	case r.GPU.Codegen().ISA() != kernel.ISAPTX || !ok:
		return r.Skip(source, fmt.Sprintf("not available on the %s backend: this probe is PTX compiled to a cubin", r.GPU.Device().BackendOf()))
	case tc == nil || tc.Assembler == nil:
		return r.Skip(source, WhyCompiledWhole+", and ptxas is not on the PATH")
	}
	return r.CompileWith(ctx, name, source, func(ctx context.Context) (engine.Program, string, error) {
		cubin, log, err := tc.Assembler.Assemble(ctx, source, arch)
		if err != nil {
			return nil, log, err
		}
		prog, err := loader.LoadCubin(ctx, name, cubin)
		if err != nil {
			return nil, log, fmt.Errorf("load the cubin ptxas compiled: %w", err)
		}
		return prog, log, nil
	})
}

// Assembler compiles PTX to a cubin as one whole program, with its
// messages. The sass package's ptxas wrapper implements it.
type Assembler interface {
	Assemble(ctx context.Context, source, arch string) (cubin []byte, log string, err error)
}

// CubinLoader is implemented by GPUs that load machine code compiled
// elsewhere (by an [Assembler]) as a program.
type CubinLoader interface {
	LoadCubin(ctx context.Context, name string, cubin []byte) (engine.Program, error)
}

// TensorMapper is implemented by GPUs whose driver encodes the tensor
// maps the Tensor Memory Accelerator reads (CUDA 12 on): the map of a
// tiled view t of buffer b, passed to a launch by value.
type TensorMapper interface {
	TensorMap(b engine.Buffer, t cuda.TensorTile) (cuda.TensorMap, error)
}
