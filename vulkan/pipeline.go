package vulkan

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"time"
	"unsafe"
)

// Shader is a VkShaderModule: SPIR-V the driver has accepted but not yet
// compiled for a pipeline.
type Shader struct {
	d      *Device
	module uint64
	// mu is held for reading while a pipeline is created from the module
	// and for writing by Destroy.
	mu        sync.RWMutex
	destroyed bool
}

// CreateShader creates a shader module from SPIR-V words (the module's
// bytes in host order, as spirv-as writes them on a little-endian host).
func (d *Device) CreateShader(words []uint32) (*Shader, error) {
	if len(words) < 5 || words[0] != spirvMagic {
		return nil, fmt.Errorf("creating a shader module: not SPIR-V (want at least 5 words starting with magic %#x)", spirvMagic)
	}
	release, err := d.use()
	if err != nil {
		return nil, err
	}
	defer release()
	info := &shaderModuleCreateInfo{sType: stShaderModuleCreateInfo, codeSize: uintptr(4 * len(words)), pCode: &words[0]}
	var module uint64
	err = check("vkCreateShaderModule", d.fn.vkCreateShaderModule(d.handle, info, nil, &module))
	runtime.KeepAlive(info)
	runtime.KeepAlive(words)
	if err != nil {
		return nil, fmt.Errorf("creating a shader module: %w", err)
	}
	s := &Shader{d: d, module: module}
	d.objMu.Lock()
	d.shaders[s] = struct{}{}
	d.objMu.Unlock()
	return s, nil
}

// Destroy destroys the shader module. Pipelines created from it stay
// valid. Destroying a destroyed shader does nothing.
func (s *Shader) Destroy() {
	release, err := s.d.use()
	if err != nil {
		return // Close destroyed it.
	}
	defer release()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.destroyed {
		return
	}
	s.d.objMu.Lock()
	delete(s.d.shaders, s)
	s.d.objMu.Unlock()
	s.release()
}

// release destroys the module.
func (s *Shader) release() {
	s.d.fn.vkDestroyShaderModule(s.d.handle, s.module, nil)
	s.destroyed = true
}

// PipelineSpec describes a compute pipeline.
type PipelineSpec struct {
	// Shader holds the SPIR-V.
	Shader *Shader
	// Entry is the entry point's name; "" means "main".
	Entry string
	// PushConstantBytes is the size of the pipeline's one push-constant
	// range (compute stage, offset 0), a multiple of 4 no larger than
	// [Limits.MaxPushConstantsSize]; 0 means no range.
	PushConstantBytes int
	// Specialization gives constant_id i the value Specialization[i]
	// (4 bytes each: a uint32, int32, float32 or bool); nil sets none.
	Specialization []uint32
	// RequiredSubgroupSize, when not 0, fixes the subgroup size
	// (VkPipelineShaderStageRequiredSubgroupSizeCreateInfo). It needs the
	// subgroupSizeControl feature, "compute" in
	// [Subgroup.RequiredSizeStages] and a power of two in [Subgroup.MinSize,
	// Subgroup.MaxSize]; otherwise CreatePipeline fails with an error
	// wrapping [ErrUnsupported].
	RequiredSubgroupSize uint32
	// FullSubgroups requires every subgroup to be full
	// (VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT); it
	// needs the computeFullSubgroups feature, and the local size in X must
	// be a multiple of the subgroup size.
	FullSubgroups bool
	// Capture asks the driver to keep the pipeline's statistics and
	// internal representations for [Pipeline.Executables], when the device
	// was created with pipelineExecutableInfo; it is ignored otherwise.
	Capture bool
}

// Pipeline is a compiled compute pipeline and its layout: one push-constant
// range and no descriptor sets.
type Pipeline struct {
	d           *Device
	pipeline    uint64
	layout      uint64
	pushBytes   int
	compileTime time.Duration
	captured    bool
	destroyed   bool // guarded by d.mu
}

// CreatePipeline compiles a compute pipeline. It may be called from several
// goroutines at once, and while another goroutine dispatches. No pipeline
// cache is used, so [Pipeline.CompileTime] is the driver's full compile
// time.
func (d *Device) CreatePipeline(spec PipelineSpec) (*Pipeline, error) {
	if err := d.checkSpec(&spec); err != nil {
		return nil, fmt.Errorf("creating a pipeline: %w", err)
	}
	entry := spec.Entry
	if entry == "" {
		entry = "main"
	}
	release, err := d.use()
	if err != nil {
		return nil, err
	}
	defer release()
	s := spec.Shader
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.destroyed {
		return nil, fmt.Errorf("creating a pipeline: the shader module was destroyed: %w", errClosed)
	}

	p := &Pipeline{d: d, pushBytes: spec.PushConstantBytes, captured: spec.Capture && d.executableInfo}
	if err := p.createLayout(); err != nil {
		return nil, fmt.Errorf("creating a pipeline layout: %w", err)
	}

	name := cString(entry)
	stage := pipelineShaderStageCreateInfo{
		sType:  stPipelineShaderStageCreateInfo,
		stage:  shaderStageCompute,
		module: s.module,
		pName:  &name[0],
	}
	sizeInfo := &pipelineShaderStageRequiredSubgroupSizeCreateInfo{
		sType:                stPipelineShaderStageRequiredSubgroupSizeInfo,
		requiredSubgroupSize: spec.RequiredSubgroupSize,
	}
	if spec.RequiredSubgroupSize != 0 {
		stage.pNext = unsafe.Pointer(sizeInfo)
	}
	if spec.FullSubgroups {
		stage.flags |= shaderStageRequireFullSubgroups
	}
	entries := make([]specializationMapEntry, len(spec.Specialization))
	for i := range entries {
		entries[i] = specializationMapEntry{constantID: uint32(i), offset: uint32(4 * i), size: 4}
	}
	specInfo := &specializationInfo{
		mapEntryCount: uint32(len(entries)),
		pMapEntries:   ptrOrNil(entries),
		dataSize:      uintptr(4 * len(spec.Specialization)),
		pData:         unsafe.Pointer(ptrOrNil(spec.Specialization)),
	}
	if len(entries) > 0 {
		stage.pSpecializationInfo = specInfo
	}
	info := &computePipelineCreateInfo{
		sType:             stComputePipelineCreateInfo,
		stage:             stage,
		layout:            p.layout,
		basePipelineIndex: -1,
	}
	if p.captured {
		info.flags |= pipelineCaptureStatistics | pipelineCaptureInternalRepresentations
	}

	start := time.Now()
	r := d.fn.vkCreateComputePipelines(d.handle, 0, 1, info, nil, &p.pipeline)
	p.compileTime = time.Since(start)
	runtime.KeepAlive(name)
	runtime.KeepAlive(sizeInfo)
	runtime.KeepAlive(entries)
	runtime.KeepAlive(spec.Specialization)
	runtime.KeepAlive(specInfo)
	runtime.KeepAlive(info)
	if err := check("vkCreateComputePipelines", r); err != nil {
		d.fn.vkDestroyPipelineLayout(d.handle, p.layout, nil)
		return nil, fmt.Errorf("compiling entry point %q: %w", entry, err)
	}
	d.objMu.Lock()
	d.pipelines[p] = struct{}{}
	d.objMu.Unlock()
	return p, nil
}

// checkSpec validates spec against what the device offers.
func (d *Device) checkSpec(spec *PipelineSpec) error {
	if spec.Shader == nil {
		return errors.New("PipelineSpec.Shader is nil")
	}
	if spec.Shader.d != d {
		return errors.New("the shader module belongs to another device")
	}
	if n := spec.PushConstantBytes; n < 0 || n%4 != 0 {
		return fmt.Errorf("PushConstantBytes is %d; it must be a non-negative multiple of 4", n)
	}
	if limit := d.info.Limits.MaxPushConstantsSize; uint64(spec.PushConstantBytes) > uint64(limit) {
		return fmt.Errorf("%d bytes of push constants exceed the device's maxPushConstantsSize of %d: %w",
			spec.PushConstantBytes, limit, ErrUnsupported)
	}
	if size := spec.RequiredSubgroupSize; size != 0 {
		sg := d.info.Subgroup
		switch {
		case !d.subgroupSizeControl:
			return fmt.Errorf("RequiredSubgroupSize needs the subgroupSizeControl feature, which the device lacks: %w", ErrUnsupported)
		case d.phys.requiredSizeStages&shaderStageCompute == 0:
			return fmt.Errorf("the device cannot require a subgroup size in compute shaders (requiredSubgroupSizeStages %v): %w",
				sg.RequiredSizeStages, ErrUnsupported)
		case bits.OnesCount32(size) != 1 || size < sg.MinSize || size > sg.MaxSize:
			return fmt.Errorf("subgroup size %d is not a power of two in the device's range [%d, %d]: %w",
				size, sg.MinSize, sg.MaxSize, ErrUnsupported)
		}
	}
	if spec.FullSubgroups && !d.computeFullSubgroups {
		return fmt.Errorf("FullSubgroups needs the computeFullSubgroups feature, which the device lacks: %w", ErrUnsupported)
	}
	return nil
}

// createLayout creates the pipeline layout: no descriptor sets, and one
// push-constant range when pushBytes is not 0.
func (p *Pipeline) createLayout() error {
	d := p.d
	pcr := &pushConstantRange{stageFlags: shaderStageCompute, size: uint32(p.pushBytes)}
	info := &pipelineLayoutCreateInfo{sType: stPipelineLayoutCreateInfo}
	if p.pushBytes > 0 {
		info.pushConstantRangeCount = 1
		info.pPushConstantRanges = pcr
	}
	err := check("vkCreatePipelineLayout", d.fn.vkCreatePipelineLayout(d.handle, info, nil, &p.layout))
	runtime.KeepAlive(pcr)
	runtime.KeepAlive(info)
	return err
}

// CompileTime returns the wall time vkCreateComputePipelines took.
func (p *Pipeline) CompileTime() time.Duration { return p.compileTime }

// Destroy waits for the queue to finish work that may use the pipeline
// (for at most a minute), then destroys the pipeline and its layout. If
// the queue does not finish, the pipeline is left alive rather than
// destroyed under the device; [Device.Close] reports that case. Destroying
// a destroyed pipeline does nothing.
func (p *Pipeline) Destroy() {
	release, err := p.d.use()
	if err != nil {
		return // Close destroyed it.
	}
	defer release()
	d := p.d
	d.mu.Lock()
	defer d.mu.Unlock()
	if p.destroyed {
		return
	}
	if err := d.settleAll(settleTimeout); err != nil && !errors.Is(err, ErrDeviceLost) {
		return
	}
	d.objMu.Lock()
	delete(d.pipelines, p)
	d.objMu.Unlock()
	p.release()
}

// release destroys the pipeline and its layout. The queue must not be
// using them.
func (p *Pipeline) release() {
	p.d.fn.vkDestroyPipeline(p.d.handle, p.pipeline, nil)
	p.d.fn.vkDestroyPipelineLayout(p.d.handle, p.layout, nil)
	p.destroyed = true
}
