package cudagpu

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"syscall"
	"time"

	"github.com/gpuarch/gpuarch/cuda"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/nvml"
	"github.com/gpuarch/gpuarch/record"
)

// hostBuffers are the host and device buffers CUDA's link measurements
// reuse across sizes: allocating 256 MiB of pinned memory takes tens of
// milliseconds, more than the copies it serves.
type hostBuffers struct {
	pinned   *cuda.HostMemory
	pageable []byte // an anonymous mmap: outside Go's heap, never moved
	dev      cuda.DevicePtr
	devBytes int
}

func (h *hostBuffers) free(ctx *cuda.Context) error {
	var errs []error
	if h.pinned != nil {
		errs = append(errs, h.pinned.Free())
	}
	if h.pageable != nil {
		errs = append(errs, syscall.Munmap(h.pageable))
	}
	if h.dev != 0 {
		errs = append(errs, ctx.Free(h.dev))
	}
	*h = hostBuffers{}
	return errors.Join(errs...)
}

// buffers returns host memory of kind and device memory of at least bytes.
func (g *GPU) buffers(kind string, bytes int) ([]byte, cuda.DevicePtr, error) {
	h := &g.links
	if h.devBytes < bytes {
		if h.dev != 0 {
			if err := g.ctx.Free(h.dev); err != nil {
				return nil, 0, err
			}
			h.dev, h.devBytes = 0, 0
		}
		p, err := g.ctx.Alloc(uint64(bytes))
		if err != nil {
			return nil, 0, wrap(err)
		}
		h.dev, h.devBytes = p, bytes
	}
	switch kind {
	case "pinned":
		if h.pinned == nil || len(h.pinned.Bytes) < bytes {
			if err := h.pinned.Free(); err != nil {
				return nil, 0, err
			}
			m, err := g.ctx.AllocHost(bytes)
			if err != nil {
				return nil, 0, err
			}
			h.pinned = m
		}
		return h.pinned.Bytes[:bytes], h.dev, nil
	case "pageable":
		if len(h.pageable) < bytes {
			if h.pageable != nil {
				_ = syscall.Munmap(h.pageable)
				h.pageable = nil
			}
			b, err := syscall.Mmap(-1, 0, bytes, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
			if err != nil {
				return nil, 0, fmt.Errorf("mapping %d bytes of pageable host memory: %w", bytes, err)
			}
			for i := 0; i < len(b); i += 4096 {
				b[i] = byte(i) // fault every page in before timing
			}
			h.pageable = b
		}
		return h.pageable[:bytes], h.dev, nil
	}
	return nil, 0, fmt.Errorf("unknown host memory kind %q (pinned, pageable)", kind)
}

// TimeHostCopies implements links.HostCopier: rounds batches of reps
// copies on a stream of their own between two events.
func (g *GPU) TimeHostCopies(ctx context.Context, dir, kind string, bytes, reps, rounds int) ([]time.Duration, error) {
	host, dev, err := g.buffers(kind, bytes)
	if err != nil {
		return nil, err
	}
	toDevice := strings.HasPrefix(dir, "host")
	return g.timeOnStream(ctx, reps, rounds, func(s *cuda.Stream) error {
		if toDevice {
			return s.CopyToDeviceAsync(g.drv, dev, host)
		}
		return s.CopyToHostAsync(g.drv, host, dev)
	})
}

// timeOnStream times rounds batches of reps calls of queue, each batch
// between two events on a new stream, and returns the batches' GPU times.
func (g *GPU) timeOnStream(ctx context.Context, reps, rounds int, queue func(*cuda.Stream) error) ([]time.Duration, error) {
	s, err := g.ctx.NewStream()
	if err != nil {
		return nil, wrap(err)
	}
	defer s.Destroy()
	start, err := g.ctx.NewEvent()
	if err != nil {
		return nil, wrap(err)
	}
	defer start.Destroy()
	end, err := g.ctx.NewEvent()
	if err != nil {
		return nil, wrap(err)
	}
	defer end.Destroy()
	var out []time.Duration
	for round := -1; round < rounds; round++ { // round -1 warms the path up
		if err := start.Record(s); err != nil {
			return nil, wrap(err)
		}
		for range reps {
			if err := queue(s); err != nil {
				return nil, wrap(err)
			}
		}
		if err := end.Record(s); err != nil {
			return nil, wrap(err)
		}
		if err := end.Wait(ctx, 60*time.Second); err != nil {
			return nil, wrap(err)
		}
		if round < 0 {
			continue
		}
		t, err := end.Elapsed(start)
		if err != nil {
			return nil, wrap(err)
		}
		out = append(out, t)
	}
	return out, nil
}

// TimeRoundTrip implements links.HostCopier: a copy to the device and back
// from pinned memory, waited for by spinning, on the host's clock.
func (g *GPU) TimeRoundTrip(ctx context.Context, bytes, rounds int) ([]time.Duration, error) {
	host, dev, err := g.buffers("pinned", bytes)
	if err != nil {
		return nil, err
	}
	s, err := g.ctx.NewStream()
	if err != nil {
		return nil, wrap(err)
	}
	defer s.Destroy()
	done, err := g.ctx.NewEvent()
	if err != nil {
		return nil, wrap(err)
	}
	defer done.Destroy()
	var out []time.Duration
	for round := -1; round < rounds; round++ {
		t0 := time.Now()
		if err := s.CopyToDeviceAsync(g.drv, dev, host); err != nil {
			return nil, wrap(err)
		}
		if err := s.CopyToHostAsync(g.drv, host, dev); err != nil {
			return nil, wrap(err)
		}
		if err := done.Record(s); err != nil {
			return nil, wrap(err)
		}
		if err := done.Spin(ctx, 10*time.Second); err != nil {
			return nil, wrap(err)
		}
		if round >= 0 {
			out = append(out, time.Since(t0))
		}
	}
	return out, nil
}

// Health implements engine.HealthReader: NVML's view of the GPU's condition, nil without NVML.
func (g *GPU) Health() *record.Health {
	if g.nvdev == nil {
		return nil
	}
	h := g.nvdev.Health()
	out := &record.Health{Time: time.Now().UTC(), Sensors: g.Sensors(), GPUUtilPercent: h.GPUUtilPercent, MemUtilPercent: h.MemUtilPercent,
		ECCCorrected: h.ECCCorrected, ECCUncorrected: h.ECCUncorrected, PState: h.PState, Unread: h.Unread}
	for _, p := range h.Processes {
		out.Processes = append(out.Processes, record.Process{PID: p.PID, UsedMemoryBytes: p.UsedMemoryBytes})
	}
	return out
}

// Peers measures the GPUs of one host against each other (the
// links.PeerSystem of the CUDA backend). Use it from the goroutine that
// opened the GPUs, its OS thread locked: it switches their contexts.
type Peers struct {
	Devices []*GPU
	// Config is the probes' configuration for SM access across the link.
	Config engine.Config
	// Progress receives a line per step; nil discards.
	Progress func(string)
	// SMJobs plans the probes SMAccess runs across a link (the memory
	// suite's: suites sit above probe); nil runs none.
	SMJobs func(dev record.Device) []engine.Planned
}

// GPUs implements links.PeerSystem.
func (p *Peers) GPUs() []record.Device {
	out := make([]record.Device, len(p.Devices))
	for i, g := range p.Devices {
		out[i] = g.Device()
	}
	return out
}

// Topology implements links.PeerSystem: the CUDA driver's peer attributes
// and NVML's PCIe ancestor and NVLinks.
func (p *Peers) Topology(src, dst int) (t record.LinkTopology) {
	a, b := p.Devices[src], p.Devices[dst]
	t.PerformanceRank = -1
	var err error
	if t.CanAccessPeer, err = a.dev.CanAccessPeer(b.dev); err != nil {
		t.Unread = append(t.Unread, "can access peer")
	}
	if v, err := a.dev.P2PAttribute(cuda.P2PPerformanceRank, b.dev); err == nil {
		t.PerformanceRank = v
	} else {
		t.Unread = append(t.Unread, "performance rank")
	}
	if v, err := a.dev.P2PAttribute(cuda.P2PNativeAtomicSupported, b.dev); err == nil {
		t.NativeAtomics = v != 0
	} else {
		t.Unread = append(t.Unread, "native atomics")
	}
	if a.nvdev != nil && b.nvdev != nil {
		if l, err := a.nvdev.CommonAncestor(b.nvdev); err == nil {
			t.Ancestor = l.String()
		} else {
			t.Unread = append(t.Unread, "PCIe common ancestor")
		}
		if ls, err := a.nvdev.NvLinks(); err == nil {
			for _, l := range ls {
				if samePCI(l.RemoteID, b.info.PCIBusID) {
					t.NvLinks++
				}
			}
			if t.NvLinks == 0 && len(ls) > 0 {
				// No far end names the peer: a virtual machine
				// renumbers PCI (the lent H100 pair's links
				// matched neither GPU's id there, though
				// nvidia-smi topo showed NV18), or NVSwitches
				// stand between. Where NVML
				// says the pair talks over NVLink, every active
				// link carries its traffic, as nvidia-smi topo
				// counts them.
				if ok, err := a.nvdev.NvLinkPeer(b.nvdev); ok {
					t.NvLinks = len(ls)
				} else if err != nil && !errors.Is(err, &nvml.Error{Code: nvml.CodeNotSupported}) {
					t.Unread = append(t.Unread, "NVLink peer status")
				}
			}
		} else if !errors.Is(err, &nvml.Error{Code: nvml.CodeNotSupported}) {
			t.Unread = append(t.Unread, "NVLinks")
		}
	} else {
		t.Unread = append(t.Unread, "NVML")
	}
	return t
}

// samePCI compares PCI bus ids written with 4- or 8-digit domains.
func samePCI(a, b string) bool {
	norm := func(s string) string {
		s = strings.ToLower(s)
		if i := strings.IndexByte(s, ':'); i > 4 {
			s = s[i-4:]
		}
		return s
	}
	return a != "" && norm(a) == norm(b)
}

// EnablePeer implements links.PeerSystem.
func (p *Peers) EnablePeer(src, dst int) error {
	a := p.Devices[src]
	if err := a.ctx.SetCurrent(); err != nil {
		return err
	}
	return a.ctx.EnablePeerAccess(p.Devices[dst].ctx)
}

// TimePeerCopies implements links.PeerSystem, on a stream of src's.
func (p *Peers) TimePeerCopies(ctx context.Context, src, dst, bytes, reps, rounds int) ([]float64, error) {
	a, b := p.Devices[src], p.Devices[dst]
	if err := b.ctx.SetCurrent(); err != nil {
		return nil, err
	}
	to, err := b.ctx.Alloc(uint64(bytes))
	if err != nil {
		return nil, wrap(err)
	}
	defer func() { _ = b.ctx.SetCurrent(); _ = b.ctx.Free(to) }()
	if err := a.ctx.SetCurrent(); err != nil {
		return nil, err
	}
	from, err := a.ctx.Alloc(uint64(bytes))
	if err != nil {
		return nil, wrap(err)
	}
	defer func() { _ = a.ctx.SetCurrent(); _ = a.ctx.Free(from) }()
	ts, err := a.timeOnStream(ctx, reps, rounds, func(s *cuda.Stream) error {
		return s.CopyPeerAsync(to, b.ctx, from, a.ctx, uint64(bytes))
	})
	out := make([]float64, len(ts))
	for i, t := range ts {
		out[i] = t.Seconds()
	}
	return out, err
}

// SMAccess implements links.PeerSystem: gpu's kernels chase pointers and
// stream through owner's memory. The probes are the memory suite's (the
// caller hands them in: suites sit above probe), run by a runner whose
// GPU allocates on owner.
func (p *Peers) SMAccess(ctx context.Context, gpu, owner int) ([]record.Record, error) {
	local, remote := p.Devices[gpu], p.Devices[owner]
	if p.SMJobs == nil {
		return nil, nil
	}
	jobs := p.SMJobs(local.Device())
	if err := local.ctx.SetCurrent(); err != nil {
		return nil, err
	}
	r := &engine.Runner{GPU: &peerGPU{GPU: local, owner: remote}, Config: p.Config, Progress: p.Progress}
	if _, err := r.Warmup(ctx, 200*time.Millisecond, 2*time.Second); err != nil {
		return nil, err
	}
	var recs []record.Record
	js := make([]engine.Job, len(jobs))
	for i, j := range jobs {
		js[i] = j.Job
	}
	err := r.Run(ctx, js, func(rec record.Record) { recs = append(recs, rec) })
	return recs, err
}

// peerGPU is a GPU whose kernels run on one device and whose buffers are
// another's memory, reached over the link with peer access enabled.
type peerGPU struct {
	*GPU
	owner *GPU
}

// Alloc implements GPU: owner's memory, cleared.
func (g *peerGPU) Alloc(bytes int) (engine.Buffer, error) {
	if err := g.owner.ctx.SetCurrent(); err != nil {
		return nil, err
	}
	defer g.GPU.ctx.SetCurrent()
	p, err := g.owner.ctx.Alloc(uint64(bytes))
	if err != nil {
		return nil, wrap(err)
	}
	b := &cudaBuffer{ctx: g.owner.ctx, ptr: p, n: bytes}
	if err := b.Clear(); err != nil {
		g.owner.ctx.Free(p)
		return nil, err
	}
	return &peerBuffer{cudaBuffer: b, local: g.GPU.ctx}, nil
}

// peerBuffer frees and clears in its owner's context, then gives the
// thread back to the measuring GPU's.
type peerBuffer struct {
	*cudaBuffer
	local *cuda.Context
}

func (b *peerBuffer) Free() error {
	if err := b.ctx.SetCurrent(); err != nil {
		return err
	}
	defer b.local.SetCurrent()
	return b.cudaBuffer.Free()
}

func (b *peerBuffer) Clear() error {
	if err := b.ctx.SetCurrent(); err != nil {
		return err
	}
	defer b.local.SetCurrent()
	return b.cudaBuffer.Clear()
}
