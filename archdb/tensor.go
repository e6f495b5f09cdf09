package archdb

// TensorSource cites the dense tensor-core peaks TensorPeak returns.
//
// NVIDIA publishes tensor throughput as whole-GPU TFLOPS at a boost clock;
// the per-SM, per-clock figures here are those divided by the SM count and
// that clock (H100 SXM5: 132 SMs, 1830 MHz: 989.4 TFLOPS FP16/BF16 dense =
// 4096 FLOP per clock per SM), and the same whitepaper's statement that
// Hopper doubles A100's per-SM FP64 tensor rate (A100: 19.5 TFLOPS at 108
// SMs and 1410 MHz = 128 FLOP per clock per SM). The H200 uses the same
// GH100 SMs.
const TensorSource = "NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022), H100 SXM5 dense peak TFLOPS " +
	"(FP16/BF16 989.4, TF32 494.7, FP8 1978.9, INT8 1978.9 TOPS) divided by 132 SMs × 1830 MHz; FP64 tensor: twice A100's " +
	"per-SM rate (NVIDIA A100 Tensor Core GPU Architecture whitepaper, 2020: 19.5 TFLOPS, 108 SMs, 1410 MHz)"

// TensorPeak returns the documented dense tensor-core rate, in operations
// (a multiply-add counts two) per clock per SM, for a compute capability
// and input element kind ("f16", "bf16", "tf32", "e4m3", "e5m2", "s8",
// "u8", "f64"), and false when no rate is documented.
func TensorPeak(cc, elem string) (float64, bool) {
	peaks := map[string]map[string]float64{
		"9.0": {"f16": 4096, "bf16": 4096, "tf32": 2048, "e4m3": 8192, "e5m2": 8192, "s8": 8192, "u8": 8192, "f64": 256},
	}
	v, ok := peaks[cc][elem]
	return v, ok
}

// MatrixPeak returns the vendor-documented dense matrix-unit rate of an
// AMD or Intel architecture (CDNA MFMA, Intel XMX), in operations (a
// multiply-add counts two) per clock per compute unit or Xe-core, for an
// input element kind ("f64", "f32", "tf32", "f16", "bf16", "fp8", "s8"),
// with the rate's source and row; false where the vendor publishes none
// (RDNA 3's WMMA rate among them). Its Rate.Source cites the document, as
// TensorSource does for TensorPeak.
func MatrixPeak(arch Arch, elem string) (Rate, bool) {
	return VendorRate(arch, "mma."+elem)
}
