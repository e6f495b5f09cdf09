package archdb

// StudyFigure is a figure a published study measured on a Hopper GPU,
// shipped to be shown beside gpuarch's own measurement of the same
// quantity, never in its place.
type StudyFigure struct {
	// Quantity names what was measured, as the async suite's record
	// subjects do ("ld.shared::cluster, other SM").
	Quantity string
	Value    float64
	Unit     string
	// GPU is the part the study measured, Source the study and where in
	// it the figure is.
	GPU, Source string
}

// HopperStudies are published measurements of Hopper's data movement.
// Figures the studies give whole-GPU are converted nowhere: the unit
// says what they are. Sources marked "quoted" were read in a secondary
// text that cites the paper's table or section, not in the paper itself.
var HopperStudies = []StudyFigure{
	{"ld.shared::cluster, other SM", 181, "cycles", "H800 PCIe, 1755 MHz",
		"Luo et al., \"Dissecting the NVIDIA Hopper Architecture through Microbenchmarking and Multiple Level Analysis\", arXiv 2501.12084, §7.1 (cluster size 2; 184-213 over sizes 2-16); quoted"},
	{"ld.shared::cluster, other SM", 196, "cycles", "H100",
		"Jin et al., \"Uncovering Real GPU NoC Characteristics\", MICRO 2024, Fig. 7b (nearest SM pair; about 213 for the farthest)"},
	{"ld.shared, own block", 29, "cycles", "H800 PCIe, 1755 MHz",
		"Luo et al., arXiv 2501.12084, §7.1 (local shared memory); quoted"},
	{"DSM load", 3.27e12, "bytes/second, whole GPU", "H800 PCIe",
		"Luo et al., \"Benchmarking and Dissecting the Nvidia Hopper GPU Architecture\", IPDPS 2024, arXiv 2402.13499, Fig. 8 (cluster size 2; 2.65e12 at size 4); quoted"},
	{"DSM load", 3.35e12, "bytes/second, whole GPU", "H100 SXM5",
		"ClusterFusion, arXiv 2508.18850, §2.3 / Fig. 5 (cluster size 2, read off a plot; 2.90e12 at size 16); quoted"},
	{"barrier.cluster", 1100, "cycles", "H100 PCIe",
		"Lühnen et al., HPEC 2024 (cluster.sync of up to 8 blocks, 1100-1300 cycles); quoted"},
}
