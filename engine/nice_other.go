//go:build !linux

package engine

// lowerPriority does nothing where thread priorities are not set (see the
// Linux version).
func lowerPriority() {}
