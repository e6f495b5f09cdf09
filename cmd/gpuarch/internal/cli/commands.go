package cli

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/gpuarch/gpuarch/analyze"
	"github.com/gpuarch/gpuarch/measure/registry"
)

// Run parses args (without the program name) with a command tree made for
// this call, and runs the command they name. Flags go before or after
// positional arguments; --help prints a command's help and exits 0.
func (e *Env) Run(ctx context.Context, args []string) error {
	root := e.rootCommand()
	root.SetArgs(args)
	return root.ExecuteContext(ctx)
}

// rootCommand is gpuarch's command tree (spf13/cobra over spf13/pflag:
// flags before and after positional arguments, generated help and shell
// completion). Parse errors become UsageErrors.
func (e *Env) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "gpuarch",
		Short: "gpuarch measures a GPU's microarchitecture from the inside",
		Long: `gpuarch measures a GPU's microarchitecture from the inside and writes the
reference document performance engineers reason from: the latency and
throughput of every instruction and the machine code it becomes, the memory
hierarchy, dispatch, the matrix units, measured by kernels it generates,
compiles and times on the GPU itself.

Exit status: 0 when everything asked for was done; 1 on an error (no GPU or
driver, an unreadable file); 2 on a mistake in the command line; 3 when a run
ended with some records failed; 4 when a run measured nothing; 130 when
interrupted (the results so far are kept).`,
		Args:          cobra.ArbitraryArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				c.SetOut(e.Stdout)
				_ = c.Help()
				return usagef("no command given (see gpuarch --help)")
			}
			msg := fmt.Sprintf("unknown command %q (commands: %s; see gpuarch --help)", args[0], strings.Join(commandNames(c), ", "))
			if s := c.SuggestionsFor(args[0]); len(s) > 0 {
				msg += "; did you mean " + strings.Join(s, " or ") + "?"
			}
			return usagef("%s", msg)
		},
	}
	root.SetOut(e.Stdout)
	root.SetErr(e.Stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usagef("%s: %v (see %s --help)", c.CommandPath(), err, c.CommandPath())
	})
	root.AddCommand(e.runCommand(), e.instCommand(), e.infoCommand(), e.listCommand(),
		e.reportCommand(), e.analyzeCommand(), e.summaryCommand(), e.compareCommand(), e.variabilityCommand(),
		e.dbCommand(), e.versionCommand(), e.workerCommand())
	root.AddCommand(e.metricsCommand())
	root.AddCommand(e.siteCommand())
	return root
}

// commandNames are the visible subcommands of c.
func commandNames(c *cobra.Command) []string {
	var names []string
	for _, s := range c.Commands() {
		if s.IsAvailableCommand() {
			names = append(names, s.Name())
		}
	}
	return names
}

// exactArgs accepts n positional arguments, described by what.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("%s needs %s, got %d argument(s) %q (see %s --help)", c.CommandPath(), what, len(args), args, c.CommandPath())
		}
		return nil
	}
}

// minArgs accepts at least n positional arguments, described by what.
func minArgs(n int, what string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < n {
			return usagef("%s needs %s (see %s --help)", c.CommandPath(), what, c.CommandPath())
		}
		return nil
	}
}

// noArgs refuses positional arguments, with a hint for a value holding
// spaces that was not quoted.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usagef("%s takes no arguments, got %q: quote a flag value that holds spaces, such as --where 'model=NVIDIA H200' (see %s --help)", c.CommandPath(), args, c.CommandPath())
	}
	return nil
}

// positive checks a numeric flag's value is a finite number above zero.
func positive(name string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
		return usagef("--%s %v: give a positive number", name, v)
	}
	return nil
}

// alphaFlag declares --alpha, the significance level of comparisons.
func alphaFlag(fs *pflag.FlagSet) *float64 {
	return fs.Float64("alpha", 0.05, "significance level of the Mann-Whitney U test, between 0 and 1 (exclusive)")
}

// checkAlpha checks an --alpha value.
func checkAlpha(a float64) error {
	if math.IsNaN(a) || a <= 0 || a >= 1 {
		return usagef("--alpha %v: give a significance level between 0 and 1, such as 0.05", a)
	}
	return nil
}

// completeWords offers fixed words for a flag's value.
func completeWords(words ...string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return words, cobra.ShellCompDirectiveNoFileComp
	}
}

func (e *Env) runCommand() *cobra.Command {
	var o runOptions
	c := &cobra.Command{
		Use:   "run [flags]",
		Short: "measure every suite and write results.json, results.md and results.html",
		Long: `run measures every suite the backend runs (or those --suite names) and writes
results.json (every number, with provenance), results.md with its plots, and
results.html into --out. It writes into a fresh folder inside --out and moves
the results into place when it ends: a folder that holds a complete run is
never replaced without --force, and an interrupted run is kept (marked
interrupted) beside a complete one, never over it; --resume continues it.

--gpu all (or a list) measures several GPUs at once, each into --out/gpu<N>,
and writes a host summary beside them. --quick is a health check of at most
30 s per GPU, set beside the recorded results of the GPU's model (quick.md).`,
		Example: `  gpuarch run --out results
  gpuarch run --suite alu,memory --out alu-memory
  gpuarch run --backend vulkan --out vk
  gpuarch run --gpu all --out host
  gpuarch run --quick --gpu all --out health
  gpuarch run --resume --out results      # continue an interrupted run`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return e.cmdRun(c.Context(), o) },
	}
	fs := c.Flags()
	fs.StringVar(&o.out, "out", "gpuarch-results", "folder to write results.json, results.md and results.html into")
	fs.StringVar(&o.suite, "suite", "", "comma-separated suites to run: "+strings.Join(registry.Names(), ", ")+" (default: every suite the backend runs)")
	fs.StringVar(&o.grid, "coopmat-grid", "", "the Vulkan cooperative-matrix throughput shapes tried, as subgroups per workgroup/workgroups per SM/accumulators per subgroup, each a comma-separated list (default 4,8/1,2,4/1,2,4,8)")
	fs.BoolVar(&o.quick, "quick", false, "a health check in at most 30 s per GPU: clock and throttle reasons, FFMA and tensor-core peak, L2 and DRAM bandwidth, load latencies, host links, each beside the recorded results of the model (quick.md)")
	fs.StringVar(&o.reference, "reference", "results", "the folder of recorded results (<model>/results.json) --quick compares with")
	fs.BoolVar(&o.noProcesses, "no-processes", false, "leave NVML's list of the GPU's compute processes out of the records and the summaries (verdicts are decided by measured figures either way): a GPU slowed by another process is then named by its figures alone")
	fs.BoolVar(&o.force, "force", false, "replace a complete run already in --out")
	fs.BoolVar(&o.resume, "resume", false, "continue the interrupted run in --out, measuring only what it lacks")
	o.measure = e.measureFlags(c, true)
	_ = c.RegisterFlagCompletionFunc("suite", completeWords(registry.Names()...))
	return c
}

func (e *Env) instCommand() *cobra.Command {
	var out string
	var force bool
	var m *measureOptions
	c := &cobra.Command{
		Use:   "inst [flags] NAME...",
		Short: "measure the named instructions and print their table",
		Long: `inst measures the latency, throughput and machine code of the named
instructions (ALU or warp-level; gpuarch list shows them) and prints their
table. An unknown name lists the closest known ones.`,
		Example: `  gpuarch inst ex2.approx.f32 shfl.sync.bfly.b32
  gpuarch inst --backend vulkan Fma.f32 --out fma`,
		Args: minArgs(1, "at least one instruction name (gpuarch list shows them)"),
		RunE: func(c *cobra.Command, args []string) error { return e.cmdInst(c.Context(), *m, out, force, args) },
	}
	c.Flags().StringVar(&out, "out", "", "also write results.json and results.md into this folder")
	c.Flags().BoolVar(&force, "force", false, "replace a complete run already in --out")
	m = e.measureFlags(c, false)
	c.ValidArgsFunction = func(_ *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
		var names []string
		for _, s := range chainCatalog(e.DefaultBackend()) {
			names = append(names, s.Subject)
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	}
	return c
}

func (e *Env) infoCommand() *cobra.Command {
	var o infoOptions
	c := &cobra.Command{
		Use:   "info [flags]",
		Short: "print the GPU's spec sheet and peak rates, with the measured clock",
		Long: `info prints the GPU's spec sheet: SMs, caches, clocks, documented peak
FP16/FP32/FP64 rates at the measured clock, memory bandwidth. Through Vulkan
it lists every device the loader sees first. --gpu all (or a list) prints
every GPU's sheet.`,
		Example: `  gpuarch info
  gpuarch info --gpu all --json
  gpuarch info --backend vulkan --no-measure`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return e.cmdInfo(c.Context(), o) },
	}
	fs := c.Flags()
	gpuFlag(fs, &o.gpu, true)
	o.backend = backendFlag(c)
	fs.BoolVar(&o.json, "json", false, "print JSON (an array when several GPUs are named)")
	fs.BoolVar(&o.noMeasure, "no-measure", false, "do not run the clock measurement (peaks use NVML's maximum clock)")
	return c
}

func (e *Env) listCommand() *cobra.Command {
	var backend *string
	c := &cobra.Command{
		Use:     "list [flags]",
		Short:   "list the instructions gpuarch knows in the backend's kernel language",
		Example: "  gpuarch list\n  gpuarch list --backend vulkan",
		Args:    noArgs,
		RunE:    func(*cobra.Command, []string) error { return e.cmdList(*backend) },
	}
	backend = backendFlag(c)
	return c
}

func (e *Env) reportCommand() *cobra.Command {
	var o reportOptions
	c := &cobra.Command{
		Use:   "report [flags] RESULTS.json",
		Short: "write the Markdown (and with --out the HTML) report of a results file",
		Long: `report writes the document of a results file: Markdown on standard output,
or results.md, results.html and the plots into --out. --library sets a
library GEMM measurement (scripts/cublas_gemm.py's output) beside the matrix
units; one taken on another GPU is refused unless --library-any-gpu is given,
and is then named as another GPU's. Where other runs of the model are
recorded beside the results file (repeat-results.json, as results/<GPU>/
keeps them) or named by --repeats, the document states, for each figure that
varies more between runs than within one, its spread between runs.`,
		Example: `  gpuarch report results/NVIDIA-H200/results.json
  gpuarch report results.json --out doc
  gpuarch report results.json --library cublas-gemm.json`,
		Args: exactArgs(1, "exactly one results file"),
		RunE: func(_ *cobra.Command, args []string) error { return e.cmdReport(o, args[0]) },
	}
	fs := c.Flags()
	fs.StringVar(&o.out, "out", "", "write results.md, results.html and the plots into this folder instead of printing the Markdown")
	fs.StringVar(&o.library, "library", "", "a library GEMM measurement (scripts/cublas_gemm.py's output) to set beside the matrix units")
	fs.BoolVar(&o.anyGPU, "library-any-gpu", false, "accept a --library measurement taken on another GPU than the results' (it is named as such)")
	fs.StringArrayVar(&o.repeats, "repeats", nil, "a file of other runs of the GPU model (a results file, or several runs) whose spread the document states for the figures that vary more between runs than within one, in place of the repeat runs beside the results file; repeat for more; \"none\" for none")
	return c
}

func (e *Env) analyzeCommand() *cobra.Command {
	var o analyzeOptions
	c := &cobra.Command{
		Use:   "analyze [flags] KERNEL | analyze --validate DIR",
		Short: "predict each innermost loop's cycles per iteration and what bounds it",
		Long: `analyze predicts each innermost loop's cycles per iteration and what bounds
it, from the measured machine (a results file) and the kernel's machine code.
KERNEL is a cubin, an executable or .so with device code, PTX, or an nvdisasm
SASS listing. Without --results it takes the recorded results of this
machine's GPU model under results/, or the only recorded model of the
kernel's architecture; where several fit, it asks for --results.`,
		Example: `  gpuarch analyze kernel.cubin --results results/NVIDIA-H200/results.json
  gpuarch analyze app --arch sm_90 --warps 16 --level L2
  gpuarch analyze --validate analyze/testdata/corpus/NVIDIA-H200`,
		RunE: func(c *cobra.Command, args []string) error { return e.cmdAnalyze(c.Context(), o, args) },
	}
	fs := c.Flags()
	fs.StringVar(&o.results, "results", "", "results file to predict from (default: the recorded one of this GPU's model under results/)")
	fs.IntVar(&o.warps, "warps", 0, "warps per SM to predict at (default: from the kernel's registers and shared memory)")
	fs.IntVar(&o.threads, "threads", 256, "threads per block, for the occupancy computation (1 to 1024)")
	fs.StringVar(&o.level, "level", analyze.DefaultLevel, "memory level global accesses hit: shared, L1, L2 or DRAM")
	fs.StringVar(&o.pattern, "pattern", "", "global loads' access pattern: coalesced or divergent (default: coalesced, except loads whose address was loaded in the loop, taken as a divergent pointer chase)")
	fs.BoolVar(&o.json, "json", false, "write JSON instead of text")
	fs.StringVar(&o.listing, "sass", "", "nvdisasm listing of the cubin, used instead of running nvdisasm")
	fs.StringVar(&o.arch, "arch", "sm_90", "architecture of the cubins to take from an executable or library")
	fs.StringVar(&o.validate, "validate", "", "compare predictions with a corpus directory's measured.csv and listings instead")
	_ = c.RegisterFlagCompletionFunc("level", completeWords("shared", "L1", "L2", "DRAM"))
	_ = c.RegisterFlagCompletionFunc("pattern", completeWords("coalesced", "divergent"))
	return c
}

func (e *Env) summaryCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "summary DIR",
		Short: "write the host summary of a run of several GPUs again from its folder",
		Long: `summary writes the host summary (summary.md, summary.json) of a run of several
GPUs again from its folder (gpu<N>/results.json, links.json), measuring
nothing: after an upgrade of gpuarch, or for the folders of a run cut short.`,
		Example: "  gpuarch summary host",
		Args:    exactArgs(1, "one folder: the --out of a run with --gpu all or a list"),
		RunE:    func(_ *cobra.Command, args []string) error { return e.cmdSummary(args[0]) },
	}
}

func (e *Env) compareCommand() *cobra.Command {
	var all bool
	var between []string
	var alpha *float64
	c := &cobra.Command{
		Use:   "compare [flags] A.json B.json",
		Short: "set two results files side by side: what changed, and whether significantly",
		Long: `compare sets two results files side by side. A figure changed when the
Mann-Whitney U test on its samples finds a difference and its median moved by
more than its noise floor: the largest of each run's own noise, the minimum
effect, and its variability between runs where that was measured for A's GPU
model. That variability is each figure's spread over repeat runs of the model:
by default those recorded beside A (the folder's results.json and
repeat-results.json, as results/<GPU>/ keeps them), or the runs in the files
--between names (results files, or files of several runs as variability --save
writes them). B is never among them: a spread that holds B holds the change
being judged, and where the runs found are only A and B the document says so
and uses none. A figure that moved beyond its own noise but within its spread
between runs is listed as varying between runs, with that spread.`,
		Example: `  gpuarch compare before/results.json after/results.json
  gpuarch compare a.json b.json --all --alpha 0.01
  gpuarch compare results/NVIDIA-H200/results.json.gz new/results.json
  gpuarch compare a.json b.json --between runs/repeats.json.gz --between c.json`,
		Args: exactArgs(2, "two results files"),
		RunE: func(_ *cobra.Command, args []string) error {
			return e.cmdCompare(args[0], args[1], between, *alpha, all)
		},
	}
	c.Flags().BoolVar(&all, "all", false, "list every quantity, not only the changed ones and the large untested ones")
	c.Flags().StringArrayVar(&between, "between", nil, "a file of repeat runs of A's GPU model (a results file, or several runs) whose spread raises each figure's noise floor, in place of those beside A; repeat for more; \"none\" for none")
	alpha = alphaFlag(c.Flags())
	return c
}

func (e *Env) variabilityCommand() *cobra.Command {
	var all bool
	var save string
	c := &cobra.Command{
		Use:   "variability [flags] RESULTS...",
		Short: "how much each figure varies between runs of one GPU, beside its noise within a run",
		Long: `variability sets two or more runs of one GPU model (repeat runs: results files,
or files of several runs) side by side and lists the figures that vary more
between the runs than within one: for those, the spread between runs, not one
run's interval, says how far a single run's figure can be trusted. --save writes
the runs into one file, each reduced to what compare and variability read (about
90 kB a run compressed), for compare --between.`,
		Example: `  gpuarch variability results/NVIDIA-H200/results.json.gz results/NVIDIA-H200/repeat-results.json.gz
  gpuarch variability --save repeats.json.gz run1/results.json run2/results.json run3/results.json`,
		Args: minArgs(1, "two or more runs of one GPU model: results files, or files of several runs"),
		RunE: func(_ *cobra.Command, args []string) error { return e.cmdVariability(args, save, all) },
	}
	c.Flags().BoolVar(&all, "all", false, "list every figure, not only those that vary more between runs than within one")
	c.Flags().StringVar(&save, "save", "", "also write the runs, reduced to what compare reads, into this one file (.gz: compressed), for compare --between")
	return c
}

func (e *Env) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "print the version",
		Args:  noArgs,
		RunE:  func(*cobra.Command, []string) error { return e.cmdVersion() },
	}
}

func (e *Env) workerCommand() *cobra.Command {
	return &cobra.Command{
		Use:    "worker",
		Short:  "(internal) measure what the request on stdin asks, for run and inst",
		Hidden: true,
		Args: func(*cobra.Command, []string) error {
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error { return e.cmdWorker(c.Context(), args) },
	}
}
