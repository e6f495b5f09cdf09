package cuda

import (
	"fmt"
	"runtime"
	"unsafe"
)

// launchConfig mirrors CUlaunchConfig (cuda.h): the grid and block
// shapes, dynamic shared memory, stream and launch attributes.
type launchConfig struct {
	gridX, gridY, gridZ    uint32
	blockX, blockY, blockZ uint32
	sharedBytes            uint32
	_                      uint32
	stream                 uintptr
	attrs                  *launchAttribute
	numAttrs               uint32
	_                      uint32
}

// launchAttribute mirrors CUlaunchAttribute: an id (4 bytes), padding to
// 8, and a 64-byte union of values.
type launchAttribute struct {
	id    uint32
	_     uint32
	value [64]byte
}

// launchAttributeClusterDimension is CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION:
// its value is the cluster's shape in blocks, three uint32s.
const launchAttributeClusterDimension = 4

// clusterConfig builds the launch configuration of a cluster launch; the
// caller pins it and its attribute until the driver call returns.
func clusterConfig(grid, block, cluster Dim3, sharedBytes uint32, s *Stream) (*launchConfig, *launchAttribute) {
	attr := &launchAttribute{id: launchAttributeClusterDimension}
	dims := (*[3]uint32)(unsafe.Pointer(&attr.value[0]))
	dims[0], dims[1], dims[2] = cluster.X, cluster.Y, cluster.Z
	cfg := &launchConfig{gridX: grid.X, gridY: grid.Y, gridZ: grid.Z, blockX: block.X, blockY: block.Y, blockZ: block.Z,
		sharedBytes: sharedBytes, stream: s.handleOrDefault(), attrs: attr, numAttrs: 1}
	return cfg, attr
}

// checkShapes rejects a zero dimension and a grid the cluster does not
// divide, before the driver sees them.
func checkShapes(name string, grid, block, cluster Dim3) error {
	for _, d := range [...]uint32{grid.X, grid.Y, grid.Z, block.X, block.Y, block.Z, cluster.X, cluster.Y, cluster.Z} {
		if d == 0 {
			return fmt.Errorf("cuda: launching %s: grid %v, block %v and cluster %v must be at least 1 in every dimension", name, grid, block, cluster)
		}
	}
	if grid.X%cluster.X != 0 || grid.Y%cluster.Y != 0 || grid.Z%cluster.Z != 0 {
		return fmt.Errorf("cuda: launching %s: the cluster %v does not divide the grid %v", name, cluster, grid)
	}
	return nil
}

// LaunchCluster launches the kernel as thread-block clusters of shape
// cluster (cuLaunchKernelEx with CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION),
// on stream s (nil: the default stream). Arguments are as for
// [Function.Launch]. Clusters of more than 8 blocks need
// [FuncNonPortableClusterSizeAllowed] set first.
func (f *Function) LaunchCluster(grid, block, cluster Dim3, sharedBytes uint32, s *Stream, args ...any) error {
	if f.d.cuLaunchKernelEx == nil {
		return missing("cuLaunchKernelEx")
	}
	if err := checkShapes(f.name, grid, block, cluster); err != nil {
		return err
	}
	values, err := packArgs(args)
	if err != nil {
		return fmt.Errorf("cuda: launching %s: %w", f.name, err)
	}
	var pinner runtime.Pinner
	defer pinner.Unpin()
	params := paramPointers(values, &pinner)
	cfg, attr := clusterConfig(grid, block, cluster, sharedBytes, s)
	pinner.Pin(cfg)
	pinner.Pin(attr)
	if err := f.d.check("cuLaunchKernelEx", f.d.cuLaunchKernelEx(cfg, f.handle, params, nil)); err != nil {
		return fmt.Errorf("launching %s<<<%v, %v, %d>>> in clusters of %v: %w", f.name, grid, block, sharedBytes, cluster, err)
	}
	return nil
}

// MaxActiveClusters is the driver's count of clusters of shape cluster
// that can run on the GPU at once for a launch of grid and block shapes
// (cuOccupancyMaxActiveClusters).
func (f *Function) MaxActiveClusters(grid, block, cluster Dim3, sharedBytes uint32) (int, error) {
	if f.d.cuOccupancyMaxActiveClusters == nil {
		return 0, missing("cuOccupancyMaxActiveClusters")
	}
	if err := checkShapes(f.name, grid, block, cluster); err != nil {
		return 0, err
	}
	var pinner runtime.Pinner
	defer pinner.Unpin()
	cfg, attr := clusterConfig(grid, block, cluster, sharedBytes, nil)
	pinner.Pin(cfg)
	pinner.Pin(attr)
	var n int32
	if err := f.d.check("cuOccupancyMaxActiveClusters", f.d.cuOccupancyMaxActiveClusters(&n, f.handle, cfg)); err != nil {
		return 0, fmt.Errorf("clusters of %v of %s at once: %w", cluster, f.name, err)
	}
	return int(n), nil
}
