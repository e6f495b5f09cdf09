package nvml

import (
	"errors"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// healthLib is fakeLib with the health and topology calls: two processes
// (one of them with memory NVML cannot read), 87% busy, 3 corrected ECC
// errors, P2, and NVLinks 0 and 2 of 4 active.
func healthLib() *Lib {
	l := fakeLib()
	procs := []processInfo{{PID: 4242, UsedGPUMemory: 1 << 30}, {PID: 7, UsedGPUMemory: valueNotAvailable}}
	l.f.deviceGetComputeRunningProcesses = func(h uintptr, n *uint32, infos *processInfo) int32 {
		if *n < uint32(len(procs)) {
			*n = uint32(len(procs))
			return CodeInsufficientSize
		}
		copy(unsafe.Slice(infos, *n), procs)
		*n = uint32(len(procs))
		return 0
	}
	l.f.deviceGetUtilizationRates = func(h uintptr, u *utilization) int32 { *u = utilization{GPU: 87, Memory: 40}; return 0 }
	l.f.deviceGetTotalEccErrors = func(h uintptr, typ, counter int32, n *uint64) int32 {
		if counter != eccVolatile {
			return CodeInvalidArgument
		}
		*n = map[int32]uint64{eccCorrected: 3, eccUncorrected: 0}[typ]
		return 0
	}
	l.f.deviceGetPerformanceState = func(h uintptr, p *int32) int32 { *p = 2; return 0 }
	l.f.deviceGetTopologyCommonAncestor = func(a, b uintptr, level *int32) int32 {
		if a == b {
			return CodeInvalidArgument
		}
		*level = int32(TopologySystem)
		return 0
	}
	l.f.deviceGetNvLinkState = func(h uintptr, link uint32, active *int32) int32 {
		if link >= 4 {
			return CodeInvalidArgument
		}
		*active = int32(1 - link%2)
		return 0
	}
	l.f.deviceGetNvLinkRemotePciInfo = func(h uintptr, link uint32, p *pciInfo) int32 {
		copy(p.BusID[:], "00000000:19:00.0\x00")
		return 0
	}
	l.f.deviceGetP2PStatus = func(a, b uintptr, index int32, status *int32) int32 {
		if index != p2pCapsNvLink || a == b {
			return CodeInvalidArgument
		}
		*status = map[bool]int32{true: p2pStatusOK, false: 4}[b == 0x1001] // 4: NVML_P2P_STATUS_NOT_SUPPORTED
		return 0
	}
	return l
}

func TestHealth(t *testing.T) {
	tests := []struct {
		name string
		lib  *Lib
		want Health
	}{
		{"all readable", healthLib(), Health{
			Processes:      []Process{{PID: 4242, UsedMemoryBytes: 1 << 30}, {PID: 7}},
			GPUUtilPercent: 87, MemUtilPercent: 40, ECCCorrected: 3, PState: 2,
		}},
		// An old libnvidia-ml without these symbols: nothing read, no
		// error, every field named.
		{"symbols missing", fakeLib(), Health{PState: -1, Unread: []string{"processes", "utilization", "ecc", "pstate"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &Device{lib: tt.lib, handle: 0x1000}
			if diff := cmp.Diff(tt.want, d.Health()); diff != "" {
				t.Errorf("Health() (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTopology(t *testing.T) {
	l := healthLib()
	a, b := &Device{lib: l, handle: 0x1000}, &Device{lib: l, handle: 0x1001}
	if got, err := a.CommonAncestor(b); err != nil || got != TopologySystem {
		t.Errorf("CommonAncestor = %v, %v", got, err)
	}
	links, err := a.NvLinks()
	want := []NvLink{{Link: 0, RemoteID: "00000000:19:00.0"}, {Link: 2, RemoteID: "00000000:19:00.0"}}
	if err != nil || !cmp.Equal(links, want) {
		t.Errorf("NvLinks = %v, %v; want %v", links, err, want)
	}
	if ok, err := a.NvLinkPeer(b); !ok || err != nil {
		t.Errorf("NvLinkPeer(b) = %v, %v; want true", ok, err)
	}
	if ok, err := a.NvLinkPeer(&Device{lib: l, handle: 0x1002}); ok || err != nil {
		t.Errorf("NvLinkPeer(c) = %v, %v; want false (not supported)", ok, err)
	}
	none := &Device{lib: fakeLib(), handle: 0x1000}
	if _, err := none.NvLinks(); !errors.Is(err, &Error{Code: CodeFunctionNotFound}) {
		t.Errorf("NvLinks without the symbol: %v", err)
	}
	if ok, err := none.NvLinkPeer(b); ok || !errors.Is(err, &Error{Code: CodeFunctionNotFound}) {
		t.Errorf("NvLinkPeer without the symbol: %v, %v", ok, err)
	}
}
