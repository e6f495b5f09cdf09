package vulkan

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"
	"unsafe"
)

// settleTimeout bounds how long transfers, [Buffer.Free],
// [Pipeline.Destroy] and [Device.Close] wait for the queue, including for
// a dispatch that earlier passed its own timeout and may still be running.
const settleTimeout = time.Minute

// Device is a Vulkan logical device with one compute queue.
//
// CreateShader, CreatePipeline, Alloc and the methods of the objects they
// return may be called from several goroutines at once. Work on the queue
// (dispatches, buffer reads, writes, zeroing) is serialized by the Device:
// Vulkan requires external synchronization of a VkQueue and of the command
// pools, so one call runs at a time and later ones wait for it.
type Device struct {
	in      *Instance
	phys    *physical
	info    PhysicalDevice
	enabled []string
	handle  uintptr // VkDevice
	fn      deviceFuncs
	queue   uintptr // VkQueue
	family  uint32

	// What the device was created with, for CreatePipeline's checks.
	subgroupSizeControl  bool
	computeFullSubgroups bool
	executableInfo       bool

	// life is held for reading by every call that uses the device, and
	// for writing by Close, so that nothing is created or used while the
	// device is destroyed.
	life   sync.RWMutex
	closed bool // guarded by life

	// mu guards the queue and everything submitted to it: the recorders,
	// the timestamp query pool, the staging buffer, and the freed or
	// destroyed flags of buffers and pipelines.
	mu            sync.Mutex
	transfer      recorder
	compute       recorder
	queryPool     uint64 // 0 when the queue family has no timestamps
	timestampBits uint32 // the queue family's timestampValidBits
	staging       staging
	stagingLimit  int // largest staging buffer, in bytes; bigger copies go in chunks

	// objMu guards the sets of live objects, which Close destroys.
	objMu     sync.Mutex
	buffers   map[*Buffer]struct{}
	pipelines map[*Pipeline]struct{}
	shaders   map[*Shader]struct{}
}

// OpenDevice creates a logical device on the physical device at index (its
// [PhysicalDevice.Index]) with one queue of a family that supports compute,
// preferring one that also supports timestamps.
//
// The device gets only the optional features that the package uses and the
// device reports: buffer device addresses and 64-bit integers, which are
// required (without them the error wraps [ErrUnsupported]), and where
// present 64-bit floats, 8- and 16-bit types and storage, the shader clock,
// pipeline executable properties, subgroup size control, integer dot
// products, the memory model, extended subgroup types, SM builtins,
// cooperative matrices, bfloat16 (VK_KHR_shader_bfloat16) and float8
// (VK_EXT_shader_float8), with the
// extensions that provide them on devices where they are not core. [Device.Enabled] lists what was enabled.
// Features that change what a probe measures, such as robustBufferAccess,
// stay off.
func (in *Instance) OpenDevice(index int) (*Device, error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.closed {
		return nil, fmt.Errorf("opening device %d: the Vulkan instance is closed: %w", index, errClosed)
	}
	if index < 0 || index >= len(in.phys) {
		return nil, fmt.Errorf("no Vulkan device %d: the instance has %d", index, len(in.phys))
	}
	p := in.phys[index]
	name := p.info.Name
	if p.api < apiVersion11 {
		return nil, fmt.Errorf("device %d (%s) offers Vulkan %s; gpuarch needs 1.1 or later: %w",
			index, name, formatAPIVersion(p.api), ErrUnsupported)
	}
	have := p.features.supported()
	if !have.BufferDeviceAddress {
		return nil, fmt.Errorf("device %d (%s) lacks the bufferDeviceAddress feature, and gpuarch kernels reach memory through buffer device addresses: %w",
			index, name, ErrUnsupported)
	}
	if !have.ShaderInt64 {
		return nil, fmt.Errorf("device %d (%s) lacks the shaderInt64 feature, which buffer device addresses need in shaders: %w",
			index, name, ErrUnsupported)
	}
	family := pickQueueFamily(p.families)
	if family < 0 {
		return nil, fmt.Errorf("device %d (%s) has no queue family with compute: %w", index, name, ErrUnsupported)
	}

	features, featureNames, exts := p.features.enable(p.layout)
	handle, err := createDevice(&in.fn, p.handle, uint32(family), features, exts)
	if err != nil {
		return nil, fmt.Errorf("creating a logical device on device %d (%s): %w", index, name, err)
	}
	d := &Device{
		in:                   in,
		phys:                 p,
		info:                 p.info.clone(),
		enabled:              slices.Concat(featureNames, exts),
		handle:               handle,
		family:               uint32(family),
		subgroupSizeControl:  slices.Contains(featureNames, "subgroupSizeControl"),
		computeFullSubgroups: slices.Contains(featureNames, "computeFullSubgroups"),
		executableInfo:       slices.Contains(featureNames, "pipelineExecutableInfo"),
		timestampBits:        p.families[family].timestampValidBits,
		stagingLimit:         maxStagingBytes,
		buffers:              map[*Buffer]struct{}{},
		pipelines:            map[*Pipeline]struct{}{},
		shaders:              map[*Shader]struct{}{},
	}
	if err := d.init(); err != nil {
		d.destroy()
		return nil, fmt.Errorf("setting up device %d (%s): %w", index, name, err)
	}
	in.devices[d] = struct{}{}
	return d, nil
}

// pickQueueFamily returns the first queue family with compute and
// timestamps, else the first with compute, else -1. The first such family
// is the universal (graphics and compute) one on every desktop driver,
// whose behaviour is the best known.
func pickQueueFamily(families []queueFamilyProperties) int {
	fallback := -1
	for i, f := range families {
		if f.queueFlags&queueCompute == 0 || f.queueCount == 0 {
			continue
		}
		if f.timestampValidBits > 0 {
			return i
		}
		if fallback < 0 {
			fallback = i
		}
	}
	return fallback
}

// createDevice calls vkCreateDevice with one queue of family, the feature
// chain features and the extensions exts.
func createDevice(fn *instanceFuncs, phys uintptr, family uint32, features *featureChain, exts []string) (uintptr, error) {
	priority := []float32{1}
	queue := &deviceQueueCreateInfo{
		sType:            stDeviceQueueCreateInfo,
		queueFamilyIndex: family,
		queueCount:       1,
		pQueuePriorities: &priority[0],
	}
	names, ptrs := cStrings(exts)
	info := &deviceCreateInfo{
		sType:                   stDeviceCreateInfo,
		pNext:                   unsafe.Pointer(&features.base),
		queueCreateInfoCount:    1,
		pQueueCreateInfos:       queue,
		enabledExtensionCount:   uint32(len(exts)),
		ppEnabledExtensionNames: ptrOrNil(ptrs),
	}
	var handle uintptr
	r := fn.vkCreateDevice(phys, info, nil, &handle)
	runtime.KeepAlive(priority)
	runtime.KeepAlive(queue)
	runtime.KeepAlive(names)
	runtime.KeepAlive(ptrs)
	runtime.KeepAlive(features)
	runtime.KeepAlive(info)
	if err := check("vkCreateDevice", r); err != nil {
		return 0, err
	}
	return handle, nil
}

// init binds the device-level commands and creates the queue's helpers:
// a recorder for transfers, one for dispatches, and the timestamp pool.
func (d *Device) init() error {
	resolve := func(name string) uintptr { return d.in.fn.vkGetDeviceProcAddr(d.handle, name) }
	if err := bind(d.fn.symbols(), resolve, "the Vulkan driver for "+d.info.Name); err != nil {
		return err
	}
	d.fn.vkGetDeviceQueue(d.handle, d.family, 0, &d.queue)
	var err error
	if d.transfer, err = d.newRecorder(); err != nil {
		return err
	}
	if d.compute, err = d.newRecorder(); err != nil {
		return err
	}
	if d.timestampBits > 0 {
		info := &queryPoolCreateInfo{sType: stQueryPoolCreateInfo, queryType: queryTypeTimestamp, queryCount: 2}
		err := check("vkCreateQueryPool", d.fn.vkCreateQueryPool(d.handle, info, nil, &d.queryPool))
		runtime.KeepAlive(info)
		if err != nil {
			return err
		}
	}
	return nil
}

// Info returns what the driver reports about the device's physical device.
func (d *Device) Info() PhysicalDevice {
	return d.info.clone()
}

// Enabled lists what the device was created with beyond Vulkan's required
// features: feature names as the spec spells them ("shaderInt64",
// "bufferDeviceAddress", "shaderSubgroupClock", "pipelineExecutableInfo",
// ...), then the device extensions enabled ("VK_KHR_shader_clock", ...),
// so that a caller can record what the device offered a run.
func (d *Device) Enabled() []string {
	return slices.Clone(d.enabled)
}

// use marks a call in progress on the device, so that Close waits for it;
// it fails once the device is closed. Call the returned func when done.
func (d *Device) use() (func(), error) {
	d.life.RLock()
	if d.closed {
		d.life.RUnlock()
		return nil, fmt.Errorf("the Vulkan device is closed: %w", errClosed)
	}
	return d.life.RUnlock, nil
}

// Close waits for the queue to finish (for at most a minute), destroys
// every buffer, pipeline and shader still alive on the device, and
// destroys the device. If the queue does not finish, for example because a
// dispatch that timed out is still spinning, the device is left alive, so
// that the driver is not asked to destroy objects in use, and the error
// wraps [ErrTimeout]. Closing a closed device does nothing.
func (d *Device) Close() error {
	d.life.Lock()
	defer d.life.Unlock()
	if d.closed {
		return nil
	}
	d.mu.Lock()
	err := d.settleAll(settleTimeout)
	d.mu.Unlock()
	if err != nil && !errors.Is(err, ErrDeviceLost) {
		// A lost device may be destroyed with work outstanding; one
		// whose work is merely unfinished must be left alone.
		return fmt.Errorf("closing the Vulkan device %s: %w", d.info.Name, err)
	}

	d.objMu.Lock()
	for p := range d.pipelines {
		p.release()
	}
	for s := range d.shaders {
		s.release()
	}
	for b := range d.buffers {
		b.release()
	}
	d.pipelines, d.shaders, d.buffers = nil, nil, nil
	d.objMu.Unlock()

	d.destroy()
	d.closed = true
	d.in.forget(d)
	return nil
}

// destroy destroys the device's own helpers and the VkDevice. The queue
// must be idle. It also cleans up after a failed init: helpers not yet
// created have zero handles, and if binding failed before
// vkDestroyDevice resolved (no conforming driver lacks it) the device is
// leaked.
func (d *Device) destroy() {
	if d.fn.vkDestroyDevice == nil {
		return
	}
	d.destroyStaging()
	if d.queryPool != 0 {
		d.fn.vkDestroyQueryPool(d.handle, d.queryPool, nil)
		d.queryPool = 0
	}
	d.destroyRecorder(&d.transfer)
	d.destroyRecorder(&d.compute)
	d.fn.vkDestroyDevice(d.handle, nil)
}
