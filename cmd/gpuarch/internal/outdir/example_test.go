package outdir_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gpuarch/gpuarch/cmd/gpuarch/internal/outdir"
)

// A run writes into Dir() and Finish puts it in place; a second run into
// the same folder is refused before it measures anything, and an
// interrupted one is kept beside the complete run.
func Example() {
	root, err := os.MkdirTemp("", "outdir")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(root)
	out := filepath.Join(root, "results")

	run := func(opt outdir.Options, complete bool) {
		opt.Now = func() time.Time { return time.Date(2026, 11, 25, 22, 22, 31, 0, time.UTC) }
		o, err := outdir.Begin(out, opt)
		if err != nil {
			fmt.Println("refused:", errors.Is(err, outdir.ErrExists))
			return
		}
		data := fmt.Sprintf(`{"complete": %v}`, complete)
		if err := os.WriteFile(filepath.Join(o.Dir(), outdir.ResultsJSON), []byte(data), outdir.FileMode); err != nil {
			o.Abandon()
			panic(err)
		}
		where, err := o.Finish(complete)
		if err != nil {
			panic(err)
		}
		rel, _ := filepath.Rel(root, where)
		fmt.Println("results in", filepath.ToSlash(rel))
	}
	run(outdir.Options{}, true)
	run(outdir.Options{}, true)
	run(outdir.Options{Force: true}, false)
	state, _ := outdir.Holds(out)
	fmt.Println("results holds a", state, "run")
	// Output:
	// results in results
	// refused: true
	// results in results/interrupted-20261125T222231Z
	// results holds a complete run
}
