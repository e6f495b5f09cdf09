// The links suite's record names (see the package comment in links.go):
// the host links, "links/host/<subject>" (record.MakeID's shape with a family:
// "links/host/pinned host to device"); the peer matrix's copies between
// two GPUs, "links/peer/<src>-><dst>/<what>" (a family, the pair as
// subject, a measure: "links/peer/0->1/copy bandwidth"); and the memory
// suite's probes run across a peer link, the chase under the memory
// suite's family ("links/latency/global ld.cg") and the streams under
// GroupPeerSM ("links/peer SM/DRAM read").

package links

import (
	"fmt"

	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
)

// Suite is the name the suite's records carry.
const Suite = "links"

// Groups (record.Record.Group) of the suite's records, and the families
// of their IDs.
const (
	// GroupHost are the copies between the host and one GPU.
	GroupHost = "host"
	// GroupPeer are the copy engines' copies between two GPUs.
	GroupPeer = "peer"
	// GroupPeerSM are the memory suite's streams run across a peer link.
	GroupPeerSM = "peer SM"
)

// Direction of a host copy.
const (
	HostToDevice = "host to device"
	DeviceToHost = "device to host"
)

// Host memory kinds.
const (
	Pinned   = "pinned"
	Pageable = "pageable"
)

// Key is the key of one of the suite's jobs ("links/host").
func Key(job string) string { return record.MakeID(Suite, "", job, "") }

// HostPrefix begins the IDs of the host<->device records.
var HostPrefix = record.MakeID(Suite, GroupHost, "", "") + "/"

// HostSubject is the subject of the host bandwidth record of a memory
// kind and direction: "pinned host to device".
func HostSubject(kind, dir string) string { return kind + " " + dir }

// HostID is the ID of the host bandwidth record of a kind and direction:
// "links/host/pinned host to device".
func HostID(kind, dir string) string {
	return record.MakeID(Suite, GroupHost, HostSubject(kind, dir), "")
}

// RoundTrip is the subject of the host round-trip latency record.
const RoundTrip = "round trip latency"

// RoundTripID is the ID of the host round-trip latency record.
var RoundTripID = record.MakeID(Suite, GroupHost, RoundTrip, "")

// Record subjects of a pair, after the pair ("0->1 copy bandwidth").
const (
	PeerCopyBandwidth = "copy bandwidth"
	PeerCopyLatency   = "copy latency"
)

// PeerPair names an ordered pair of GPUs: "0->1".
func PeerPair(src, dst int) string { return fmt.Sprintf("%d->%d", src, dst) }

// PeerID is the ID of a pair's record: "links/peer/0->1/copy bandwidth".
func PeerID(src, dst int, what string) string {
	return record.MakeID(Suite, GroupPeer, PeerPair(src, dst), what)
}

// PeerSubject is the subject of a pair's record: "0->1 copy bandwidth".
func PeerSubject(src, dst int, what string) string { return PeerPair(src, dst) + " " + what }

// PeerLatencyID is the ID of the memory suite's chase of a path run
// across a peer link: "links/latency/global ld.cg".
func PeerLatencyID(path string) string { return record.MakeID(Suite, memory.GroupLatency, path, "") }

// PeerStreamID is the ID of the memory suite's stream of a subject run
// across a peer link: "links/peer SM/DRAM read".
func PeerStreamID(subject string) string { return record.MakeID(Suite, GroupPeerSM, subject, "") }
