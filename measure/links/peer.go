package links

import (
	"context"
	"fmt"
	"slices"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// Topology is what the driver says of the link from one GPU to another.
type Topology = record.LinkTopology

// PeerSystem is what a backend offers to measure the GPUs of one host
// against each other; GPUs are numbered 0..GPUs()-1 in the order opened.
type PeerSystem interface {
	GPUs() []record.Device
	// Topology reads the driver's view of the link src -> dst.
	Topology(src, dst int) Topology
	// EnablePeer lets src's kernels and copies reach dst's memory.
	EnablePeer(src, dst int) error
	// TimePeerCopies times rounds batches of reps copies of bytes from
	// src's memory to dst's on a copy engine (cuMemcpyPeerAsync), GPU
	// time by events, and of one 4-byte copy for the latency.
	TimePeerCopies(ctx context.Context, src, dst, bytes, reps, rounds int) ([]float64, error)
	// SMAccess measures kernels of gpu loading from and storing to
	// owner's memory (the stream and chase probes with their buffers on
	// owner): read and write bandwidth and load latency records.
	SMAccess(ctx context.Context, gpu, owner int) ([]record.Record, error)
}

// Pair is one ordered pair of the peer matrix.
type Pair struct {
	Src      int             `json:"src"`
	Dst      int             `json:"dst"`
	Topology Topology        `json:"topology"`
	Records  []record.Record `json:"records"`
}

// Matrix is the peer matrix of a host: every ordered pair of its GPUs.
type Matrix struct {
	GPUs []record.Device `json:"gpus"`
	// Note says why there are no pairs (one GPU), when there are none.
	Note  string `json:"note,omitempty"`
	Pairs []Pair `json:"pairs"`
}

// peerBytes is the size of a bandwidth copy between peers, as nvbandwidth's
// default (512 MiB would do too; 256 MiB keeps a batch short).
const peerBytes = 256 << 20

// MeasurePeers measures every ordered pair of sys's GPUs: the topology,
// copy-engine bandwidth and latency, and SM loads and stores across the
// link where peer access is possible. A host of one GPU gets a matrix with
// no pairs and a note saying so.
func MeasurePeers(ctx context.Context, sys PeerSystem, rounds int, sm bool) (*Matrix, error) {
	m := &Matrix{GPUs: sys.GPUs()}
	n := len(m.GPUs)
	if n < 2 {
		m.Note = "one GPU on this host: no peer to measure"
		return m, nil
	}
	for src := range n {
		for dst := range n {
			if src == dst {
				continue
			}
			if err := ctx.Err(); err != nil {
				return m, err
			}
			p := Pair{Src: src, Dst: dst, Topology: sys.Topology(src, dst)}
			enabled := false
			if p.Topology.CanAccessPeer {
				if err := sys.EnablePeer(src, dst); err == nil {
					enabled = true
				} else {
					p.Topology.Unread = append(p.Topology.Unread, "peer access: "+err.Error())
				}
				_ = sys.EnablePeer(dst, src) // the copy's other side
			}
			p.Topology.Link = LinkName(p.Topology)
			how := "staged through host memory: the driver reports no peer access"
			if enabled {
				how = "over the direct link, peer access enabled"
			}
			bw := peerRecord(src, dst, PeerCopyBandwidth, record.Throughput, "bytes/second",
				fmt.Sprintf("copy-engine copies of 256 MiB from GPU %d's memory to GPU %d's (cuMemcpyPeerAsync), %s; GPU time by CUDA events, median of %d batches", src, dst, how, rounds))
			if ts, err := sys.TimePeerCopies(ctx, src, dst, peerBytes, 4, rounds); err != nil {
				bw.Status, bw.Reason = record.StatusFailed, err.Error()
			} else {
				for _, t := range ts {
					if t > 0 {
						bw.Samples = append(bw.Samples, 4*peerBytes/t)
					}
				}
				bw.Value = medianOr(bw.Samples, &bw)
			}
			lat := peerRecord(src, dst, PeerCopyLatency, record.Latency, "seconds",
				fmt.Sprintf("one 4-byte copy from GPU %d's memory to GPU %d's, %s; GPU time by CUDA events around a batch of 100, per copy", src, dst, how))
			if ts, err := sys.TimePeerCopies(ctx, src, dst, 4, 100, rounds); err != nil {
				lat.Status, lat.Reason = record.StatusFailed, err.Error()
			} else {
				for _, t := range ts {
					lat.Samples = append(lat.Samples, t/100)
				}
				lat.Value = medianOr(lat.Samples, &lat)
			}
			p.Records = append(p.Records, bw, lat)
			if sm && enabled {
				recs, err := sys.SMAccess(ctx, src, dst)
				p.Records = append(p.Records, recs...)
				if err != nil {
					m.Pairs = append(m.Pairs, p)
					return m, err
				}
			}
			m.Pairs = append(m.Pairs, p)
		}
	}
	return m, nil
}

func peerRecord(src, dst int, what string, q record.Quantity, unit, note string) record.Record {
	return record.Record{ID: PeerID(src, dst, what), Suite: Suite, Subject: PeerSubject(src, dst, what), Group: GroupPeer,
		Op: "peer/" + what, Quantity: q, Unit: unit, Status: record.StatusOK, Note: note,
		Provenance: record.Provenance{Module: "copy engine", Timing: "CUDA events"}}
}

// medianOr is the samples' median, or marks rec failed without any.
func medianOr(xs []float64, rec *record.Record) float64 {
	if len(xs) == 0 {
		rec.Status, rec.Reason = record.StatusFailed, "no measurable time"
		return 0
	}
	return stats.Median(xs)
}

// LinkName sums up a topology: NVLink where links join the pair, else PCIe
// and how far apart, else none.
func LinkName(t Topology) string {
	switch {
	case t.NvLinks > 0:
		return fmt.Sprintf("NVLink x%d", t.NvLinks)
	case t.Ancestor != "":
		return "PCIe, " + t.Ancestor
	case t.CanAccessPeer:
		return "peer access (link unknown)"
	}
	return "none"
}

// Find returns the pair src -> dst, or nil.
func (m *Matrix) Find(src, dst int) *Pair {
	i := slices.IndexFunc(m.Pairs, func(p Pair) bool { return p.Src == src && p.Dst == dst })
	if i < 0 {
		return nil
	}
	return &m.Pairs[i]
}

// Record returns the pair's record with subject what, or nil.
func (p *Pair) Record(what string) *record.Record {
	if p == nil {
		return nil
	}
	id := PeerID(p.Src, p.Dst, what)
	for i := range p.Records {
		if p.Records[i].ID == id {
			return &p.Records[i]
		}
	}
	return nil
}
