package report

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/archdb"
	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/measure/warp"
	"github.com/gpuarch/gpuarch/record"
)

// resultsPerClock is an instruction's measured results per clock per SM
// (the alu or warp suite's throughput record), and false without one.
//
// The instruction is named by its PTX name (the record's subject) and the
// neutral operation that other backends' records of the same instruction
// carry (record.Op).
func resultsPerClock(run *record.Run, in instr) (float64, bool) {
	for i := range run.Records {
		r := &run.Records[i]
		if (r.Suite == alu.Suite || r.Suite == warp.Suite) && (r.Subject == in.subject || in.op != "" && r.Op == in.op) && r.Quantity == record.Throughput &&
			r.Status == record.StatusOK && r.Through != nil {
			return r.Through.ResultsPerClockPerSM, true
		}
	}
	return 0, false
}

// instr names an instruction by its PTX name (the alu or warp record's
// subject) and its neutral operation (record.Op).
type instr struct{ subject, op string }

// thisGPU is the measured GPU's column of a cross-vendor table: a value
// per row, "—" where nothing was measured.
type thisGPU map[string]string

// measuredCell and driverCell mark where a value of the GPU's column comes
// from: a measurement (bold) or the driver's attributes (italic).
func measuredCell(v string) string { return "**" + v + "**" }
func driverCell(v string) string   { return "*" + v + "*" }

// onChipColumn fills the on-chip memory table's rows for the run's GPU.
func onChipColumn(run *record.Run) thisGPU {
	col := thisGPU{}
	a := run.Device.Attributes
	if v := a["MAX_THREADS_PER_MULTIPROCESSOR"]; v > 0 {
		col["Max Threads"] = driverCell(fmt.Sprintf("32-%d", v))
	}
	if v := a["MAX_REGISTERS_PER_MULTIPROCESSOR"]; v > 0 {
		col["Register File"] = driverCell(fmt.Sprintf("%d KB", 4*v/1024))
	}
	if v := a["MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"]; v > 0 {
		col["Shared Memory"] = driverCell(fmt.Sprintf("0-%d KB", v/1024))
	}
	if c := codeCliff(codeSizeRecords(run)); c.cliff > 0 {
		col["Instruction Cache"] = measuredCell(record.SizeString(c.full) + " loop at full rate")
	}
	for _, r := range latencyCurves(run) {
		if r.Subject != memory.PathL1 {
			continue
		}
		if ls, err := infer.Levels(curvePoints(r), levelStep); err == nil && len(ls) > 1 && ls[0].Capacity > 0 {
			col["Data Cache"] = measuredCell(record.SizeString(ls[0].Capacity))
		}
	}
	if n := sharedBanks(run); n > 0 {
		col["Shared Bank Size"], col["Shared Banks"] = measuredCell("4 B"), measuredCell(fmt.Sprint(n))
	}
	if unit, _ := accessUnit(globalAccessRows(run), "ca"); unit > 0 {
		col["Global Cache Line"] = measuredCell(fmt.Sprintf("%d B", unit))
	}
	if v, ok := resultsPerClock(run, instr{warp.ShflBflyB32, "shuffle.bfly.b32"}); ok {
		col["SIMD Shuffle BW/Cycle"] = measuredCell(fmt.Sprintf("%.0f B", 4*v))
	}
	bw := memoryValues(run, memory.GroupBandwidth)
	if v, ok := bw[memory.SharedRead]; ok {
		col["Shared BW/Cycle"] = measuredCell(fmt.Sprintf("%.1f B", v))
	}
	if v, ok := bw[memory.L1Read]; ok {
		col["On-Core Data BW/Cycle"] = measuredCell(fmt.Sprintf("%.1f B", v))
	}
	return col
}

// opsColumn fills an operations table's rows from the instructions that
// measure them; fma marks rows whose operations count a multiply-add as
// two.
func opsColumn(run *record.Run, instrs map[string]instr, fma map[string]bool) thisGPU {
	col := thisGPU{}
	for row, in := range instrs {
		v, ok := resultsPerClock(run, in)
		if !ok {
			continue
		}
		if fma[row] {
			v *= 2
		}
		col[row] = measuredCell(fmt.Sprintf("%.0f", v))
	}
	return col
}

func writeCrossTable(b *strings.Builder, t archdb.CrossTable, name string, col thisGPU) {
	fmt.Fprintf(b, "### %s\n\n| Per core | %s | %s |\n| --- |%s ---: |\n", t.Title, strings.Join(t.Columns, " | "), name,
		strings.Repeat(" ---: |", len(t.Columns)))
	for _, r := range t.Rows {
		v, ok := col[r.Quantity]
		if !ok {
			v = "—"
		}
		fmt.Fprintf(b, "| %s | %s | %s |\n", r.Quantity, strings.Join(r.Values, " | "), v)
	}
	b.WriteString("\n")
	if t.Footnote != "" {
		b.WriteString("Note: " + t.Footnote + "\n\n")
	}
}

// writeCrossVendor places the measured GPU beside the seed's other
// architectures: the seed's values are reference data; this GPU's are
// measured (bold) or the driver's (italic).
func writeCrossVendor(b *strings.Builder, run *record.Run) {
	if len(run.Records) == 0 {
		return
	}
	name := mdtext.Cell(orDash(run.Device.Name))
	b.WriteString("## Compared with other architectures\n\n")
	fmt.Fprintf(b, "The other columns are reference data, as the source gives them (%s); the %s column is this run's: **bold** measured here, *italic* the driver's attributes, — not measured. Operations count a fused multiply-add as two.\n\n", archdb.CrossSource, name)
	writeCrossTable(b, archdb.OnChipMemory(), name, onChipColumn(run))
	writeCrossTable(b, archdb.OpsPerCoreCycle(), name, opsColumn(run, map[string]instr{
		"F16 OPs (FMA)": {alu.FmaF16x2, "fma.f16x2"}, "F32 OPs (FMA)": {alu.FmaF32, "fma.f32"}, "F64 OPs (FMA)": {alu.FmaF64, "fma.f64"},
		"F16 Adds": {alu.AddF16x2, "add.f16x2"}, "F32 Adds": {alu.AddF32, "add.f32"}, "F64 Adds": {alu.AddF64, "add.f64"},
		"F32 Exp2": {alu.Ex2F32, "exp2.f32"}, "F32 Recip": {alu.RcpF32, "rcp.f32"}, "F32 Rsqrt": {alu.RsqrtF32, "rsqrt.f32"}, "F32 Sine": {alu.SinF32, "sin.f32"},
	}, map[string]bool{"F16 OPs (FMA)": true, "F32 OPs (FMA)": true, "F64 OPs (FMA)": true}))
	writeCrossTable(b, archdb.IntOpsPerCoreCycle(), name, opsColumn(run, map[string]instr{
		"I16 Adds": {alu.AddS16, "add.i16"}, "I32 Adds": {alu.AddS32, "add.i32"}, "I32 Muls": {alu.MulS32, "mul.lo.i32"}, "I64 Adds": {alu.AddS64, "add.i64"}, "I64 Muls": {alu.MulS64, "mul.lo.i64"},
	}, nil))
	writeDatasheets(b, run)
}

// bestMMA is the best measured rate (operations per clock per SM) of the
// matrix forms whose name holds substr, and false without one.
func bestMMA(run *record.Run, substr string) (float64, bool) {
	best := 0.0
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite == mma.Suite && r.Quantity == record.Throughput && r.Status == record.StatusOK && r.Group != mma.GroupFragment &&
			strings.Contains(r.Subject, substr) && !strings.HasSuffix(r.Subject, mma.ZerosSuffix) {
			best = max(best, r.Value)
		}
	}
	return best, best > 0
}

// writeDatasheets sets the measured GPU beside the vendors' figures for
// recent data-center GPUs, per SM or CU and clock.
func writeDatasheets(b *strings.Builder, run *record.Run) {
	ds := archdb.Datasheets()
	name := mdtext.Cell(orDash(run.Device.Name)) + " (this run)"
	b.WriteString("### Data-center GPUs, vendors' figures\n\n")
	fmt.Fprintf(b, "Per SM (NVIDIA) or compute unit (AMD) per clock, from the vendors' stated peaks (reference data; sources below); the %s column is measured (**bold**) or the driver's (*italic*). Operations count a fused multiply-add as two.\n\n", name)
	b.WriteString("| |")
	for _, d := range ds {
		fmt.Fprintf(b, " %s (%s) |", d.GPU, d.Architecture)
	}
	fmt.Fprintf(b, " %s |\n| --- |%s ---: |\n", name, strings.Repeat(" ---: |", len(ds)))
	cell := func(v float64, format string) string {
		if v == 0 {
			return "—"
		}
		return fmt.Sprintf(format, v)
	}
	ours := func(v float64, ok bool, format string) string {
		if !ok {
			return "—"
		}
		return measuredCell(fmt.Sprintf(format, v))
	}
	row := func(label string, f func(archdb.Datasheet) string, mine string) {
		fmt.Fprintf(b, "| %s |", label)
		for _, d := range ds {
			fmt.Fprintf(b, " %s |", f(d))
		}
		fmt.Fprintf(b, " %s |\n", mine)
	}
	d := run.Device
	row("SMs / CUs", func(x archdb.Datasheet) string { return fmt.Sprintf("%d %s", x.Units, x.UnitName) }, driverCell(fmt.Sprintf("%d SM", d.SMs)))
	clock := "—"
	if run.Warmup != nil && run.Warmup.Hz > 0 {
		clock = measuredCell(fmt.Sprintf("%.0f MHz", run.Warmup.Hz/1e6))
	}
	row("Clock of the rates", func(x archdb.Datasheet) string { return fmt.Sprintf("%.0f MHz", x.BoostMHz) }, clock)
	f32, ok32 := resultsPerClock(run, instr{alu.FmaF32, "fma.f32"})
	row("FP32 ops/clk", func(x archdb.Datasheet) string { return cell(x.FP32, "%.0f") }, ours(2*f32, ok32, "%.0f"))
	f64, ok64 := resultsPerClock(run, instr{alu.FmaF64, "fma.f64"})
	row("FP64 ops/clk", func(x archdb.Datasheet) string { return cell(x.FP64, "%.0f") }, ours(2*f64, ok64, "%.0f"))
	t16, ok16 := bestMMA(run, "+=f16")
	row("Tensor FP16 ops/clk, dense", func(x archdb.Datasheet) string { return cell(x.TensorFP16, "%.0f") }, ours(t16, ok16, "%.0f"))
	t64, okt64 := bestMMA(run, "f64+=f64")
	row("Tensor FP64 ops/clk", func(x archdb.Datasheet) string { return cell(x.TensorFP64, "%.0f") }, ours(t64, okt64, "%.0f"))
	l2 := "—"
	if v := d.Attributes["L2_CACHE_SIZE"]; v > 0 {
		l2 = driverCell(record.SizeString(float64(v)))
	}
	row("L2", func(x archdb.Datasheet) string {
		if x.L2 == "" {
			return "—"
		}
		return x.L2
	}, l2)
	dram := "—"
	for _, r := range memoryGroup(run, memory.GroupBandwidth) {
		if r.Subject == memory.DRAMRead && r.Status == record.StatusOK && r.Through != nil {
			dram = measuredCell(fmt.Sprintf("%.2f", r.Through.ResultsPerSecond/1e12))
		}
	}
	row("Memory TB/s", func(x archdb.Datasheet) string { return cell(x.MemoryTBs, "%.2f") }, dram)
	b.WriteString("\nSources: ")
	var src []string
	for _, x := range ds {
		src = append(src, x.GPU+": "+x.Source)
	}
	b.WriteString(strings.Join(src, "; ") + ".\n\n")
}
