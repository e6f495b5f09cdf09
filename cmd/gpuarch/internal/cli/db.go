package cli

import (
	"context"
	"errors"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/store"
)

// dbCommand is `gpuarch db add|list|compare`: the results store.
func (e *Env) dbCommand() *cobra.Command {
	var path string
	c := &cobra.Command{
		Use:   "db add|list|compare [flags] ...",
		Short: "keep runs in a results store and compare sets of them",
		Long: `db keeps runs in a results store (an SQLite file, or a PostgreSQL server given
by its URL) and compares sets of them. list and compare only read: they
never create or write a store, and work on a read-only one.

Filters are comma-separated key=value pairs with keys id, node, model,
uuid, driver, backend, since, until (a date or RFC 3339 time) and state
(complete, quick, interrupted, simulated or any); quote a filter that
holds spaces.`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("db needs a subcommand: add, list or compare (see gpuarch db --help)")
			}
			return usagef("unknown db subcommand %q (add, list, compare)", args[0])
		},
		RunE: func(*cobra.Command, []string) error { return nil },
	}
	c.PersistentFlags().StringVar(&path, "db", "gpuarch.db", "the store: an SQLite file (add makes it if missing), or a PostgreSQL URL (postgres://user:password@host/database)")

	var allowInterrupted, allowSimulated bool
	add := &cobra.Command{
		Use:   "add [flags] RESULTS.json...",
		Short: "store results files (interrupted and simulated runs only when asked)",
		Example: `  gpuarch db add results/*/results.json
  gpuarch db add run/results.json --db postgres://gpuarch@db/fleet`,
		Args: minArgs(1, "at least one results file"),
		RunE: func(c *cobra.Command, args []string) error {
			return e.dbAdd(c.Context(), path, args, allowInterrupted, allowSimulated)
		},
	}
	add.Flags().BoolVar(&allowInterrupted, "allow-interrupted", false, "store interrupted runs too (marked interrupted; db compare leaves them out unless a filter asks for them)")
	add.Flags().BoolVar(&allowSimulated, "allow-simulated", false, "store runs of the simulated backend too (marked simulated: their numbers are not measurements)")

	var where string
	list := &cobra.Command{
		Use:   "list [flags]",
		Short: "list the stored runs, with whether each is complete, interrupted, simulated or quick",
		Example: `  gpuarch db list
  gpuarch db list --where 'model=NVIDIA H200,since=2026-11-01'`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return e.withReadStore(c.Context(), path, func(s *store.Store) error { return e.dbList(c.Context(), s, where) })
		},
	}
	list.Flags().StringVar(&where, "where", "", "which runs: comma-separated key=value (id, node, model, uuid, driver, backend, since, until, state)")

	var all bool
	var alpha *float64
	cmp := &cobra.Command{
		Use:   "compare [flags] FILTER-A FILTER-B",
		Short: "compare two sets of stored runs (complete runs only, unless a filter names a state)",
		Example: `  gpuarch db compare 'model=NVIDIA H100 80GB HBM3' 'model=NVIDIA H200'
  gpuarch db compare uuid=GPU-1234 'model=NVIDIA H200,driver=580.159.04'`,
		Args: exactArgs(2, `two filters, such as "uuid=GPU-1234" "model=NVIDIA H200"`),
		RunE: func(c *cobra.Command, args []string) error {
			if err := checkAlpha(*alpha); err != nil {
				return err
			}
			return e.withReadStore(c.Context(), path, func(s *store.Store) error {
				return e.dbCompare(c.Context(), s, args[0], args[1], *alpha, all)
			})
		},
	}
	cmp.Flags().BoolVar(&all, "all", false, "list every quantity, not only the changed ones and the large untested ones")
	alpha = alphaFlag(cmp.Flags())
	c.AddCommand(add, list, cmp)
	return c
}

// withReadStore opens the store at path for reading only and hands it to
// do.
func (e *Env) withReadStore(ctx context.Context, path string, do func(*store.Store) error) error {
	s, err := store.OpenReadOnly(ctx, path)
	if err != nil {
		return err
	}
	defer s.Close()
	return do(s)
}

// withStore opens (or makes) the store at path and hands it to do.
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
func (e *Env) dbAdd(ctx context.Context, path string, files []string, allowInterrupted, allowSimulated bool) error {
	return e.withStore(ctx, path, func(s *store.Store) error {
		var errs []error
		for _, f := range files {
			run, err := record.ReadFile(f)
			if err == nil {
				var id int64
				opts := store.AddOptions{AllowInterrupted: allowInterrupted, AllowSimulated: allowSimulated}
				if id, err = s.AddWith(ctx, run, f, opts); err == nil {
					state := ""
					if st := store.StateOf(run); st != store.StateComplete {
						state = ", marked " + string(st)
					}
					fmt.Fprintf(e.Stdout, "run %d: %s (%s, %s%s)\n", id, f, run.Device.Name, run.Device.UUID, state)
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
	fmt.Fprintln(w, "id\tstarted\tstate\tnode\tmodel\tuuid\tdriver\tbackend\trecords\tseconds\tsource")
	for _, r := range runs {
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%.0f\t%s\n", r.ID, r.Started.Format(time.RFC3339), r.State, r.Node, r.Model, r.UUID, r.Driver, r.Backend, r.Records, r.ElapsedSeconds, r.Source)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "%d run(s)\n", len(runs))
	return nil
}

// dbCompare sets two sets of stored runs side by side: each record's
// median over its set's runs, and the U test over the runs' values, which
// needs several runs a side; with fewer, the Markdown says so and lists
// the large changes untested (compare.Options.RunsA and RunsB).
func (e *Env) dbCompare(ctx context.Context, s *store.Store, fa, fb string, alpha float64, all bool) error {
	var sets [2]*record.Run
	var names [2]string
	var counts [2]int
	for i, text := range []string{fa, fb} {
		set, n, err := storedSet(ctx, s, text)
		if err != nil {
			return err
		}
		sets[i], names[i], counts[i] = set, fmt.Sprintf("%s (%d runs)", text, n), n
	}
	res, err := compare.RunsWith(sets[0], sets[1], compare.Options{Alpha: alpha, RunsA: counts[0], RunsB: counts[1]})
	if err != nil {
		return err
	}
	return res.WriteMarkdown(e.Stdout, names[0], names[1], all)
}

// storedSet is the set of stored runs a filter (as the command line gives
// it) selects, as one run (store.Set), and how many runs it pools.
func storedSet(ctx context.Context, s *store.Store, filter string) (*record.Run, int, error) {
	f, err := store.ParseFilter(filter)
	if err != nil {
		return nil, 0, &UsageError{err.Error()}
	}
	set, n, err := s.Set(ctx, f)
	if err != nil {
		return nil, 0, fmt.Errorf("%q: %w", filter, err)
	}
	return set, n, nil
}
