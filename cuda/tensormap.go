package cuda

import (
	"fmt"
	"unsafe"
)

// TensorMap is an encoded CUtensorMap: the 128-byte descriptor of a tiled
// view of global memory that the Tensor Memory Accelerator reads
// (cp.async.bulk.tensor). Pass it to a launch by value, as a kernel
// parameter declared ".param .align 64 .b8 name[128]".
type TensorMap [128]byte

// TensorDataType is a CUtensorMapDataType.
type TensorDataType int32

// Tensor element types, with the values of cuda.h.
const (
	TensorUint8   TensorDataType = 0
	TensorUint16  TensorDataType = 1
	TensorUint32  TensorDataType = 2
	TensorFloat16 TensorDataType = 6
	TensorFloat32 TensorDataType = 7
)

// Bytes is the size of one element.
func (t TensorDataType) Bytes() int {
	switch t {
	case TensorUint8:
		return 1
	case TensorUint16, TensorFloat16:
		return 2
	}
	return 4
}

// TensorTile describes a tiled tensor map (cuTensorMapEncodeTiled): Dims
// elements in each dimension, the innermost first; Strides the byte
// distance between consecutive indices of dimensions 1 and up (multiples
// of 16); Box the tile a copy moves, in elements per dimension (at most
// 256 each, the innermost a multiple of 16 bytes). Elements are not
// strided, not interleaved, not swizzled; L2Promotion is the
// CUtensorMapL2promotion (0: none, 1: 64 B, 2: 128 B, 3: 256 B).
type TensorTile struct {
	Type        TensorDataType
	Dims        []uint64
	Strides     []uint64
	Box         []uint32
	L2Promotion int32
}

// EncodeTiled encodes a tensor map of t over global memory at addr.
func (c *Context) EncodeTiled(addr DevicePtr, t TensorTile) (TensorMap, error) {
	var out TensorMap
	if c.d.cuTensorMapEncodeTiled == nil {
		return out, missing("cuTensorMapEncodeTiled")
	}
	rank := len(t.Dims)
	if rank < 1 || rank > 5 || len(t.Box) != rank || len(t.Strides) != rank-1 {
		return out, fmt.Errorf("cuda: a tensor map of rank %d needs %d box sizes and %d strides (got %d and %d); ranks run from 1 to 5", rank, rank, rank-1, len(t.Box), len(t.Strides))
	}
	elem := make([]uint32, rank)
	for i := range elem {
		elem[i] = 1
	}
	// The map must be 64-byte aligned: write it into over-allocated words.
	words := make([]uint64, 16+8)
	p := unsafe.Pointer(&words[0])
	p = unsafe.Add(p, (64-uintptr(p)%64)%64)
	strides := t.Strides
	if len(strides) == 0 {
		strides = []uint64{0} // never read at rank 1; keeps the pointer valid
	}
	r := c.d.cuTensorMapEncodeTiled(p, int32(t.Type), uint32(rank), uintptr(addr), &t.Dims[0], &strides[0], &t.Box[0], &elem[0], 0, 0, t.L2Promotion, 0)
	if err := c.d.check("cuTensorMapEncodeTiled", r); err != nil {
		return out, fmt.Errorf("tensor map of %v elements, box %v, strides %v: %w", t.Dims, t.Box, t.Strides, err)
	}
	copy(out[:], unsafe.Slice((*byte)(p), len(out)))
	return out, nil
}
