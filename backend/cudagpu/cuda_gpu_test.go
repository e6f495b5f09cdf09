package cudagpu

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/cuda"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
)

// openCUDA opens GPU 0 or skips the test on a machine without one.
func openCUDA(t *testing.T) *GPU {
	t.Helper()
	runtime.LockOSThread()
	t.Cleanup(runtime.UnlockOSThread)
	g, err := Open(0)
	switch {
	case errors.Is(err, cuda.ErrNoDriver):
		t.Skip("no NVIDIA driver (libcuda.so.1): skipping GPU test")
	case errors.Is(err, cuda.ErrNoDevice):
		t.Skip("no CUDA-capable GPU: skipping GPU test")
	case err != nil:
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// misbehaving builds kernels that fault (a store to address 8) and that
// spin on %globaltimer for a given number of nanoseconds.
func misbehaving(d ptxDevice) string {
	fault := ptx.NewKernel("fault")
	p := fault.Param("addr", ptx.U64)
	a := fault.Load(p)
	v := fault.Reg(ptx.U32)
	fault.Op("mov.u32", v, ptx.Int(1))
	fault.Op("st.global.u32", ptx.Addr{Base: a}, v)

	spin := ptx.NewKernel("spin")
	ns := spin.Load(spin.Param("ns", ptx.U64))
	g0 := spin.Read(ptx.GlobalTimer)
	g, dt, again := spin.Reg(ptx.U64), spin.Reg(ptx.U64), spin.Reg(ptx.Pred)
	top := spin.NewLabel("spin")
	spin.Mark(top)
	spin.Op("mov.u64", g, ptx.GlobalTimer)
	spin.Op("sub.u64", dt, g, g0)
	spin.Op("setp.lt.u64", again, dt, ns)
	spin.PredOp("@"+again.String(), "bra.uni", top)

	m := &ptx.Module{Version: d.PTXVersion, Target: d.PTXTarget}
	m.Add(fault)
	m.Add(spin)
	return m.String()
}

type ptxDevice struct{ PTXVersion, PTXTarget string }

func TestGPULaunchTimeout(t *testing.T) {
	g := openCUDA(t)
	d := g.Device()
	ctx := context.Background()
	prog, err := g.Compile(ctx, "misbehaving", misbehaving(ptxDevice{d.PTXVersion, d.PTXTarget}))
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Close()
	// The kernel spins 2 s; the launch gives up after 200 ms.
	start := time.Now()
	err = prog.Launch(ctx, "spin", engine.Grid{Blocks: 1, Threads: 32}, 200*time.Millisecond, uint64(2e9))
	if !errors.Is(err, engine.ErrHung) {
		t.Fatalf("err = %v, want engine.ErrHung", err)
	}
	if waited := time.Since(start); waited > 1500*time.Millisecond {
		t.Errorf("the timeout took %v", waited)
	}
	t.Logf("hang reported as: %v", err)
	// Let the kernel finish before the context goes.
	time.Sleep(2 * time.Second)
}

func TestGPUCompileErrorShowsLog(t *testing.T) {
	g := openCUDA(t)
	d := g.Device()
	src := (&ptx.Module{Version: d.PTXVersion, Target: d.PTXTarget}).String() + ".visible .entry broken() { frobnicate.b32 %r0; ret; }\n"
	_, err := g.Compile(context.Background(), "broken", src)
	if err == nil {
		t.Fatal("broken PTX compiled")
	}
	var ce *cuda.Error
	if !errors.As(err, &ce) || ce.Log == "" {
		t.Fatalf("err = %v: want a *cuda.Error with the compiler log", err)
	}
	t.Logf("compile error: %v", err)
}

// TestGPUFault leaves the process unable to use the GPU (the reason gpuarch
// measures in worker processes), so it is the file's last test and -short
// skips it.
func TestGPUFault(t *testing.T) {
	if testing.Short() {
		t.Skip("poisons the process's GPU context")
	}
	g := openCUDA(t)
	d := g.Device()
	ctx := context.Background()
	prog, err := g.Compile(ctx, "misbehaving", misbehaving(ptxDevice{d.PTXVersion, d.PTXTarget}))
	if err != nil {
		t.Fatal(err)
	}
	err = prog.Launch(ctx, "fault", engine.Grid{Blocks: 1, Threads: 1}, 10*time.Second, engine.Ptr(8))
	if !errors.Is(err, engine.ErrPoisoned) {
		t.Fatalf("a store to address 8: err = %v, want engine.ErrPoisoned", err)
	}
	t.Logf("fault reported as: %v", err)
}
