package alu

import (
	"fmt"
	"math"

	"github.com/gpuarch/gpuarch/archdb"
	"github.com/gpuarch/gpuarch/record"
)

// Annotate puts NVIDIA's documented rate beside a throughput record (see
// Reference); other records are left as they are.
func Annotate(cc string, rec *record.Record) {
	if rec.Quantity == record.Throughput && rec.Through != nil {
		rec.Through.Reference = Reference(cc, rec)
	}
}

// AnnotateDevice puts the documented rate beside a throughput record of
// a device: NVIDIA's table by compute capability where the device has one;
// else the vendor's own per-unit rate for the architecture the device's
// vendor ID, vendor and name reveal (AMD CDNA and RDNA 2/3, Intel Xe; see
// archdb.VendorArch and archdb.VendorRate); else the seed's cross-vendor
// tables (AMD, Intel Gen9, Apple; see archdb.Family).
func AnnotateDevice(d record.Device, rec *record.Record) {
	if d.ComputeCapability != "" {
		Annotate(d.ComputeCapability, rec)
		return
	}
	if rec.Quantity != record.Throughput || rec.Through == nil {
		return
	}
	var vendorID uint32
	if d.Vulkan != nil {
		vendorID = d.Vulkan.VendorID
	}
	if arch, ok := archdb.VendorArch(vendorID, d.Vendor, d.Name); ok {
		if r, ok := archdb.VendorRate(arch, rec.Op); ok {
			rec.Through.Reference = VendorReference(r, rec)
			return
		}
	}
	vendor := d.Vendor
	if v := archdb.VendorName(vendorID); v != "" {
		vendor = v
	}
	fp, integer, ok := archdb.Family(vendor, d.Name)
	if !ok {
		return
	}
	rec.Through.Reference = SeedReference(fp, integer, rec)
}

// VendorReference compares a throughput record with a vendor-documented
// rate (archdb.VendorRate), per compute unit or Xe-core per clock. The
// measured number is never changed.
func VendorReference(r archdb.Rate, rec *record.Record) *record.Reference {
	row := fmt.Sprintf("%s: %s (%g ops/clock/%s)", r.Arch, r.Row, r.OpsPerClock, r.Unit)
	if r.Note != "" {
		row += "; " + r.Note
	}
	v := r.ResultsPerClock()
	ref := &record.Reference{Class: rec.Op, Row: row, Source: r.Source, ResultsPerClockPerSM: v}
	if rec.Status != record.StatusOK || rec.Through == nil {
		return ref
	}
	ref.Ratio = rec.Through.ResultsPerClockPerSM / v
	if math.Abs(ref.Ratio-1) > tolerance {
		ref.Flag = true
		ref.Reason = fmt.Sprintf("%.2f× the vendor's peak per %s per clock, which assumes every lane busy every clock", ref.Ratio, r.Unit)
		if r.Arch == archdb.RDNA3 {
			ref.Reason += "; RDNA 3 doubles its FP32 rate only for wave64 or for wave32 pairs the compiler packs into dual-issue (VOPD) instructions (AMD's statement quoted by Hardware Times, \"AMD RDNA 3 VOPD Instructions Provide only a 4% Performance Boost in Ray-Traced Scenes\")"
		}
	}
	return ref
}

// SeedReference compares a throughput record with the seed's documented
// rate for its operation on an architecture (archdb.SeedRate), or returns
// nil where the seed states none. The measured number is never changed.
func SeedReference(fp, integer string, rec *record.Record) *record.Reference {
	v, where, ok := archdb.SeedRate(fp, integer, rec.Op)
	if !ok {
		return nil
	}
	ref := &record.Reference{Class: rec.Op, Row: where, Source: archdb.CrossSource, ResultsPerClockPerSM: v}
	if rec.Status != record.StatusOK || rec.Through == nil {
		return ref
	}
	ref.Ratio = rec.Through.ResultsPerClockPerSM / v
	if math.Abs(ref.Ratio-1) > tolerance {
		ref.Flag = true
		ref.Reason = fmt.Sprintf("%.2f× the seed's figure, which counts per core as its table does (compute unit, core or EU cluster) and may assume another clock domain or instruction form", ref.Ratio)
	}
	return ref
}
