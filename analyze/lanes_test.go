package analyze

import (
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
