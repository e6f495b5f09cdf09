package kernel

// The layouts of the buffers some kinds' kernels read and write, which
// every backend's lowering and the jobs that launch them share.

import "strings"

// ChaseSlots is how many chains a chase kernel's out buffer has room for:
// out[c] holds chain c's cycles, out[ChaseSlots+c] its nanoseconds.
const ChaseSlots = 64

// Layout of the data buffer cooperative-matrix kernels load from: A at
// byte 0, B at CoopMatRegion, C at 2·CoopMatRegion, each row-major and
// packed; CoopMatDataBytes in all.
const (
	CoopMatRegion    = 64 << 10
	CoopMatDataBytes = 3 * CoopMatRegion
)

// CoopMatPattern is how CoopMatInit fills 32-bit words of an element
// type: hash & mask | or, so that every element is small (products and
// sums of many stay finite: f16 and bf16 elements lie in [2^-7, 2^-6)), and false
// for types it cannot fill.
func CoopMatPattern(elem string) (or, mask uint32, ok bool) {
	switch elem {
	case "f16":
		return 0x20002000, 0x03ff03ff, true
	case "bf16":
		return 0x3c003c00, 0x007f007f, true
	case "e4m3": // [2^-4, 2^-3)
		return 0x18181818, 0x07070707, true
	case "e5m2": // [2^-4, 2^-3)
		return 0x2c2c2c2c, 0x03030303, true
	case "f32":
		return 0x3c000000, 0x007fffff, true
	case "s8", "u8":
		return 0, 0x03030303, true
	case "s16", "u16":
		return 0, 0x00030003, true
	case "s32", "u32":
		return 0, 0x3, true
	}
	return 0, 0, false
}

// ElemBits is the width of a cooperative-matrix element type in bits, 0
// for one gpuarch does not know.
func ElemBits(elem string) int {
	switch strings.TrimPrefix(strings.TrimPrefix(elem, "s"), "u") {
	case "8":
		return 8
	case "16":
		return 16
	case "32":
		return 32
	case "64":
		return 64
	}
	switch elem {
	case "f16", "bf16":
		return 16
	case "f32":
		return 32
	case "f64":
		return 64
	case "e4m3", "e5m2":
		return 8
	}
	return 0
}
