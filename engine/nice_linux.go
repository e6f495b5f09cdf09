package engine

import (
	"runtime"
	"syscall"
)

// compileNice is the nice value of the compile workers' threads (and of
// the processes they start, the disassembler): above the measuring thread's, so
// that the compile workers, one per core but one, never delay its launches
// and waits, whose timing the host-side figures and the run's length
// depend on.
const compileNice = 10

// lowerPriority locks the calling goroutine to its OS thread for good (the
// thread ends with the goroutine, so no other goroutine inherits its
// priority) and lowers that thread's priority to compileNice. A failure
// leaves the priority as it was.
func lowerPriority() {
	runtime.LockOSThread()
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), compileNice)
}
