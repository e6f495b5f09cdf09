package async_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/measure/async"
	"github.com/gpuarch/gpuarch/record"
)

// ampere is the simulated GPU with compute capability 8.0.
type ampere struct{ *sim.GPU }

func (g ampere) Device() record.Device {
	d := g.GPU.Device()
	d.ComputeCapability = "8.0"
	return d
}

// On a GPU older than Hopper every record of the suite is skipped with
// why, and nothing is launched.
func TestAsyncSuiteSkipsBeforeHopper(t *testing.T) {
	g := ampere{sim.New()}
	r := &engine.Runner{GPU: g, Config: engine.DefaultConfig()}
	var jobs []engine.Job
	for _, p := range async.Jobs(g.Device()) {
		jobs = append(jobs, p.Job)
	}
	var recs []record.Record
	if err := r.Run(context.Background(), jobs, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) < 60 {
		t.Fatalf("%d records; the suite has more", len(recs))
	}
	ids := map[string]bool{}
	for _, rec := range recs {
		if rec.Status != record.StatusSkipped || !strings.Contains(rec.Reason, "compute capability 9.0 or later") {
			t.Errorf("%s: %s: %s", rec.ID, rec.Status, rec.Reason)
		}
		if ids[rec.ID] {
			t.Errorf("%s: two records with this ID", rec.ID)
		}
		ids[rec.ID] = true
	}
}

// loader is a simulated GPU that could load a cubin.
type loader struct{ *sim.GPU }

func (loader) LoadCubin(context.Context, string, []byte) (engine.Program, error) {
	return nil, errors.New("not used")
}

// setmaxnreg needs a whole-program compile: without ptxas (or on a GPU
// that loads no cubins) its records are skipped with why.
func TestSetmaxnregNeedsAssembler(t *testing.T) {
	for _, c := range []struct {
		name string
		gpu  engine.GPU
		want string
	}{
		{"no cubin loader", sim.New(), "PTX compiled to a cubin"},
		{"no ptxas", loader{sim.New()}, "ptxas is not on the PATH"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &engine.Runner{GPU: c.gpu, Config: engine.DefaultConfig()}
			var recs []record.Record
			if err := r.Run(context.Background(), []engine.Job{async.SetmaxnregJob("async")}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
				t.Fatal(err)
			}
			if len(recs) != 2 {
				t.Fatalf("%d records, want 2", len(recs))
			}
			for _, rec := range recs {
				if rec.Status != record.StatusSkipped || !strings.Contains(rec.Reason, c.want) {
					t.Errorf("%s: %s: %q, want skipped with %q", rec.ID, rec.Status, rec.Reason, c.want)
				}
			}
		})
	}
}
