package cudagpu_test

import (
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
)

func TestWaitsKernel(t *testing.T) {
	for _, tt := range []struct {
		name         string
		loads, width int
		store        string
		want         []string
		count        map[string]int
	}{
		{"two 16-byte loads, kept", 2, 16, cudagpu.WaitsNoStore,
			[]string{"ld.global.v4.u32", "xor.b32", "%clock64", "setp.eq.b32", "setp.lt.u32"}, map[string]int{"ld.global.v4.u32": 2, "st.global.v4.u32": 0}},
		{"one 4-byte load copied", 1, 4, cudagpu.WaitsStoreOther,
			[]string{"ld.global.u32", "st.global.u32"}, map[string]int{"ld.global.u32": 1, "st.global.u32": 1}},
		{"one 8-byte load updated in place", 1, 8, cudagpu.WaitsStoreSame,
			[]string{"ld.global.v2.u32", "st.global.v2.u32"}, map[string]int{"ld.global.v2.u32": 1, "st.global.v2.u32": 1}},
	} {
		k, err := cudagpu.WaitsKernel("k", tt.loads, tt.width, tt.store)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		src := k.String()
		for _, w := range tt.want {
			if !strings.Contains(src, w) {
				t.Errorf("%s: no %q in\n%s", tt.name, w, src)
			}
		}
		for w, n := range tt.count {
			if got := strings.Count(src, w+" "); got != n {
				t.Errorf("%s: %d of %q, want %d", tt.name, got, w, n)
			}
		}
	}
	for _, bad := range []struct {
		loads, width int
		store        string
	}{{0, 4, ""}, {1, 3, ""}, {1, 32, ""}, {1, 4, "elsewhere"}} {
		if _, err := cudagpu.WaitsKernel("k", bad.loads, bad.width, bad.store); err == nil {
			t.Errorf("WaitsKernel(%d, %d, %q) built, want an error", bad.loads, bad.width, bad.store)
		}
	}
}
