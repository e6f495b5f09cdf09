package cli

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/gpuarch/gpuarch/site"
	"github.com/gpuarch/gpuarch/store"
)

// siteOptions are `gpuarch site`'s flags.
type siteOptions struct {
	out   string
	db    string
	where []string
}

func (e *Env) siteCommand() *cobra.Command {
	var o siteOptions
	c := &cobra.Command{
		Use:   "site [flags] RESULTS...",
		Short: "write a static site setting every GPU's results side by side (instructions, memory, matrix units, architectures)",
		Long: `site writes a static web site into --out from results files and folders of
them (every results.json below a folder; quick runs left out): one
instruction table across every GPU and backend, PTX and SPIR-V records paired
by the operation they perform, filtered, sorted and compared two GPUs at a
time in the browser; a page per record (samples, clock, fit or sweep,
machine code, the same record on every other GPU); memory, matrix-unit and
architecture pages; CSV and JSON of every table. The site is one folder that
works from disk and from any static host and makes no request outside it;
open index.html.

--db with --where adds sets of stored runs (gpuarch db), one column per
--where filter: the store keeps each record's values, not its details or
machine code, so their pages show the values alone.

--out must be empty or new, or hold a site gpuarch wrote, which is replaced.`,
		Example: `  gpuarch site --out site results/
  gpuarch site --out h200 results/NVIDIA-H200/results.json results/NVIDIA-H200/vulkan/results.json
  gpuarch site --out fleet --db fleet.db --where 'model=NVIDIA H200' --where 'model=NVIDIA H100 80GB HBM3'`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 && len(o.where) == 0 {
				return usagef("%s needs results files or folders, or --db with --where (see %s --help)", c.CommandPath(), c.CommandPath())
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error { return e.cmdSite(c.Context(), o, args) },
	}
	c.Flags().StringVar(&o.out, "out", "site", "the folder to write the site into (empty, new, or a site gpuarch wrote)")
	c.Flags().StringVar(&o.db, "db", "", "a results store (SQLite file or PostgreSQL URL) to take --where's sets of runs from")
	c.Flags().StringArrayVar(&o.where, "where", nil, "a filter of stored runs (as gpuarch db's) whose set becomes one column; repeat for more")
	return c
}

func (e *Env) cmdSite(ctx context.Context, o siteOptions, paths []string) error {
	if len(o.where) > 0 && o.db == "" {
		return usagef("--where needs --db (the store to read)")
	}
	var inputs []site.Input
	if len(paths) > 0 {
		in, notes, err := site.Load(paths)
		for _, n := range notes {
			fmt.Fprintf(e.Stderr, "gpuarch site: %s\n", n)
		}
		if err != nil {
			return err
		}
		inputs = in
	}
	if len(o.where) > 0 {
		err := e.withReadStore(ctx, o.db, func(s *store.Store) error {
			for _, text := range o.where {
				set, n, err := storedSet(ctx, s, text)
				if err != nil {
					return err
				}
				inputs = append(inputs, site.StoreSet(set, fmt.Sprintf("store %s: %s (%d runs)", o.db, text, n)))
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	sum, err := site.Build(o.out, inputs, site.Options{Version: Version})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "%s/index.html: %d operations across %d GPU and backend columns, %d record pages, %d files, %.1f MB\n",
		o.out, sum.Rows, sum.Columns, sum.Pages, sum.Files, float64(sum.Bytes)/1e6)
	return nil
}
