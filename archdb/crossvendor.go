package archdb

// CrossSource cites the cross-vendor tables: the seeds' "Metal Benchmarks"
// document (later version), per GPU core (Apple), Xe core / EU group
// (Intel Gen9), compute unit (Vega), half WGP (RDNA) or SM (NVIDIA).
const CrossSource = "\"Metal Benchmarks\" (Philip Turner, later version), tables \"On-Chip Memory\" and \"Operations per Second\" (per core-cycle); " +
	"values as the document gives them (TBD, ranges and footnoted estimates included)"

// CrossTable is one of the seed's cross-vendor tables: the architectures
// it compares and a row per quantity, each value as the source writes it.
type CrossTable struct {
	Title    string
	Columns  []string
	Rows     []CrossRow
	Footnote string
}

// CrossRow is one quantity across the table's architectures.
type CrossRow struct {
	Quantity string
	Values   []string
}

// OnChipMemory is the seed's on-chip memory table, per core.
func OnChipMemory() CrossTable {
	return CrossTable{
		Title:   "On-chip memory, per core",
		Columns: []string{"Apple 7, 8", "Intel Gen9", "Vega", "RDNA 1, 2", "RDNA 3", "Pascal", "Turing", "Ampere, Ada"},
		Rows: []CrossRow{
			{"Max Threads", []string{"384-3072", "448-1792", "256-2560", "256-2048*", "384-2048", "256-2048", "256-1024", "256-1536"}},
			{"Register File", []string{"~208 KB", "224 KB", "256 KB", "256 KB", "384 KB", "256 KB", "256 KB", "256 KB"}},
			{"Shared Memory", []string{"~60 KB", "64 KB", "64 KB", "64 KB", "64 KB", "96 KB", "32-64 KB", "8-100 KB"}},
			{"Instruction Cache", []string{"12 KB", "TBD", "32 KB", "32 KB", "32 KB", "8 KB", "12 KB", "32 KB"}},
			{"Data Cache", []string{"8 KB", "512 KB", "16 KB", "32 KB", "32 KB", "24-48 KB", "32-64 KB", "28-120 KB"}},
			{"Shared Bank Size", []string{"TBD", "4 B", "4 B", "4 B", "4 B", "4 B", "4 B", "4 B"}},
			{"Shared Banks", []string{"TBD", "16", "32", "32", "32", "32", "32", "32"}},
			{"Global Cache Line", []string{"128 B", "64 B", "64 B", "128 B", "128 B", "128 B", "128 B", "128 B"}},
			{"SIMD Shuffle BW/Cycle", []string{"256 B", "TBD", "128 B", "128 B", "128 B", "128 B", "128 B", "128 B"}},
			{"Shared BW/Cycle", []string{"TBD", "64 B", "128 B", "128 B", "128 B", "128 B", "128 B", "128 B"}},
			{"On-Core Data BW/Cycle", []string{"64 B", "64 B", "64 B", "64 B", "64 B", "64 B", "64 B", "64 B"}},
		},
		Footnote: "* 256-2560 on RDNA 1, 256-2048 on RDNA 2 (halve the maximum in wave32 mode).",
	}
}

// OpsPerCoreCycle is the seed's floating-point operations per core-cycle
// table (a fused multiply-add counts two operations).
func OpsPerCoreCycle() CrossTable {
	return CrossTable{
		Title:   "Floating-point operations per core-cycle",
		Columns: []string{"A14", "M1, A15", "Intel Gen9", "Vega", "RDNA 1, 2", "RDNA 3", "Pascal", "Turing", "Ampere, Ada"},
		Rows: []CrossRow{
			{"F16 OPs (FMA)", []string{"256", "256", "256", "256", "256", "256", "4", "256", "256"}},
			{"F32 OPs (FMA)", []string{"128", "256", "128", "128", "128", "256", "256", "128", "256"}},
			{"F64 OPs (FMA)", []string{"≤3.8e", "≤3.8e", "32", "8", "8", "4", "8", "4", "4"}},
			{"F16 Adds", []string{"128", "128", "128", "128", "128", "128", "2", "128", "~128"}},
			{"F32 Adds", []string{"64", "128", "64", "64", "64", "128", "128", "64", "~128"}},
			{"F64 Adds", []string{"≤3.6e", "≤3.6e", "16", "4", "4", "2", "4", "2", "2"}},
			{"F32 Exp2", []string{"32", "32", "TBD", "32", "32", "~32", "32", "16", "16"}},
			{"F32 Recip", []string{"21", "21", "TBD", "32", "32", "25", "32", "16", "16"}},
			{"F32 Rsqrt", []string{"16", "16", "TBD", "32", "32", "20", "32", "16", "16"}},
			{"F32 Sine", []string{"9", "9", "TBD", "32", "32", "TBD", "32", "16", "16"}},
		},
		Footnote: "e: emulated IEEE-compliant FP59 (e11m48) on Apple GPUs.",
	}
}

// IntOpsPerCoreCycle is the seed's integer operations per core-cycle
// table.
func IntOpsPerCoreCycle() CrossTable {
	return CrossTable{
		Title:   "Integer operations per core-cycle",
		Columns: []string{"Apple 7, 8", "Vega", "RDNA 1, 2", "RDNA 3", "Pascal", "Turing", "Ampere, Ada"},
		Rows: []CrossRow{
			{"I16 Adds", []string{"128", "128", "128", "128", "128", "128", "64"}},
			{"I16 Muls", []string{"32", "TBD", "TBD", "128", "128", "32", "64"}},
			{"I32 Adds", []string{"128", "64", "64", "64", "64", "128", "64"}},
			{"I32 Muls", []string{"32", "TBD", "16", "16", "16", "32", "64"}},
			{"I64 Adds", []string{"32", "TBD", "TBD", "~32", "16", "32", "~32"}},
			{"I64 Muls", []string{"8", "TBD", "TBD", "4", "4", "8", "~16"}},
		},
	}
}
