package report

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/archdb"
	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/record"
)

// resultsPerClock is an instruction's measured results per clock per SM
// (the alu or warp suite's throughput record), and false without one.
func resultsPerClock(run *record.Run, subject string) (float64, bool) {
	for i := range run.Records {
		r := &run.Records[i]
		if (r.Suite == "alu" || r.Suite == "warp") && r.Subject == subject && r.Quantity == record.Throughput &&
			r.Status == record.StatusOK && r.Through != nil {
			return r.Through.ResultsPerClockPerSM, true
		}
	}
	return 0, false
}

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
		col["Instruction Cache"] = measuredCell(bytesString(c.full) + " loop at full rate")
	}
	for _, r := range latencyCurves(run) {
		if r.Subject != "global ld.ca" {
			continue
		}
		if ls, err := infer.Levels(curvePoints(r), levelStep); err == nil && len(ls) > 1 && ls[0].Capacity > 0 {
			col["Data Cache"] = measuredCell(bytesString(ls[0].Capacity))
		}
	}
	if n := sharedBanks(run); n > 0 {
		col["Shared Bank Size"], col["Shared Banks"] = measuredCell("4 B"), measuredCell(fmt.Sprint(n))
	}
	if unit, _ := accessUnit(globalAccessRows(run), "ca"); unit > 0 {
		col["Global Cache Line"] = measuredCell(fmt.Sprintf("%d B", unit))
	}
	if v, ok := resultsPerClock(run, "shfl.sync.bfly.b32"); ok {
		col["SIMD Shuffle BW/Cycle"] = measuredCell(fmt.Sprintf("%.0f B", 4*v))
	}
	bw := memoryValues(run, "bandwidth")
	if v, ok := bw["shared read"]; ok {
		col["Shared BW/Cycle"] = measuredCell(fmt.Sprintf("%.1f B", v))
	}
	if v, ok := bw["L1 read"]; ok {
		col["On-Core Data BW/Cycle"] = measuredCell(fmt.Sprintf("%.1f B", v))
	}
	return col
}

// opsColumn fills an operations table's rows from the instructions that
// measure them; fma marks rows whose operations count a multiply-add as
// two.
func opsColumn(run *record.Run, subjects map[string]string, fma map[string]bool) thisGPU {
	col := thisGPU{}
	for row, subject := range subjects {
		v, ok := resultsPerClock(run, subject)
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
	name := orDash(run.Device.Name)
	b.WriteString("## Compared with other architectures\n\n")
	fmt.Fprintf(b, "The other columns are reference data, as the source gives them (%s); the %s column is this run's: **bold** measured here, *italic* the driver's attributes, — not measured. Operations count a fused multiply-add as two.\n\n", archdb.CrossSource, name)
	writeCrossTable(b, archdb.OnChipMemory(), name, onChipColumn(run))
	writeCrossTable(b, archdb.OpsPerCoreCycle(), name, opsColumn(run, map[string]string{
		"F16 OPs (FMA)": "fma.rn.f16x2", "F32 OPs (FMA)": "fma.rn.f32", "F64 OPs (FMA)": "fma.rn.f64",
		"F16 Adds": "add.rn.f16x2", "F32 Adds": "add.rn.f32", "F64 Adds": "add.rn.f64",
		"F32 Exp2": "ex2.approx.ftz.f32", "F32 Recip": "rcp.approx.ftz.f32", "F32 Rsqrt": "rsqrt.approx.ftz.f32", "F32 Sine": "sin.approx.f32",
	}, map[string]bool{"F16 OPs (FMA)": true, "F32 OPs (FMA)": true, "F64 OPs (FMA)": true}))
	writeCrossTable(b, archdb.IntOpsPerCoreCycle(), name, opsColumn(run, map[string]string{
		"I16 Adds": "add.s16", "I32 Adds": "add.s32", "I32 Muls": "mul.lo.s32", "I64 Adds": "add.s64", "I64 Muls": "mul.lo.s64",
	}, nil))
}
