//go:build !linux

package probe

// lowerPriority does nothing where thread priorities are not set (see the
// Linux version).
func lowerPriority() {}
