package record

import "testing"

func TestMakeID(t *testing.T) {
	for _, tc := range []struct {
		name                            string
		suite, family, subject, measure string
		want                            string
	}{
		{"subject and measure", "alu", "", "fma.rn.f32", "latency", "alu/fma.rn.f32/latency"},
		{"family and subject", "memory", "bandwidth", "DRAM read", "", "memory/bandwidth/DRAM read"},
		{"all four", "memory", "divergent loads", "L2, a line per lane", "throughput", "memory/divergent loads/L2, a line per lane/throughput"},
		{"a slash in the subject", "alu", "", "OpFDiv.f32 [1/x]", "latency", "alu/OpFDiv.f32 [1/x]/latency"},
		{"a family's prefix", "memory", "latency", "", "", "memory/latency"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := MakeID(tc.suite, tc.family, tc.subject, tc.measure); got != tc.want {
				t.Errorf("MakeID(%q, %q, %q, %q) = %q, want %q", tc.suite, tc.family, tc.subject, tc.measure, got, tc.want)
			}
		})
	}
}
