package vulkan

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
)

// randomBytes returns n bytes from a seeded generator.
func randomBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func TestBufferRoundTrip(t *testing.T) {
	d := openDevice(t)
	tests := []struct {
		name         string
		size         int
		stagingLimit int // 0: the default
	}{
		{"one word", 4, 0},
		{"odd size", 1001, 0},
		{"64 KiB", 64 << 10, 0},
		{"larger than the first staging buffer", minStagingBytes + minStagingBytes/2, 0},
		{"in chunks", 200<<10 + 3, 64 << 10},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.stagingLimit != 0 {
				d.setStagingLimit(tt.stagingLimit)
				t.Cleanup(func() { d.setStagingLimit(maxStagingBytes) })
			}
			b, err := d.Alloc(tt.size)
			if err != nil {
				t.Fatalf("Alloc(%d): %v", tt.size, err)
			}
			defer func() {
				if err := b.Free(); err != nil {
					t.Errorf("Free: %v", err)
				}
			}()
			if b.Size() != tt.size {
				t.Errorf("Size() = %d, want %d", b.Size(), tt.size)
			}
			if b.Address() == 0 {
				t.Error("Address() = 0")
			}

			got, err := b.Read()
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if !bytes.Equal(got, make([]byte, tt.size)) {
				t.Error("a new buffer is not zero-filled")
			}
			want := randomBytes(tt.size, uint64(i))
			if err := b.Write(want); err != nil {
				t.Fatalf("Write: %v", err)
			}
			if got, err = b.Read(); err != nil {
				t.Fatalf("Read: %v", err)
			}
			if !bytes.Equal(got, want) {
				t.Error("Read after Write returned other bytes")
			}

			// A shorter write changes only the start.
			head := randomBytes(tt.size/2, uint64(i)+100)
			if err := b.Write(head); err != nil {
				t.Fatalf("Write(half): %v", err)
			}
			copy(want, head)
			if got, err = b.Read(); err != nil {
				t.Fatalf("Read: %v", err)
			}
			if !bytes.Equal(got, want) {
				t.Error("a short Write changed more than its bytes")
			}

			if err := b.Zero(); err != nil {
				t.Fatalf("Zero: %v", err)
			}
			if got, err = b.Read(); err != nil {
				t.Fatalf("Read: %v", err)
			}
			if !bytes.Equal(got, make([]byte, tt.size)) {
				t.Error("Zero left non-zero bytes")
			}
		})
	}
}

func TestBufferErrors(t *testing.T) {
	d := openDevice(t)
	for _, size := range []int{0, -1} {
		if _, err := d.Alloc(size); err == nil {
			t.Errorf("Alloc(%d) succeeded", size)
		}
	}
	b, err := d.Alloc(16)
	if err != nil {
		t.Fatal(err)
	}
	other := alloc(t, d, 16)
	if lo, hi := min(b.Address(), other.Address()), max(b.Address(), other.Address()); hi-lo < 16 {
		t.Errorf("live buffers overlap: addresses %#x and %#x", b.Address(), other.Address())
	}
	if err := b.Write(make([]byte, 17)); err == nil {
		t.Error("Write of 17 bytes to a 16-byte buffer succeeded")
	}
	if err := b.Free(); err != nil {
		t.Fatalf("Free: %v", err)
	}
	if err := b.Free(); err != nil {
		t.Errorf("second Free: %v", err)
	}
	if _, err := b.Read(); !errors.Is(err, errClosed) {
		t.Errorf("Read after Free: %v, want errClosed", err)
	}
	if err := b.Write([]byte{1}); !errors.Is(err, errClosed) {
		t.Errorf("Write after Free: %v, want errClosed", err)
	}
	if err := b.Zero(); !errors.Is(err, errClosed) {
		t.Errorf("Zero after Free: %v, want errClosed", err)
	}
}
