//go:build !unix

package outdir

import "os"

// alive reports whether process pid exists, as far as os.FindProcess can
// tell.
func alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
