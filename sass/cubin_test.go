package sass

import (
	"debug/elf"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// wantKernels is what ParseCubin reads from testCubin.
var wantKernels = []Kernel{
	{Name: "k1", CodeBytes: 64, SharedBytes: 1024, Registers: 24},
	{Name: "k2", CodeBytes: 128, SharedBytes: 0, Registers: 32},
}

func TestParseCubin(t *testing.T) {
	withVersion := testCubin(8, 0x06005a04)
	withVersion.version = 129 // CUDA 12.9 writes its own number in e_version
	tests := []struct {
		name string
		elf  testELF
		want *Cubin
	}{
		{
			name: "sm_90 under ABI version 7 (CUDA 12)",
			elf:  testCubin(7, 0x5a055a),
			want: &Cubin{Arch: "sm_90", SM: 90, ABIVersion: 7, EFlags: 0x5a055a, Kernels: wantKernels},
		},
		{
			name: "sm_86 under ABI version 7",
			elf:  testCubin(7, 0x560556),
			want: &Cubin{Arch: "sm_86", SM: 86, ABIVersion: 7, EFlags: 0x560556, Kernels: wantKernels},
		},
		{
			name: "sm_90 under ABI version 8 (CUDA 13)",
			elf:  testCubin(8, 0x06005a04),
			want: &Cubin{Arch: "sm_90", SM: 90, ABIVersion: 8, EFlags: 0x06005a04, Kernels: wantKernels},
		},
		{
			name: "sm_100a under ABI version 8",
			elf:  testCubin(8, 0x06006402),
			want: &Cubin{Arch: "sm_100", SM: 100, ABIVersion: 8, EFlags: 0x06006402, Kernels: wantKernels},
		},
		{
			name: "sm_120 under ABI version 8",
			elf:  testCubin(8, 0x06007802),
			want: &Cubin{Arch: "sm_120", SM: 120, ABIVersion: 8, EFlags: 0x06007802, Kernels: wantKernels},
		},
		{
			name: "unknown ABI version, SM in the low byte",
			elf:  testCubin(0, 0x460546),
			want: &Cubin{Arch: "sm_70", SM: 70, ABIVersion: 0, EFlags: 0x460546, Kernels: wantKernels},
		},
		{
			name: "unknown ABI version, SM in the second byte",
			elf:  testCubin(9, 0x6402),
			want: &Cubin{Arch: "sm_100", SM: 100, ABIVersion: 9, EFlags: 0x6402, Kernels: wantKernels},
		},
		{
			name: "toolkit-specific e_version",
			elf:  withVersion,
			want: &Cubin{Arch: "sm_90", SM: 90, ABIVersion: 8, EFlags: 0x06005a04, Kernels: wantKernels},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseCubin(tt.elf.bytes())
			if err != nil {
				t.Fatalf("ParseCubin: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseCubin (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseCubinRegisterSources(t *testing.T) {
	noInfo := testCubin(7, 0x5a055a)
	noInfo.sections[secNVInfo-1].data = nil
	badInfo := testCubin(7, 0x5a055a)
	badInfo.sections[secNVInfo-1].data = append(eiattrHVAL(0x19, 0x10), 0x09, 0x2f, 0, 0)
	noSymtab := testCubin(7, 0x5a055a)
	noSymtab.sections[secSymtab-1].typ = elf.SHT_PROGBITS
	badIndex := testCubin(7, 0x5a055a)
	badIndex.sections[secNVInfo-1].data = eiattrSVAL(eiattrRegCount, 99, 24)
	tests := []struct {
		name     string
		elf      testELF
		wantRegs []int
	}{
		{name: "REGCOUNT wins over sh_info", elf: testCubin(7, 0x5a055a), wantRegs: []int{24, 32}},
		{name: "empty .nv.info falls back to sh_info", elf: noInfo, wantRegs: []int{40, 32}},
		{name: "unknown attribute format stops reading", elf: badInfo, wantRegs: []int{40, 32}},
		{name: "no symbol table", elf: noSymtab, wantRegs: []int{40, 32}},
		{name: "symbol index out of range", elf: badIndex, wantRegs: []int{40, 32}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ParseCubin(tt.elf.bytes())
			if err != nil {
				t.Fatalf("ParseCubin: %v", err)
			}
			var got []int
			for _, k := range c.Kernels {
				got = append(got, k.Registers)
			}
			if diff := cmp.Diff(tt.wantRegs, got); diff != "" {
				t.Errorf("registers (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseCubinErrors(t *testing.T) {
	valid := testCubin(7, 0x5a055a).bytes()
	x86 := testCubin(7, 0x5a055a)
	x86.machine = elf.EM_X86_64
	noSM := testCubin(8, 0x00000004)
	elf32 := append([]byte(nil), valid...)
	elf32[offEIClass] = byte(elf.ELFCLASS32)
	bigEndian := append([]byte(nil), valid...)
	bigEndian[offEIData] = byte(elf.ELFDATA2MSB)
	badShoff := append([]byte(nil), valid...)
	binary.LittleEndian.PutUint64(badShoff[40:], 1<<40)
	tests := []struct {
		name    string
		in      []byte
		wantErr string
	}{
		{name: "empty", in: nil, wantErr: "empty input"},
		{name: "not ELF", in: []byte("MZ\x90\x00 this is not an ELF file"), wantErr: "not an ELF file"},
		{name: "text", in: []byte("hello"), wantErr: "not an ELF file"},
		{name: "magic only", in: []byte(elf.ELFMAG), wantErr: "truncated ELF header"},
		{name: "truncated header", in: valid[:40], wantErr: "truncated ELF header"},
		{name: "x86-64 ELF", in: x86.bytes(), wantErr: "EM_X86_64"},
		{name: "ELF32", in: elf32, wantErr: "ELFCLASS32"},
		{name: "big endian", in: bigEndian, wantErr: "ELFDATA2MSB"},
		{name: "no SM version in e_flags", in: noSM.bytes(), wantErr: "no SM version"},
		{name: "truncated after the header", in: valid[:100], wantErr: "parse cubin"},
		{name: "section headers out of the file", in: badShoff, wantErr: "parse cubin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ParseCubin(tt.in)
			if err == nil {
				t.Fatalf("ParseCubin succeeded with %+v, want an error containing %q", c, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseCubin error = %q, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

func TestCubinKernel(t *testing.T) {
	c := &Cubin{Kernels: wantKernels}
	tests := []struct {
		name      string
		lookup    string
		wantOK    bool
		wantBytes int
	}{
		{name: "first", lookup: "k1", wantOK: true, wantBytes: 64},
		{name: "second", lookup: "k2", wantOK: true, wantBytes: 128},
		{name: "absent", lookup: "k3", wantOK: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, ok := c.Kernel(tt.lookup)
			if ok != tt.wantOK {
				t.Fatalf("Kernel(%q) ok = %v, want %v", tt.lookup, ok, tt.wantOK)
			}
			if ok && k.CodeBytes != tt.wantBytes {
				t.Errorf("Kernel(%q).CodeBytes = %d, want %d", tt.lookup, k.CodeBytes, tt.wantBytes)
			}
		})
	}
}

func TestParseNVInfo(t *testing.T) {
	tests := []struct {
		name      string
		data      []byte
		wantAttrs []uint8
		wantErr   bool
	}{
		{
			name:      "all formats",
			data:      append(append(eiattrSVAL(eiattrRegCount, 1, 24), eiattrHVAL(0x19, 0x10)...), 0x01, 0x35, 0, 0),
			wantAttrs: []uint8{eiattrRegCount, 0x19, 0x35},
		},
		{name: "empty", data: nil},
		{
			name:      "truncated header",
			data:      append(eiattrHVAL(0x19, 0x10), 0x04, 0x2f),
			wantAttrs: []uint8{0x19},
			wantErr:   true,
		},
		{
			name:    "payload overruns",
			data:    []byte{eifmtSVAL, eiattrRegCount, 8, 0, 1, 0, 0, 0},
			wantErr: true,
		},
		{
			name:    "unknown format",
			data:    []byte{0x07, 0x2f, 0, 0},
			wantErr: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			attrs, err := parseNVInfo(tt.data)
			if (err != nil) != tt.wantErr {
				t.Fatalf("parseNVInfo error = %v, want error %v", err, tt.wantErr)
			}
			var got []uint8
			for _, a := range attrs {
				got = append(got, a.attr)
			}
			if diff := cmp.Diff(tt.wantAttrs, got); diff != "" {
				t.Errorf("attributes (-want +got):\n%s", diff)
			}
		})
	}
}

func FuzzParseCubin(f *testing.F) {
	f.Add(testCubin(7, 0x5a055a).bytes())
	f.Add(testCubin(8, 0x06006402).bytes())
	f.Add([]byte{})
	f.Add([]byte(elf.ELFMAG))
	f.Add(testCubin(7, 0x5a055a).bytes()[:100])
	x86 := testCubin(7, 0x5a055a)
	x86.machine = elf.EM_X86_64
	f.Add(x86.bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := ParseCubin(b)
		if err != nil {
			return
		}
		if !strings.HasPrefix(c.Arch, "sm_") {
			t.Errorf("Arch = %q", c.Arch)
		}
		for _, k := range c.Kernels {
			if k.CodeBytes < 0 || k.SharedBytes < 0 || k.Registers < 0 {
				t.Errorf("negative size in %+v", k)
			}
		}
	})
}
