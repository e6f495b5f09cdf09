package alu

import (
	"fmt"
	"math"

	"github.com/gpuarch/gpuarch/archdb"
	"github.com/gpuarch/gpuarch/record"
)

// Key is the key a job measuring subject is tracked by.
func Key(subject string) string { return Suite + "/" + subject }

// Annotate puts NVIDIA's documented rate beside a throughput record (see
// Reference); other records are left as they are.
func Annotate(cc string, rec *record.Record) {
	if rec.Quantity == record.Throughput && rec.Through != nil {
		rec.Through.Reference = Reference(cc, rec)
	}
}

// AnnotateDevice puts the documented rate beside a throughput record of
// a device: NVIDIA's table by compute capability where the device has one,
// else the seed's cross-vendor tables for the architecture the device's
// vendor and name reveal (AMD, Intel Gen9, Apple; see archdb.Family).
func AnnotateDevice(d record.Device, rec *record.Record) {
	if d.ComputeCapability != "" {
		Annotate(d.ComputeCapability, rec)
		return
	}
	if rec.Quantity != record.Throughput || rec.Through == nil {
		return
	}
	fp, integer, ok := archdb.Family(d.Vendor, d.Name)
	if !ok {
		return
	}
	rec.Through.Reference = SeedReference(fp, integer, rec)
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
