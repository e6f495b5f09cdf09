package cuda

import (
	"bytes"
	"errors"
	"runtime"
	"testing"
)

func TestFakeTransfers(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	d, err := OpenLibrary(buildFake(t))
	if err != nil {
		t.Fatal(err)
	}
	dev, err := d.Device(0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := dev.RetainPrimaryContext()
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Release()
	host, err := ctx.AllocHost(256)
	if err != nil {
		t.Fatalf("AllocHost: %v", err)
	}
	defer host.Free()
	for i := range host.Bytes {
		host.Bytes[i] = byte(i)
	}
	p, err := ctx.Alloc(256)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ctx.NewStream()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CopyToDeviceAsync(d, p, host.Bytes); err != nil {
		t.Fatalf("CopyToDeviceAsync: %v", err)
	}
	q, _ := ctx.Alloc(256)
	if err := s.CopyPeerAsync(q, ctx, p, ctx, 256); err != nil {
		t.Fatalf("CopyPeerAsync: %v", err)
	}
	back := make([]byte, 256)
	if err := s.CopyToHostAsync(d, back, q); err != nil {
		t.Fatalf("CopyToHostAsync: %v", err)
	}
	if !bytes.Equal(back, host.Bytes) {
		t.Error("the bytes did not survive host -> device -> peer -> host")
	}
	for range 2 { // the second time the fake answers "already enabled"
		if err := ctx.EnablePeerAccess(ctx); err != nil {
			t.Errorf("EnablePeerAccess: %v", err)
		}
	}
	if can, err := dev.CanAccessPeer(dev); err != nil || !can {
		t.Errorf("CanAccessPeer = %v, %v", can, err)
	}
	tests := []struct {
		attr P2PAttribute
		want int
	}{
		{P2PPerformanceRank, 10},
		{P2PAccessSupported, 20},
		{P2PNativeAtomicSupported, 30},
		{P2PCUDAArrayAccessSupported, 40},
	}
	for _, tc := range tests {
		t.Run(tc.attr.String(), func(t *testing.T) {
			if got, err := dev.P2PAttribute(tc.attr, dev); err != nil || got != tc.want {
				t.Errorf("P2PAttribute(%v) = %d, %v; want %d", tc.attr, got, err, tc.want)
			}
		})
	}
	if err := host.Free(); err != nil {
		t.Error(err)
	}
}

// An old driver without the peer functions still opens; the calls that
// need them say the driver lacks them.
func TestFakeNoPeer(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	d, err := OpenLibrary(buildFake(t, "-DNO_PEER"))
	if err != nil {
		t.Fatalf("OpenLibrary without the peer functions: %v", err)
	}
	dev, _ := d.Device(0)
	if _, err := dev.CanAccessPeer(dev); !errors.Is(err, ErrNotExported) {
		t.Errorf("CanAccessPeer error = %v, want ErrNotExported", err)
	}
	if _, err := dev.P2PAttribute(P2PPerformanceRank, dev); !errors.Is(err, ErrNotExported) {
		t.Errorf("P2PAttribute error = %v, want ErrNotExported", err)
	}
}
