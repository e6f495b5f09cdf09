// Package archdb holds reference data about GPU architectures that ships with
// gpuarch: numbers a vendor documents, each with its source, for a report to
// show beside what gpuarch measured.
//
// Nothing here is measured, and no measured number is ever stored here;
// measurements live in records. A value the source does not give, or that
// could not be confirmed from it, is absent rather than estimated: callers
// get ok == false and should show nothing.
//
// Today the package holds one table, NVIDIA's per-SM instruction throughput
// from the CUDA C++ Programming Guide (guide_throughput.go: Guide, GuideRow,
// Classes, GuideSource). Cross-vendor tables (the Metal Benchmarks seeds,
// vendor datasheets) are meant to join it, each in its own file with its own
// source constant.
//
// All data is built inside functions on each call; the package has no
// mutable global state, and callers may modify what they are given.
package archdb
