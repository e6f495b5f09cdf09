package cuda

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestPollUntil(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name    string
		doneAt  int // call number (from 1) that reports done; 0: never
		failAt  int // call number that fails; 0: never
		timeout time.Duration
		cancel  bool // cancel the context before waiting
		wantErr error
		wantMsg string
	}{
		{name: "done at once", doneAt: 1, timeout: time.Second},
		{name: "done after polling", doneAt: 5, timeout: time.Second},
		{name: "no timeout", doneAt: 3},
		{name: "query fails", failAt: 2, timeout: time.Second, wantErr: boom},
		{name: "times out", timeout: 5 * time.Millisecond, wantErr: ErrTimeout, wantMsg: "did not finish within 5ms"},
		{name: "cancelled", cancel: true, timeout: time.Second, wantErr: context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.cancel {
				cancel()
			}
			calls := 0
			query := func() (bool, error) {
				calls++
				if tt.failAt != 0 && calls >= tt.failAt {
					return false, boom
				}
				return tt.doneAt != 0 && calls >= tt.doneAt, nil
			}
			start := time.Now()
			err := pollUntil(ctx, tt.timeout, query)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("pollUntil: %v", err)
				}
				if calls != tt.doneAt {
					t.Errorf("query called %d times, want %d", calls, tt.doneAt)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("pollUntil error = %v, want %v", err, tt.wantErr)
			}
			if tt.wantMsg != "" && !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("error %q does not say %q", err, tt.wantMsg)
			}
			if errors.Is(tt.wantErr, ErrTimeout) {
				if waited := time.Since(start); waited < tt.timeout {
					t.Errorf("gave up after %v, before the %v timeout", waited, tt.timeout)
				}
			}
		})
	}
}

// TestPollUntilBacksOff checks that a long wait does not spin: with the
// sleep backing off to 2ms, 100ms of waiting takes well under 1000 polls.
func TestPollUntilBacksOff(t *testing.T) {
	calls := 0
	err := pollUntil(context.Background(), 100*time.Millisecond, func() (bool, error) {
		calls++
		return false, nil
	})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("pollUntil error = %v, want ErrTimeout", err)
	}
	if calls > 200 {
		t.Errorf("polled %d times in 100ms; the backoff is not working", calls)
	}
	if calls < 5 {
		t.Errorf("polled only %d times in 100ms", calls)
	}
}
