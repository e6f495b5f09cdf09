package cuda

import (
	"fmt"
	"runtime"
	"strings"
	"time"
	"unsafe"
)

// CUjit_option values (cuda.h, enum CUjit_option_enum).
const (
	jitMaxRegisters            = 0
	jitInfoLogBuffer           = 3
	jitInfoLogBufferSizeBytes  = 4
	jitErrorLogBuffer          = 5
	jitErrorLogBufferSizeBytes = 6
	jitOptimizationLevel       = 7
	jitLogVerbose              = 12
)

// jitInputPTX is CU_JIT_INPUT_PTX (cuda.h, enum CUjitInputType_enum).
const jitInputPTX = 1

// jitLogSize is the size of each JIT log buffer. The driver truncates
// longer logs.
const jitLogSize = 64 << 10

// JITOptions are the driver JIT compiler's options that gpuarch sets. The
// zero value means the driver's defaults.
type JITOptions struct {
	// OptimizationLevel is ptxas's -O level, 1 to 4. Zero leaves the
	// option unset, which means the driver's default, 4.
	OptimizationLevel int
	// Verbose asks for ptxas's verbose log (registers, spills, shared
	// memory per kernel) in [Compiled.InfoLog].
	Verbose bool
	// MaxRegisters caps registers per thread. Zero leaves it unset.
	MaxRegisters int
}

// jitOption is one CUjit_option and its value. Integer values are passed
// by value in the void* slot, as the driver API specifies.
type jitOption struct {
	key   int32
	value uintptr
}

// encode turns the options into CUjit_option pairs, without the log
// buffers, and rejects values the driver would reject less clearly.
func (o JITOptions) encode() ([]jitOption, error) {
	var opts []jitOption
	switch {
	case o.OptimizationLevel < 0 || o.OptimizationLevel > 4:
		return nil, fmt.Errorf("cuda: JIT optimization level %d is out of range: use 1 to 4, or 0 for the default", o.OptimizationLevel)
	case o.OptimizationLevel > 0:
		opts = append(opts, jitOption{jitOptimizationLevel, uintptr(o.OptimizationLevel)})
	}
	switch {
	case o.MaxRegisters < 0:
		return nil, fmt.Errorf("cuda: JIT register limit %d is negative: use 0 for no limit", o.MaxRegisters)
	case o.MaxRegisters > 0:
		opts = append(opts, jitOption{jitMaxRegisters, uintptr(o.MaxRegisters)})
	}
	if o.Verbose {
		opts = append(opts, jitOption{jitLogVerbose, 1})
	}
	return opts, nil
}

// jitLogs holds the info and error log buffers of one JIT or link
// operation, and the option arrays that point at them, all pinned: the
// driver writes into the buffers, and back into the option values, until
// the operation (or for cuLink, the link state) ends.
type jitLogs struct {
	info, errs []byte
	keys       []int32
	values     []uintptr
	pinner     runtime.Pinner
}

// newJITLogs builds the option arrays for opts plus the four log buffer
// options and pins everything the driver will hold on to. Call unpin when
// the driver is done with them.
func newJITLogs(opts []jitOption) *jitLogs {
	l := &jitLogs{info: make([]byte, jitLogSize), errs: make([]byte, jitLogSize)}
	l.pinner.Pin(&l.info[0])
	l.pinner.Pin(&l.errs[0])
	all := append([]jitOption{
		{jitInfoLogBuffer, uintptr(unsafe.Pointer(&l.info[0]))},
		{jitInfoLogBufferSizeBytes, uintptr(len(l.info))},
		{jitErrorLogBuffer, uintptr(unsafe.Pointer(&l.errs[0]))},
		{jitErrorLogBufferSizeBytes, uintptr(len(l.errs))},
	}, opts...)
	l.keys = make([]int32, len(all))
	l.values = make([]uintptr, len(all))
	for i, o := range all {
		l.keys[i], l.values[i] = o.key, o.value
	}
	l.pinner.Pin(&l.keys[0])
	l.pinner.Pin(&l.values[0])
	return l
}

// unpin releases the pins once the driver no longer uses the buffers.
func (l *jitLogs) unpin() { l.pinner.Unpin() }

// infoLog and errorLog return the logs' text, without the NUL padding
// and the trailing newline.
func (l *jitLogs) infoLog() string  { return strings.TrimRight(trimC(l.info), "\n") }
func (l *jitLogs) errorLog() string { return strings.TrimRight(trimC(l.errs), "\n") }

// withLog attaches the JIT's error log (or, when that is empty, its info
// log) to a failed call's *Error.
func (l *jitLogs) withLog(err error) error {
	if e, ok := err.(*Error); ok {
		e.Log = l.errorLog()
		if e.Log == "" {
			e.Log = l.infoLog()
		}
	}
	return err
}

// Compiled is the result of [Context.Compile].
type Compiled struct {
	// Cubin is the compiled ELF image, ready for [Context.LoadModule] and
	// for disassembly.
	Cubin []byte
	// InfoLog is the compiler's informational output; with
	// [JITOptions.Verbose] it lists each kernel's resource usage.
	InfoLog string
	// Duration is the wall time from cuLinkCreate to cuLinkComplete.
	Duration time.Duration
}

// Compile compiles PTX source with the driver's JIT for the context's
// device and returns the cubin. name labels the source in the compiler's
// messages. The context must be current on the calling thread.
//
// When compilation fails the error is an [*Error] (Func "cuLinkAddData"
// or "cuLinkComplete") whose Log holds the PTX compiler's messages.
func (c *Context) Compile(ptx string, name string, opts JITOptions) (*Compiled, error) {
	jit, err := opts.encode()
	if err != nil {
		return nil, err
	}
	if name == "" {
		name = "gpuarch.ptx"
	}
	logs := newJITLogs(jit)
	defer logs.unpin()

	// The source and name are pinned for the life of the link state too:
	// the driver API does not promise to be done with them before
	// cuLinkComplete.
	src := cString(ptx)
	cname := cString(name)
	logs.pinner.Pin(&src[0])
	logs.pinner.Pin(&cname[0])

	start := time.Now()
	var state uintptr
	if err := c.d.check("cuLinkCreate", c.d.cuLinkCreate(uint32(len(logs.keys)), &logs.keys[0], &logs.values[0], &state)); err != nil {
		return nil, fmt.Errorf("compiling %s: %w", name, logs.withLog(err))
	}
	// Deferred after unpin, so it runs first: the link state, which
	// refers to the log buffers and owns the cubin, goes before the pins.
	defer c.d.cuLinkDestroy(state)

	// size counts the terminating NUL, as NVIDIA's samples do.
	r := c.d.cuLinkAddData(state, jitInputPTX, &src[0], uintptr(len(src)), &cname[0], 0, nil, nil)
	if err := c.d.check("cuLinkAddData", r); err != nil {
		return nil, fmt.Errorf("compiling %s: %w", name, logs.withLog(err))
	}
	var cubin unsafe.Pointer
	var size uintptr
	if err := c.d.check("cuLinkComplete", c.d.cuLinkComplete(state, &cubin, &size)); err != nil {
		return nil, fmt.Errorf("compiling %s: %w", name, logs.withLog(err))
	}
	elapsed := time.Since(start)
	if cubin == nil || size == 0 {
		return nil, fmt.Errorf("compiling %s: cuLinkComplete returned an empty image", name)
	}
	// The image belongs to the link state: copy it out before
	// cuLinkDestroy frees it.
	out := make([]byte, size)
	copy(out, unsafe.Slice((*byte)(cubin), size))
	return &Compiled{Cubin: out, InfoLog: logs.infoLog(), Duration: elapsed}, nil
}

// Module is a loaded CUDA module (CUmodule).
type Module struct {
	d      *Driver
	handle uintptr
}

// LoadModule loads a cubin, fatbin or PTX image into the context
// (cuModuleLoadDataEx). PTX is compiled by the driver with default
// options. The image is copied and NUL-terminated first, which PTX needs
// and binary images ignore. On failure the *Error carries the JIT log.
func (c *Context) LoadModule(image []byte) (*Module, error) {
	if len(image) == 0 {
		return nil, fmt.Errorf("cuda: loading a module: the image is empty")
	}
	img := make([]byte, len(image)+1)
	copy(img, image)

	logs := newJITLogs(nil)
	defer logs.unpin()
	logs.pinner.Pin(&img[0])

	var h uintptr
	r := c.d.cuModuleLoadDataEx(&h, &img[0], uint32(len(logs.keys)), &logs.keys[0], &logs.values[0])
	if err := c.d.check("cuModuleLoadDataEx", r); err != nil {
		return nil, fmt.Errorf("loading a module (%d bytes): %w", len(image), logs.withLog(err))
	}
	return &Module{d: c.d, handle: h}, nil
}

// Unload unloads the module; its functions can no longer be launched.
// Unloading an unloaded module does nothing.
func (m *Module) Unload() error {
	if m.handle == 0 {
		return nil
	}
	if err := m.d.check("cuModuleUnload", m.d.cuModuleUnload(m.handle)); err != nil {
		return err
	}
	m.handle = 0
	return nil
}

// Global returns the device address and size of the module's global or
// constant variable with the given name (cuModuleGetGlobal).
func (m *Module) Global(name string) (DevicePtr, uint64, error) {
	cname := cString(name)
	var p uint64
	var n uintptr
	if err := m.d.check("cuModuleGetGlobal", m.d.cuModuleGetGlobal(&p, &n, m.handle, &cname[0])); err != nil {
		return 0, 0, fmt.Errorf("looking up variable %q: %w", name, err)
	}
	return DevicePtr(p), uint64(n), nil
}

// Function is a kernel in a loaded module (CUfunction).
type Function struct {
	d      *Driver
	handle uintptr
	name   string
}

// Function looks up the kernel with the given (mangled) name.
func (m *Module) Function(name string) (*Function, error) {
	cname := cString(name)
	var h uintptr
	if err := m.d.check("cuModuleGetFunction", m.d.cuModuleGetFunction(&h, m.handle, &cname[0])); err != nil {
		return nil, fmt.Errorf("looking up kernel %q: %w", name, err)
	}
	return &Function{d: m.d, handle: h, name: name}, nil
}

// Name returns the kernel's name.
func (f *Function) Name() string { return f.name }

// Attribute returns one of the kernel's attributes.
func (f *Function) Attribute(a FuncAttribute) (int, error) {
	var n int32
	if err := f.d.check("cuFuncGetAttribute", f.d.cuFuncGetAttribute(&n, int32(a), f.handle)); err != nil {
		return 0, fmt.Errorf("kernel %s: attribute %v: %w", f.name, a, err)
	}
	return int(n), nil
}

// SetAttribute sets one of the kernel's attributes, such as
// [FuncMaxDynamicSharedSizeBytes] before a launch that needs more than
// 48 KiB of dynamic shared memory.
func (f *Function) SetAttribute(a FuncAttribute, v int) error {
	if err := f.d.check("cuFuncSetAttribute", f.d.cuFuncSetAttribute(f.handle, int32(a), int32(v))); err != nil {
		return fmt.Errorf("kernel %s: setting %v to %d: %w", f.name, a, v, err)
	}
	return nil
}

// MaxActiveBlocksPerSM returns how many blocks of blockSize threads, each
// with dynamicSharedBytes of dynamic shared memory, the occupancy
// calculator says fit on one SM at once.
func (f *Function) MaxActiveBlocksPerSM(blockSize int, dynamicSharedBytes int) (int, error) {
	if blockSize <= 0 || dynamicSharedBytes < 0 {
		return 0, fmt.Errorf("cuda: kernel %s: occupancy of %d threads with %d bytes of shared memory: sizes must be positive", f.name, blockSize, dynamicSharedBytes)
	}
	var n int32
	r := f.d.cuOccupancyMaxActiveBlocksPerMultiprocessor(&n, f.handle, int32(blockSize), uintptr(dynamicSharedBytes))
	if err := f.d.check("cuOccupancyMaxActiveBlocksPerMultiprocessor", r); err != nil {
		return 0, fmt.Errorf("kernel %s: %w", f.name, err)
	}
	return int(n), nil
}
