package cuda

import (
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"unsafe"
)

// Dim3 is a grid or block shape.
type Dim3 struct{ X, Y, Z uint32 }

// D1 returns the one-dimensional shape {x, 1, 1}.
func D1(x uint32) Dim3 { return Dim3{x, 1, 1} }

// String formats the shape as "(x,y,z)".
func (d Dim3) String() string { return fmt.Sprintf("(%d,%d,%d)", d.X, d.Y, d.Z) }

// Launch launches the kernel on stream s (nil for the default stream) with
// the given grid and block shapes and sharedBytes of dynamic shared
// memory. It returns once the launch is queued; use an [Event] to learn
// when the kernel has finished.
//
// Each argument becomes one kernel parameter and must have the
// parameter's exact size: uint32, int32 and float32 are 4 bytes; uint64,
// int64, float64 and [DevicePtr] are 8 bytes; a [TensorMap] is 128 bytes
// (a __grid_constant__ CUtensorMap parameter). Other types, int and uint
// included, are rejected, because their size would be a guess.
func (f *Function) Launch(grid, block Dim3, sharedBytes uint32, s *Stream, args ...any) error {
	for _, d := range [...]uint32{grid.X, grid.Y, grid.Z, block.X, block.Y, block.Z} {
		if d == 0 {
			return fmt.Errorf("cuda: launching %s: grid %v and block %v must be at least 1 in every dimension", f.name, grid, block)
		}
	}
	values, err := packArgs(args)
	if err != nil {
		return fmt.Errorf("cuda: launching %s: %w", f.name, err)
	}

	var pinner runtime.Pinner
	defer pinner.Unpin()
	params := paramPointers(values, &pinner)
	r := f.d.cuLaunchKernel(f.handle, grid.X, grid.Y, grid.Z, block.X, block.Y, block.Z, sharedBytes, s.handleOrDefault(), params, nil)
	if err := f.d.check("cuLaunchKernel", r); err != nil {
		return fmt.Errorf("launching %s<<<%v, %v, %d>>>: %w", f.name, grid, block, sharedBytes, err)
	}
	return nil
}

// paramPointers lays kernel parameter values out for the driver.
// cuLaunchKernel and cuLaunchKernelEx take kernelParams as void**: an
// array with a pointer to each parameter's value, which the driver copies
// during the call. Each value lives in Go memory of 8-byte words, aligned
// to 64 bytes when it is a [TensorMap] (CUtensorMap is alignas(64)); the
// pointer array is Go memory holding Go pointers. The cgo rules, which
// purego calls follow, forbid passing such an array to C unless what it
// points to is pinned: pinner pins every allocation until the caller
// unpins it after the call.
func paramPointers(values [][]byte, pinner *runtime.Pinner) *unsafe.Pointer {
	if len(values) == 0 {
		return nil
	}
	ptrs := make([]unsafe.Pointer, len(values))
	for i, v := range values {
		words := make([]uint64, (len(v)+7)/8+8)
		pinner.Pin(&words[0])
		base := unsafe.Pointer(&words[0])
		if len(v) > 8 {
			// Round up to 64 bytes within the over-allocated words.
			off := (64 - uintptr(base)%64) % 64
			base = unsafe.Add(base, off)
		}
		copy(unsafe.Slice((*byte)(base), len(v)), v)
		ptrs[i] = base
	}
	pinner.Pin(&ptrs[0])
	return &ptrs[0]
}

// packArgs encodes kernel arguments as the bytes of each parameter, in
// the host's byte order, which is little-endian on every platform CUDA
// supports.
func packArgs(args []any) ([][]byte, error) {
	out := make([][]byte, len(args))
	for i, a := range args {
		var b []byte
		switch v := a.(type) {
		case uint32:
			b = binary.LittleEndian.AppendUint32(nil, v)
		case int32:
			b = binary.LittleEndian.AppendUint32(nil, uint32(v))
		case float32:
			b = binary.LittleEndian.AppendUint32(nil, math.Float32bits(v))
		case uint64:
			b = binary.LittleEndian.AppendUint64(nil, v)
		case int64:
			b = binary.LittleEndian.AppendUint64(nil, uint64(v))
		case float64:
			b = binary.LittleEndian.AppendUint64(nil, math.Float64bits(v))
		case DevicePtr:
			b = binary.LittleEndian.AppendUint64(nil, uint64(v))
		case TensorMap:
			b = v[:]
		default:
			return nil, fmt.Errorf("argument %d has type %T: kernel arguments must be uint32, int32, float32, uint64, int64, float64, cuda.DevicePtr or cuda.TensorMap", i, a)
		}
		out[i] = b
	}
	return out, nil
}
