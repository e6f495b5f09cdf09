//go:build unix

package outdir

import (
	"errors"
	"syscall"
)

// alive reports whether process pid exists (signal 0 reaches it, or it
// exists but belongs to another user). A pid reused by another process
// counts as alive: its staging folder is then not resumed, never taken
// from a live run.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
