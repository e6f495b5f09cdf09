// Package archdb holds reference data about GPU architectures that ships with
// gpuarch: numbers a vendor documents, each with its source, for a report to
// show beside what gpuarch measured.
//
// Nothing here is measured, and no measured number is ever stored here;
// measurements live in records. A value the source does not give, or that
// could not be confirmed from it, is absent rather than estimated: callers
// get ok == false and should show nothing.
//
// The package holds NVIDIA's per-SM instruction throughput from the CUDA
// C++ Programming Guide (guide_throughput.go: Guide, GuideRow, Classes,
// GuideSource) and its tensor-core peaks (tensor.go: TensorPeak); the seed
// documents' cross-vendor tables (crossvendor.go, seedrates.go: Family,
// SeedRate); vendors' datasheets of data-center GPUs (datasheets.go); and
// AMD's and Intel's own per-unit, per-clock rates (vendorrates.go:
// VendorArch, VendorRate, with MatrixPeak for CDNA MFMA and Intel XMX) with
// the products they were read from (products.go: Products, ProductOf).
// Every figure carries its source; where a vendor states a whole-GPU peak
// rather than a per-unit rate, the derivation is written beside it.
//
// All data is built inside functions on each call; the package has no
// mutable global state, and callers may modify what they are given.
package archdb
