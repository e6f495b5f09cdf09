package archdb

// Datasheet is one data-center GPU's published figures, per SM (NVIDIA) or
// compute unit (AMD) and clock where the vendor gives whole-GPU rates: the
// rate divided by the unit count and the stated peak clock.
type Datasheet struct {
	GPU, Architecture string
	Units             int     // SMs or CUs
	UnitName          string  // "SM" or "CU"
	BoostMHz          float64 // the clock the peak rates are stated at
	// Operations per clock per unit (a fused multiply-add counts two),
	// derived from the stated peaks.
	FP32, FP64, TensorFP16, TensorFP64 float64
	L2                                 string
	MemoryTBs                          float64
	Source                             string
}

// Datasheets are the vendors' figures for recent data-center GPUs, each
// with its source. Per-clock rates are the stated peaks divided by units ×
// clock; where a vendor states one family of peaks at another clock (H100
// tensor rates at 1830 MHz), the source says so.
func Datasheets() []Datasheet {
	return []Datasheet{
		{GPU: "Tesla V100 SXM2", Architecture: "Volta", Units: 80, UnitName: "SM", BoostMHz: 1530,
			FP32: 128, FP64: 64, TensorFP16: 1024, L2: "6 MB", MemoryTBs: 0.9,
			Source: "NVIDIA Tesla V100 GPU Architecture whitepaper (2017): 15.7 FP32 / 7.8 FP64 / 125 tensor TFLOPS, 80 SMs, 1530 MHz"},
		{GPU: "A100 SXM4 40 GB", Architecture: "Ampere", Units: 108, UnitName: "SM", BoostMHz: 1410,
			FP32: 128, FP64: 64, TensorFP16: 2048, TensorFP64: 128, L2: "40 MB", MemoryTBs: 1.555,
			Source: "NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020): 19.5 FP32 / 9.7 FP64 / 19.5 FP64 tensor / 312 FP16 tensor TFLOPS, 108 SMs, 1410 MHz"},
		{GPU: "H100 SXM5", Architecture: "Hopper", Units: 132, UnitName: "SM", BoostMHz: 1980,
			FP32: 256, FP64: 128, TensorFP16: 4096, TensorFP64: 256, L2: "50 MB", MemoryTBs: 3.35,
			Source: "NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022) and datasheet: 66.9 FP32 / 33.5 FP64 / 66.9 FP64 tensor TFLOPS at 1980 MHz; 989.4 FP16 tensor TFLOPS dense, stated at 1830 MHz"},
		{GPU: "H200 SXM", Architecture: "Hopper", Units: 132, UnitName: "SM", BoostMHz: 1980,
			FP32: 256, FP64: 128, TensorFP16: 4096, TensorFP64: 256, MemoryTBs: 4.8,
			Source: "NVIDIA H200 datasheet (2024): the H100 SXM5's compute (same GH100 SMs) with 141 GB HBM3e at 4.8 TB/s"},
		{GPU: "Instinct MI250X", Architecture: "CDNA 2", Units: 220, UnitName: "CU", BoostMHz: 1700,
			FP32: 128, FP64: 128, TensorFP16: 1024, TensorFP64: 256, L2: "2 × 8 MB", MemoryTBs: 3.2,
			Source: "AMD Instinct MI250X datasheet (2021): 47.9 FP32 / 47.9 FP64 vector, 95.7 FP64 matrix, 383 FP16 matrix TFLOPS, 220 CUs, 1700 MHz"},
		{GPU: "Instinct MI300X", Architecture: "CDNA 3", Units: 304, UnitName: "CU", BoostMHz: 2100,
			FP32: 256, FP64: 128, TensorFP16: 2048, TensorFP64: 256, L2: "8 × 4 MB, 256 MB Infinity Cache", MemoryTBs: 5.3,
			Source: "AMD Instinct MI300X datasheet and CDNA 3 whitepaper (2023): 163.4 FP32 / 81.7 FP64 vector, 163.4 FP64 matrix, 1307.4 FP16 matrix TFLOPS dense, 304 CUs, 2100 MHz"},
	}
}
