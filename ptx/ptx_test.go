package ptx

import (
	"strings"
	"testing"
)

func TestVersionFor(t *testing.T) {
	tests := []struct {
		name    string
		driver  int
		want    string
		wantErr bool
	}{
		{"cuda 13.0", 13000, "9.0", false},
		{"cuda 12.4", 12040, "8.4", false},
		{"cuda 12.6 has no new ISA", 12060, "8.5", false},
		{"cuda 11.8", 11080, "7.8", false},
		{"newer than the table", 99000, "9.1", false},
		{"too old", 10020, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := VersionFor(tc.driver)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tc.wantErr)
			}
			if got != tc.want {
				t.Errorf("VersionFor(%d) = %q, want %q", tc.driver, got, tc.want)
			}
		})
	}
}

func TestTargetFor(t *testing.T) {
	if got := TargetFor(9, 0, "a"); got != "sm_90a" {
		t.Errorf("TargetFor(9,0,a) = %q", got)
	}
	if got := TargetFor(8, 6, ""); got != "sm_86" {
		t.Errorf("TargetFor(8,6) = %q", got)
	}
}

func TestRegisterClasses(t *testing.T) {
	k := NewKernel("k")
	tests := []struct {
		typ  Type
		want string
	}{
		{F32, "%f0"}, {F32, "%f1"}, {F64, "%fd0"}, {S32, "%r0"}, {U32, "%r1"},
		{F16x2, "%r2"}, {B64, "%rd0"}, {U64, "%rd1"}, {Pred, "%p0"}, {F16, "%h0"},
	}
	for _, tc := range tests {
		if got := k.Reg(tc.typ).String(); got != tc.want {
			t.Errorf("Reg(%s) = %s, want %s", tc.typ, got, tc.want)
		}
	}
	src := k.String()
	for _, decl := range []string{".reg .f32 %f<2>;", ".reg .b32 %r<3>;", ".reg .pred %p<1>;", ".reg .b64 %rd<2>;", ".reg .b16 %h<1>;"} {
		if !strings.Contains(src, decl) {
			t.Errorf("missing declaration %q in\n%s", decl, src)
		}
	}
}

func TestKernelText(t *testing.T) {
	k := NewKernel("demo")
	out := k.Param("out", U64)
	n := k.Param("n", U32)
	base, count := k.Load(out), k.Load(n)
	x := k.Reg(F32)
	k.Op("mov.f32", x, Imm("0f3F800000"))
	k.Loop(count, func() { k.Op("add.rn.f32", x, x, x) })
	g := k.Reg(F32)
	k.Op("mov.f32", g, Imm("0f7FC00BAD"))
	k.StoreIfEqual(Addr{Base: base, Offset: 8}, x, g)
	m := &Module{Version: "9.0", Target: "sm_90"}
	m.Add(k)
	got := m.String()
	for _, want := range []string{
		".version 9.0\n.target sm_90\n.address_size 64",
		".visible .entry demo(\n\t.param .u64 demo_out,\n\t.param .u32 demo_n\n)",
		"ld.param.u64 %rd0, [demo_out];",
		`.pragma "nounroll";`,
		"setp.lt.u32 %p0, %r1, %r0;",
		"@%p0 bra.uni $L_loop_1;",
		"setp.eq.b32 %p1, %f0, %f1;",
		"@%p1 st.global.b32 [%rd0+8], %f0;",
		"\tret;\n}",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

func TestParamBytesAndDirectives(t *testing.T) {
	k := NewKernel("k")
	k.Param("out", U64)
	k.ParamBytes("tmap", 128, 64)
	k.Directive(".maxnreg 168")
	k.Directive(".reqnctapercluster 2, 1, 1")
	got := k.String()
	want := ".visible .entry k(\n\t.param .u64 k_out,\n\t.param .align 64 .b8 k_tmap[128]\n)\n.maxnreg 168\n.reqnctapercluster 2, 1, 1\n{\n"
	if !strings.HasPrefix(got, want) {
		t.Errorf("got\n%s\nwant a start of\n%s", got, want)
	}
}
