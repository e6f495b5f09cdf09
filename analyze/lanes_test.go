package analyze

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/sass"
)

func TestLaneStrides(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R25, SR_TID.X ;
        /*0010*/                   LOP3.LUT R25, R25, 0x1f, RZ, 0xc0, !PT ;
        /*0020*/                   SHF.L.U32 R29, R25.reuse, 0x2, RZ ;
        /*0030*/                   SHF.L.U32 R25, R25, 0x3, RZ ;
.L_x_1:
        /*0040*/                   SHF.L.U32 R4, R29, 0x2, RZ ;
        /*0050*/                   SHF.L.U32 R5, R25, 0x2, RZ ;
        /*0060*/                   LOP3.LUT R4, R4, 0xff0, RZ, 0xc0, !PT ;
        /*0070*/                   LOP3.LUT R8, R5, 0xfe0, RZ, 0xc0, !PT ;
        /*0080*/                   LDS.128 R4, [R4+UR6] ;
        /*0090*/                   IADD3 R25, R25, 0x10, RZ ;
        /*00a0*/                   LDS.128 R8, [R8+UR7] ;
        /*00b0*/                   LDS R12, [R4] ;
        /*00c0*/                   LDS R13, [UR4+0x10] ;
        /*00d0*/                   BRA ` + "`" + `(.L_x_1) ;
`)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Functions) != 1 {
		t.Fatalf("%d functions", len(l.Functions))
	}
	got := laneStrides(l.Functions[0].Instructions)
	want := map[int]int64{0x80: 16, 0xa0: 32, 0xc0: 0}
	for off, s := range want {
		if g, ok := got[off]; !ok || g != s {
			t.Errorf("%#x: stride %d (known %v), want %d", off, g, ok, s)
		}
	}
	if _, ok := got[0xb0]; ok {
		t.Errorf("%#x: stride known through a loaded register", 0xb0)
	}
}

// TestLaneAddresses evaluates the lanes of small listings as a compiler
// writes them, and what each access shows.
func TestLaneAddresses(t *testing.T) {
	tests := []struct {
		name    string
		listing string
		// want is each access's lanesText, by offset.
		want map[int]string
	}{
		{
			// The case: a column address through IMAD on the
			// lane, unseen by the first stride follower.
			name: "imad column",
			listing: `
        /*0000*/                   S2R R8, SR_TID.X ;
        /*0010*/                   LOP3.LUT R8, R8, 0x1f, RZ, 0xc0, !PT ;
        /*0020*/                   S2UR UR5, SR_CgaCtaId ;
        /*0030*/                   UMOV UR4, 0x400 ;
        /*0040*/                   ULEA UR5, UR5, UR4, 0x18 ;
        /*0050*/                   MOV R5, RZ ;
.L_x_1:
        /*0060*/                   IMAD R6, R8, 0x20, R5 ;
        /*0070*/                   LEA R6, R6, UR5, 0x2 ;
        /*0080*/                   LDS R7, [R6] ;
        /*0090*/                   IADD3 R5, R5, 0x1, RZ ;
        /*00a0*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{0x80: "lane stride 128 B: 32-way conflict, 32 wavefronts; +4 B an iteration"},
		},
		{
			// A store every eighth iteration whose address the
			// instructions under its guard compute: the store sees
			// their values (a lane stride of 4 bytes), not their
			// merge with the registers' values where the guard is
			// false.
			name: "guarded address",
			listing: `
        /*0000*/                   S2R R6, SR_LANEID ;
        /*0010*/                   MOV R15, RZ ;
.L_x_1:
        /*0020*/                   LOP3.LUT R10, R15, 0x7, RZ, 0xc0, !PT ;
        /*0030*/                   ISETP.NE.AND P0, PT, R10, 0x7, PT ;
        /*0040*/              @!P0 SHF.R.U32.HI R20, RZ, 0x3, R15 ;
        /*0050*/              @!P0 IMAD R21, R20, 0x20, R6 ;
        /*0060*/              @!P0 LEA R10, R21, UR4, 0x2 ;
        /*0070*/              @!P0 STS [R10], R7 ;
        /*0080*/                   VIADD R15, R15, 0x1 ;
        /*0090*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{0x70: "lane stride 4 B: conflict-free, 1 wavefront; +0 B an iteration"},
		},
		{
			// A counter that wraps at a bound the grid's size gives,
			// divided by a reciprocal the compiler computes in float
			// (I2F, MUFU.RCP, F2I of the thread count): every lane
			// has the same bound, so the counter, and the row it
			// picks, stay warp-uniform and the lanes consecutive.
			name: "counter wrapped at a bound computed in float",
			listing: `
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   I2F.U32.RP R10, UR4 ;
        /*0020*/                   MUFU.RCP R10, R10 ;
        /*0030*/                   VIADD R8, R10, 0xffffffe ;
        /*0040*/                   F2I.FTZ.U32.TRUNC.NTZ R12, R8 ;
        /*0050*/                   MOV R9, RZ ;
.L_x_1:
        /*0060*/                   IMAD R10, R9, UR5, R0 ;
        /*0070*/                   LOP3.LUT R11, R10, 0xfff, RZ, 0xc0, !PT ;
        /*0080*/                   LEA R11, R11, UR6, 0x2 ;
        /*0090*/                   LDS R5, [R11] ;
        /*00a0*/                   VIADD R9, R9, 0x1 ;
        /*00b0*/                   ISETP.NE.AND P0, PT, R9, R12, PT ;
        /*00c0*/                   SEL R9, R9, RZ, P0 ;
        /*00d0*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{0x90: "lane stride 4 B: conflict-free, 1 wavefront"},
		},
		{
			// A row index of the lane's low bits OR-ed into a
			// uniform tile offset whose bits lie above them, from the
			// thread index, whose bits above the mask the OR never
			// reads: (k*16 & 0x30) | (tid & 15), rows 128 bytes apart.
			name: "masked lane bits or-ed into a uniform offset",
			listing: `
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   MOV R21, RZ ;
.L_x_1:
        /*0020*/                   IMAD.SHL.U32 R12, R21, 0x10, RZ ;
        /*0030*/                   LOP3.LUT R13, R12, 0x30, RZ, 0xc0, !PT ;
        /*0040*/                   LOP3.LUT R13, R13, 0xf, R0, 0xf8, !PT ;
        /*0050*/                   LEA R13, R13, UR4, 0x7 ;
        /*0060*/                   LDS R5, [R13] ;
        /*0070*/                   VIADD R21, R21, 0x1 ;
        /*0080*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{0x60: "lanes at irregular offsets: 16-way conflict, 16 wavefronts; +2048 B an iteration"},
		},
		{
			// A row of a padded tile OR-ed into a uniform row base,
			// and a broadcast from a uniform address.
			name: "or into base, broadcast",
			listing: `
        /*0000*/                   S2R R0, SR_LANEID ;
        /*0010*/                   MOV R4, RZ ;
.L_x_1:
        /*0020*/                   LOP3.LUT R5, R4, 0x3e0, RZ, 0xc0, !PT ;
        /*0030*/                   LOP3.LUT R5, R5, 0x1f, R0, 0xf8, !PT ;
        /*0040*/                   LEA R5, R5, UR5, 0x2 ;
        /*0050*/                   LDS R6, [R5] ;
        /*0060*/                   LDS R7, [UR4+0x10] ;
        /*0070*/                   VIADD R4, R4, 0x20 ;
        /*0080*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{
				0x50: "lane stride 4 B: conflict-free, 1 wavefront; +128 B an iteration",
				0x60: "broadcast (every lane one address): conflict-free, 1 wavefront; +0 B an iteration",
			},
		},
		{
			// Global loads: float lanes two and 32 apart from a
			// pointer parameter; a hashed index is scattered.
			name: "global strides and a hash",
			listing: `
        /*0000*/                   S2R R11, SR_TID.X ;
        /*0010*/                   LDC.64 R6, c[0x0][0x248] ;
        /*0020*/                   SHF.L.U32 R13, R11, 0x1, RZ ;
        /*0030*/                   SHF.L.U32 R12, R11, 0x5, RZ ;
        /*0040*/                   IMAD R10, R11, -0x61c8864f, RZ ;
.L_x_1:
        /*0050*/                   IMAD.WIDE.U32 R2, R13, 0x4, R6 ;
        /*0060*/                   LDG.E R4, desc[UR6][R2.64] ;
        /*0070*/                   IMAD.WIDE.U32 R2, R12, 0x4, R6 ;
        /*0080*/                   LDG.E R5, desc[UR6][R2.64] ;
        /*0090*/                   LOP3.LUT R0, R10, UR4, RZ, 0x3c, !PT ;
        /*00a0*/                   SHF.R.U32.HI R8, RZ, 0xd, R0 ;
        /*00b0*/                   LOP3.LUT R8, R8, R0, RZ, 0x3c, !PT ;
        /*00c0*/                   IMAD.WIDE.U32 R2, R8, 0x4, R6 ;
        /*00d0*/                   LDG.E R9, desc[UR6][R2.64] ;
        /*00e0*/                   UIADD3 UR4, UR4, 0x1, URZ ;
        /*00f0*/                   IADD3 R13, R13, 0x40, RZ ;
        /*0100*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{
				0x60: "lane stride 8 B: 8 sectors, 2 lines per request; +256 B an iteration",
				0x80: "lane stride 128 B: 32 sectors, 32 lines per request; +0 B an iteration",
				0xd0: "scattered (hashed per lane): taken as a line per lane",
			},
		},
		{
			// An FFT's bit-reversed index: BREV of (32·k + lane) &
			// 0x3ff, its top ten bits brought down by LEA.HI (>> 19,
			// eight bytes an element): the lanes 256 B apart in
			// bit-reversed order, every one on the same two banks.
			name: "bit reversal",
			listing: `
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LOP3.LUT R4, R0, 0x1f, RZ, 0xc0, !PT ;
.L_x_1:
        /*0020*/                   LOP3.LUT R5, R4.reuse, 0x3ff, RZ, 0xc0, !PT ;
        /*0030*/                   VIADD R4, R4, 0x20 ;
        /*0040*/                   BREV R5, R5 ;
        /*0050*/                   LEA.HI R6, R5, UR5, RZ, 0xd ;
        /*0060*/                   LDS.64 R6, [R6] ;
        /*0070*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{0x60: "lanes at irregular offsets: 16-way conflict, 32 wavefronts; +128 B an iteration"},
		},
		{
			// A 3D stencil's x neighbour, u[row | ((x + 1) & 63)] with
			// j = (i + k·T) & m, row = j & ~63 & m: the row's AND of
			// the index, a constant and the run-time mask keeps the
			// index's alignment (32 lanes from a multiple of 32 stay
			// in one 64-word row), and the OR of the row with the
			// masked column is their sum: consecutive lanes, the
			// column wrapped within the row. The row's base is named
			// within the iteration (a warp-uniform value's AND with the
			// run-time mask is named as a lane-varying one's is), so the
			// column's +1 shows: words x+1 .. x+32 of the row, 5 sectors
			// on 2 lines whichever half of the row x starts (at 32, the
			// wrap puts word 0 on the row's first line).
			name: "stencil neighbour wrapped in its row",
			listing: `
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LDC R15, c[0x0][0x250] ;
        /*0020*/                   LDC.64 R4, c[0x0][0x248] ;
        /*0030*/                   LDC R17, c[0x0][RZ] ;
        /*0034*/                   IMAD R17, R17, UR4, RZ ;
        /*0038*/                   MOV R18, R0 ;
.L_x_1:
        /*0040*/                   LOP3.LUT R19, R18, R15, RZ, 0xc0, !PT ;
        /*0050*/                   LOP3.LUT R7, R18, 0xffffffc0, R15, 0x80, !PT ;
        /*0060*/                   VIADD R6, R19, 0x1 ;
        /*0070*/                   LOP3.LUT R21, R7, 0x3f, R6, 0xf8, !PT ;
        /*0080*/                   IMAD.WIDE.U32 R20, R21, 0x4, R4 ;
        /*0090*/                   LDG.E R20, desc[UR6][R20.64] ;
        /*00a0*/                   IADD3 R18, R17, R18, RZ ;
        /*00b0*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{0x90: "lane stride 4 B: 5 sectors, 2 lines per request"},
		},
		{
			// A bilinear resize's source column: the lane's column
			// made a float, scaled by 2/3 and offset by -0.5 (FFMA by
			// a constant register and an immediate), rounded down,
			// clamped to [0, 254] and OR-ed onto a row a multiple of
			// 256: each lane's column is its offset × 2/3 rounded
			// (0, 1, 1, 2, 3, 3, ...), 22 words in 88 bytes, the
			// clamp not reached within the warp.
			name: "float coordinate rounded",
			listing: `
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LDC.64 R4, c[0x0][0x248] ;
        /*0020*/                   IMAD.MOV.U32 R20, RZ, RZ, 0x3f2aaaab ;
        /*0030*/                   LDC R15, c[0x0][RZ] ;
        /*0040*/                   IMAD R15, R15, UR4, RZ ;
        /*0050*/                   MOV R17, R0 ;
        /*0058*/                   LDC R9, c[0x0][0x250] ;
.L_x_1:
        /*0060*/                   I2FP.F32.S32 R6, R17 ;
        /*0070*/                   FADD R6, R6, 0.5 ;
        /*0080*/                   FFMA R6, R6, R20, -0.5 ;
        /*0090*/                   F2I.FLOOR.NTZ R6, R6 ;
        /*00a0*/                   VIMNMX.RELU R6, R6, 0xfe, PT ;
        /*00b0*/                   SHF.L.U32 R7, R9, 0x8, RZ ;
        /*00c0*/                   LOP3.LUT R6, R7, R6, RZ, 0xfc, !PT ;
        /*00d0*/                   IMAD.WIDE.U32 R6, R6, 0x4, R4 ;
        /*00e0*/                   LDG.E R6, desc[UR6][R6.64] ;
        /*00f0*/                   IADD3 R17, R15, R17, RZ ;
        /*0100*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{0xe0: "lanes at irregular offsets: 3 sectors, 1 line per request"},
		},
		{
			// A bilinear sample of an image rotated by 10 degrees: the
			// pixel's column and row made floats, rotated (FMUL and
			// FFMA by constants), rounded down and made a row-major
			// index (the grid's stride a multiple of 32 threads, so a
			// warp's pixels stay on one row): a warp's 32 consecutive
			// pixels read six rows of the source (each lane's offset
			// rotated and rounded), a few sectors on each; the right
			// neighbour's load (+1, masked) is the same lines again.
			name: "rotated float coordinates",
			listing: `
        /*0000*/                   S2R R14, SR_TID.X ;
        /*0010*/                   LDC R17, c[0x0][0x250] ;
        /*0020*/                   LDC.64 R4, c[0x0][0x248] ;
        /*0030*/                   S2UR UR4, SR_CTAID.X ;
        /*0040*/                   LDC R7, c[0x0][RZ] ;
        /*0050*/                   IMAD R18, R7, UR4, R14 ;
        /*0058*/                   IMAD R16, R7, UR5, RZ ;
.L_x_1:
        /*0060*/                   LOP3.LUT R20, R18, R17, RZ, 0xc0, !PT ;
        /*0070*/                   LOP3.LUT R6, R18, 0x3ff, R17, 0x80, !PT ;
        /*0080*/                   SHF.R.U32.HI R7, RZ, 0xa, R20 ;
        /*0090*/                   I2FP.F32.U32 R6, R6 ;
        /*00a0*/                   I2FP.F32.U32 R7, R7 ;
        /*00b0*/                   FADD R6, R6, -512 ;
        /*00c0*/                   FADD R7, R7, -512 ;
        /*00d0*/                   FMUL R9, R7, -0.1736481785774230957 ;
        /*00e0*/                   FMUL R7, R7, 0.98480772972106933594 ;
        /*00f0*/                   FFMA R9, R6, 0.98480772972106933594, R9 ;
        /*0100*/                   FFMA R7, R6, 0.1736481785774230957, R7 ;
        /*0110*/                   FADD R19, R9, 512 ;
        /*0120*/                   FADD R21, R7, 512 ;
        /*0130*/                   F2I.FLOOR.NTZ R9, R19 ;
        /*0140*/                   F2I.FLOOR.NTZ R6, R21 ;
        /*0150*/                   LEA R6, R6, R9, 0xa ;
        /*0160*/                   LOP3.LUT R7, R6, R17, RZ, 0xc0, !PT ;
        /*0170*/                   VIADD R6, R7, 0x1 ;
        /*0180*/                   LOP3.LUT R9, R6, R17, RZ, 0xc0, !PT ;
        /*0190*/                   IMAD.WIDE.U32 R6, R7, 0x4, R4 ;
        /*01a0*/                   IMAD.WIDE.U32 R8, R9, 0x4, R4 ;
        /*01b0*/                   LDG.E R6, desc[UR6][R6.64] ;
        /*01c0*/                   LDG.E R9, desc[UR6][R8.64] ;
        /*01d0*/                   IADD3 R18, R18, R16, RZ ;
        /*01e0*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{
				0x1b0: "lanes at irregular offsets: 9 sectors, 6 lines per request",
				0x1c0: "lanes at irregular offsets: 9 sectors, 7 lines per request; the lines of 0x0001b0's load again, +4 B on (the L1 serves them)",
			},
		},
		{
			// A loop counter started by CS2R R6, SRZ, which zeroes the
			// pair R6 and R7: R7 held the thread index before, and the
			// counter's bit 5 ORed onto the lane is a column of a
			// byte tile, consecutive bytes in one wavefront, not a
			// scattered one.
			name: "counter zeroed by CS2R",
			listing: `
        /*0000*/                   S2R R7, SR_TID.X ;
        /*0010*/                   S2R R0, SR_TID.X ;
        /*0020*/                   MOV R5, 0x400 ;
        /*0030*/                   CS2R R6, SRZ ;
.L_x_1:
        /*0040*/                   SHF.R.U32.HI R9, RZ, 0x1, R7 ;
        /*0050*/                   VIADD R7, R7, 0x1 ;
        /*0060*/                   LOP3.LUT R9, R9, 0x20, RZ, 0xc0, !PT ;
        /*0070*/                   LOP3.LUT R9, R9, 0x1f, R0, 0xf8, !PT ;
        /*0080*/                   IMAD.IADD R9, R9, 0x1, R5 ;
        /*0090*/                   LDS.U8 R10, [R9] ;
        /*00a0*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{0x90: "lane stride 1 B: conflict-free, 1 wavefront; +0 B an iteration"},
		},
		{
			// A histogram's bin: a hash shifted right 24 bits, so one of
			// 256 words; same-bin lanes share a word.
			name: "histogram bin",
			listing: `
        /*0000*/                   S2R R3, SR_TID.X ;
.L_x_1:
        /*0010*/                   LOP3.LUT R3, R3, UR4, RZ, 0x3c, !PT ;
        /*0020*/                   IMAD R3, R3, 0x19660d, R2 ;
        /*0030*/                   SHF.R.U32.HI R4, RZ, 0x18, R3 ;
        /*0040*/                   LEA R4, R4, UR5, 0x2 ;
        /*0050*/                   ATOMS.POPC.INC.32 RZ, [R4] ;
        /*0060*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{0x50: "scattered (hashed per lane): random banks, 3.2 wavefronts expected"},
		},
		{
			// ldmatrix rows 128 and 144 bytes apart.
			name: "ldmatrix",
			listing: `
        /*0000*/                   S2R R0, SR_LANEID ;
        /*0010*/                   IMAD.SHL.U32 R1, R0, 0x80, RZ ;
        /*0020*/                   IMAD R2, R0, 0x90, RZ ;
.L_x_1:
        /*0030*/                   LDSM.16.M88.4 R4, [R1+UR5] ;
        /*0040*/                   LDSM.16.M88.4 R8, [R2+UR5] ;
        /*0050*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{
				0x30: "ldmatrix rows, lane stride 128 B: 8-way conflict, 32 wavefronts; +0 B an iteration",
				0x40: "ldmatrix rows, lane stride 144 B: conflict-free, 4 wavefronts; +0 B an iteration",
			},
		},
		{
			// A column index (px >> 2) over an offset rotating by 3
			// an iteration, kept as a field by the mask 0x3c: runs of
			// four lanes on one word, nine words in all, one
			// wavefront (not hashed lanes).
			name: "field of a rotating index",
			listing: `
        /*0000*/                   S2R R11, SR_TID.X ;
.L_x_1:
        /*0010*/                   LOP3.LUT R13, R11, 0x1f, RZ, 0xc0, !PT ;
        /*0020*/                   LOP3.LUT R14, R13, 0x3c, RZ, 0xc0, !PT ;
        /*0030*/                   IADD3 R16, R14, UR5, RZ ;
        /*0040*/                   LDS R18, [R16+0x400] ;
        /*0050*/                   VIADD R11, R11, 0x3 ;
        /*0060*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{0x40: "lanes at irregular offsets: conflict-free, 1 wavefront"},
		},
		{
			// An embedding's rows of 16 words, a row index loaded per
			// half-warp (thread >> 4), masked and hashed with a
			// uniform, then the lane's word in its row: two rows a
			// warp, not a line per lane.
			name: "row index loaded per half-warp",
			listing: `
        /*0000*/                   S2R R7, SR_TID.X ;
        /*0010*/                   LOP3.LUT R10, R7, 0xf, RZ, 0xc0, !PT ;
        /*0020*/                   SHF.R.U32.HI R12, RZ, 0x4, R7 ;
        /*0028*/                   LDC.64 R4, c[0x0][0x248] ;
.L_x_1:
        /*0030*/                   IMAD.SHL.U32 R6, R12, 0x4, RZ ;
        /*0040*/                   LOP3.LUT R6, R6, 0x7ffc, RZ, 0xc0, !PT ;
        /*0050*/                   IADD3 R8, P0, R6, UR8, RZ ;
        /*0060*/                   IMAD.X R9, RZ, RZ, UR9, P0 ;
        /*0070*/                   LDG.E R9, desc[UR6][R8.64] ;
        /*0080*/                   LOP3.LUT R7, R9, UR5, RZ, 0x48, !PT ;
        /*0090*/                   IMAD R7, R7, 0x10, R10 ;
        /*00a0*/                   IMAD.WIDE.U32 R6, R7, 0x4, R4 ;
        /*00b0*/                   LDG.E R7, desc[UR6][R6.64] ;
        /*00c0*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{0xb0: "2 groups of lanes, each at one loaded value: 4 sectors, 2 lines per request"},
		},
		{
			// A tile transposed through shared memory (corpus23's
			// transpose_f32_tile32x8_pad33_gmem_sdk): the tile row's
			// mask is a USEL of (m >> 16) << 5 - 32 and zero, a
			// multiple of 32 either way, so ORing the lane into the
			// masked row is adding it; rows r | 8 and r | 16 of one
			// tile are two rows, not one row's lines again.
			name: "tile rows under a selected mask",
			listing: `
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   S2R R8, SR_CTAID.X ;
        /*0020*/                   ULDC UR4, c[0x0][0x250] ;
        /*0030*/                   LDC.64 R2, c[0x0][0x210] ;
        /*0040*/                   USHF.R.U32.HI UR5, URZ, 0x10, UR4 ;
        /*0050*/                   UISETP.GT.U32.AND UP0, UPT, UR4, 0xffff, UPT ;
        /*0060*/                   ULEA UR5, UR5, 0xffffffe0, 0x5 ;
        /*0070*/                   USEL UR5, UR5, URZ, UP0 ;
        /*0080*/                   SHF.R.U32.HI R17, RZ, 0x5, R0 ;
        /*0090*/                   LOP3.LUT R17, R17, 0x7, RZ, 0xc0, !PT ;
.L_x_1:
        /*00a0*/                   LOP3.LUT R26, R8, UR5, RZ, 0xc0, !PT ;
        /*00b0*/                   LOP3.LUT R9, R26, 0x8, R17, 0xfe, !PT ;
        /*00c0*/                   LOP3.LUT R11, R26, 0x10, R17, 0xfe, !PT ;
        /*00d0*/                   LOP3.LUT R26, R26, 0x1f, R0, 0xf8, !PT ;
        /*00e0*/                   IMAD.WIDE.U32 R6, R26, 0x4, R2 ;
        /*00f0*/                   STG.E desc[UR6][R6.64], R26 ;
        /*0100*/                   IMAD R9, R9, 0x400, R26 ;
        /*0110*/                   IMAD R11, R11, 0x400, R26 ;
        /*0120*/                   IMAD.WIDE.U32 R12, R9, 0x4, R2 ;
        /*0130*/                   IMAD.WIDE.U32 R14, R11, 0x4, R2 ;
        /*0140*/                   LDG.E R9, desc[UR6][R12.64] ;
        /*0150*/                   LDG.E R11, desc[UR6][R14.64] ;
        /*0160*/                   IADD3 R8, R8, 0x1, RZ ;
        /*0170*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{
				0xf0:  "lane stride 4 B: 4 sectors, 1 line per request",
				0x140: "lane stride 4 B: 4 sectors, 1 line per request",
				0x150: "lane stride 4 B: 4 sectors, 1 line per request",
			},
		},
		{
			// A match key of an LCG's top three bits (corpus8's
			// match_any_leader_bcast): 32 draws among eight values,
			// 7.89 distinct expected, whatever the hash.
			name: "match key of a shift's top bits",
			listing: `
        /*0000*/                   S2R R11, SR_TID.X ;
        /*0010*/                   IMAD R0, R11, -0x61c8864f, 0x1 ;
.L_x_1:
        /*0020*/                   IMAD R0, R0, 0x19660d, 0x3c6ef35f ;
        /*0030*/                   SHF.R.U32.HI R5, RZ, 0x1d, R0 ;
        /*0040*/                   MATCH.ANY R5, R5 ;
        /*0050*/                   LOP3.LUT R6, R0, 0x3, RZ, 0xc0, !PT ;
        /*0060*/                   MATCH.ANY R6, R6 ;
        /*0070*/                   MATCH.ANY R7, R0 ;
        /*0080*/                   LOP3.LUT R8, R11, 0x3, RZ, 0xc0, !PT ;
        /*0090*/                   MATCH.ANY R8, R8 ;
        /*00a0*/                   BRA ` + "`" + `(.L_x_1) ;
`,
			want: map[int]string{
				0x40: "match key of 7.9 distinct values among the lanes (counted where the lanes are followed, else expected of 32 draws among the values the key can take: a hash's, or up to 32 of a key read from memory)",
				0x60: "match key of 4.0 distinct values among the lanes (counted where the lanes are followed, else expected of 32 draws among the values the key can take: a hash's, or up to 32 of a key read from memory)",
				0x70: "match key of 32.0 distinct values among the lanes (counted where the lanes are followed, else expected of 32 draws among the values the key can take: a hash's, or up to 32 of a key read from memory)",
				0x90: "match key of 4.0 distinct values among the lanes (counted where the lanes are followed, else expected of 32 draws among the values the key can take: a hash's, or up to 32 of a key read from memory)",
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := sass.ParseListing("        .text.k:\n" + tc.listing)
			if err != nil {
				t.Fatal(err)
			}
			ins := l.Functions[0].Instructions
			start, end := firstAfterLabel(tc.listing), 0
			for _, in := range ins {
				if in.Base() == "BRA" {
					end = in.Offset
				}
			}
			lm := &loopModel{body: ins, lanes: laneAddresses(ins, [][2]int{{start, end}})}
			for _, in := range ins {
				if op, ok := memoryOp(in); ok {
					lm.mem = append(lm.mem, &op)
				} else {
					lm.mem = append(lm.mem, nil)
				}
			}
			lm.divergent = make([]bool, len(ins))
			for i, in := range ins {
				if op := lm.mem[i]; op != nil && op.space == "global" && lm.lanes[in.Offset].scattered {
					lm.divergent[i] = lm.lanes[in.Offset].lineEach(op.bytes)
				}
			}
			for i, in := range ins {
				want, ok := tc.want[in.Offset]
				if !ok {
					continue
				}
				if got := lm.lanesText(i); got != want {
					t.Errorf("%#x %s: %q, want %q", in.Offset, in.Opcode, got, want)
				}
			}
		})
	}
}

// firstAfterLabel is the offset of the first instruction after the
// listing's loop label.
func firstAfterLabel(listing string) int {
	_, rest, _ := strings.Cut(listing, ".L_x_1:\n")
	var off int
	fmt.Sscanf(strings.TrimSpace(rest), "/*%x*/", &off)
	return off
}

// TestLaneChoicesAndGridWindows: a select on loaded data makes each lane
// pick among the select's values (a binary search's probes), and a hashed
// index confined by a shift to a window that does not depend on the block
// index is the same window in every block, which a block-indexed base
// is not.
func TestLaneChoicesAndGridWindows(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   S2R R7, SR_CTAID.X ;
        /*0020*/                   S2UR UR5, SR_CgaCtaId ;
        /*0030*/                   UMOV UR4, 0x400 ;
        /*0040*/                   ULEA UR5, UR5, UR4, 0x18 ;
        /*0050*/                   LDC.64 R20, c[0x0][0x210] ;
        /*0060*/                   LDS R5, [UR5] ;
        /*0070*/                   LOP3.LUT R8, R5, R0, RZ, 0x3c, !PT ;
.L_x_1:
        /*0080*/                   IMAD R8, R8, 0x19660d, RZ ;
        /*0090*/                   ISETP.GE.U32.AND P0, PT, R5, R8, PT ;
        /*00a0*/                   SEL R10, RZ, 0x100, P0 ;
        /*00b0*/                   LEA R11, R10, UR5, 0x2 ;
        /*00c0*/                   LDS R12, [R11+0x3fc] ;
        /*00d0*/                   ISETP.GE.U32.AND P1, PT, R12, R8, PT ;
        /*00e0*/                   SEL R13, RZ, 0x80, P1 ;
        /*00f0*/                   IMAD.IADD R13, R10, 0x1, R13 ;
        /*0100*/                   LEA R14, R13, UR5, 0x2 ;
        /*0110*/                   LDS R15, [R14+0x1fc] ;
        /*0120*/                   SHF.R.U32.HI R16, RZ, 0x18, R8 ;
        /*0130*/                   IMAD.WIDE.U32 R16, R16, 0x4, R20 ;
        /*0140*/                   REDG.E.ADD.STRONG.GPU desc[UR6][R16.64], R13 ;
        /*0150*/                   IMAD R18, R7, 0x400, R16 ;
        /*0160*/                   IMAD.WIDE.U32 R18, R18, 0x1, R20 ;
        /*0170*/                   REDG.E.ADD.STRONG.GPU desc[UR6][R18.64], R13 ;
        /*0180*/                   BRA ` + "`" + `(.L_x_1) ;
`)
	if err != nil {
		t.Fatal(err)
	}
	las := laneAddresses(l.Functions[0].Instructions, [][2]int{{0x80, 0x180}})
	// Two probes: 0x3fc over {0, 0x400} words' bytes, then 0x1fc over
	// {0, 0x200, 0x400, 0x600}: all on one bank, so 2 and 4 wavefronts.
	for off, n := range map[int]int{0xc0: 2, 0x110: 4} {
		la := las[off]
		if !la.scattered || len(la.vals) != n || la.valsAlign < 128 {
			t.Fatalf("%#x: scattered %v, %d choices over a base aligned to %d; want %d choices, 128-byte aligned", off, la.scattered, len(la.vals), la.valsAlign, n)
		}
		if w := choiceWavefronts(la.vals, 4); w < float64(n)-0.01 || w > float64(n) {
			t.Errorf("%#x: %.2f wavefronts expected, want %d (one bank, %d words)", off, w, n, n)
		}
	}
	if la := las[0x140]; !la.scattered || !la.shared || la.span != 1021 {
		t.Errorf("0x140: scattered %v, shared by every block %v, span %d; want a window of 1021 bytes every block shares", la.scattered, la.shared, la.span)
	}
	if la := las[0x170]; la.shared {
		t.Errorf("0x170: a window over the block index taken as one every block shares")
	}
}

// TestSharedWavefrontCount covers the bank rule for each width: a 4-byte
// access served for the whole warp, wider ones a phase of 128 bytes'
// lanes at a time, never fewer than the lanes' bytes over 128.
func TestSharedWavefrontCount(t *testing.T) {
	lanes := func(f func(l int64) int64) (o [32]int64) {
		for l := range o {
			o[l] = f(int64(l))
		}
		return o
	}
	for _, c := range []struct {
		name    string
		offsets [32]int64
		width   int
		want    int
	}{
		{"4-byte stride 1", lanes(func(l int64) int64 { return 4 * l }), 4, 1},
		{"4-byte column of a 32-wide tile", lanes(func(l int64) int64 { return 128 * l }), 4, 32},
		{"4-byte two lanes a word", lanes(func(l int64) int64 { return 4 * (l / 2) }), 4, 1},
		{"8-byte stride 1", lanes(func(l int64) int64 { return 8 * l }), 8, 2},
		{"8-byte stride 2", lanes(func(l int64) int64 { return 16 * l }), 8, 4},
		// The transpose of a 16 × 16 tile of int2s: lanes 0-15 down a
		// column on banks 0-1, lanes 16-31 down the next on banks 2-3.
		// One phase of 16 lanes after the other: 32, where the whole
		// warp at once would pair them in 16.
		{"8-byte transpose, halves on other banks", lanes(func(l int64) int64 { return 128*(l%16) + 8*(l/16) }), 8, 32},
		// The second half reads the first half's addresses: served
		// with it.
		{"8-byte halves alike", lanes(func(l int64) int64 { return 128 * (l % 16) }), 8, 16},
		{"16-byte stride 1", lanes(func(l int64) int64 { return 16 * l }), 16, 4},
		{"16-byte stride 2", lanes(func(l int64) int64 { return 32 * l }), 16, 8},
		// A register tile's operand: eight addresses, four lanes each.
		{"16-byte eight addresses", lanes(func(l int64) int64 { return 16 * (l / 4) }), 16, 4},
	} {
		if got := sharedWavefrontCount(c.offsets, c.width, 0); got != c.want {
			t.Errorf("%s: %d wavefronts, want %d", c.name, got, c.want)
		}
	}
}

// TestIterationNeighbours: a 1-D stencil's loads, (c+k) & mask scaled to
// bytes for k = -1, +1 and 0, share one base within an iteration, their
// displacements the stencil's offsets; a load from another array has
// another base.
func TestIterationNeighbours(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LDC R9, c[0x0][0x244] ;
        /*0020*/                   LDC.64 R6, c[0x0][0x248] ;
        /*0030*/                   LDC.64 R4, c[0x0][0x250] ;
        /*0040*/                   MOV R10, R0 ;
.L_x_1:
        /*0050*/                   VIADD R12, R10, 0xffffffff ;
        /*0060*/                   VIADD R14, R10, 0x1 ;
        /*0070*/                   LOP3.LUT R13, R12, R9, RZ, 0xc0, !PT ;
        /*0080*/                   LOP3.LUT R15, R14, R9, RZ, 0xc0, !PT ;
        /*0090*/                   LOP3.LUT R17, R10, R9, RZ, 0xc0, !PT ;
        /*00a0*/                   IMAD.WIDE.U32 R12, R13, 0x4, R6 ;
        /*00b0*/                   IMAD.WIDE.U32 R14, R15, 0x4, R6 ;
        /*00c0*/                   IMAD.WIDE.U32 R16, R17, 0x4, R6 ;
        /*00d0*/                   IMAD.WIDE.U32 R18, R17, 0x4, R4 ;
        /*00e0*/                   LDG.E R20, desc[UR6][R12.64] ;
        /*00f0*/                   LDG.E R21, desc[UR6][R14.64] ;
        /*0100*/                   LDG.E R22, desc[UR6][R16.64] ;
        /*0110*/                   LDG.E R23, desc[UR6][R18.64] ;
        /*0120*/                   IADD3 R10, R10, 0x1000, RZ ;
        /*0130*/                   BRA ` + "`" + `(.L_x_1) ;
`)
	if err != nil {
		t.Fatal(err)
	}
	las := laneAddresses(l.Functions[0].Instructions, [][2]int{{0x50, 0x130}})
	lead := sameBase(t, las, 0xe0, map[int]int64{0xf0: 8, 0x100: 4})
	if las[0x110].iterSym == lead.iterSym {
		t.Errorf("0x110: another array's load given 0xe0's base")
	}
}

// sameBase checks that the accesses at the offsets of want are named on
// the base of the access at lead within an iteration, each the given
// bytes from it, and returns lead's.
func sameBase(t *testing.T, las map[int]laneAccess, lead int, want map[int]int64) laneAccess {
	t.Helper()
	l := las[lead]
	if l.iterSym == 0 {
		t.Fatalf("%#x: no base named within the iteration", lead)
	}
	for off, w := range want {
		if la := las[off]; la.iterSym != l.iterSym || la.iterOff-l.iterOff != w {
			t.Errorf("%#x: base %x, %+d B from %#x's (base %x); want the same base, %+d B", off, la.iterSym, la.iterOff-l.iterOff, lead, l.iterSym, w)
		}
	}
	return l
}

// TestRowNeighbours: a 3×3 box filter's loads of the row above (corpus18's
// box3x3_global_ldg): x = p & 1023 (written p & 0x3ff & m), its
// neighbours ((p & m) ± 1) & 1023, the row's base (p & ~1023 & m) - 1024
// & m OR-ed with each. The row above's three loads are one base's, 4 bytes
// apart, so the L1 serves what the first brought; the row's base is one
// value for the warp (p >> 10 of a warp's 32 consecutive p).
func TestRowNeighbours(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R21, SR_TID.X ;
        /*0010*/                   LDC R18, c[0x0][0x244] ;
        /*0020*/                   LDC.64 R4, c[0x0][0x248] ;
.L_x_1:
        /*0030*/                   LOP3.LUT R8, R21, 0xfffffc00, R18, 0x80, !PT ;
        /*0040*/                   LOP3.LUT R23, R21, R18, RZ, 0xc0, !PT ;
        /*0050*/                   VIADD R7, R8, 0xfffffc00 ;
        /*0060*/                   IADD3 R6, R23, -0x1, RZ ;
        /*0070*/                   VIADD R29, R23, 0x1 ;
        /*0080*/                   LOP3.LUT R15, R6, 0x3ff, RZ, 0xc0, !PT ;
        /*0090*/                   LOP3.LUT R10, R7, R18, RZ, 0xc0, !PT ;
        /*00a0*/                   LOP3.LUT R9, R21, 0x3ff, R18, 0x80, !PT ;
        /*00b0*/                   LOP3.LUT R29, R29, 0x3ff, RZ, 0xc0, !PT ;
        /*00c0*/                   LOP3.LUT R25, R10, R15, RZ, 0xfc, !PT ;
        /*00d0*/                   LOP3.LUT R27, R10, R9, RZ, 0xfc, !PT ;
        /*00e0*/                   LOP3.LUT R11, R10, R29, RZ, 0xfc, !PT ;
        /*00f0*/                   IMAD.WIDE.U32 R24, R25, 0x4, R4 ;
        /*0100*/                   IMAD.WIDE.U32 R26, R27, 0x4, R4 ;
        /*0110*/                   IMAD.WIDE.U32 R12, R11, 0x4, R4 ;
        /*0120*/                   LDG.E.CONSTANT R30, desc[UR6][R24.64] ;
        /*0130*/                   LDG.E.CONSTANT R31, desc[UR6][R26.64] ;
        /*0140*/                   LDG.E.CONSTANT R32, desc[UR6][R12.64] ;
        /*0150*/                   SHF.R.U32.HI R33, RZ, 0xa, R23 ;
        /*0160*/                   IADD3 R21, R21, 0x1000, RZ ;
        /*0170*/                   BRA ` + "`" + `(.L_x_1) ;
`)
	if err != nil {
		t.Fatal(err)
	}
	ins := l.Functions[0].Instructions
	las := laneAddresses(ins, [][2]int{{0x30, 0x170}})
	if lead := sameBase(t, las, 0x120, map[int]int64{0x130: 4, 0x140: 8}); !lead.known {
		t.Errorf("0x120: lanes not followed")
	}
	s := laneState{}
	for _, in := range ins[:len(ins)-2] {
		s.step(in)
	}
	if v := s["R33"]; !v.ok || !v.uniform() {
		t.Errorf("p >> 10 of a warp's consecutive p: ok %v, lanes %v; want one value for the warp", v.ok, v.d)
	}
}

// A walk through a table by the words it holds (corpus9's chase_uin_l1):
// the next index, the loaded word's top 13 bits XOR-ed with a few bits of
// the counter, stays below 2^13 iteration after iteration, so the load
// is scattered over the table's 32 KiB, not over all memory.
func TestBoundedChaseSpan(t *testing.T) {
	l, err := sass.ParseListing(`        .text.k:
        /*0000*/                   S2R R13, SR_TID.X ;
        /*0010*/                   LDC.64 R4, c[0x0][0x210] ;
        /*0020*/                   LOP3.LUT R13, R13, 0x1fff, RZ, 0xc0, !PT ;
.L_x_1:
        /*0030*/                   IMAD.WIDE.U32 R6, R13, 0x4, R4 ;
        /*0040*/                   LDG.E R6, desc[UR4][R6.64] ;
        /*0050*/                   SHF.R.U32.HI R9, RZ, 0x13, R6 ;
        /*0060*/                   LOP3.LUT R13, R9, 0x7, R0, 0x78, !PT ;
        /*0070*/                   VIADD R0, R0, 0x1 ;
        /*0080*/                   BRA ` + "`" + `(.L_x_1) ;
`)
	if err != nil {
		t.Fatal(err)
	}
	la := laneAddresses(l.Functions[0].Instructions, [][2]int{{0x30, 0x80}})[0x40]
	if !la.scattered || la.span <= 0 || la.span > 1<<15 {
		t.Errorf("load at 0x40: scattered %v over %d bytes, want scattered within 32 KiB", la.scattered, la.span)
	}
	// Each result bit of a LOP3 reads only its inputs' bits there: a
	// 13-bit value XOR-ed with (7 & anything) stays below 2^13; OR-ed
	// with anything, it is unbounded.
	v13 := lval{scrambled: true, span: 1 << 13, whole: true}
	if got := lop3Span(0x78, v13, constVal(7), lval{}); got != 1<<13 {
		t.Errorf("lop3Span(a ^ (7 & c)) = %d, want 8192", got)
	}
	if got := lop3Span(0xfe, v13, constVal(7), lval{}); got != 0 {
		t.Errorf("lop3Span(a | b | c) = %d, want 0 (no bound)", got)
	}
}

// A shared word every warp of a block updates (a block's total at an
// index of the loop counter) is no warp's own; one indexed by the thread
// index is, and one by the lane alone (tid & 31) is the same in every
// warp.
func TestWarpShared(t *testing.T) {
	l, err := sass.ParseListing(`        .text.k:
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   S2UR UR5, SR_CgaCtaId ;
        /*0020*/                   LOP3.LUT R3, R0, 0x1f, RZ, 0xc0, !PT ;
.L_x_1:
        /*0030*/                   LEA R6, R9, UR5, 0x2 ;
        /*0040*/                   ATOMS.ADD RZ, [R6], R7 ;
        /*0050*/                   LEA R8, R0, UR5, 0x2 ;
        /*0060*/                   ATOMS.ADD RZ, [R8], R7 ;
        /*0070*/                   LEA R10, R3, UR5, 0x2 ;
        /*0080*/                   ATOMS.ADD RZ, [R10], R7 ;
        /*0090*/                   IADD3 R9, R9, 0x1, RZ ;
        /*00a0*/                   BRA ` + "`" + `(.L_x_1) ;
`)
	if err != nil {
		t.Fatal(err)
	}
	la := laneAddresses(l.Functions[0].Instructions, [][2]int{{0x30, 0xa0}})
	for off, want := range map[int]bool{0x40: false, 0x60: true, 0x80: false} {
		if got := la[off].warp; got != want {
			t.Errorf("ATOMS at %#x: warp %v, want %v", off, got, want)
		}
	}
}

// A LOP3 that clears low bits (an AND with 0x30) makes its unknown
// base a multiple of the lowest bit it can set, so a lane part OR-ed in
// below it stays per lane: corpus7's ldmatrix address from (k*4 & 0x30)
// | (tid & 8) once the loop counter is unknown.
func TestLop3Alignment(t *testing.T) {
	k4 := lval{ok: true, align: 4} // the loop counter × 4, unknown
	col := lop3Val(0xc0, k4, constVal(0x30), constVal(0))
	if !col.ok || col.alignment() != 16 {
		t.Fatalf("(k*4) & 0x30: ok %v, alignment %d, want 16", col.ok, col.alignment())
	}
	tid := lval{ok: true, align: 32}
	for l := range tid.d {
		tid.d[l] = int64(l)
	}
	v := lop3Val(0xf8, col, constVal(8), tid)
	if !v.ok || v.d[8] != 8 || v.d[16] != 0 {
		t.Errorf("(k*4 & 0x30) | (8 & tid): ok %v, lanes %v, want lanes 8..15 at +8", v.ok, v.d)
	}
}

// TestTileFieldsOverLane follows a transpose's output index, a tile's
// fields OR'd above the lane: (t << 10 & 0xfff00000) | (tid & 0x1f) keeps
// the fields' 2^20 alignment over the lane (the tid's warp part is masked
// away), OR'ing 0xf8000 & (t << 15) then keeps 2^15, whose possible bits
// leave 0x3e0 clear, so OR'ing 0x3e0 & t is an add that keeps the lanes
// (a warp's 32 consecutive words, not hashed ones).
func TestTileFieldsOverLane(t *testing.T) {
	tv := lval{ok: true, align: 1, sym: 5} // the warp's tile counter
	tid := lval{ok: true, align: 32, warp: true}
	for l := range tid.d {
		tid.d[l] = int64(l)
	}
	mat := lop3Val(0xc0, mulVal(tv, constVal(1<<10)), constVal(0xfff00000), constVal(0))
	if !mat.ok || !mat.uniform() || mat.alignment() != 1<<20 {
		t.Fatalf("t << 10 & 0xfff00000: ok %v, uniform %v, alignment %d, want 2^20", mat.ok, mat.uniform(), mat.alignment())
	}
	v := lop3Val(0xf8, mat, constVal(0x1f), tid)
	if !v.ok || v.alignment() != 1<<20 || v.d[31] != 31 {
		t.Fatalf("mat | (0x1f & tid): ok %v, alignment %d, lanes %v, want 2^20 over 0..31", v.ok, v.alignment(), v.d)
	}
	v = lop3Val(0xf8, v, constVal(0xf8000), mulVal(tv, constVal(1<<15)))
	if !v.ok || v.alignment() != 1<<15 {
		t.Fatalf("| (0xf8000 & t << 15): ok %v, alignment %d, want 2^15", v.ok, v.alignment())
	}
	if got := possibleBits(v); got != 0xffff801f {
		t.Errorf("possible bits %#x, want 0xffff801f", got)
	}
	x, y, m, ok := lop3OrMasked(0xf8, v, constVal(0x3e0), tv)
	if !ok || m != 0x3e0 {
		t.Fatalf("| (0x3e0 & t): not taken as x | (y & 0x3e0) (ok %v, mask %#x)", ok, m)
	}
	if sum := addVal(x, andVal(y, constVal(m))); !sum.ok || sum.d[0] != 0 || sum.d[31] != 31 {
		t.Errorf("| (0x3e0 & t): ok %v, lanes %v, want 0..31", sum.ok, sum.d)
	}
}

// TestLop3UnknownXor: (x ^ h) & m of three unknown warp-uniform values
// (an embedding row's id read from memory, hashed, masked to the table)
// is unknown, not the constant that setting all three alike gives.
func TestLop3UnknownXor(t *testing.T) {
	x, m, h := lval{ok: true, align: 1, sym: 7}, lval{ok: true, align: 1, sym: 8}, lval{ok: true, align: 1, sym: 9}
	if v := lop3Val(0x48, x, m, h); v.known {
		t.Errorf("m & (x ^ h) of unknowns: known %#x, want unknown", v.base)
	}
	if v := lop3Val(0xc0, x, constVal(0), h); !v.known || v.base != 0 {
		t.Errorf("x & 0: known %v base %d, want the constant 0", v.known, v.base)
	}
}

// TestLop3SpanFloor: a byte ORed with 0x100 (bins 256 to 511, ptxas's
// form of 256 + (w & 255)) spans 256 values above a floor of 256, not the
// 512 below its top bit.
func TestLop3SpanFloor(t *testing.T) {
	b := lval{scrambled: true, span: 256, whole: true}
	if s := lop3Span(0xfc, b, constVal(0x100), constVal(0)); s != 256 {
		t.Errorf("(w & 255) | 0x100: span %d, want 256", s)
	}
	if s := lop3Span(0xc0, b, constVal(0xff), constVal(0)); s != 256 {
		t.Errorf("(w & 255) & 0xff: span %d, want 256", s)
	}
}

// TestLoadedKeyScatters: a key each lane loads from global memory, its top
// six bits a bin (key >> 26), scatters the lanes' atomics over the 64 bins
// every block shares; the same key loaded from shared memory (a table
// the block built) is not taken as scattered, unless the lanes read the
// table at hashed entries (its values there as random as they come).
func TestLoadedKeyScatters(t *testing.T) {
	for _, tt := range []struct {
		load      string
		hashed    bool // the load's own address a hash of the thread's index
		scattered bool
	}{
		{"LDG.E R8, desc[UR6][R8.64]", false, true},
		{"LDS R8, [R8]", false, false},
		{"LDS R8, [R8]", true, true},
	} {
		index := "IMAD.SHL.U32 R8, R10, 0x4, RZ"
		if tt.hashed {
			index = "SHF.R.U32.HI R8, RZ, 0x3, R10 ;\n        /*0024*/                   LOP3.LUT R8, R8, R10, RZ, 0x3c, !PT ;\n        /*0028*/                   IMAD R8, R8, 0x2c1b3c6d, RZ ;\n        /*002c*/                   LOP3.LUT R8, R8, 0xffc, RZ, 0xc0, !PT"
		}
		l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R10, SR_TID.X ;
        /*0010*/                   LDC.64 R6, c[0x0][0x210] ;
.L_x_1:
        /*0020*/                   ` + index + ` ;
        /*0030*/                   ` + tt.load + ` ;
        /*0040*/                   SHF.R.U32.HI R13, RZ, 0x1a, R8 ;
        /*0050*/                   IMAD.WIDE.U32 R8, R13, 0x4, R6 ;
        /*0060*/                   REDG.E.ADD.STRONG.GPU desc[UR6][R8.64], R11 ;
        /*0070*/                   BRA ` + "`" + `(.L_x_1) ;
`)
		if err != nil {
			t.Fatal(err)
		}
		ins := l.Functions[0].Instructions
		la := laneAddresses(ins, [][2]int{{0x20, 0x70}})[0x60]
		if la.scattered != tt.scattered || tt.scattered && (!la.shared || la.span != 63*4+1) {
			t.Errorf("%s (hashed address %v): scattered %v, shared %v, span %d; want scattered %v over the 64 bins every block shares (offsets 0 to 252)", tt.load, tt.hashed, la.scattered, la.shared, la.span, tt.scattered)
		}
	}
}

// TestMatchLeader: a warp-aggregated atomic (`if (lane == __ffs(peers) -
// 1)` after __match_any_sync) runs in its groups' first lanes only, one
// lane a word, so 32 random lanes over 64 bins take the sectors they
// touch as passes (about 8), not the 13 that all of them would; an
// atomic under another guard is not a leader's.
func TestMatchLeader(t *testing.T) {
	for _, tt := range []struct {
		name, flo string
		want      bool
	}{
		{"the first lane of each group", "FLO.U32.SH R11, R11", true},
		{"the highest set bit, not a first lane", "FLO.U32 R11, R11", false},
	} {
		l, err := sass.ParseListing(`
        .text.k:
.L_x_1:
        /*01b0*/                   MATCH.ANY R12, R13 ;
        /*01c0*/                   BREV R11, R12 ;
        /*01d0*/                   ` + tt.flo + ` ;
        /*01e0*/                   ISETP.NE.AND P0, PT, R4, R11, PT ;
        /*01f0*/               @P0 BRA ` + "`" + `(.L_x_2) ;
        /*0200*/                   POPC R11, R12 ;
        /*0210*/                   IMAD.WIDE.U32 R8, R13, 0x4, R6 ;
        /*0220*/                   REDG.E.ADD.STRONG.GPU desc[UR6][R8.64], R11 ;
.L_x_2:
        /*0230*/                   BSYNC B0 ;
        /*0240*/                   BRA ` + "`" + `(.L_x_1) ;
`)
		if err != nil {
			t.Fatal(err)
		}
		lm := &loopModel{body: l.Functions[0].Instructions}
		if got := lm.matchLeader(7); got != tt.want {
			t.Errorf("%s: leader %v, want %v", tt.name, got, tt.want)
		}
	}
	if p, all := leaderPasses(64, 8), sectorPasses(64, 8); p < 7 || p > 8 || all < 12 {
		t.Errorf("64 bins: %.1f passes for the leaders, %.1f for every lane; want 7 to 8, and 12 or more", p, all)
	}
}

// TestLop3Select covers the bit field insert ptxas makes of
// (row << 6) | (k & 63) (LOP3.LUT 0xe2 with the mask 0xffffffc0): the
// row's lanes 64 apart, the loop counter's low bits uniform, so the
// result keeps the lanes' offsets; a table that is not a select, or no
// constant operand, is not taken as one.
func TestLop3Select(t *testing.T) {
	row := lval{ok: true, align: 64}
	for l := range row.d {
		row.d[l] = 64 * int64(l)
	}
	k := lval{ok: true, align: 1}
	for _, tt := range []struct {
		name    string
		lut     int64
		a, b, c lval
		want    bool
	}{
		{"(row & m) | (k & ~m), the mask second", 0xe2, row, constVal(0xffffffc0), k, true},
		{"the mask first, 0xb8 (b where a, c elsewhere)", 0xb8, constVal(0xffffffc0), row, k, false},
		{"the mask first, k where it is set (0xca)", 0xca, constVal(63), k, row, true},
		{"0xe4 selects by its third operand, row", 0xe4, constVal(63), k, row, false},
		{"an XOR is no select", 0x96, row, constVal(0xffffffc0), k, false},
		{"no constant", 0xe2, row, k, k, false},
	} {
		x, y, m, ok := lop3Select(tt.lut, tt.a, tt.b, tt.c)
		if ok != tt.want {
			t.Errorf("%s: select %v, want %v", tt.name, ok, tt.want)
			continue
		}
		if !ok {
			continue
		}
		v := addVal(andVal(x, constVal(m)), andVal(y, constVal(int64(^uint32(m)))))
		if !v.ok || v.d[1]-v.d[0] != 64 || v.d[31]-v.d[0] != 31*64 {
			t.Errorf("%s: ok %v, lanes %v, want 64 apart", tt.name, v.ok, v.d)
		}
	}
}

// TestLaneGeneratorsRingsAndNeighbours covers three of the evaluator's
// rules: a per-lane generator carried round the loop (x = x·a + c, its
// top bits a bucket) is scattered over the window its shift leaves, every
// block on the same one; an index the lanes wrap under a low mask ((tid +
// k) & 15, a ring of counters) keeps how many lanes share each word; and
// a stencil's neighbour c - 1 reads 4 bytes before c's line (two lines a
// request, c one).
func TestLaneGeneratorsRingsAndNeighbours(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R0, SR_CTAID.X ;
        /*0010*/                   ULDC UR4, c[0x0][0x0] ;
        /*0020*/                   S2R R13, SR_TID.X ;
        /*0030*/                   IMAD R9, R0, UR4, R13 ;
        /*0040*/                   LDC.64 R4, c[0x0][0x248] ;
        /*0050*/                   IMAD.MOV.U32 R12, RZ, RZ, 0x41c64e6d ;
        /*0060*/                   IMAD R11, R9, -0x61c8864f, 0x11 ;
        /*0070*/                   MOV R20, R13 ;
.L_x_1:
        /*0080*/                   IMAD R11, R11, R12, 0x3039 ;
        /*0090*/                   SHF.R.U32.HI R10, RZ, 0x16, R11 ;
        /*00a0*/                   IMAD.WIDE.U32 R6, R10, 0x4, R4 ;
        /*00b0*/                   ATOMG.E.ADD.STRONG.GPU PT, R7, desc[UR6][R6.64], R15 ;
        /*00c0*/                   SHF.L.U32 R16, R20, 0x2, RZ ;
        /*00d0*/                   LOP3.LUT R16, R16, 0x3c, RZ, 0xc0, !PT ;
        /*00e0*/                   IADD3 R16, P0, R16, UR8, RZ ;
        /*00f0*/                   IMAD.X R17, RZ, RZ, UR9, P0 ;
        /*0100*/                   ATOMG.E.INC.STRONG.GPU PT, R18, desc[UR6][R16.64], R19 ;
        /*0110*/                   IADD3 R14, R9, -0x1, RZ ;
        /*0120*/                   IMAD.WIDE.U32 R14, R14, 0x4, R4 ;
        /*0130*/                   LDG.E R21, desc[UR6][R14.64] ;
        /*0140*/                   IMAD.WIDE.U32 R22, R9, 0x4, R4 ;
        /*0150*/                   LDG.E R23, desc[UR6][R22.64] ;
        /*0160*/                   IADD3 R9, R9, 0x8000, RZ ;
        /*0170*/                   VIADD R20, R20, 0x1 ;
        /*0180*/                   BRA ` + "`" + `(.L_x_1) ;
`)
	if err != nil {
		t.Fatal(err)
	}
	las := laneAddresses(l.Functions[0].Instructions, [][2]int{{0x80, 0x180}})
	if la := las[0xb0]; !la.scattered || !la.shared || la.span != 4093 {
		t.Errorf("0xb0: scattered %v, shared by every block %v, span %d; want a window of 4093 bytes every block shares", la.scattered, la.shared, la.span)
	}
	ring := las[0x100]
	if !ring.known {
		t.Fatalf("0x100: the ring's lanes not followed")
	}
	words := map[int64]int{}
	for _, o := range ring.offsets {
		words[o]++
	}
	for w := int64(0); w < 64; w += 4 {
		if words[w] != 2 {
			t.Errorf("0x100: word at %d taken by %d lanes, want 2 (the ring's 16 words, 2 lanes each): %v", w, words[w], ring.offsets)
		}
	}
	for off, want := range map[int][2]int{0x130: {5, 2}, 0x150: {4, 1}} {
		if s, n := globalSectors(las[off].placed(), 4); s != want[0] || n != want[1] {
			t.Errorf("%#x: %d sectors, %d lines a request, want %d and %d", off, s, n, want[0], want[1])
		}
	}
}

// TestPrmtVal covers PRMT's byte moves: (row << 8) | (lane & 0xff) as a
// compiler emits it for row × 256 + lane keeps the lanes' offsets over
// the row's unknown base; a selector that replicates a sign byte is not
// followed.
func TestPrmtVal(t *testing.T) {
	lane := lval{ok: true, known: true}
	for l := range lane.d {
		lane.d[l] = int64(l)
	}
	row := uniformVal(1)
	got := prmtVal(lane, 0x6540, row)
	if !got.ok || got.known {
		t.Fatalf("prmt 0x6540 of the lane and a uniform row: ok %v, known %v; want the lanes followed over an unknown base", got.ok, got.known)
	}
	for l, d := range got.d {
		if d != int64(l) {
			t.Fatalf("lane %d at %d, want %d (the lane index in the low byte)", l, d, l)
		}
	}
	if got.alignment() < 256 {
		t.Errorf("base aligned to %d, want 256 or more (the row shifted up a byte)", got.alignment())
	}
	if v := prmtVal(lane, 0x8880, row); v.ok {
		t.Errorf("a sign-replicating selector followed: %+v", v)
	}
	both := prmtVal(constVal(0x12), 0x7604, constVal(0x34))
	if !both.ok || !both.known || both.base+both.d[0] != 0x1234 {
		t.Errorf("prmt 0x7604 of 0x12 and 0x34 = %#x, want 0x1234 (b's byte 0, then a's)", both.base+both.d[0])
	}
}

// TestHashedBucketsShared: a hash of a key loaded at a block-indexed
// address, its top 8 bits added to a base every block shares (LEA.HI),
// is a window of 256 words the same in every block, on which the whole
// grid's atomics land.
func TestHashedBucketsShared(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   S2R R3, SR_CTAID.X ;
        /*0020*/                   ULDC UR5, c[0x0][0x210] ;
        /*0028*/                   LDC.64 R6, c[0x0][0x248] ;
        /*0030*/                   IMAD R12, R3, 0x100, R0 ;
.L_x_1:
        /*0040*/                   IMAD.WIDE.U32 R8, R12, 0x4, R6 ;
        /*0050*/                   LDG.E R8, desc[UR8][R8.64] ;
        /*0060*/                   LOP3.LUT R11, R8, R12, RZ, 0x3c, !PT ;
        /*0070*/                   IMAD R11, R11, -0x61c8864f, RZ ;
        /*0080*/                   LEA.HI R11, R11, UR5, RZ, 0x8 ;
        /*0090*/                   IMAD.WIDE.U32 R10, R11, 0x4, R6 ;
        /*00a0*/                   REDG.E.ADD.STRONG.GPU desc[UR8][R10.64], R13 ;
        /*00b0*/                   IADD3 R12, R12, UR4, RZ ;
        /*00c0*/                   BRA ` + "`" + `(.L_x_1) ;
`)
	if err != nil {
		t.Fatal(err)
	}
	la := laneAddresses(l.Functions[0].Instructions, [][2]int{{0x40, 0xc0}})[0xa0]
	if !la.scattered || !la.shared || la.span < 1020 || la.span > 1024 {
		t.Errorf("scattered %v, shared %v, span %d; want a shared window of 1 KiB", la.scattered, la.shared, la.span)
	}
}

// TestBallotRank: a ballot's bits below each lane (mask & ~(-1 << tid),
// the wrapping shift reading the thread index's lane bits), counted, is
// the lane's rank among the kept lanes, as a warp's stream compaction
// writes its kept values: consecutive words.
func TestBallotRank(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0008*/                   LDC.64 R4, c[0x0][0x210] ;
        /*0010*/                   IMAD.MOV.U32 R9, RZ, RZ, -0x1 ;
        /*0020*/                   VOTE.ANY R11, PT, P0 ;
        /*0030*/                   SHF.L.W.U32 R8, R9, R0, RZ ;
        /*0040*/                   LOP3.LUT R11, R11, R8, RZ, 0x30, !PT ;
        /*0050*/                   POPC R11, R11 ;
        /*0060*/                   IMAD.WIDE.U32 R12, R11, 0x4, R4 ;
        /*0070*/                   STG.E desc[UR6][R12.64], R15 ;
`)
	if err != nil {
		t.Fatal(err)
	}
	la := laneAddresses(l.Functions[0].Instructions, nil)[0x70]
	if !la.known || lanePattern(la.offsets, la.active) != "lane stride 4 B" {
		t.Errorf("known %v, pattern %q; want lane stride 4 B", la.known, lanePattern(la.offsets, la.active))
	}
}

// TestBroadcastTicket: a warp-aggregated queue push (corpus33's
// warp_aggregated_atomicadd_queue_push): the leader's atomicAdd ticket,
// broadcast by SHFL.IDX from the lane a ballot's first bit names, plus
// each lane's rank among the ballot, puts the pushed values on
// consecutive words, not a line per lane.
func TestBroadcastTicket(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R4, SR_TID.X ;
        /*0010*/                   ULDC.64 UR8, c[0x0][0x248] ;
        /*0020*/                   LDC.64 R6, c[0x0][0x210] ;
        /*0030*/                   IMAD.MOV.U32 R15, RZ, RZ, -0x1 ;
        /*0040*/                   LOP3.LUT R4, R4, 0x1f, RZ, 0xc0, !PT ;
        /*0050*/                   SHF.L.U32 R10, R15, R4, RZ ;
        /*0060*/                   LOP3.LUT P0, R18, R8, 0xc0000000, RZ, 0xc0, !PT ;
        /*0070*/                   VOTE.ANY R15, PT, P0 ;
        /*0080*/                   BREV R12, R15 ;
        /*0090*/                   FLO.U32.SH R13, R12 ;
        /*00a0*/                   LOP3.LUT R16, R13, 0x1f, RZ, 0xc0, !PT ;
        /*00b0*/                   POPC R13, R15 ;
        /*00c0*/                   ATOMG.E.ADD.STRONG.GPU PT, R13, desc[UR6][R6.64], R13 ;
        /*00d0*/                   SHFL.IDX PT, R17, R13, R16, 0x1f ;
        /*00e0*/                   LOP3.LUT R16, R15, R10, RZ, 0x30, !PT ;
        /*00f0*/                   POPC R16, R16 ;
        /*0100*/                   IMAD.IADD R12, R17, 0x1, R16 ;
        /*0110*/                   LEA R12, P1, R12, UR8, 0x2 ;
        /*0120*/                   LEA.HI.X R13, R12, UR9, RZ, 0x2, P1 ;
        /*0130*/                   STG.E desc[UR6][R12.64], R15 ;
`)
	if err != nil {
		t.Fatal(err)
	}
	ins := l.Functions[0].Instructions
	s := laneState{}
	for _, in := range ins {
		s.step(in)
		if v := s["R13"]; in.Offset == 0xc0 && (v.ok || v.scrambled) {
			t.Errorf("a broadcast atomic's old value: ok %v, scrambled %v; want unknown tickets, not scattered", v.ok, v.scrambled)
		}
	}
	if v := s["R17"]; !v.uniform() || v.known {
		t.Errorf("SHFL.IDX from a warp-uniform lane: ok %v, lanes %v, known %v; want one unknown value for the warp", v.ok, v.d, v.known)
	}
	if v := s["R18"]; v.ok {
		t.Errorf("LOP3.LUT P0, R18 of an unknown: ok %v; want its register written (unknown)", v.ok)
	}
	la := laneAddresses(ins, nil)[0x130]
	if got := lanePattern(la.offsets, la.active); !la.known || got != "lane stride 4 B" {
		t.Errorf("the pushed values: known %v, pattern %q; want lane stride 4 B", la.known, got)
	}
}

// TestRemainderRecord: a grid-stride index wrapped by a run-time
// divisor, (i + k·T) % n (corpus34's particle_aos_float3_24byte_
// euler_floor), keeps its lanes consecutive: the quotient is one value
// for the warp and the select for a divisor of zero, ~0, is taken as not
// made. The six fields of the 24-byte record it picks share one base
// within the iteration, so that they are seen to read one record's
// lines.
func TestRemainderRecord(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R6, SR_TID.X ;
        /*0010*/                   S2UR UR4, SR_CTAID.X ;
        /*0020*/                   LDC R13, c[0x0][RZ] ;
        /*0030*/                   IMAD R10, R13, UR4, R6 ;
        /*0040*/                   LDC.64 R4, c[0x0][0x248] ;
        /*0050*/                   ULDC UR5, c[0x0][0x250] ;
        /*0060*/                   ISETP.NE.U32.AND P0, PT, RZ, UR5, PT ;
        /*0070*/                   LOP3.LUT R12, RZ, UR5, RZ, 0x33, !PT ;
        /*0080*/                   I2F.U32.RP R7, UR5 ;
        /*0090*/                   MUFU.RCP R7, R7 ;
        /*00a0*/                   IADD3 R8, R7, 0xffffffe, RZ ;
        /*00b0*/                   F2I.FTZ.U32.TRUNC.NTZ R9, R8 ;
        /*00c0*/                   MOV R8, RZ ;
        /*00d0*/                   IMAD.MOV R11, RZ, RZ, -R9 ;
        /*00e0*/                   IMAD R11, R11, UR5, RZ ;
        /*00f0*/                   IMAD.HI.U32 R11, R9, R11, R8 ;
.L_x_1:
        /*0100*/                   IMAD.HI.U32 R8, R11, R10, RZ ;
        /*0110*/                   IMAD.MOV R9, RZ, RZ, -R8 ;
        /*0120*/                   IMAD R9, R9, UR5, R10 ;
        /*0130*/                   ISETP.GE.U32.AND P1, PT, R9, UR5, PT ;
        /*0140*/               @P1 IADD3 R9, R9, -UR5, RZ ;
        /*0150*/                   ISETP.GE.U32.AND P1, PT, R9, UR5, PT ;
        /*0160*/               @P1 IADD3 R9, R9, -UR5, RZ ;
        /*0170*/                   SEL R9, R12, R9, !P0 ;
        /*0180*/                   IMAD.WIDE.U32 R8, R9, 0x18, R4 ;
        /*0190*/                   LDG.E R15, desc[UR6][R8.64+0x10] ;
        /*01a0*/                   LDG.E R22, desc[UR6][R8.64+0x4] ;
        /*01b0*/                   LDG.E R20, desc[UR6][R8.64] ;
        /*01c0*/                   IADD3 R10, R13, R10, RZ ;
        /*01d0*/                   STG.E desc[UR6][R8.64+0x4], R22 ;
        /*01e0*/                   BRA ` + "`" + `(.L_x_1) ;
`)
	if err != nil {
		t.Fatal(err)
	}
	las := laneAddresses(l.Functions[0].Instructions, [][2]int{{0x100, 0x1e0}})
	first := las[0x190]
	if !first.known || lanePattern(first.offsets, first.active) != "lane stride 24 B" {
		t.Fatalf("the record's field: known %v, pattern %q; want lane stride 24 B", first.known, lanePattern(first.offsets, first.active))
	}
	for off, want := range map[int]int64{0x1a0: -0xc, 0x1b0: -0x10, 0x1d0: -0xc} {
		la := las[off]
		if la.iterSym == 0 || la.iterSym != first.iterSym || la.iterOff-first.iterOff != want {
			t.Errorf("%#x: named %d (the first %d), %d bytes from the first; want one name, %d bytes", off, la.iterSym, first.iterSym, la.iterOff-first.iterOff, want)
		}
	}
}

// TestBoundsCheckSelect: a column clamped to 0 past a row's end, col <
// 1000 ? col : 0 (corpus35's cp_async_ca4_zfill_row_halo_two_stage),
// keeps the lanes' consecutive columns: the select between them and a
// uniform value, by a test not on loaded data, takes the lanes'.
func TestBoundsCheckSelect(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R6, SR_TID.X ;
        /*0010*/                   LDC.64 R2, c[0x0][0x210] ;
        /*0020*/                   LOP3.LUT R8, R6, 0x3ff, RZ, 0xc0, !PT ;
        /*0030*/                   ISETP.GE.U32.AND P0, PT, R8, 0x3e8, PT ;
        /*0040*/                   SEL R8, R8, RZ, !P0 ;
        /*0050*/                   IMAD.WIDE.U32 R8, R8, 0x4, R2 ;
        /*0060*/                   LDG.E R9, desc[UR6][R8.64] ;
`)
	if err != nil {
		t.Fatal(err)
	}
	la := laneAddresses(l.Functions[0].Instructions, nil)[0x60]
	if got := lanePattern(la.offsets, la.active); !la.known || got != "lane stride 4 B" {
		t.Errorf("the clamped column: known %v, pattern %q; want lane stride 4 B", la.known, got)
	}
}

// TestShflVal: shuffles move followed lanes' values between lanes, a
// warp-uniform value stays itself, and a lane outside the warp keeps its
// own.
func TestShflVal(t *testing.T) {
	lanes := lval{ok: true, known: true}
	for l := range lanes.d {
		lanes.d[l] = int64(4 * l)
	}
	for _, tc := range []struct {
		opc     string
		src, c  int64
		lane    int
		want    int64
		unknown bool
	}{
		{"SHFL.BFLY", 1, 0x1f, 0, 4, false},
		{"SHFL.BFLY", 16, 0x1f, 3, 4 * 19, false},
		{"SHFL.DOWN", 1, 0x1f, 30, 4 * 31, false},
		{"SHFL.DOWN", 1, 0x1f, 31, 4 * 31, false},
		{"SHFL.UP", 2, 0, 1, 4, false},
		{"SHFL.UP", 2, 0, 5, 12, false},
		{"SHFL.IDX", 7, 0x1f, 20, 28, false},
		{"SHFL.DOWN", 1, 0xf, 0, 0, true}, // a segment's clamp: not followed
	} {
		v := shflVal(tc.opc, lanes, constVal(tc.src), constVal(tc.c))
		if tc.unknown {
			if v.ok {
				t.Errorf("%s %d clamp %#x: lanes followed, want unknown", tc.opc, tc.src, tc.c)
			}
			continue
		}
		if !v.ok || v.base+v.d[tc.lane] != tc.want {
			t.Errorf("%s %d clamp %#x: lane %d holds %d (ok %v), want %d", tc.opc, tc.src, tc.c, tc.lane, v.base+v.d[tc.lane], v.ok, tc.want)
		}
	}
	// Lane 0's unknown value for the whole warp (corpus21's
	// gatomic_warp_aggregated_compaction broadcasting its ticket).
	scattered := unknownVal()
	scattered.scrambled = true
	if v := shflVal("SHFL.IDX", scattered, constVal(0), constVal(0x1f)); !v.uniform() || v.scrambled {
		t.Errorf("SHFL.IDX of lane 0 of a scattered value: uniform %v, scrambled %v; want one value for the warp", v.uniform(), v.scrambled)
	}
	u := uniformVal(16)
	if v := shflVal("SHFL.BFLY", u, constVal(1), constVal(0x1f)); !v.uniform() || v.alignment() != 16 {
		t.Errorf("a uniform value shuffled: uniform %v, alignment %d; want itself", v.uniform(), v.alignment())
	}
}

// TestLop3OrMasked: row | (col & 63) is the sum of the two only where the
// row can have none of the mask's bits (a multiple of 64), and an AND
// with a run-time mask keeps its input's alignment.
func TestLop3OrMasked(t *testing.T) {
	col := lval{ok: true, align: 1}
	for l := range col.d {
		col.d[l] = int64(l)
	}
	for _, tc := range []struct {
		align int64
		want  bool
	}{{64, true}, {128, true}, {32, false}, {1, false}} {
		row := lval{ok: true, align: tc.align}
		if _, _, m, ok := lop3OrMasked(0xf8, row, constVal(0x3f), col); ok != tc.want || ok && m != 0x3f {
			t.Errorf("row aligned to %d: matched %v (mask %#x), want %v", tc.align, ok, m, tc.want)
		}
	}
	if _, _, _, ok := lop3OrMasked(0xe8, lval{ok: true, align: 64}, constVal(0x3f), col); ok {
		t.Error("a majority table taken as x | (y & m)")
	}
	mask := lval{ok: true, align: 1, sym: 3}
	if v := andVal(lval{ok: true, align: 64}, mask); !v.ok || v.alignment() != 64 {
		t.Errorf("x & a run-time mask, x a multiple of 64: ok %v, alignment %d, want 64", v.ok, v.alignment())
	}
}

// TestDisjointBits: a column masked below 1024, (p - 1) & 0x3ff, can set
// no bit of a row that is a multiple of 1024, so row | col is their sum
// (a Sobel filter's neighbour u[up | xl]); a column not so bounded can.
func TestDisjointBits(t *testing.T) {
	p := lval{ok: true, align: 1}
	for l := range p.d {
		p.d[l] = int64(l)
	}
	col := andVal(p, constVal(0x3ff))
	if !col.ok || col.below != 0x400 || possibleBits(col) != 0x3ff {
		t.Fatalf("(p - 1) & 0x3ff: ok %v, below %d, possible bits %#x, want 1024 and 0x3ff", col.ok, col.below, possibleBits(col))
	}
	row := lval{ok: true, align: 1024}
	if !disjointBits(row, col) || !disjointBits(col, row) {
		t.Error("a row aligned to 1024 and a column below it: not disjoint")
	}
	if disjointBits(lval{ok: true, align: 512}, col) {
		t.Error("a row aligned to 512 and a column below 1024: disjoint")
	}
	if disjointBits(row, p) {
		t.Error("a row and an unbounded column: disjoint")
	}
	if n := negVal(col); n.below != 0 {
		t.Errorf("-col keeps the bound %d", n.below)
	}
}

// TestHalfBits: the half immediates nvdisasm prints for HFMA2.MMA's
// constant materialisation, read back to their bits.
func TestHalfBits(t *testing.T) {
	for _, tc := range []struct {
		text string
		bits uint16
		ok   bool
	}{
		{"0", 0, true},
		{"9.5367431640625e-07", 0x0010, true},
		{"5.9604644775390625e-08", 0x0001, true},
		{"1.875", 0x3f80, true},
		{"-15.109375", 0xcb8e, true},
		{"1549", 0x660d, true},
		{"0.1", 0, false},
		{"x", 0, false},
	} {
		if b, ok := halfBits(tc.text); ok != tc.ok || ok && b != tc.bits {
			t.Errorf("halfBits(%q) = %#x, %v; want %#x, %v", tc.text, b, ok, tc.bits, tc.ok)
		}
	}
}

// TestLop3Permuted checks a swizzled tile's column, (c ^ lane) & 31 for
// a warp-uniform c the listing does not give (LOP3 with table 0x48 over
// the thread index, 0x1f and c): every c gives the lanes 0 to 31 in some
// order, so the lanes are taken as c = 0's, conflict-free. An AND of the
// lane with c (lane & c) is no permutation: not followed.
func TestLop3Permuted(t *testing.T) {
	tid := lval{ok: true, align: 32}
	for l := range tid.d {
		tid.d[l] = int64(l)
	}
	c := uniformVal(1)
	c.sym = symOf("c")
	r, ok := lop3Permuted(0x48, []lval{tid, constVal(0x1f), c})
	if !ok {
		t.Fatal("(c ^ lane) & 31 not followed")
	}
	for l, d := range r.d {
		if d != int64(l) {
			t.Fatalf("lane %d: %d, want %d", l, d, l)
		}
	}
	if got := sharedWavefrontCount(r.d, 4, 0); got != 1 {
		t.Errorf("%d wavefronts, want 1", got)
	}
	if _, ok := lop3Permuted(0xc0, []lval{tid, c, constVal(0)}); ok {
		t.Error("lane & c taken as a permutation")
	}
}

// TestGuardedLanes: a shared access guarded by a compare of the lane
// index against a constant serves only the lanes the compare keeps on
// (a Blelloch scan's if (lane < 8) step, eight lanes 32 bytes apart: a
// 2-way conflict, not the 8-way all 32 lanes would make; lanes 0-3 and
// 8-31 of an OR of two compares: seven on bank 0), and a register
// written under such a guard takes the new value in those lanes only.
func TestGuardedLanes(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LOP3.LUT R8, R0, 0x1f, RZ, 0xc0, !PT ;
        /*0020*/                   ISETP.GT.U32.AND P4, PT, R8, 0x7, PT ;
        /*0030*/                   IMAD.SHL.U32 R5, R8, 0x20, RZ ;
        /*0040*/              @!P4 LDS R6, [R5] ;
        /*0050*/                   ISETP.NE.AND P1, PT, R8, RZ, PT ;
        /*0060*/                   IMAD.MOV.U32 R7, RZ, RZ, R5 ;
        /*0070*/              @!P1 IMAD.MOV.U32 R7, RZ, RZ, 0x400 ;
        /*0080*/                   LDS R9, [R7] ;
        /*0090*/                   ISETP.LT.U32.OR P2, PT, R8, 0x4, P4 ;
        /*00a0*/               @P2 LDS R10, [R5] ;
`)
	if err != nil {
		t.Fatal(err)
	}
	lanes := laneAddresses(l.Functions[0].Instructions, nil)
	tests := []struct {
		off     int
		active  uint32
		pattern string
		wf      int
	}{
		{0x40, 0xff, "8 of 32 lanes on (a guard on the lane index), lane stride 32 B", 2},
		{0x80, 0, "lanes at irregular offsets", 8},
		{0xa0, 0xffffff0f, "28 of 32 lanes on (a guard on the lane index), lane stride 32 B", 7},
	}
	for _, tt := range tests {
		la := lanes[tt.off]
		if !la.known || la.active != tt.active {
			t.Errorf("%#x: known %v, active %#x; want known, %#x", tt.off, la.known, la.active, tt.active)
			continue
		}
		if got := lanePattern(la.offsets, la.active); got != tt.pattern {
			t.Errorf("%#x: pattern %q; want %q", tt.off, got, tt.pattern)
		}
		if got := sharedWavefrontCount(la.offsets, 4, 0); got != tt.wf {
			t.Errorf("%#x: %d wavefronts; want %d", tt.off, got, tt.wf)
		}
	}
	// Lane 0 reads 0x400, the others their own row.
	if la := lanes[0x80]; la.offsets[0] != 0x400 || la.offsets[1] != 32 || la.offsets[31] != 31*32 {
		t.Errorf("guarded write: offsets %v; want 0x400 in lane 0, 32 l elsewhere", la.offsets)
	}
}

// TestCasRounds: a shared compare-and-swap loop takes one round where no
// two lanes share a word, two where some may, one where every lane
// shares one word (a leader's update); the expected most of 32 random
// lanes over m words matches the balls-into-bins values.
func TestCasRounds(t *testing.T) {
	var distinct, pairs, one [32]int64
	for l := range 32 {
		distinct[l], pairs[l], one[l] = int64(4*l), int64(4*(l/2)), 64
	}
	tests := []struct {
		name string
		la   laneAccess
		want float64
	}{
		{"distinct words", laneAccess{known: true, offsets: distinct}, 1},
		{"two lanes a word", laneAccess{known: true, offsets: pairs}, 2},
		{"one word", laneAccess{known: true, offsets: one}, 1},
		{"scattered over 128 words", laneAccess{scattered: true, span: 512}, 2},
		{"scattered over 2^20 words", laneAccess{scattered: true, span: 4 << 20}, 1.0004729},
		{"not followed", laneAccess{}, 1},
	}
	for _, tt := range tests {
		if got := casRounds(tt.la, 4); math.Abs(got-tt.want) > 1e-6 {
			t.Errorf("%s: %v rounds; want %v", tt.name, got, tt.want)
		}
	}
	for _, c := range []struct {
		m    int
		want float64
	}{{1, 32}, {32, 3.533}, {128, 2.233}, {1024, 1.392}} {
		if got := expectedMaxLoad(32, c.m); math.Abs(got-c.want) > 0.001 {
			t.Errorf("expectedMaxLoad(32, %d) = %.4f; want %.3f", c.m, got, c.want)
		}
	}
}

// TestMergeFloatLanes: a float the loop moves alike in every lane (a
// sampler's coordinate, u += 0.73) keeps its lanes' offsets round the
// loop; one whose lanes move apart does not.
func TestMergeFloatLanes(t *testing.T) {
	entry := lval{flt: true, fspan: 31, flanes: true, fsym: symOf("i2f", uint64(1))}
	for l := range entry.fd {
		entry.fd[l] = float64(l)
	}
	moved := entry
	moved.fsym = symOf("fadd", entry.fsym, symOf("f", 0.73))
	m := mergeVal(entry, moved)
	if !m.flt || !m.flanes || m.fd != entry.fd {
		t.Errorf("merged %+v: want a float with the entry's lane offsets", m)
	}
	if m.fsym == entry.fsym || m.fsym == moved.fsym {
		t.Error("merged float kept one side's base: its base differs by iteration")
	}
	apart := moved
	apart.fd[1] = 2
	if m := mergeVal(entry, apart); m.flanes {
		t.Errorf("lanes moving apart merged with lane offsets %v", m.fd)
	}
}

// TestFunctionUnderRuntimeMask: LOP3 of g(x, y) & m with a run-time mask
// m keeps the lanes g gives them ((j | 1024) & m, an index moved into the
// footprint's second half, in ptxas's m & (0x400 | j) form); a table
// that is no such AND (j ^ m) leaves the lanes unknown.
func TestFunctionUnderRuntimeMask(t *testing.T) {
	for _, tc := range []struct {
		name, lop3, want string
	}{
		{"or then mask", "LOP3.LUT R11, R7, 0x400, R12, 0xe0, !PT", "lane stride 4 B"},
		{"xor with the mask", "LOP3.LUT R11, R7, R12, RZ, 0x3c, !PT", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R6, SR_TID.X ;
        /*0010*/                   S2R R3, SR_CTAID.X ;
        /*0020*/                   LDC.64 R4, c[0x0][0x210] ;
        /*0030*/                   LDC R7, c[0x0][0x218] ;
        /*0040*/                   IMAD R12, R3, c[0x0][0x0], R6 ;
        /*0050*/                   ` + tc.lop3 + ` ;
        /*0060*/                   IMAD.WIDE.U32 R8, R11, 0x4, R4 ;
        /*0070*/                   LDG.E R8, desc[UR6][R8.64] ;
`)
			if err != nil {
				t.Fatal(err)
			}
			la := laneAddresses(l.Functions[0].Instructions, nil)[0x70]
			got := ""
			if la.known {
				got = lanePattern(la.offsets, la.active)
			}
			if got != tc.want {
				t.Errorf("the load's lanes %q (known %v), want %q", got, la.known, tc.want)
			}
		})
	}
}

// TestFloatCompareGuard: a float coordinate whose lanes are followed
// (u = lane + 0.37, u += 0.73 an iteration) wrapped by a guarded add
// (u >= 1000 ? u - 1000 : u) keeps its lanes: the compare is no data
// predicate, so the wrap is taken as one all the lanes make together, and
// the texel index the coordinate rounds to reads 32 consecutive words. A
// float of lanes not followed (a loaded integer's low bits made a float) still
// makes a data predicate, whose select picks per lane.
func TestFloatCompareGuard(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LDC.64 R4, c[0x0][0x210] ;
        /*0020*/                   I2FP.F32.U32 R1, R0 ;
        /*0030*/                   FADD R10, R1, 0.37000000476837158203 ;
        /*0038*/                   IMAD.WIDE.U32 R2, R0, 0x4, R4 ;
        /*0040*/                   LDG.E R12, desc[UR6][R2.64] ;
        /*0048*/                   LOP3.LUT R12, R12, 0x1ff, RZ, 0xc0, !PT ;
        /*0050*/                   I2FP.F32.U32 R12, R12 ;
.L_x_1:
        /*0060*/                   FADD R10, R10, 0.73000001907348632812 ;
        /*0070*/                   FSETP.GE.AND P0, PT, R10, 1000, PT ;
        /*0080*/               @P0 FADD R10, R10, -1000 ;
        /*0090*/                   F2I.U32.TRUNC.NTZ R15, R10 ;
        /*00a0*/                   IMAD.WIDE.U32 R8, R15, 0x4, R4 ;
        /*00b0*/                   LDG.E R8, desc[UR6][R8.64] ;
        /*00c0*/                   FSETP.GE.AND P1, PT, R12, 1000, PT ;
        /*00d0*/                   SEL R13, RZ, 0x400, P1 ;
        /*00e0*/                   IMAD.WIDE.U32 R16, R13, 0x4, R4 ;
        /*00f0*/                   LDG.E R16, desc[UR6][R16.64] ;
        /*0100*/                   BRA ` + "`" + `(.L_x_1) ;
`)
	if err != nil {
		t.Fatal(err)
	}
	lanes := laneAddresses(l.Functions[0].Instructions, [][2]int{{0x60, 0x100}})
	if la := lanes[0xb0]; !la.known || lanePattern(la.offsets, la.active) != "lane stride 4 B" {
		t.Errorf("wrapped coordinate: known %v, offsets %v; want a lane stride of 4 B", la.known, la.offsets)
	}
	if la := lanes[0xf0]; !la.scattered || len(la.vals) != 2 {
		t.Errorf("select on a loaded float's compare: scattered %v, choices %v; want each lane's pick of two", la.scattered, la.vals)
	}
}

// TestNarrowSpread: an address whose lanes are not followed but lie
// within a few words of each other (a sorted COO row: e >> 2 plus a
// loaded bit) is taken as spread evenly over those words, a line or two
// a request; the same loaded value unbounded (no mask) still scatters.
func TestNarrowSpread(t *testing.T) {
	for _, tt := range []struct {
		mask      string
		scattered bool
	}{
		{"LOP3.LUT R8, R8, 0x1, RZ, 0xc0, !PT", false},
		{"MOV R8, R8", true},
	} {
		l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   S2R R10, SR_TID.X ;
        /*0010*/                   LDC.64 R6, c[0x0][0x210] ;
.L_x_1:
        /*0020*/                   IMAD.WIDE.U32 R2, R10, 0x4, R6 ;
        /*0030*/                   LDG.E R8, desc[UR6][R2.64] ;
        /*0040*/                   ` + tt.mask + ` ;
        /*0050*/                   LEA.HI R8, R10, R8, RZ, 0x1e ;
        /*0060*/                   IMAD.WIDE.U32 R4, R8, 0x4, R6 ;
        /*0070*/                   REDG.E.ADD.F32.FTZ.RN.STRONG.GPU desc[UR6][R4.64], R11 ;
        /*0080*/                   BRA ` + "`" + `(.L_x_1) ;
`)
		if err != nil {
			t.Fatal(err)
		}
		la := laneAddresses(l.Functions[0].Instructions, [][2]int{{0x20, 0x80}})[0x70]
		if la.scattered != tt.scattered {
			t.Errorf("%s: scattered %v, want %v", tt.mask, la.scattered, tt.scattered)
			continue
		}
		if tt.scattered {
			continue
		}
		if _, lines := globalSectors(la.placed(), 4); !la.known || lines > 2 {
			t.Errorf("%s: known %v, %d lines a request, want a line or two (offsets %v)", tt.mask, la.known, lines, la.offsets)
		}
	}
}
