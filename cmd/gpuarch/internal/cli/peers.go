package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/measure/links"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
)

// LinksJSON is the host's peer matrix, beside the GPUs' folders.
const LinksJSON = "links.json"

// workPeers opens req.Peers in this worker and measures the links between
// them (CUDA only; another backend's matrix says why it has no pairs).
func (e *Env) workPeers(ctx context.Context, req WorkRequest, send func(WorkMessage)) error {
	if req.Backend != backendCUDA {
		send(WorkMessage{Type: "peers", Peers: &links.Matrix{Note: fmt.Sprintf("the %s backend cannot copy between GPUs", req.Backend)}})
		return nil
	}
	peers := &cudagpu.Peers{Config: req.Config, Progress: e.progress(time.Now()), SMJobs: peerSMJobs}
	defer func() {
		for _, g := range peers.Devices {
			g.Close()
		}
	}()
	for _, n := range req.Peers {
		g, err := cudagpu.Open(n)
		if err != nil {
			return fmt.Errorf("gpu %d: %w", n, err)
		}
		peers.Devices = append(peers.Devices, g)
	}
	m, err := links.MeasurePeers(ctx, peers, 5, true)
	send(WorkMessage{Type: "peers", Peers: m})
	return err
}

// peerSMJobs are the memory suite's probes run across a link: load
// latency by pointer chase at 64 MiB (past the measuring GPU's L2, as
// every remote load is), and read and write bandwidth over the DRAM
// footprint.
func peerSMJobs(dev record.Device) []engine.Planned {
	var out []engine.Planned
	for _, p := range memory.Paths {
		if p.Name == memory.PathL2 {
			out = append(out, engine.Planned{Key: "peer/latency", Job: memory.ChaseJob(links.Suite, []memory.ChasePath{p}, []int64{64 << 20})})
		}
	}
	for _, s := range memory.BandwidthStreams(dev, 0, 0) {
		if s.Subject == memory.DRAMRead || s.Subject == memory.DRAMWrite {
			s.Footprint = 1 << 30
			s.Shapes = []memory.StreamShape{{Width: 16, WarpsPerSM: 32}, {Width: 8, WarpsPerSM: 64}}
			s.Group = links.GroupPeerSM
			out = append(out, engine.Planned{Key: "peer/" + s.Subject, Job: memory.BandwidthJob(links.Suite, s)})
		}
	}
	return out
}

// measurePeers runs the peer measurement in a worker process.
func (e *Env) measurePeers(ctx context.Context, req WorkRequest, gpus []int) (*links.Matrix, error) {
	req.Peers, req.Config = gpus, e.Config
	var m *links.Matrix
	err := e.Worker(ctx, req, func(msg WorkMessage) {
		if msg.Type == "peers" && msg.Peers != nil {
			m = msg.Peers
		}
	})
	return m, err
}
