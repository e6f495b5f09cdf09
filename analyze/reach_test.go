package analyze

import (
	"testing"

	"github.com/gpuarch/gpuarch/sass"
)

// TestAccessReach walks listings written as the compiler writes them and
// checks what each access reaches over the whole loop.
func TestAccessReach(t *testing.T) {
	tests := []struct {
		name    string
		listing string
		// want maps an access's offset to its reach in bytes (0: not
		// bounded).
		want map[int]int64
	}{
		{
			// a[(k * T + tid) & 8191]: 32 KiB whatever k and T are.
			name: "masked window",
			listing: `
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LDC.64 R6, c[0x0][0x210] ;
        /*0020*/                   MOV R12, R0 ;
.L_x_1:
        /*0030*/                   LOP3.LUT R14, R12, 0x1fff, RZ, 0xc0, !PT ;
        /*0040*/                   IMAD.WIDE.U32 R16, R14, 0x4, R6 ;
        /*0050*/                   LDG.E R16, desc[UR6][R16.64] ;
        /*0060*/                   IADD3 R12, R12, UR5, RZ ;
        /*0070*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]int64{0x50: 32 << 10},
		},
		{
			// x[idx[(k + tid) & 8191] & m]: a line for each of the
			// window's 8192 indices.
			name: "gather through a window",
			listing: `
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LDC.64 R6, c[0x0][0x210] ;
        /*0020*/                   LDC.64 R8, c[0x0][0x218] ;
        /*0030*/                   ULDC UR8, c[0x0][0x220] ;
.L_x_1:
        /*0040*/                   LOP3.LUT R14, R12, 0x1fff, RZ, 0xc0, !PT ;
        /*0050*/                   IMAD.WIDE.U32 R16, R14, 0x4, R6 ;
        /*0060*/                   LDG.E R16, desc[UR6][R16.64] ;
        /*0070*/                   LOP3.LUT R19, R16, UR8, RZ, 0xc0, !PT ;
        /*0080*/                   IMAD.WIDE.U32 R18, R19, 0x4, R8 ;
        /*0090*/                   LDG.E R18, desc[UR6][R18.64] ;
        /*00a0*/                   IADD3 R12, R12, 0x1, RZ ;
        /*00b0*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]int64{0x60: 32 << 10, 0x90: 8192 * 128},
		},
		{
			// A pointer moved on every iteration reaches without
			// bound, and so does a hash.
			name: "stream and hash",
			listing: `
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LDC.64 R6, c[0x0][0x210] ;
        /*0020*/                   IMAD.WIDE.U32 R6, R0, 0x4, R6 ;
        /*0030*/                   MOV R12, R0 ;
.L_x_1:
        /*0040*/                   LDG.E R16, desc[UR6][R6.64] ;
        /*0050*/                   IADD3 R6, P0, R6, 0x200, RZ ;
        /*0060*/                   IADD3.X R7, RZ, R7, RZ, P0, !PT ;
        /*0070*/                   IMAD R12, R12, 0x19660d, R13 ;
        /*0080*/                   LOP3.LUT R14, R12, UR4, RZ, 0xc0, !PT ;
        /*0090*/                   LEA R18, P0, R14, UR8, 0x2 ;
        /*00a0*/                   LDG.E R18, desc[UR6][R18.64] ;
        /*00b0*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]int64{0x40: 0, 0xa0: 0},
		},
		{
			// C[1024 + (h >> 22)]: LEA.HI adds a hash's top ten bits
			// to 1024, 4 KiB past the array's start, 4 KiB wide.
			name: "a hash's top bits over a constant",
			listing: `
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LDC.64 R6, c[0x0][0x210] ;
.L_x_1:
        /*0020*/                   IMAD R0, R0, 0x19660d, R13 ;
        /*0030*/                   LEA.HI R9, R0, 0x400, RZ, 0xa ;
        /*0040*/                   IMAD.WIDE.U32 R8, R9, 0x4, R6 ;
        /*0050*/                   LDG.E R8, desc[UR6][R8.64] ;
        /*0060*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]int64{0x50: 4 << 10},
		},
		{
			// D[((h >> 12) << 6 & m) | (below 4096 ? 4096 : 0)]: the
			// compare writes only its predicate, and the select
			// picks one of two values, so the store reaches the
			// shifted hash's 2^26 words, 256 MiB (not one word).
			name: "a compare and a select",
			listing: `
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LDC.64 R6, c[0x0][0x210] ;
        /*0020*/                   ULDC UR5, c[0x0][0x220] ;
.L_x_1:
        /*0030*/                   IMAD R0, R0, 0x19660d, R13 ;
        /*0040*/                   SHF.R.U32.HI R10, RZ, 0xc, R0 ;
        /*0050*/                   IMAD.SHL.U32 R11, R10, 0x40, RZ ;
        /*0060*/                   LOP3.LUT R10, R11, UR5, RZ, 0xc0, !PT ;
        /*0070*/                   ISETP.GE.U32.AND P0, PT, R10, 0x1000, PT ;
        /*0080*/                   SEL R11, RZ, 0x1000, P0 ;
        /*0090*/                   LOP3.LUT R11, R11, R10, RZ, 0xfc, !PT ;
        /*00a0*/                   IMAD.WIDE.U32 R10, R11, 0x4, R6 ;
        /*00b0*/                   STG.E desc[UR6][R10.64], R0 ;
        /*00c0*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]int64{0xb0: 1 << 28},
		},
		{
			// p = *p: the chase's own loaded values are its
			// addresses, counted over no bound.
			name: "pointer chase",
			listing: `
        /*0000*/                   LDC.64 R2, c[0x0][0x210] ;
.L_x_1:
        /*0010*/                   LDG.E.64 R2, desc[UR4][R2.64] ;
        /*0020*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]int64{0x10: 0},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := sass.ParseListing(".text.k:\n" + tc.listing)
			if err != nil {
				t.Fatal(err)
			}
			f := l.Functions[0]
			loop := [2]int{f.Labels[".L_x_1"], 0}
			for _, in := range f.Instructions {
				if in.Base() == "BRA" {
					loop[1] = in.Offset
				}
			}
			loops := [][2]int{loop}
			las := laneAddresses(f.Instructions, loops)
			for off, want := range tc.want {
				la, ok := las[off]
				if !ok {
					t.Fatalf("%#x: no access", off)
				}
				got, known := reachBytes(la, 4)
				if !known {
					got = 0
				}
				if got != want {
					t.Errorf("%#x: reaches %d bytes (%+v), want %d", off, got, la.reach, want)
				}
			}
		})
	}
}
