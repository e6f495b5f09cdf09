package alu

import "github.com/gpuarch/gpuarch/record"

// Key is the key a job measuring subject is tracked by.
func Key(subject string) string { return Suite + "/" + subject }

// Annotate puts NVIDIA's documented rate beside a throughput record (see
// Reference); other records are left as they are.
func Annotate(cc string, rec *record.Record) {
	if rec.Quantity == record.Throughput && rec.Through != nil {
		rec.Through.Reference = Reference(cc, rec)
	}
}
