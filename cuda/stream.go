package cuda

import (
	"errors"
	"fmt"
)

// streamNonBlocking is CU_STREAM_NON_BLOCKING (cuda.h, enum
// CUstream_flags_enum): the stream does not synchronize with the default
// stream.
const streamNonBlocking = 0x1

// Stream is a CUDA stream (CUstream). A nil *Stream means the default
// stream wherever a stream is taken.
type Stream struct {
	d      *Driver
	handle uintptr
}

// NewStream creates a stream that does not synchronize with the default
// stream (CU_STREAM_NON_BLOCKING).
func (c *Context) NewStream() (*Stream, error) {
	var h uintptr
	if err := c.d.check("cuStreamCreate", c.d.cuStreamCreate(&h, streamNonBlocking)); err != nil {
		return nil, fmt.Errorf("creating a stream: %w", err)
	}
	return &Stream{d: c.d, handle: h}, nil
}

// handleOrDefault returns the CUstream to pass to the driver: 0, the
// default stream, for a nil *Stream.
func (s *Stream) handleOrDefault() uintptr {
	if s == nil {
		return 0
	}
	return s.handle
}

// Synchronize blocks until all work queued on the stream has finished
// (cuStreamSynchronize). It cannot be interrupted: prefer [Event.Wait]
// where the work might hang. A nil *Stream, the default stream, has no
// driver to call and returns an error: use [Context.Synchronize] for it.
func (s *Stream) Synchronize() error {
	if s == nil {
		return errors.New("cuda: cannot synchronize the default stream through a nil *Stream: use Context.Synchronize")
	}
	if err := s.d.check("cuStreamSynchronize", s.d.cuStreamSynchronize(s.handle)); err != nil {
		return fmt.Errorf("synchronizing a stream: %w", err)
	}
	return nil
}

// Destroy destroys the stream once its queued work has finished.
// Destroying a nil or destroyed stream does nothing.
func (s *Stream) Destroy() error {
	if s == nil || s.handle == 0 {
		return nil
	}
	if err := s.d.check("cuStreamDestroy", s.d.cuStreamDestroy(s.handle)); err != nil {
		return fmt.Errorf("destroying a stream: %w", err)
	}
	s.handle = 0
	return nil
}
