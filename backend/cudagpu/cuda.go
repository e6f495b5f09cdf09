package cudagpu

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/gpuarch/gpuarch/backend/nvsensors"
	"github.com/gpuarch/gpuarch/cuda"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/nvml"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// GPU is the engine.GPU of CUDA: NVIDIA's driver API. A CUDA context is bound
// to an OS thread: open it, and use it, from one goroutine that has called
// runtime.LockOSThread.
type GPU struct {
	drv   *cuda.Driver
	dev   cuda.Device
	ctx   *cuda.Context
	done  *cuda.Event
	nv    *nvml.Lib    // nil when NVML is unavailable
	links hostBuffers  // the link measurements' buffers
	nvdev *nvml.Device // nil likewise
	info  record.Device

	// cache keeps compiled modules across runs (nil: off); cubins shares
	// one compilation among the probes of this process whose modules are
	// the same text.
	cache  *engine.ModuleCache
	cubins engine.Flight[[]byte]
	// busy is the time spent in launches and their waits, in ns.
	busy atomic.Int64
}

// Open opens GPU number ordinal. Its errors say in one sentence what is
// missing (no driver, no GPU, no such ordinal).
func Open(ordinal int) (*GPU, error) {
	drv, err := cuda.Open()
	if err != nil {
		return nil, err
	}
	n, err := drv.DeviceCount()
	if err != nil {
		return nil, err
	}
	if ordinal < 0 || ordinal >= n {
		return nil, fmt.Errorf("GPU %d does not exist: the driver reports %d GPU(s), numbered from 0", ordinal, n)
	}
	dev, err := drv.Device(ordinal)
	if err != nil {
		return nil, err
	}
	g := &GPU{drv: drv, dev: dev, cache: engine.OpenModuleCache()}
	if err := g.describe(); err != nil {
		return nil, err
	}
	if err := g.attach(); err != nil {
		return nil, err
	}
	return g, nil
}

// attach retains the primary context and makes the completion event.
func (g *GPU) attach() error {
	ctx, err := g.dev.RetainPrimaryContext()
	if err != nil {
		return err
	}
	ev, err := ctx.NewEvent()
	if err != nil {
		ctx.Release()
		return err
	}
	g.ctx, g.done = ctx, ev
	return nil
}

func (g *GPU) describe() error {
	d := &g.info
	d.Backend, d.Vendor = "cuda", "NVIDIA"
	var err error
	if d.Name, err = g.dev.Name(); err != nil {
		return err
	}
	if d.UUID, err = g.dev.UUID(); err != nil {
		return err
	}
	d.PCIBusID, _ = g.dev.PCIBusID()
	d.Ordinal = g.dev.Ordinal()
	major, minor, err := g.dev.ComputeCapability()
	if err != nil {
		return err
	}
	d.ComputeCapability = fmt.Sprintf("%d.%d", major, minor)
	if d.CUDAVersion, err = g.drv.Version(); err != nil {
		return err
	}
	if d.PTXVersion, err = ptx.VersionFor(d.CUDAVersion); err != nil {
		return err
	}
	d.PTXTarget = ptx.TargetFor(major, minor, "")
	if d.Attributes, err = g.dev.Attributes(); err != nil {
		return err
	}
	d.SMs = d.Attributes["MULTIPROCESSOR_COUNT"]
	d.WarpSize = d.Attributes["WARP_SIZE"]
	if major >= 5 {
		d.SubPartitions = 4
	}
	mem, err := g.dev.TotalMem()
	if err != nil {
		return err
	}
	d.MemoryBytes = int64(mem)
	if d.SMs == 0 || d.WarpSize == 0 {
		return fmt.Errorf("%s: the driver reported %d SMs and warp size %d", d.Name, d.SMs, d.WarpSize)
	}
	// NVML is optional: without it there are no sensor readings.
	if lib, err := nvml.Open(); err == nil {
		if nd, err := lib.DeviceByUUID(d.UUID); err == nil {
			g.nv, g.nvdev = lib, nd
			d.DriverVersion, _ = lib.DriverVersion()
			if mhz, err := nd.MaxClock(nvml.ClockSM); err == nil {
				d.MaxSMClockHz = float64(mhz) * 1e6
			}
			if mhz, err := nd.MaxClock(nvml.ClockMem); err == nil {
				d.MaxMemClockHz = float64(mhz) * 1e6
			}
			if mw, err := nd.PowerLimit(); err == nil {
				d.PowerLimitW = float64(mw) / 1e3
			}
		} else {
			lib.Close()
		}
	}
	return nil
}

// Device implements GPU.
func (g *GPU) Device() record.Device { return g.info }

// Codegen implements GPU: PTX of the version the driver reads, for the
// GPU's own target.
func (g *GPU) Codegen() engine.Codegen {
	return PTX{Version: g.info.PTXVersion, Target: g.info.PTXTarget}
}

// SetsCarveout implements engine.CarveoutSetter: CUDA sets the preferred
// shared-memory carve-out as a function attribute.
func (g *GPU) SetsCarveout() bool { return true }

// Driver exposes the driver for callers that need more than GPU offers.
func (g *GPU) Driver() *cuda.Driver { return g.drv }

// Sensors implements GPU.
func (g *GPU) Sensors() *record.Sensors {
	if g.nvdev == nil {
		return nil
	}
	return nvsensors.Read(g.nvdev)
}

// Close releases the context and NVML.
func (g *GPU) Close() error {
	var errs []error
	if g.ctx != nil {
		errs = append(errs, g.links.free(g.ctx))
	}
	if g.done != nil {
		errs = append(errs, g.done.Destroy())
	}
	if g.ctx != nil {
		errs = append(errs, g.ctx.Release())
	}
	if g.nv != nil {
		errs = append(errs, g.nv.Close())
	}
	return errors.Join(errs...)
}

// wrap maps driver errors to the runner's sentinels.
func wrap(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, cuda.ErrTimeout):
		return fmt.Errorf("%w: %w", engine.ErrHung, err)
	case cuda.IsSticky(err):
		return fmt.Errorf("%w: %w", engine.ErrPoisoned, err)
	}
	return err
}

// Compile implements GPU: the driver's linker JIT-compiles the PTX (which
// yields the cubin), then the cubin is loaded. It may run on any goroutine:
// it makes the context current on its own OS thread first.
//
// The machine code is taken from the module cache when it holds this
// source compiled by this driver for this GPU, and shared with concurrent
// compilations of the same source; a program so made says so (Cached) and
// reports a compile time of zero.
func (g *GPU) Compile(ctx context.Context, name, source string) (engine.Program, error) {
	return g.load(ctx, func() (*cuda.Compiled, error) {
		d := g.info
		key := engine.CacheKey(source, "cuda", d.DriverVersion, fmt.Sprint(d.CUDAVersion), d.Name, d.ComputeCapability, d.PTXTarget, "jit defaults")
		var compiled *cuda.Compiled
		cubin, shared, err := g.cubins.Do(key, func() ([]byte, error) {
			if b, ok := g.cache.Get(key); ok {
				return b, nil
			}
			c, err := g.ctx.Compile(source, name, cuda.JITOptions{})
			if err != nil {
				return nil, wrap(err)
			}
			compiled = c
			_ = g.cache.Put(key, c.Cubin) // a cache that cannot be written is no failure
			return c.Cubin, nil
		})
		if err != nil {
			return nil, err
		}
		if compiled == nil || shared {
			return &cuda.Compiled{Cubin: cubin}, nil
		}
		return compiled, nil
	})
}

// CacheStats implements CacheReporter.
func (g *GPU) CacheStats() (hits, misses int64) { return g.cache.Stats() }

// Busy implements BusyReporter: launches, from the call to the end of the
// wait for them.
func (g *GPU) Busy() time.Duration { return time.Duration(g.busy.Load()) }

// LoadCubin implements CubinLoader: a cubin compiled elsewhere (ptxas)
// is loaded as it is.
func (g *GPU) LoadCubin(ctx context.Context, name string, cubin []byte) (engine.Program, error) {
	return g.load(ctx, func() (*cuda.Compiled, error) { return &cuda.Compiled{Cubin: cubin}, nil })
}

// load makes the context current on this goroutine's OS thread, gets the
// module's machine code from compile and loads it.
func (g *GPU) load(ctx context.Context, compile func() (*cuda.Compiled, error)) (engine.Program, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := g.ctx.SetCurrent(); err != nil {
		return nil, err
	}
	c, err := compile()
	if err != nil {
		return nil, err
	}
	m, err := g.ctx.LoadModule(c.Cubin)
	if err != nil {
		return nil, wrap(err)
	}
	return &cudaProgram{g: g, mod: m, compiled: c, fns: map[string]*cuda.Function{}, shared: map[string]int{}, carveout: map[string]int{}, nonPortable: map[string]bool{}}, nil
}

type cudaProgram struct {
	g        *GPU
	mod      *cuda.Module
	compiled *cuda.Compiled
	fns      map[string]*cuda.Function
	shared   map[string]int // dynamic shared memory limit set per kernel
	carveout map[string]int // preferred carve-out set per kernel (absent: the driver's default)
	// nonPortable marks kernels allowed clusters of more than 8 blocks.
	nonPortable map[string]bool
}

func (p *cudaProgram) Binary() []byte             { return p.compiled.Cubin }
func (p *cudaProgram) CompileTime() time.Duration { return p.compiled.Duration }

func (p *cudaProgram) fn(name string) (*cuda.Function, error) {
	if f, ok := p.fns[name]; ok {
		return f, nil
	}
	f, err := p.mod.Function(name)
	if err != nil {
		return nil, err
	}
	p.fns[name] = f
	return f, nil
}

// function returns a kernel ready for a launch of shape g.
func (p *cudaProgram) function(kernel string, g engine.Grid) (*cuda.Function, error) {
	f, err := p.fn(kernel)
	if err != nil {
		return nil, err
	}
	if err := p.allowShared(f, g.SharedBytes); err != nil {
		return nil, err
	}
	if err := p.preferCarveout(f, g.Carveout); err != nil {
		return nil, err
	}
	if err := p.allowCluster(f, g.Cluster); err != nil {
		return nil, err
	}
	return f, nil
}

// launchOn queues one launch on s (nil: the default stream).
func launchOn(f *cuda.Function, g engine.Grid, s *cuda.Stream, args []any) error {
	conv := convArgs(args)
	if g.Cluster > 0 {
		return wrap(f.LaunchCluster(cuda.D1(uint32(g.Blocks)), cuda.D1(uint32(g.Threads)), cuda.D1(uint32(g.Cluster)), uint32(g.SharedBytes), s, conv...))
	}
	return wrap(f.Launch(cuda.D1(uint32(g.Blocks)), cuda.D1(uint32(g.Threads)), uint32(g.SharedBytes), s, conv...))
}

// convArgs maps Ptr arguments to the driver's pointer type.
func convArgs(args []any) []any {
	conv := make([]any, len(args))
	for i, a := range args {
		if ptr, ok := a.(engine.Ptr); ok {
			conv[i] = cuda.DevicePtr(ptr)
		} else {
			conv[i] = a
		}
	}
	return conv
}

// account adds the time since start to the GPU's busy time.
func (g *GPU) account(start time.Time) { g.busy.Add(int64(time.Since(start))) }

func dim3(d [3]int) cuda.Dim3 { return cuda.Dim3{X: uint32(d[0]), Y: uint32(d[1]), Z: uint32(d[2])} }

// allowCluster lets a kernel launch in clusters of more than the 8 blocks
// NVIDIA calls portable.
func (p *cudaProgram) allowCluster(f *cuda.Function, blocks int) error {
	if blocks <= 8 || p.nonPortable[f.Name()] {
		return nil
	}
	if err := f.SetAttribute(cuda.FuncNonPortableClusterSizeAllowed, 1); err != nil {
		return err
	}
	p.nonPortable[f.Name()] = true
	return nil
}

// LaunchClusters implements ClusterLauncher.
func (p *cudaProgram) LaunchClusters(ctx context.Context, kernel string, grid [3]int, threads, sharedBytes int, shape [3]int, timeout time.Duration, args ...any) error {
	f, err := p.function(kernel, engine.Grid{Threads: threads, SharedBytes: sharedBytes})
	if err != nil {
		return err
	}
	if err := p.allowCluster(f, shape[0]*shape[1]*shape[2]); err != nil {
		return err
	}
	defer p.g.account(time.Now())
	if err := f.LaunchCluster(dim3(grid), cuda.D1(uint32(threads)), dim3(shape), uint32(sharedBytes), nil, convArgs(args)...); err != nil {
		return wrap(err)
	}
	if err := p.g.done.Record(nil); err != nil {
		return wrap(err)
	}
	return wrap(p.g.done.Wait(ctx, timeout))
}

// MaxActiveClusters implements ClusterLauncher.
func (p *cudaProgram) MaxActiveClusters(kernel string, grid [3]int, threads, sharedBytes int, shape [3]int) (int, error) {
	f, err := p.function(kernel, engine.Grid{Threads: threads, SharedBytes: sharedBytes})
	if err != nil {
		return 0, err
	}
	if err := p.allowCluster(f, shape[0]*shape[1]*shape[2]); err != nil {
		return 0, err
	}
	return f.MaxActiveClusters(dim3(grid), cuda.D1(uint32(threads)), dim3(shape), uint32(sharedBytes))
}

// TensorMap implements TensorMapper.
func (g *GPU) TensorMap(b engine.Buffer, t cuda.TensorTile) (cuda.TensorMap, error) {
	return g.ctx.EncodeTiled(cuda.DevicePtr(b.Ptr()), t)
}

func (p *cudaProgram) LaunchBatch(ctx context.Context, kernel string, g engine.Grid, b engine.Batch, timeout time.Duration, args func(i int) []any) (queued, total time.Duration, err error) {
	f, err := p.function(kernel, g)
	if err != nil {
		return 0, 0, err
	}
	streams := make([]*cuda.Stream, max(1, b.Streams))
	done := make([]*cuda.Event, len(streams))
	defer func() {
		for i := range streams {
			if done[i] != nil {
				err = errors.Join(err, wrap(done[i].Destroy()))
			}
			err = errors.Join(err, wrap(streams[i].Destroy()))
		}
	}()
	for i := range streams {
		if streams[i], err = p.g.ctx.NewStream(); err != nil {
			return 0, 0, wrap(err)
		}
		if done[i], err = p.g.ctx.NewEvent(); err != nil {
			return 0, 0, wrap(err)
		}
	}
	var graph *cuda.Graph
	if b.Graph {
		if err := streams[0].BeginCapture(); err != nil {
			return 0, 0, wrap(err)
		}
		for i := range b.Launches {
			if err := launchOn(f, g, streams[0], args(i)); err != nil {
				_, _ = streams[0].EndCapture()
				return 0, 0, err
			}
		}
		if graph, err = streams[0].EndCapture(); err != nil {
			return 0, 0, wrap(err)
		}
		defer func() { err = errors.Join(err, wrap(graph.Destroy())) }()
	}
	t0 := time.Now()
	defer p.g.account(t0)
	if graph != nil {
		if err := graph.Launch(streams[0]); err != nil {
			return 0, 0, wrap(err)
		}
	} else {
		for i := range b.Launches {
			if err := launchOn(f, g, streams[i%len(streams)], args(i)); err != nil {
				return 0, 0, err
			}
		}
	}
	queued = time.Since(t0)
	for i, s := range streams {
		if err := done[i].Record(s); err != nil {
			return 0, 0, wrap(err)
		}
	}
	for _, e := range done {
		wait := e.Wait
		if b.Spin {
			wait = e.Spin
		}
		if err := wait(ctx, timeout); err != nil {
			return 0, 0, wrap(err)
		}
	}
	return queued, time.Since(t0), nil
}

func (p *cudaProgram) Launch(ctx context.Context, kernel string, g engine.Grid, timeout time.Duration, args ...any) error {
	f, err := p.function(kernel, g)
	if err != nil {
		return err
	}
	defer p.g.account(time.Now())
	if err := launchOn(f, g, nil, args); err != nil {
		return err
	}
	if err := p.g.done.Record(nil); err != nil {
		return wrap(err)
	}
	return wrap(p.g.done.Wait(ctx, timeout))
}

func (p *cudaProgram) MaxBlocksPerSM(kernel string, threads, sharedBytes int) (int, error) {
	f, err := p.fn(kernel)
	if err != nil {
		return 0, err
	}
	if err := p.allowShared(f, sharedBytes); err != nil {
		return 0, err
	}
	return f.MaxActiveBlocksPerSM(threads, sharedBytes)
}

// allowShared raises a kernel's dynamic shared memory limit when a launch
// asks for more than the default 48 KiB.
func (p *cudaProgram) allowShared(f *cuda.Function, bytes int) error {
	const defaultLimit = 48 << 10
	if bytes <= defaultLimit || p.shared[f.Name()] >= bytes {
		return nil
	}
	if err := f.SetAttribute(cuda.FuncMaxDynamicSharedSizeBytes, bytes); err != nil {
		return err
	}
	p.shared[f.Name()] = bytes
	return nil
}

// carveoutDefault is CU_SHAREDMEM_CARVEOUT_DEFAULT: no preference.
const carveoutDefault = -1

// preferCarveout sets a kernel's preferred carve-out when it differs from
// the one set last (or the driver's default).
func (p *cudaProgram) preferCarveout(f *cuda.Function, c engine.Carveout) error {
	want := carveoutDefault
	if c.Set {
		want = c.Percent
	}
	cur, ok := p.carveout[f.Name()]
	if !ok {
		cur = carveoutDefault
	}
	if want == cur {
		return nil
	}
	if err := f.SetAttribute(cuda.FuncPreferredSharedMemoryCarveout, want); err != nil {
		return fmt.Errorf("preferring a %d%% shared carve-out for %s: %w", want, f.Name(), err)
	}
	p.carveout[f.Name()] = want
	return nil
}

func (p *cudaProgram) FillSymbol(symbol string, src engine.Ptr, bytes int) error {
	dst, size, err := p.mod.Global(symbol)
	if err != nil {
		return wrap(err)
	}
	if uint64(bytes) > size {
		return fmt.Errorf("filling %s: %d bytes do not fit its %d", symbol, bytes, size)
	}
	return wrap(p.g.ctx.CopyOnDevice(dst, cuda.DevicePtr(src), uint64(bytes)))
}

func (p *cudaProgram) Close() error { return p.mod.Unload() }

// Alloc implements GPU.
func (g *GPU) Alloc(bytes int) (engine.Buffer, error) {
	p, err := g.ctx.Alloc(uint64(bytes))
	if err != nil {
		return nil, wrap(err)
	}
	b := &cudaBuffer{ctx: g.ctx, ptr: p, n: bytes}
	if err := b.Clear(); err != nil {
		g.ctx.Free(p)
		return nil, err
	}
	return b, nil
}

type cudaBuffer struct {
	ctx *cuda.Context
	ptr cuda.DevicePtr
	n   int
}

func (b *cudaBuffer) Ptr() engine.Ptr { return engine.Ptr(b.ptr) }

func (b *cudaBuffer) Read() ([]byte, error) {
	out := make([]byte, b.n)
	return out, wrap(b.ctx.CopyToHost(out, b.ptr))
}

// Clear returns once the memory is zero. cuMemsetD8 is asynchronous
// with respect to the host for device memory, and the probes' kernels
// run on non-blocking streams that do not wait for it: a kernel of
// another GPU building a chain in this one's memory over the link may
// run before the memset has finished, which then zeroes the chain (the
// peer chase hit an illegal address on an H100 pair while a load kept
// the owner busy, and ran clean once Clear waited).
func (b *cudaBuffer) Clear() error {
	if err := b.ctx.Memset(b.ptr, 0, uint64(b.n)); err != nil {
		return wrap(err)
	}
	return wrap(b.ctx.Synchronize())
}

func (b *cudaBuffer) Free() error { return wrap(b.ctx.Free(b.ptr)) }
