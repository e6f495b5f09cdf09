package cudagpu

import (
	"testing"

	"github.com/gpuarch/gpuarch/sass"
)

func TestOperandCountsPerStep(t *testing.T) {
	var body []sass.Instruction
	for _, s := range []string{
		"FFMA R24, R24, R14, R15",              // R24, R14 share the even bank: one extra read
		"FFMA R4, R4, R14.reuse, R15.reuse",    // two from the reuse cache
		"LOP3.LUT R3, R3, R16, R18, 0x96, !PT", // R16, R18 even, R3 odd: one extra
		"IMAD R2, R4, R6, R8",                  // three even: two extra
		"UIADD3 UR4, UR4, 0x1, URZ",            // no general registers
	} {
		in, err := sass.ParseInstruction(s)
		if err != nil {
			t.Fatal(err)
		}
		body = append(body, in)
	}
	if got := reusePerStep(body, 4); got != 0.5 {
		t.Errorf("reuse per step %.2f, want 0.5", got)
	}
	if got := bankConflictsPerStep(body, 4); got != 1 {
		t.Errorf("bank conflicts per step %.2f, want 1", got)
	}
	if got := bankConflictsPerStep(nil, 0); got != 0 {
		t.Errorf("empty body: %.2f", got)
	}
}
