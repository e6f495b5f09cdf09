package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/store"
)

// cmdDB is `gpuarch db add|list|compare`: the results store.
func (e *Env) cmdDB(ctx context.Context, args []string) error {
	if len(args) == 0 {
		return &UsageError{"db needs a subcommand: add, list or compare"}
	}
	sub, args := args[0], args[1:]
	fs := e.flags("db " + sub)
	path := fs.String("db", "gpuarch.db", "the store: an SQLite file (made if missing), or a PostgreSQL URL (postgres://user:password@host/database)")
	switch sub {
	case "add":
		return e.dbAdd(ctx, fs, path, args)
	case "list":
		where := fs.String("where", "", "which runs: comma-separated key=value (id, node, model, uuid, driver, backend, since, until)")
		if err := parse(fs, args); err != nil {
			return err
		}
		return e.withStore(ctx, *path, func(s *store.Store) error { return e.dbList(ctx, s, *where) })
	case "compare":
		all := fs.Bool("all", false, "list every quantity, not only the significant changes")
		alpha := fs.Float64("alpha", 0.05, "significance level of the Mann-Whitney U test")
		if err := parse(fs, args); err != nil {
			return err
		}
		if fs.NArg() != 2 {
			return &UsageError{`db compare needs two filters, such as "uuid=GPU-1234" "model=NVIDIA H200"`}
		}
		return e.withStore(ctx, *path, func(s *store.Store) error { return e.dbCompare(ctx, s, fs.Arg(0), fs.Arg(1), *alpha, *all) })
	}
	return &UsageError{fmt.Sprintf("unknown db subcommand %q (add, list, compare)", sub)}
}

func (e *Env) withStore(ctx context.Context, path string, do func(*store.Store) error) error {
	s, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	defer s.Close()
	return do(s)
}

// dbAdd stores results files, going on past duplicates and bad files and
// saying what became of each.
func (e *Env) dbAdd(ctx context.Context, fs *flag.FlagSet, path *string, args []string) error {
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return &UsageError{"db add needs at least one results file"}
	}
	return e.withStore(ctx, *path, func(s *store.Store) error {
		var errs []error
		for _, f := range fs.Args() {
			run, err := record.ReadFile(f)
			if err == nil {
				var id int64
				if id, err = s.Add(ctx, run, f); err == nil {
					fmt.Fprintf(e.Stdout, "run %d: %s (%s, %s)\n", id, f, run.Device.Name, run.Device.UUID)
					continue
				}
			}
			if errors.Is(err, store.ErrDuplicate) {
				fmt.Fprintf(e.Stdout, "%v\n", err)
				continue
			}
			errs = append(errs, err)
		}
		return errors.Join(errs...)
	})
}

func (e *Env) dbList(ctx context.Context, s *store.Store, where string) error {
	f, err := store.ParseFilter(where)
	if err != nil {
		return &UsageError{err.Error()}
	}
	runs, err := s.List(ctx, f)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(e.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "id\tstarted\tnode\tmodel\tuuid\tdriver\tbackend\trecords\tseconds\tsource")
	for _, r := range runs {
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%.0f\t%s\n", r.ID, r.Started.Format(time.RFC3339), r.Node, r.Model, r.UUID, r.Driver, r.Backend, r.Records, r.ElapsedSeconds, r.Source)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "%d run(s)\n", len(runs))
	return nil
}

// dbCompare sets two sets of stored runs side by side: each record's
// median over its set's runs, and the U test over the runs' values.
func (e *Env) dbCompare(ctx context.Context, s *store.Store, fa, fb string, alpha float64, all bool) error {
	var sets [2]*record.Run
	var names [2]string
	for i, text := range []string{fa, fb} {
		f, err := store.ParseFilter(text)
		if err != nil {
			return &UsageError{err.Error()}
		}
		set, n, err := s.Set(ctx, f)
		if err != nil {
			return fmt.Errorf("%q: %w", text, err)
		}
		sets[i], names[i] = set, fmt.Sprintf("%s (%d runs)", text, n)
	}
	res, err := compare.Runs(sets[0], sets[1], alpha)
	if err != nil {
		return err
	}
	return res.WriteMarkdown(e.Stdout, names[0], names[1], all)
}
