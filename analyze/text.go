package analyze

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("write analysis JSON: %w", err)
	}
	return nil
}

// WriteText writes the report for people: per kernel, per innermost loop,
// the prediction and its bound, every bound, the instruction table and the
// what-ifs.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	m := r.Machine
	fmt.Fprintf(&b, "Machine: %s (%s), results %s\n", m.Device, m.Arch, m.Source)
	if m.ALU != nil {
		fmt.Fprintf(&b, "Replay issue model: %s (mean error %.1f%% on %d fitted mixes)\n", m.ALU.Issue, 100*m.ALU.FitError, m.ALU.Fitted)
	}
	for _, name := range LevelNames {
		if l, ok := m.Levels[name]; ok {
			fmt.Fprintf(&b, "Memory %-6s latency %s, read %s, write %s\n", name, num(l.LatencyCycles, "%.0f cycles"), num(l.ReadBytesPerClock, "%.1f B/clk/SM"), num(l.WriteBytesPerClock, "%.1f B/clk/SM"))
		}
	}
	for _, wn := range append(append([]string{}, m.Warnings...), r.Warnings...) {
		fmt.Fprintf(&b, "warning: %s\n", wn)
	}
	b.WriteString("Cycles are per loop iteration per warp, with the occupancy's warps sharing the SM.\n")
	for _, k := range r.Kernels {
		fmt.Fprintf(&b, "\n== Kernel %s\n", k.Name)
		if k.Resources.Registers > 0 || k.Resources.SharedBytes > 0 {
			fmt.Fprintf(&b, "Resources: %d registers/thread, %d bytes static shared (%s)\n", k.Resources.Registers, k.Resources.SharedBytes, k.Resources.Source)
		}
		if o := k.Occupancy; o != nil {
			if o.BlocksPerSM > 0 {
				fmt.Fprintf(&b, "Occupancy: %d warps/SM (%d blocks of %d threads; limited by %s)\n", o.WarpsPerSM, o.BlocksPerSM, o.ThreadsPerBlock, o.Limiter)
			} else {
				fmt.Fprintf(&b, "Occupancy: %d warps/SM (%s)\n", o.WarpsPerSM, o.Limiter)
			}
		}
		for _, n := range k.Notes {
			fmt.Fprintf(&b, "note: %s\n", n)
		}
		if len(k.Mix) > 0 {
			b.WriteString("Instruction mix:")
			type kv struct {
				k string
				v int
			}
			var kvs []kv
			for op, n := range k.Mix {
				kvs = append(kvs, kv{op, n})
			}
			sort.Slice(kvs, func(i, j int) bool {
				if kvs[i].v != kvs[j].v {
					return kvs[i].v > kvs[j].v
				}
				return kvs[i].k < kvs[j].k
			})
			for _, e := range kvs {
				fmt.Fprintf(&b, " %s×%d", e.k, e.v)
			}
			b.WriteString("\n")
		}
		for _, lp := range k.Loops {
			writeLoop(&b, &lp)
		}
	}
	_, err := io.WriteString(w, b.String())
	if err != nil {
		return fmt.Errorf("write analysis: %w", err)
	}
	return nil
}

func num(v float64, format string) string {
	if v <= 0 {
		return "not measured"
	}
	return fmt.Sprintf(format, v)
}

func writeLoop(b *strings.Builder, lp *LoopReport) {
	fmt.Fprintf(b, "\n-- Loop %#04x..%#04x (depth %d, %d blocks, %d instructions) at %d warps/SM, global accesses in %s\n",
		lp.StartOffset, lp.EndOffset, lp.Depth, lp.Blocks, lp.Instructions, lp.WarpsPerSM, lp.Level)
	fmt.Fprintf(b, "Predicted: %.1f cycles/iteration/warp (%.1f SM iterations per 1000 cycles), bound: %s [%s]\n", lp.Cycles, lp.IterationsPerKcycle, lp.Bound, lp.Kind)
	fmt.Fprintf(b, "Replay: %.1f cycles (%d warps on one scheduler; issued %.0f%%, register reads %.0f%%, busy pipelines %.0f%%, dependencies %.0f%% of cycles; %s)\n",
		lp.Replay.Cycles, lp.Replay.WarpsPerScheduler, 100*lp.Replay.Issued, 100*lp.Replay.Register, 100*lp.Replay.Pipeline, 100*lp.Replay.Dependency, lp.Replay.Limit)
	b.WriteString("Bounds:\n")
	for _, bd := range lp.Bounds {
		fmt.Fprintf(b, "  %8.1f  %-34s %s\n", bd.Cycles, bd.Name, bd.Detail)
	}
	controls := len(lp.Rows) > 0 && lp.Rows[0].Control != ""
	head := fmt.Sprintf("%-6s %-46s %-34s %9s %9s %7s %4s", "Offset", "Instruction", "Pipeline", "Latency", "Rate", "Adds", "Crit")
	if controls {
		head += "  Control"
	}
	b.WriteString(head + "\n")
	for _, r := range lp.Rows {
		lat, rate := "not meas.", "not meas."
		if r.LatencyCycles != nil {
			lat = fmt.Sprintf("%.1f", *r.LatencyCycles)
		}
		if r.Rate != nil {
			rate = fmt.Sprintf("%.3f", *r.Rate)
		}
		if strings.HasPrefix(r.Pipeline, "memory") {
			rate = "bandwidth"
		}
		crit := ""
		if r.Critical {
			crit = "*"
		}
		pipe := r.Pipeline
		if pipe == "" {
			pipe = "(issue only)"
		}
		line := fmt.Sprintf("%#06x %-46s %-34s %9s %9s %7.2f %4s", r.Offset, clip(r.Instruction, 46), clip(pipe, 34), lat, rate, r.Adds, crit)
		if controls {
			line += "  " + r.Control
		}
		b.WriteString(line + "\n")
	}
	lanes := false
	for _, r := range lp.Rows {
		lanes = lanes || r.Lanes != ""
	}
	if lanes {
		b.WriteString("Lane addresses (a warp's 32 lanes, from the listing):\n")
		for _, r := range lp.Rows {
			if r.Lanes != "" {
				fmt.Fprintf(b, "%#06x %-46s %s\n", r.Offset, clip(r.Instruction, 46), r.Lanes)
			}
		}
	}
	b.WriteString("Latency in cycles; rate in warp instructions/clock/SM alone; Adds: cycles/iteration/warp the instruction adds to the deciding bound; Crit: on the loop-carried critical path.\n")
	if controls {
		b.WriteString("Control: the cubin's control fields, B<barriers waited on>:R<read barrier>:W<write barrier>:<yield bit>:S<stall cycles>.\n")
	}
	if len(lp.WhatIf) > 0 {
		b.WriteString("What would change it:\n")
		for _, wi := range lp.WhatIf {
			fmt.Fprintf(b, "  %-70s %8.1f cycles/iteration/warp, %7.1f SM iterations/kcycle (%s)\n", wi.Change, wi.Cycles, wi.IterationsPerKcycle, wi.Bound)
		}
	}
	for _, n := range lp.Notes {
		fmt.Fprintf(b, "note: %s\n", n)
	}
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}
