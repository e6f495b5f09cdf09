package links

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuarch/gpuarch/record"
)

// fakeCopier copies at a fixed rate per host memory kind, in bytes per
// second, and takes a fixed round trip.
type fakeCopier struct {
	rate      map[string]float64
	roundTrip time.Duration
	err       error
	calls     []string
}

func (f *fakeCopier) TimeHostCopies(_ context.Context, dir, kind string, bytes, reps, rounds int) ([]time.Duration, error) {
	f.calls = append(f.calls, fmt.Sprintf("%s %s %d x%d", kind, dir, bytes, reps))
	if f.err != nil {
		return nil, f.err
	}
	d := time.Duration(float64(bytes) * float64(reps) / f.rate[kind] * 1e9)
	out := make([]time.Duration, rounds)
	for i := range out {
		out[i] = d
	}
	return out, nil
}

func (f *fakeCopier) TimeRoundTrip(_ context.Context, bytes, rounds int) ([]time.Duration, error) {
	out := make([]time.Duration, rounds)
	for i := range out {
		out[i] = f.roundTrip
	}
	return out, nil
}

func TestMeasureHost(t *testing.T) {
	prov := record.Provenance{Clock: &record.Clock{Hz: 1.98e9}}
	tests := []struct {
		name   string
		gpu    any
		plan   Plan
		ids    []string
		status record.Status
		reason string
		// value is every bandwidth record's (the largest size's).
		value float64
	}{
		{
			name: "full plan",
			gpu:  &fakeCopier{rate: map[string]float64{Pinned: 50e9, Pageable: 50e9}, roundTrip: 10 * time.Microsecond},
			plan: FullPlan(),
			ids: []string{HostID(Pinned, HostToDevice), HostID(Pinned, DeviceToHost), HostID(Pageable, HostToDevice),
				HostID(Pageable, DeviceToHost), RoundTripID},
			status: record.StatusOK,
			value:  50e9,
		},
		{
			name:   "quick plan: pinned only",
			gpu:    &fakeCopier{rate: map[string]float64{Pinned: 25e9}, roundTrip: 10 * time.Microsecond},
			plan:   QuickPlan(),
			ids:    []string{HostID(Pinned, HostToDevice), HostID(Pinned, DeviceToHost), RoundTripID},
			status: record.StatusOK,
			value:  25e9,
		},
		{
			name:   "a backend without copies",
			gpu:    struct{}{},
			plan:   QuickPlan(),
			ids:    []string{HostID(Pinned, HostToDevice), HostID(Pinned, DeviceToHost), RoundTripID},
			status: record.StatusSkipped,
			reason: "cannot time host copies",
		},
		{
			name:   "copies fail",
			gpu:    &fakeCopier{err: errors.New("cuMemHostAlloc: out of memory")},
			plan:   QuickPlan(),
			ids:    []string{HostID(Pinned, HostToDevice), HostID(Pinned, DeviceToHost), RoundTripID},
			status: record.StatusFailed,
			reason: "out of memory",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs := MeasureHost(context.Background(), tt.gpu, tt.plan, prov)
			var ids []string
			for _, r := range recs {
				ids = append(ids, r.ID)
			}
			if diff := cmp.Diff(tt.ids, ids); diff != "" {
				t.Fatalf("record IDs (-want +got):\n%s", diff)
			}
			for _, r := range recs {
				if r.Suite != Suite || r.Provenance.Clock != prov.Clock {
					t.Errorf("%s: suite %q, provenance %+v", r.ID, r.Suite, r.Provenance)
				}
				if r.ID == RoundTripID {
					if r.Unit != "seconds" || (tt.status == record.StatusOK && r.Value != 10e-6) {
						t.Errorf("round trip %g %s, want 10 µs in seconds", r.Value, r.Unit)
					}
					continue
				}
				if r.Status != tt.status || !strings.Contains(r.Reason, tt.reason) {
					t.Errorf("%s: status %s (%q), want %s (%q)", r.ID, r.Status, r.Reason, tt.status, tt.reason)
				}
				if tt.status != record.StatusOK {
					continue
				}
				if r.Unit != "bytes/second" || r.Curve == nil || len(r.Curve.Points) != len(tt.plan.Sizes) {
					t.Fatalf("%s: unit %q, curve %+v: want a point per size in bytes/second", r.ID, r.Unit, r.Curve)
				}
				for i, p := range r.Curve.Points {
					if p.Bytes != int64(tt.plan.Sizes[i]) || !near(p.Value, tt.value) {
						t.Errorf("%s point %d: %d bytes at %g B/s, want %d at %g", r.ID, i, p.Bytes, p.Value, tt.plan.Sizes[i], tt.value)
					}
				}
				if last := r.Curve.Points[len(r.Curve.Points)-1]; r.Value != last.Value || last.Bytes != 256<<20 {
					t.Errorf("%s: value %g, want the 256 MiB point's %g", r.ID, r.Value, last.Value)
				}
			}
		})
	}
}

func near(a, b float64) bool { return a > 0.999*b && a < 1.001*b }

// reps keeps a batch near 64 MiB, within [2, 256] copies.
func TestReps(t *testing.T) {
	for _, tt := range []struct{ bytes, want int }{{4 << 10, 256}, {1 << 20, 64}, {64 << 20, 2}, {256 << 20, 2}} {
		if got := reps(tt.bytes); got != tt.want {
			t.Errorf("reps(%d) = %d, want %d", tt.bytes, got, tt.want)
		}
	}
}

// fakePeers is a host of GPUs where 0 and 1 share an NVLink and any other
// pair has no peer access; EnablePeer fails for the pairs in refuse.
type fakePeers struct {
	n       int
	refuse  map[[2]int]bool
	enabled map[[2]int]bool
	sm      [][2]int
}

func (f *fakePeers) GPUs() []record.Device {
	out := make([]record.Device, f.n)
	for i := range out {
		out[i] = record.Device{Name: "Fake GPU", UUID: fmt.Sprintf("GPU-%d", i)}
	}
	return out
}

func (f *fakePeers) Topology(src, dst int) Topology {
	if src+dst == 1 {
		return Topology{CanAccessPeer: true, NvLinks: 18, NativeAtomics: true}
	}
	return Topology{PerformanceRank: -1, Ancestor: "SYS (across NUMA nodes)"}
}

func (f *fakePeers) EnablePeer(src, dst int) error {
	if f.refuse[[2]int{src, dst}] {
		return errors.New("CUDA_ERROR_TOO_MANY_PEERS")
	}
	if f.enabled == nil {
		f.enabled = map[[2]int]bool{}
	}
	f.enabled[[2]int{src, dst}] = true
	return nil
}

// TimePeerCopies copies at 400 GB/s over the NVLink, 20 GB/s otherwise;
// a batch of small copies takes 2 µs each.
func (f *fakePeers) TimePeerCopies(_ context.Context, src, dst, bytes, reps, rounds int) ([]float64, error) {
	rate := 20e9
	if src+dst == 1 {
		rate = 400e9
	}
	t := float64(bytes) * float64(reps) / rate
	if bytes == 4 {
		t = 2e-6 * float64(reps)
	}
	out := make([]float64, rounds)
	for i := range out {
		out[i] = t
	}
	return out, nil
}

func (f *fakePeers) SMAccess(_ context.Context, gpu, owner int) ([]record.Record, error) {
	f.sm = append(f.sm, [2]int{gpu, owner})
	return []record.Record{{ID: Suite + "/peer SM/DRAM read", Status: record.StatusOK, Value: 20, Unit: "bytes/clock/SM"}}, nil
}

func TestMeasurePeers(t *testing.T) {
	t.Run("one GPU", func(t *testing.T) {
		m, err := MeasurePeers(context.Background(), &fakePeers{n: 1}, 3, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Pairs) != 0 || len(m.GPUs) != 1 || !strings.Contains(m.Note, "one GPU") {
			t.Errorf("matrix %+v: want no pairs and a note saying there is one GPU", m)
		}
	})
	t.Run("three GPUs", func(t *testing.T) {
		sys := &fakePeers{n: 3}
		m, err := MeasurePeers(context.Background(), sys, 3, true)
		if err != nil {
			t.Fatal(err)
		}
		if m.Note != "" || len(m.Pairs) != 6 {
			t.Fatalf("note %q, %d pairs: want every ordered pair of 3 GPUs", m.Note, len(m.Pairs))
		}
		if diff := cmp.Diff([][2]int{{0, 1}, {1, 0}}, sys.sm); diff != "" {
			t.Errorf("SM access measured across (-want +got):\n%s", diff)
		}
		tests := []struct {
			src, dst  int
			link      string
			bandwidth float64
			how       string
			records   int
		}{
			{0, 1, "NVLink x18", 400e9, "over the direct link", 3},
			{1, 0, "NVLink x18", 400e9, "over the direct link", 3},
			{0, 2, "PCIe, SYS (across NUMA nodes)", 20e9, "staged through host memory", 2},
			{2, 1, "PCIe, SYS (across NUMA nodes)", 20e9, "staged through host memory", 2},
		}
		for _, tt := range tests {
			p := m.Find(tt.src, tt.dst)
			if p == nil {
				t.Errorf("no pair %d -> %d", tt.src, tt.dst)
				continue
			}
			if got := LinkName(p.Topology); got != tt.link || p.Topology.Link != tt.link {
				t.Errorf("%d -> %d: link %q (links.json says %q), want %q", tt.src, tt.dst, got, p.Topology.Link, tt.link)
			}
			if len(p.Records) != tt.records {
				t.Errorf("%d -> %d: %d records, want %d", tt.src, tt.dst, len(p.Records), tt.records)
			}
			bw, lat := p.Record(PeerCopyBandwidth), p.Record(PeerCopyLatency)
			if bw == nil || lat == nil {
				t.Fatalf("%d -> %d: records %+v", tt.src, tt.dst, p.Records)
			}
			if bw.ID != PeerID(tt.src, tt.dst, PeerCopyBandwidth) || !near(bw.Value, tt.bandwidth) || bw.Unit != "bytes/second" {
				t.Errorf("%s: %g %s, want %g bytes/second", bw.ID, bw.Value, bw.Unit, tt.bandwidth)
			}
			if !near(lat.Value, 2e-6) || lat.Unit != "seconds" {
				t.Errorf("%s: %g %s, want 2 µs in seconds", lat.ID, lat.Value, lat.Unit)
			}
			if !strings.Contains(bw.Note, tt.how) {
				t.Errorf("%s: note %q does not say %q", bw.ID, bw.Note, tt.how)
			}
		}
	})
	t.Run("peer access refused", func(t *testing.T) {
		sys := &fakePeers{n: 2, refuse: map[[2]int]bool{{0, 1}: true}}
		m, err := MeasurePeers(context.Background(), sys, 3, true)
		if err != nil {
			t.Fatal(err)
		}
		p := m.Find(0, 1)
		if len(p.Topology.Unread) != 1 || !strings.Contains(p.Topology.Unread[0], "TOO_MANY_PEERS") {
			t.Errorf("unread %q: want the refusal", p.Topology.Unread)
		}
		if !strings.Contains(p.Record(PeerCopyBandwidth).Note, "staged") || len(p.Records) != 2 {
			t.Errorf("a pair whose peer access failed: %+v", p.Records)
		}
	})
}

func TestLinkName(t *testing.T) {
	tests := []struct {
		name string
		t    Topology
		want string
	}{
		{"nvlink", Topology{NvLinks: 18, Ancestor: "SYS"}, "NVLink x18"},
		{"pcie", Topology{Ancestor: "PHB (one host bridge)"}, "PCIe, PHB (one host bridge)"},
		{"peer access only", Topology{CanAccessPeer: true}, "peer access (link unknown)"},
		{"nothing known", Topology{}, "none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := LinkName(tt.t); got != tt.want {
				t.Errorf("LinkName = %q, want %q", got, tt.want)
			}
		})
	}
}
