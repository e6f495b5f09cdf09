package archdb

import "strings"

// Arch names an architecture whose vendor publishes per-unit, per-clock
// rates that VendorRates holds. The strings are stable identifiers, safe to
// store in results.
type Arch string

// The architectures with vendor-documented rates. RDNA 1, Vega and Intel
// Gen9 are described by the seed's tables only (see Family and SeedRate);
// Xe-LPG, Xe2 and RDNA 4 are recognised by neither, for want of a published
// per-clock rate read here.
const (
	CDNA1 Arch = "CDNA"   // Instinct MI100 (gfx908)
	CDNA2 Arch = "CDNA 2" // Instinct MI200 series (gfx90a)
	CDNA3 Arch = "CDNA 3" // Instinct MI300 series (gfx942)
	RDNA2 Arch = "RDNA 2" // Radeon RX 6000 series (gfx103x)
	RDNA3 Arch = "RDNA 3" // Radeon RX 7000 series (gfx110x)
	XeLP  Arch = "Xe-LP"  // Iris Xe, UHD Graphics 7xx, Iris Xe MAX (DG1)
	XeHPG Arch = "Xe-HPG" // Arc A-series, Data Center GPU Flex (DG2)
	XeHPC Arch = "Xe-HPC" // Data Center GPU Max (Ponte Vecchio)
)

// PCI vendor IDs, as Vulkan's VkPhysicalDeviceProperties.vendorID gives
// them.
const (
	VendorAMD    uint32 = 0x1002
	VendorIntel  uint32 = 0x8086
	VendorApple  uint32 = 0x106b
	VendorNVIDIA uint32 = 0x10de
)

// VendorName returns the maker a PCI vendor ID belongs to ("AMD", "Intel",
// "Apple", "NVIDIA"), or "" for another.
func VendorName(id uint32) string {
	switch id {
	case VendorAMD:
		return "AMD"
	case VendorIntel:
		return "Intel"
	case VendorApple:
		return "Apple"
	case VendorNVIDIA:
		return "NVIDIA"
	}
	return ""
}

// The sources VendorRates cites. The AMD Instinct tables state their rates
// per compute unit per clock as "FLOPS/CLOCK/CU"; the others are per-unit
// rates stated by the vendor, or a whole-GPU peak the vendor states divided
// by the unit count and clock the same page gives (the Rate's Note says so).
const (
	SourceMI300 = "AMD ROCm documentation, \"AMD Instinct MI300 series microarchitecture\", table \"Peak-performance capabilities " +
		"of the MI300X for different data types\" (FLOPS/CLOCK/CU column), https://rocm.docs.amd.com/en/docs-6.2.2/conceptual/gpu-arch/mi300.html " +
		"(docs/conceptual/gpu-arch/mi300.md in github.com/ROCm/ROCm at e396b48)"
	SourceMI250 = "AMD ROCm documentation, \"AMD Instinct MI250 microarchitecture\", table \"Peak-performance capabilities of the " +
		"MI250 OAM for different data types\" (FLOPS/CLOCK/CU column), https://rocm.docs.amd.com/en/docs-6.2.2/conceptual/gpu-arch/mi250.html " +
		"(docs/conceptual/gpu-arch/mi250.md in github.com/ROCm/ROCm at e396b48)"
	SourceMI100 = "AMD ROCm documentation, \"AMD Instinct MI100 microarchitecture\", table \"Peak-performance capabilities of MI100 " +
		"for different data types\" (FLOPS/CLOCK/CU column), https://rocm.docs.amd.com/en/docs-6.2.2/conceptual/gpu-arch/mi100.html " +
		"(docs/conceptual/gpu-arch/mi100.md in github.com/ROCm/ROCm at e396b48)"
	SourceRX7900XTX = "AMD product specifications, AMD Radeon RX 7900 XTX (https://www.amd.com/en/products/graphics/desktops/radeon/7000-series/amd-radeon-rx-7900xtx.html): " +
		"96 compute units, boost frequency up to 2500 MHz, peak single precision 61 TFLOPs, peak half precision 123 TFLOPs " +
		"(read from public copies of AMD's specification table, not from amd.com itself)"
	SourceRX6900XT = "AMD product specifications, AMD Radeon RX 6900 XT (https://www.amd.com/en/products/graphics/amd-radeon-rx-6900-xt): " +
		"80 compute units, boost frequency up to 2250 MHz, peak single precision 23.04 TFLOPs, peak half precision 46.08 TFLOPs " +
		"(read from public copies of AMD's specification table, not from amd.com itself)"
	SourceXeLP = "Intel oneAPI GPU Optimization Guide, \"Intel Xe GPU Architecture\" > \"Xe-LP Execution Units (EUs)\": EU operation " +
		"throughput FP32 8, FP16 16, INT32 8, INT16 16, INT8 32 (DP4A) per EU per clock; \"Xe-LP Dual Subslices\": 16 EUs per dual subslice, " +
		"https://www.intel.com/content/www/us/en/docs/oneapi/optimization-guide-gpu/2024-1/xe-arch.html"
	SourceXeHPG = "Intel Architecture Day 2021, Xe HPG presentation: an Xe-core holds 16 vector engines (256-bit) and 16 XMX matrix engines (1024-bit); " +
		"a vector engine does 16 FP32, 32 FP16 or 64 INT8 operations per clock, an XMX engine 128 FP16/BF16, 256 INT8 or 512 INT4/INT2 " +
		"operations per clock (as reported from Intel's slides in a Chinese-language review of the Arc A-series, https://m.yd166.com/jingyan/5611804206_3.html; " +
		"TechPowerUp's Xe HPC article, cited for Xe-HPC, contrasts Xe HPG's sixteen 256-bit vector and sixteen 1024-bit matrix engines per Xe-core; " +
		"Intel's slide deck itself was not read here)"
	SourceXeHPC = "Intel Architecture Day 2021, Xe HPC presentation: an Xe-core holds 8 vector engines (512-bit) and 8 XMX matrix engines (4096-bit); " +
		"per Xe-core per clock 256 FP64, 256 FP32 or 512 FP16 vector operations, 2048 TF32, 4096 FP16/BF16 or 8192 INT8 matrix operations " +
		"(as reported from Intel's slides by TechPowerUp, https://www.techpowerup.com/forums/threads/intel-xe-hpc-architecture-detailed-has-dual-use-as-compute-and-cloud-gaming-accelerator.285769/, " +
		"and Tom's Hardware, \"Intel Ponte Vecchio and Xe HPC Architecture: Built for Big Data\"; Intel's slide deck itself was not read here)"
)

// Rate is one vendor-documented rate of an architecture.
type Rate struct {
	Arch Arch
	// Op is the backend-neutral operation it documents (record.Record.Op:
	// "fma.f32", "fma.f64", "fma.f16x2", "add.i32"), or, for a matrix
	// unit, "mma." and the input element kind ("mma.f16", "mma.s8").
	Op string
	// Row is the quantity as the source words it ("Vector FP64").
	Row string
	// OpsPerClock is operations per clock per Unit as the source counts
	// them: a fused multiply-add counts two, each half of a packed
	// 16-bit operation counts on its own.
	OpsPerClock float64
	// Unit is what the rate is per: "CU" (AMD compute unit) or "Xe-core".
	Unit string
	// Source cites the document; Note says how the figure was derived
	// from it where it is not read off as it stands.
	Source, Note string
}

// ResultsPerClock is the rate in results per clock per unit, as gpuarch
// measures throughput: a fused multiply-add or a matrix multiply-add is two
// operations per result, anything else one.
func (r Rate) ResultsPerClock() float64 {
	if strings.HasPrefix(r.Op, "fma.") || strings.HasPrefix(r.Op, "mma.") {
		return r.OpsPerClock / 2
	}
	return r.OpsPerClock
}

// VendorRates returns every rate the package holds from AMD's and Intel's
// documents, each with its source. Rates a vendor does not publish (RDNA's
// FP64, integer and transcendental rates, RDNA 3's WMMA rate, Xe-HPG's FP64
// rate, anything of Xe2) are absent.
func VendorRates() []Rate {
	const (
		xeLPNote  = "per EU rate × 16 EUs per dual subslice: gpuarch counts Xe-LP's dual subslice where later Xe architectures have an Xe-core"
		sevenNote = "61 TFLOPs / (96 CUs × 2500 MHz) = 254.2; taken as 256 (96 × 2500 MHz × 256 = 61.44 TFLOPs, which AMD prints as 61), the figure the seed's RDNA 3 column also gives"
		sevenHalf = "123 TFLOPs / (96 CUs × 2500 MHz) = 512.5; AMD does not say whether packed VALU math or WMMA reaches it"
		sixNote   = "23.04 TFLOPs / (80 CUs × 2250 MHz)"
		sixHalf   = "46.08 TFLOPs / (80 CUs × 2250 MHz)"
		tf32Note  = "the table's row reads \"Vector TF32\"; the text above it names TF32 among the CDNA 3 Matrix Cores' types"
		hpgNote   = "per vector or XMX engine rate × 16 engines per Xe-core"
		rawVector = "Intel's slide states the per-engine and per-Xe-core vector rates; the per-Xe-core figure is used"
	)
	return []Rate{
		{CDNA3, "fma.f64", "Vector FP64", 128, "CU", SourceMI300, ""},
		{CDNA3, "fma.f32", "Vector FP32", 256, "CU", SourceMI300, ""},
		{CDNA3, "mma.f64", "Matrix FP64", 256, "CU", SourceMI300, ""},
		{CDNA3, "mma.f32", "Matrix FP32", 256, "CU", SourceMI300, ""},
		{CDNA3, "mma.tf32", "Vector TF32", 1024, "CU", SourceMI300, tf32Note},
		{CDNA3, "mma.f16", "Matrix FP16", 2048, "CU", SourceMI300, ""},
		{CDNA3, "mma.bf16", "Matrix BF16", 2048, "CU", SourceMI300, ""},
		{CDNA3, "mma.fp8", "Matrix FP8", 4096, "CU", SourceMI300, "the table does not name the FP8 encoding"},
		{CDNA3, "mma.s8", "Matrix INT8", 4096, "CU", SourceMI300, ""},

		{CDNA2, "fma.f64", "Vector FP64", 128, "CU", SourceMI250, ""},
		{CDNA2, "fma.f32", "Vector FP32", 128, "CU", SourceMI250, ""},
		{CDNA2, "fma.f32x2", "Packed FP32", 256, "CU", SourceMI250, ""},
		{CDNA2, "mma.f64", "Matrix FP64", 256, "CU", SourceMI250, ""},
		{CDNA2, "mma.f32", "Matrix FP32", 256, "CU", SourceMI250, ""},
		{CDNA2, "mma.f16", "Matrix FP16", 1024, "CU", SourceMI250, ""},
		{CDNA2, "mma.bf16", "Matrix BF16", 1024, "CU", SourceMI250, ""},
		{CDNA2, "mma.s8", "Matrix INT8", 1024, "CU", SourceMI250, ""},

		{CDNA1, "fma.f64", "Vector FP64", 64, "CU", SourceMI100, ""},
		{CDNA1, "fma.f32", "Vector FP32", 128, "CU", SourceMI100, ""},
		{CDNA1, "mma.f32", "Matrix FP32", 256, "CU", SourceMI100, ""},
		{CDNA1, "mma.f16", "Matrix FP16", 1024, "CU", SourceMI100, ""},
		{CDNA1, "mma.bf16", "Matrix BF16", 512, "CU", SourceMI100, ""},

		{RDNA3, "fma.f32", "Peak Single Precision Compute Performance", 256, "CU", SourceRX7900XTX, sevenNote},
		{RDNA3, "fma.f16x2", "Peak Half Precision Compute Performance", 512, "CU", SourceRX7900XTX, sevenHalf},
		{RDNA2, "fma.f32", "Peak Single Precision Compute Performance", 128, "CU", SourceRX6900XT, sixNote},
		{RDNA2, "fma.f16x2", "Peak Half Precision Compute Performance", 256, "CU", SourceRX6900XT, sixHalf},

		// Intel's Xe-LP table counts results (an 8-wide FMA is 8); ops
		// here count a multiply-add twice, so FP rates are doubled.
		{XeLP, "fma.f32", "FP32", 2 * 8 * 16, "Xe-core", SourceXeLP, xeLPNote + "; the table's 8 per EU counts 8-wide SIMD results, doubled here to count an FMA as two operations"},
		{XeLP, "fma.f16x2", "FP16", 2 * 16 * 16, "Xe-core", SourceXeLP, xeLPNote + "; the table's 16 per EU counts results, doubled here to count an FMA as two operations"},
		{XeLP, "add.i32", "INT32", 8 * 16, "Xe-core", SourceXeLP, xeLPNote},

		{XeHPG, "fma.f32", "FP32 (vector engine)", 16 * 16, "Xe-core", SourceXeHPG, hpgNote},
		{XeHPG, "fma.f16x2", "FP16 (vector engine)", 32 * 16, "Xe-core", SourceXeHPG, hpgNote},
		{XeHPG, "mma.f16", "FP16 (XMX)", 128 * 16, "Xe-core", SourceXeHPG, hpgNote},
		{XeHPG, "mma.bf16", "BF16 (XMX)", 128 * 16, "Xe-core", SourceXeHPG, hpgNote},
		{XeHPG, "mma.s8", "INT8 (XMX)", 256 * 16, "Xe-core", SourceXeHPG, hpgNote},

		{XeHPC, "fma.f64", "FP64 (vector)", 256, "Xe-core", SourceXeHPC, rawVector},
		{XeHPC, "fma.f32", "FP32 (vector)", 256, "Xe-core", SourceXeHPC, rawVector},
		{XeHPC, "fma.f16x2", "FP16 (vector)", 512, "Xe-core", SourceXeHPC, rawVector},
		{XeHPC, "mma.tf32", "TF32 (XMX)", 2048, "Xe-core", SourceXeHPC, ""},
		{XeHPC, "mma.f16", "FP16 (XMX)", 4096, "Xe-core", SourceXeHPC, ""},
		{XeHPC, "mma.bf16", "BF16 (XMX)", 4096, "Xe-core", SourceXeHPC, ""},
		{XeHPC, "mma.s8", "INT8 (XMX)", 8192, "Xe-core", SourceXeHPC, ""},
	}
}

// VendorRate returns the vendor-documented rate of op on arch, and false
// when the vendor publishes none.
func VendorRate(arch Arch, op string) (Rate, bool) {
	for _, r := range VendorRates() {
		if r.Arch == arch && r.Op == op {
			return r, true
		}
	}
	return Rate{}, false
}

// VendorArch recognises the architecture of an AMD or Intel GPU from what a
// Vulkan driver reports: the PCI vendor ID (0 when unknown), the vendor
// name and the device name. It knows the names RADV gives (the chip:
// "NAVI31", "GFX942"), the product names of AMD's and Intel's own drivers
// ("AMD Radeon RX 7900 XTX", "AMD Instinct MI300X", "Intel(R) Arc(TM) A770
// Graphics") and ANV's platform tags ("(TGL GT2)", "(DG2)"). It says ok
// false for any other device, Apple's included (Apple publishes no
// per-clock rates; see Family for the seed's).
func VendorArch(vendorID uint32, vendor, device string) (Arch, bool) {
	v := VendorName(vendorID)
	if v == "" {
		v = vendor
	}
	d := strings.ToUpper(device)
	has := func(subs ...string) bool {
		for _, s := range subs {
			if strings.Contains(d, s) {
				return true
			}
		}
		return false
	}
	switch strings.ToUpper(v) {
	case "AMD":
		switch {
		case has("MI300", "MI325", "GFX942", "GFX940", "GFX941"):
			return CDNA3, true
		case has("MI200", "MI210", "MI250", "GFX90A", "ALDEBARAN"):
			return CDNA2, true
		case has("MI100", "GFX908", "ARCTURUS"):
			return CDNA1, true
		case has("NAVI3", "GFX110", "PHOENIX", "RX 7", "PRO W7", "RADEON 7"):
			return RDNA3, true
		case has("NAVI2", "GFX103", "RX 6", "PRO W6", "RADEON 6", "SIENNA", "NAVY_FLOUNDER", "DIMGREY", "BEIGE_GOBY",
			"VANGOGH", "REMBRANDT", "RAPHAEL"):
			return RDNA2, true
		}
	case "INTEL":
		switch {
		case has("MAX 1100", "MAX 1550", "MAX 1450", "GPU MAX", "(PVC"):
			return XeHPC, true
		case has("(DG2", "ARC(TM) A", "ARC(R) A", "ARC A", "FLEX 1"):
			return XeHPG, true
		case has("(TGL", "(RKL", "(ADL", "(RPL", "(DG1", "(JSL", "(EHL", "XE MAX", "IRIS(R) XE"):
			return XeLP, true
		}
	}
	return "", false
}
