package cudagpu_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
)

// Each scattered write is in the loop once with the value it writes, and
// its machine-code check names the opcode ptxas gives it.
func TestScatterKernels(t *testing.T) {
	for _, c := range []struct {
		instr, line string
		expect      []string
	}{
		{"st.global.u32", "st.global.u32 [%rd2], %r7;", []string{"STG"}},
		{"red.global.add.u32", "red.global.add.u32 [%rd2], 1;", []string{"RED", "REDG"}},
		{"red.global.add.f32", "red.global.add.f32 [%rd2], 0f3F800000;", []string{"RED", "REDG"}},
	} {
		k := cudagpu.ScatterKernel("k", c.instr).String()
		if strings.Count(k, c.instr) != 1 || !strings.Contains(k, c.line) {
			t.Errorf("%s: the kernel lacks %q once:\n%s", c.instr, c.line, k)
		}
		if got := cudagpu.ScatterExpect(c.instr); !slices.Equal(got, c.expect) {
			t.Errorf("%s: expects %v, want %v", c.instr, got, c.expect)
		}
	}
}
