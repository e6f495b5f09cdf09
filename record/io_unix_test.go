//go:build unix

package record

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadLimitedFIFO checks that a named pipe is refused without being
// opened: opening one for reading waits for a writer.
func TestReadLimitedFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ReadLimited(path, MaxFileBytes)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), path+" is not a regular file (it is a named pipe)") {
			t.Errorf("ReadLimited(fifo) = %v, want a refusal naming it", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ReadLimited blocked on a named pipe")
	}
}
