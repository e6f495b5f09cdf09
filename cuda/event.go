package cuda

import (
	"context"
	"fmt"
	"time"
)

// eventDefault is CU_EVENT_DEFAULT (cuda.h, enum CUevent_flags_enum):
// timing enabled, no blocking synchronization.
const eventDefault = 0x0

// Polling intervals of [Event.Wait]: short at first, so that fast kernels
// are noticed quickly, then backing off so that long ones cost little CPU.
const (
	pollFirst = 20 * time.Microsecond
	pollMax   = 250 * time.Microsecond
)

// Event is a CUDA event (CUevent) with timing enabled.
type Event struct {
	d      *Driver
	handle uintptr
}

// NewEvent creates an event that records timestamps.
func (c *Context) NewEvent() (*Event, error) {
	var h uintptr
	if err := c.d.check("cuEventCreate", c.d.cuEventCreate(&h, eventDefault)); err != nil {
		return nil, fmt.Errorf("creating an event: %w", err)
	}
	return &Event{d: c.d, handle: h}, nil
}

// Record queues the event on stream s (nil for the default stream). The
// event completes, and takes its timestamp, when the GPU reaches it.
func (e *Event) Record(s *Stream) error {
	if err := e.d.check("cuEventRecord", e.d.cuEventRecord(e.handle, s.handleOrDefault())); err != nil {
		return fmt.Errorf("recording an event: %w", err)
	}
	return nil
}

// Query reports whether the work before the event's last Record has
// finished. It never blocks. A failed kernel shows up here as its error.
func (e *Event) Query() (done bool, err error) {
	r := e.d.cuEventQuery(e.handle)
	switch r {
	case 0:
		return true, nil
	case errorNotReady:
		return false, nil
	}
	return false, e.d.check("cuEventQuery", r)
}

// Wait waits until the event completes: it polls [Event.Query] without
// sleeping for the first spinFirst (gpuarch's kernels mostly end within
// it, and a sleep's wake-up, tens of microseconds and more on a host busy
// compiling, would be added to every launch), then with a sleep that
// starts at 20µs and backs off to 250µs. It gives up when ctx is done,
// returning ctx's error wrapped, or when timeout has passed, returning an
// error that wraps [ErrTimeout]; a timeout of zero or less means no limit
// but ctx's. The GPU work itself is not stopped: after a timeout, a hung
// kernel keeps the device busy until the process exits.
func (e *Event) Wait(ctx context.Context, timeout time.Duration) error {
	start := time.Now()
	for i := 0; ; i++ {
		ok, err := e.Query()
		if err != nil || ok {
			return err
		}
		if i%64 == 63 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("waiting for the GPU: %w", err)
			}
			if time.Since(start) >= spinFirst {
				break
			}
		}
	}
	if timeout > 0 {
		if timeout -= time.Since(start); timeout <= 0 {
			timeout = time.Nanosecond // one last look, then the timeout error
		}
	}
	return pollUntil(ctx, timeout, e.Query)
}

// spinFirst is how long Wait polls without sleeping: longer than the
// throughput kernels (about 1 ms) and the clock kernel (2 ms).
const spinFirst = 3 * time.Millisecond

// Spin waits like Wait but queries the event without sleeping between
// queries, for timing a round trip whose wait a sleep would swamp. It
// keeps one CPU core busy meanwhile.
func (e *Event) Spin(ctx context.Context, timeout time.Duration) error {
	start := time.Now()
	for {
		ok, err := e.Query()
		if err != nil || ok {
			return err
		}
		if timeout > 0 && time.Since(start) > timeout {
			return fmt.Errorf("%w: the GPU work did not finish within %v", ErrTimeout, timeout)
		}
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("waiting for the GPU: %w", err)
		}
	}
}

// pollUntil calls done until it reports true or fails, sleeping between
// calls with exponential backoff from pollFirst to pollMax, and stops
// early when ctx is done or timeout (if positive) has passed.
func pollUntil(ctx context.Context, timeout time.Duration, done func() (bool, error)) error {
	var deadline time.Time
	if timeout > 0 {
		deadline = time.Now().Add(timeout)
	}
	sleep := pollFirst
	timer := time.NewTimer(sleep)
	defer timer.Stop()
	for {
		ok, err := done()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		if timeout > 0 {
			left := time.Until(deadline)
			if left <= 0 {
				return fmt.Errorf("%w: the GPU work did not finish within %v", ErrTimeout, timeout)
			}
			// Wake at the deadline rather than after it, for one last look.
			sleep = min(sleep, left)
		}
		timer.Reset(sleep)
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for the GPU: %w", ctx.Err())
		case <-timer.C:
		}
		sleep = min(2*sleep, pollMax)
	}
}

// Elapsed returns the GPU time from event since to e; both must have
// completed (see [Event.Wait]). The driver's resolution is about half a
// microsecond. cuEventElapsedTime_v2 is used where the driver has it.
func (e *Event) Elapsed(since *Event) (time.Duration, error) {
	var ms float32
	if err := e.d.check("cuEventElapsedTime", e.d.cuEventElapsedTime(&ms, since.handle, e.handle)); err != nil {
		return 0, fmt.Errorf("reading the time between two events: %w", err)
	}
	return time.Duration(float64(ms) * float64(time.Millisecond)), nil
}

// Destroy destroys the event. Destroying a destroyed event does nothing.
func (e *Event) Destroy() error {
	if e.handle == 0 {
		return nil
	}
	if err := e.d.check("cuEventDestroy", e.d.cuEventDestroy(e.handle)); err != nil {
		return fmt.Errorf("destroying an event: %w", err)
	}
	e.handle = 0
	return nil
}
