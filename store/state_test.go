package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuarch/gpuarch/record"
)

func TestParseFilter(t *testing.T) {
	for _, tc := range []struct {
		name, filter string
		want         Filter
		wrong        string // in the error; "" for none
	}{
		{name: "empty", filter: "", want: Filter{}},
		{name: "fields", filter: "model=NVIDIA H200, node=n1,since=2026-11-02", want: Filter{Model: "NVIDIA H200", Node: "n1", Since: time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)}},
		{name: "id", filter: "id=42", want: Filter{ID: 42}},
		{name: "state", filter: "state=quick", want: Filter{State: StateQuick}},
		{name: "any state", filter: "uuid=GPU-1,state=any", want: Filter{UUID: "GPU-1", State: StateAny}},
		{name: "no value", filter: "model", wrong: "not key=value"},
		{name: "a model's second word as a pair", filter: "model=NVIDIA,H200", wrong: `"H200" is not key=value`},
		{name: "unknown key", filter: "colour=red", wrong: "unknown key"},
		{name: "bad date", filter: "since=yesterday", wrong: "since"},
		{name: "bad id", filter: "id=x", wrong: "id"},
		{name: "id with a tail", filter: "id=3x", wrong: "id"},
		{name: "empty value", filter: "node=", wrong: "node has no value"},
		{name: "key twice", filter: "node=a,node=b", wrong: "node is given twice"},
		{name: "unknown state", filter: "state=done", wrong: "not a state"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseFilter(tc.filter)
			if tc.wrong != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wrong) {
					t.Errorf("ParseFilter(%q) = %+v, %v; want an error saying %q", tc.filter, got, err, tc.wrong)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ParseFilter(%q) (-want +got):\n%s", tc.filter, diff)
			}
		})
	}
}

// TestStates adds runs of every state, refused and kept, and reads them
// back: List shows each run's state, Set leaves out all but complete runs
// unless the filter names a state.
func TestStates(t *testing.T) {
	eachDialect(t, func(t *testing.T, fresh func(*testing.T) string) {
		ctx := context.Background()
		s := openAt(t, fresh(t))
		day := 0
		mk := func(edit func(r *record.Run)) *record.Run {
			day++
			r := run("n1", fmt.Sprintf("GPU-%d", day), "580.1", day, 3.9)
			edit(r)
			return r
		}
		kept := map[string]State{} // by source
		for _, tc := range []struct {
			name  string
			run   *record.Run
			opts  AddOptions
			want  State
			wrong error // Add's error, if it refuses the run
		}{
			{name: "complete", run: mk(func(*record.Run) {}), want: StateComplete},
			{name: "quick, kept without asking", run: mk(func(r *record.Run) { r.Quick = true }), want: StateQuick},
			{name: "interrupted, refused", run: mk(func(r *record.Run) { r.Complete = false }), wrong: ErrInterrupted},
			{name: "interrupted, kept", run: mk(func(r *record.Run) { r.Complete = false }), opts: AddOptions{AllowInterrupted: true}, want: StateInterrupted},
			{name: "interrupted quick, kept as interrupted", run: mk(func(r *record.Run) { r.Complete, r.Quick = false, true }), opts: AddOptions{AllowInterrupted: true}, want: StateInterrupted},
			{name: "simulated backend, refused", run: mk(func(r *record.Run) { r.Tool.Backend = "simulated" }), opts: AddOptions{AllowInterrupted: true}, wrong: ErrSimulated},
			{name: "simulated backend, kept", run: mk(func(r *record.Run) { r.Tool.Backend = "simulated" }), opts: AddOptions{AllowSimulated: true}, want: StateSimulated},
			{name: "simulated device backend, refused", run: mk(func(r *record.Run) { r.Tool.Backend, r.Device.Backend = "", "simulated" }), wrong: ErrSimulated},
			{name: "Fake GPU on cuda, refused", run: mk(func(r *record.Run) { r.Device.Name = "Fake GPU" }), wrong: ErrSimulated},
			{name: "Fake GPU, kept", run: mk(func(r *record.Run) { r.Device.Name = "Fake GPU" }), opts: AddOptions{AllowSimulated: true}, want: StateSimulated},
			{name: "simulated and interrupted, refused as simulated", run: mk(func(r *record.Run) { r.Tool.Backend, r.Complete = "simulated", false }), opts: AddOptions{AllowInterrupted: true}, wrong: ErrSimulated},
			{name: "simulated and interrupted, kept as simulated", run: mk(func(r *record.Run) { r.Tool.Backend, r.Complete = "simulated", false }), opts: AddOptions{AllowSimulated: true}, want: StateSimulated},
			{name: "another complete", run: mk(func(*record.Run) {}), want: StateComplete},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if got := StateOf(tc.run); tc.wrong == nil && got != tc.want {
					t.Errorf("StateOf = %s, want %s", got, tc.want)
				}
				source := strings.ReplaceAll(tc.name, " ", "-") + ".json"
				_, err := s.AddWith(ctx, tc.run, source, tc.opts)
				if tc.wrong != nil {
					flag := map[error]string{ErrInterrupted: "--allow-interrupted", ErrSimulated: "--allow-simulated"}[tc.wrong]
					if !errors.Is(err, tc.wrong) || !strings.Contains(err.Error(), source) || !strings.Contains(err.Error(), flag) {
						t.Errorf("AddWith = %v; want %v naming %s and %s", err, tc.wrong, source, flag)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				kept[source] = tc.want
			})
		}
		// Add is AddWith without options.
		if _, err := s.Add(ctx, mk(func(r *record.Run) { r.Complete = false }), "plain.json"); !errors.Is(err, ErrInterrupted) {
			t.Errorf("Add(interrupted run) = %v, want ErrInterrupted", err)
		}

		all, err := s.List(ctx, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]State{}
		for _, r := range all {
			got[r.Source] = r.State
		}
		if diff := cmp.Diff(kept, got); diff != "" {
			t.Errorf("List's states (-added +listed):\n%s", diff)
		}
		count := func(st State) int {
			n := 0
			for _, s := range kept {
				if s == st || st == StateAny {
					n++
				}
			}
			return n
		}
		for _, st := range []State{StateComplete, StateQuick, StateInterrupted, StateSimulated, StateAny} {
			runs, err := s.List(ctx, Filter{State: st})
			if err != nil || len(runs) != count(st) {
				t.Errorf("List(state=%s) = %d runs, %v; want %d", st, len(runs), err, count(st))
			}
		}

		for _, tc := range []struct {
			name     string
			filter   string
			runs     int
			complete bool
			quick    bool
			wrong    string
		}{
			{name: "default: complete runs only", filter: "", runs: 2, complete: true},
			{name: "complete", filter: "state=complete", runs: 2, complete: true},
			{name: "quick", filter: "state=quick", runs: 1, complete: true, quick: true},
			{name: "interrupted", filter: "state=interrupted", runs: 2},
			{name: "simulated", filter: "state=simulated", runs: 3, complete: true},
			{name: "any", filter: "state=any", runs: 8},
			{name: "a quick run's GPU, by default", filter: "uuid=GPU-2", wrong: "no complete run matches the filter, but runs of other states do (1 quick): give the filter state=quick"},
			{name: "no such GPU", filter: "uuid=GPU-99", wrong: "no run matches the filter"},
		} {
			t.Run("set "+tc.name, func(t *testing.T) {
				f, err := ParseFilter(tc.filter)
				if err != nil {
					t.Fatal(err)
				}
				set, n, err := s.Set(ctx, f)
				if tc.wrong != "" {
					if err == nil || !strings.Contains(err.Error(), tc.wrong) {
						t.Errorf("Set(%q) = %d runs, %v; want an error saying %q", tc.filter, n, err, tc.wrong)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if n != tc.runs || set.Complete != tc.complete || set.Quick != tc.quick {
					t.Errorf("Set(%q) = %d runs, complete %v, quick %v; want %d, %v, %v", tc.filter, n, set.Complete, set.Quick, tc.runs, tc.complete, tc.quick)
				}
				if got := len(set.Records[0].Samples); got != tc.runs {
					t.Errorf("Set(%q): %d samples of %s, want one per run", tc.filter, got, set.Records[0].ID)
				}
			})
		}
	})
}
