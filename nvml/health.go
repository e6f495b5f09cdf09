package nvml

import (
	"errors"
	"fmt"
)

// processInfo is nvmlProcessInfo_t (the v2 layout the _v3 call fills):
// pid, used GPU memory in bytes, and the MIG instance ids.
type processInfo struct {
	PID               uint32
	_                 uint32 // C alignment of the next field
	UsedGPUMemory     uint64
	GPUInstanceID     uint32
	ComputeInstanceID uint32
}

// utilization is nvmlUtilization_t: percent of time over the last sample
// period that a kernel ran, and that memory was read or written.
type utilization struct{ GPU, Memory uint32 }

// pciInfo is nvmlPciInfo_t.
type pciInfo struct {
	BusIDLegacy    [16]byte
	Domain         uint32
	Bus            uint32
	Device         uint32
	PCIDeviceID    uint32
	PCISubSystemID uint32
	BusID          [32]byte
}

// Process is a compute process with a context on a GPU.
type Process struct {
	PID int `json:"pid"`
	// UsedMemoryBytes is its GPU memory; 0 where NVML cannot say (it
	// answers NVML_VALUE_NOT_AVAILABLE without the right privileges).
	UsedMemoryBytes uint64 `json:"used_memory_bytes,omitempty"`
}

// valueNotAvailable is NVML_VALUE_NOT_AVAILABLE for an unsigned long long.
const valueNotAvailable = ^uint64(0)

// ComputeProcesses lists the compute processes with a context on the GPU
// (nvmlDeviceGetComputeRunningProcesses_v3), gpuarch's own included.
func (d *Device) ComputeProcesses() ([]Process, error) {
	const name = "nvmlDeviceGetComputeRunningProcesses_v3"
	present := d.lib.f.deviceGetComputeRunningProcesses != nil
	for size := 16; size <= 4096; size *= 4 {
		infos := make([]processInfo, size)
		n := uint32(size)
		err := call(d.lib, name, present, func() int32 {
			return d.lib.f.deviceGetComputeRunningProcesses(d.handle, &n, &infos[0])
		})
		var e *Error
		if errors.As(err, &e) && e.Code == CodeInsufficientSize {
			continue
		}
		if err != nil {
			return nil, err
		}
		out := make([]Process, 0, n)
		for _, p := range infos[:min(int(n), size)] {
			mem := p.UsedGPUMemory
			if mem == valueNotAvailable {
				mem = 0
			}
			out = append(out, Process{PID: int(p.PID), UsedMemoryBytes: mem})
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s: more than 4096 processes", name)
}

// Utilization returns the percent of the last sample period in which a
// kernel ran on the GPU and in which its memory was read or written
// (nvmlDeviceGetUtilizationRates).
func (d *Device) Utilization() (gpuPercent, memPercent int, err error) {
	var u utilization
	err = call(d.lib, "nvmlDeviceGetUtilizationRates", d.lib.f.deviceGetUtilizationRates != nil,
		func() int32 { return d.lib.f.deviceGetUtilizationRates(d.handle, &u) })
	return int(u.GPU), int(u.Memory), err
}

// ECC error and counter types (nvmlMemoryErrorType_t, nvmlEccCounterType_t).
const (
	eccCorrected   = 0
	eccUncorrected = 1
	eccVolatile    = 0 // since the last driver load
)

// ECCErrors returns the corrected and uncorrected ECC errors since the
// driver was loaded (volatile counters, nvmlDeviceGetTotalEccErrors). A GPU
// without ECC enabled answers an error with [CodeNotSupported].
func (d *Device) ECCErrors() (corrected, uncorrected uint64, err error) {
	present := d.lib.f.deviceGetTotalEccErrors != nil
	err = call(d.lib, "nvmlDeviceGetTotalEccErrors", present,
		func() int32 { return d.lib.f.deviceGetTotalEccErrors(d.handle, eccCorrected, eccVolatile, &corrected) })
	if err != nil {
		return 0, 0, err
	}
	err = call(d.lib, "nvmlDeviceGetTotalEccErrors", present,
		func() int32 {
			return d.lib.f.deviceGetTotalEccErrors(d.handle, eccUncorrected, eccVolatile, &uncorrected)
		})
	return corrected, uncorrected, err
}

// PerformanceState returns the GPU's performance state, 0 (P0, the
// fastest) to 15 (P15, the slowest); 32 is unknown
// (nvmlDeviceGetPerformanceState).
func (d *Device) PerformanceState() (int, error) {
	var p int32
	err := call(d.lib, "nvmlDeviceGetPerformanceState", d.lib.f.deviceGetPerformanceState != nil,
		func() int32 { return d.lib.f.deviceGetPerformanceState(d.handle, &p) })
	return int(p), err
}

// TopologyLevel is nvmlGpuTopologyLevel_t: the closest point of the PCIe
// tree two GPUs share.
type TopologyLevel int

// Topology levels.
const (
	TopologyInternal   TopologyLevel = 0  // one board (multi-GPU boards)
	TopologySingle     TopologyLevel = 10 // one PCIe switch
	TopologyMultiple   TopologyLevel = 20 // several PCIe switches, no host bridge
	TopologyHostBridge TopologyLevel = 30 // one host bridge
	TopologyNode       TopologyLevel = 40 // one NUMA node, several host bridges
	TopologySystem     TopologyLevel = 50 // across NUMA nodes (the CPUs' interconnect)
)

// String is nvidia-smi topo's abbreviation for the level, and what it means.
func (l TopologyLevel) String() string {
	switch l {
	case TopologyInternal:
		return "internal (one board)"
	case TopologySingle:
		return "PIX (one PCIe switch)"
	case TopologyMultiple:
		return "PXB (several PCIe switches)"
	case TopologyHostBridge:
		return "PHB (one PCIe host bridge)"
	case TopologyNode:
		return "NODE (host bridges of one NUMA node)"
	case TopologySystem:
		return "SYS (across NUMA nodes)"
	}
	return fmt.Sprintf("TopologyLevel(%d)", int(l))
}

// CommonAncestor returns the closest point of the PCIe tree d and other
// share (nvmlDeviceGetTopologyCommonAncestor).
func (d *Device) CommonAncestor(other *Device) (TopologyLevel, error) {
	var l int32
	err := call(d.lib, "nvmlDeviceGetTopologyCommonAncestor", d.lib.f.deviceGetTopologyCommonAncestor != nil,
		func() int32 { return d.lib.f.deviceGetTopologyCommonAncestor(d.handle, other.handle, &l) })
	return TopologyLevel(l), err
}

// MaxNvLinks is NVML_NVLINK_MAX_LINKS: the link numbers NVML may answer for.
const MaxNvLinks = 18

// NvLink is one active NVLink of a GPU and the PCI bus id of what it
// reaches (another GPU, or an NVSwitch).
type NvLink struct {
	Link     int    `json:"link"`
	RemoteID string `json:"remote_pci_bus_id,omitempty"`
}

// NvLinks lists the GPU's active NVLinks (nvmlDeviceGetNvLinkState, and
// nvmlDeviceGetNvLinkRemotePciInfo_v2 for their far ends). A GPU without
// NVLink answers an error with [CodeNotSupported], or no link.
func (d *Device) NvLinks() ([]NvLink, error) {
	var out []NvLink
	for link := range uint32(MaxNvLinks) {
		var active int32
		err := call(d.lib, "nvmlDeviceGetNvLinkState", d.lib.f.deviceGetNvLinkState != nil,
			func() int32 { return d.lib.f.deviceGetNvLinkState(d.handle, link, &active) })
		var e *Error
		if errors.As(err, &e) && e.Code == CodeInvalidArgument {
			break // past the GPU's last link
		}
		if err != nil {
			if link == 0 {
				return nil, err
			}
			break
		}
		if active == 0 {
			continue
		}
		l := NvLink{Link: int(link)}
		var pci pciInfo
		if call(d.lib, "nvmlDeviceGetNvLinkRemotePciInfo_v2", d.lib.f.deviceGetNvLinkRemotePciInfo != nil,
			func() int32 { return d.lib.f.deviceGetNvLinkRemotePciInfo(d.handle, link, &pci) }) == nil {
			l.RemoteID = cString(pci.BusID[:])
		}
		out = append(out, l)
	}
	return out, nil
}

// p2pCapsNvLink and p2pStatusOK are NVML_P2P_CAPS_INDEX_NVLINK and
// NVML_P2P_STATUS_OK (nvml.h's nvmlGpuP2PCapsIndex_t and
// nvmlGpuP2PStatus_t).
const p2pCapsNvLink, p2pStatusOK = 2, 0

// NvLinkPeer says whether d reaches other over NVLink, directly or
// through NVSwitches (nvmlDeviceGetP2PStatus for the NVLink capability):
// what nvidia-smi topo's NV# entries stand on. Unlike the far ends of
// NvLinks, it does not rest on PCI bus ids, which a virtual machine
// renumbers and an NVSwitch stands between.
func (d *Device) NvLinkPeer(other *Device) (bool, error) {
	var status int32
	err := call(d.lib, "nvmlDeviceGetP2PStatus", d.lib.f.deviceGetP2PStatus != nil,
		func() int32 { return d.lib.f.deviceGetP2PStatus(d.handle, other.handle, p2pCapsNvLink, &status) })
	return err == nil && status == p2pStatusOK, err
}

// Health is what may explain a GPU slower than its siblings: other
// processes on it, its utilization, ECC errors and performance state.
// A field NVML could not read is left zero and named in Unread.
type Health struct {
	Processes      []Process `json:"processes"`
	GPUUtilPercent int       `json:"gpu_util_percent"`
	MemUtilPercent int       `json:"mem_util_percent"`
	ECCCorrected   uint64    `json:"ecc_corrected"`
	ECCUncorrected uint64    `json:"ecc_uncorrected"`
	// PState is the performance state, 0 (P0) to 15; -1 unread.
	PState int      `json:"pstate"`
	Unread []string `json:"unread,omitempty"`
}

// Health reads d's Health; it never fails, naming what it could not read.
func (d *Device) Health() Health {
	h := Health{PState: -1}
	var err error
	if h.Processes, err = d.ComputeProcesses(); err != nil {
		h.Unread = append(h.Unread, "processes")
	}
	if h.GPUUtilPercent, h.MemUtilPercent, err = d.Utilization(); err != nil {
		h.Unread = append(h.Unread, "utilization")
	}
	if h.ECCCorrected, h.ECCUncorrected, err = d.ECCErrors(); err != nil {
		h.Unread = append(h.Unread, "ecc")
	}
	if p, err := d.PerformanceState(); err == nil {
		h.PState = p
	} else {
		h.Unread = append(h.Unread, "pstate")
	}
	return h
}
