package vulkan

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// testTimeout is the Dispatch timeout of the tests' short kernels.
const testTimeout = 10 * time.Second

// createPipeline loads testdata/<name>.spv and creates a pipeline of it.
func createPipeline(t *testing.T, d *Device, name string, spec PipelineSpec) *Pipeline {
	t.Helper()
	s, err := d.CreateShader(loadSPIRV(t, name))
	if err != nil {
		t.Fatalf("CreateShader(%s): %v", name, err)
	}
	defer s.Destroy() // pipelines outlive their module
	spec.Shader = s
	p, err := d.CreatePipeline(spec)
	if err != nil {
		t.Fatalf("CreatePipeline(%s): %v", name, err)
	}
	t.Cleanup(p.Destroy)
	return p
}

// alloc allocates a buffer that the test frees.
func alloc(t *testing.T, d *Device, bytes int) *Buffer {
	t.Helper()
	b, err := d.Alloc(bytes)
	if err != nil {
		t.Fatalf("Alloc(%d): %v", bytes, err)
	}
	t.Cleanup(func() {
		if err := b.Free(); err != nil {
			t.Errorf("Free: %v", err)
		}
	})
	return b
}

// scalePush is the scale kernel's push constants.
func scalePush(addr uint64, value, n uint32) []byte {
	b := binary.LittleEndian.AppendUint64(nil, addr)
	b = binary.LittleEndian.AppendUint32(b, value)
	return binary.LittleEndian.AppendUint32(b, n)
}

// readWords reads a buffer as uint32 words.
func readWords(t *testing.T, b *Buffer) []uint32 {
	t.Helper()
	raw, err := b.Read()
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	w := make([]uint32, len(raw)/4)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(raw[4*i:])
	}
	return w
}

// checkScaled checks that words[i] == i*value for i < written and 0 after.
func checkScaled(t *testing.T, words []uint32, written int, value uint32) {
	t.Helper()
	bad := 0
	for i, w := range words {
		want := uint32(0)
		if i < written {
			want = uint32(i) * value
		}
		if w != want && bad < 5 {
			t.Errorf("word %d = %d, want %d", i, w, want)
			bad++
		}
	}
}

func TestDispatch(t *testing.T) {
	d := openDevice(t)
	p := createPipeline(t, d, "scale", PipelineSpec{PushConstantBytes: 16})
	if p.CompileTime() <= 0 {
		t.Errorf("CompileTime() = %v, want > 0", p.CompileTime())
	}
	const n = 1000
	buf := alloc(t, d, 4*1024)
	gpuNanos, ok, err := d.Dispatch(context.Background(), p, (n+63)/64, scalePush(buf.Address(), 3, n), testTimeout)
	if err != nil {
		t.Fatalf("Dispatch: %v", err)
	}
	t.Logf("GPU time %v ns (ok %v), compile %v", gpuNanos, ok, p.CompileTime())
	if q := d.Info().QueueFamilies[d.family]; ok != (q.TimestampValidBits > 0) {
		t.Errorf("ok = %v with timestampValidBits %d", ok, q.TimestampValidBits)
	}
	if ok && gpuNanos <= 0 {
		t.Errorf("gpuNanos = %v, want > 0", gpuNanos)
	}
	checkScaled(t, readWords(t, buf), n, 3)

	// Short push constants are zero-padded: n = 0 writes nothing.
	if err := buf.Zero(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Dispatch(context.Background(), p, 16, scalePush(buf.Address(), 3, 0)[:12], testTimeout); err != nil {
		t.Fatalf("Dispatch with short push constants: %v", err)
	}
	checkScaled(t, readWords(t, buf), 0, 3)
}

func TestSpecializedLocalSize(t *testing.T) {
	d := openDevice(t)
	s, err := d.CreateShader(loadSPIRV(t, "scale"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Destroy()
	const groups, words = 3, 1024
	buf := alloc(t, d, 4*words)
	for _, local := range []uint32{0, 32, 128} { // 0: the module's default, 64
		t.Run(fmt.Sprint(local), func(t *testing.T) {
			spec := PipelineSpec{Shader: s, PushConstantBytes: 16}
			want := 64
			if local != 0 {
				spec.Specialization = []uint32{local}
				want = int(local)
			}
			p, err := d.CreatePipeline(spec)
			if err != nil {
				t.Fatalf("CreatePipeline: %v", err)
			}
			defer p.Destroy()
			if err := buf.Zero(); err != nil {
				t.Fatal(err)
			}
			if _, _, err := d.Dispatch(context.Background(), p, groups, scalePush(buf.Address(), 7, words), testTimeout); err != nil {
				t.Fatalf("Dispatch: %v", err)
			}
			checkScaled(t, readWords(t, buf), groups*want, 7)
		})
	}
}

func TestShaderClock(t *testing.T) {
	d := openDevice(t)
	if !slices.Contains(d.Enabled(), "shaderSubgroupClock") || !slices.Contains(d.Enabled(), "shaderDeviceClock") {
		t.Skipf("%s lacks the subgroup or device shader clock", d.Info().Name)
	}
	p := createPipeline(t, d, "clock", PipelineSpec{PushConstantBytes: 8})
	buf := alloc(t, d, 32)
	read := func() [4]uint64 {
		if _, _, err := d.Dispatch(context.Background(), p, 1, binary.LittleEndian.AppendUint64(nil, buf.Address()), testTimeout); err != nil {
			t.Fatalf("Dispatch: %v", err)
		}
		raw, err := buf.Read()
		if err != nil {
			t.Fatal(err)
		}
		var v [4]uint64
		for i := range v {
			v[i] = binary.LittleEndian.Uint64(raw[8*i:])
		}
		return v
	}
	first := read()
	time.Sleep(time.Millisecond)
	second := read()
	t.Logf("subgroup, device, subgroup, device: %d then %d", first, second)
	for _, v := range [][4]uint64{first, second} {
		if slices.Contains(v[:], 0) {
			t.Errorf("a clock read 0: %d", v)
		}
		if v[2] < v[0] || v[3] < v[1] {
			t.Errorf("a clock went back within one invocation: %d", v)
		}
	}
	if second[1] <= first[3] {
		t.Errorf("the device clock did not advance between dispatches: %d then %d", first[3], second[1])
	}
}

// spinPush is the spin kernel's push constants.
func spinPush(addr uint64, rounds uint32) []byte {
	b := binary.LittleEndian.AppendUint64(nil, addr)
	b = binary.LittleEndian.AppendUint32(b, rounds)
	return binary.LittleEndian.AppendUint32(b, 0)
}

// spinRounds is the spin kernel's round count in the tests. lavapipe
// stops any one loop after 65535 iterations (a guard against hung
// shaders), so a long dispatch is made of many workgroups instead.
const spinRounds = 65535

// spinGroups returns a workgroup count for which the spin kernel runs for
// about target, measured on the device.
func spinGroups(t *testing.T, d *Device, p *Pipeline, addr uint64, target time.Duration) uint32 {
	t.Helper()
	limit := d.Info().Limits.MaxComputeWorkGroupCount[0]
	for groups := uint32(1); ; groups *= 4 {
		start := time.Now()
		if _, _, err := d.Dispatch(context.Background(), p, groups, spinPush(addr, spinRounds), testTimeout); err != nil {
			t.Fatalf("Dispatch(spin, %d groups): %v", groups, err)
		}
		elapsed := time.Since(start)
		if elapsed >= 100*time.Millisecond || groups > limit/4 {
			scaled := float64(groups) * float64(target) / float64(elapsed)
			return uint32(min(scaled, float64(limit)))
		}
	}
}

func TestDispatchTimeoutAndCancel(t *testing.T) {
	d := openDevice(t)
	p := createPipeline(t, d, "spin", PipelineSpec{PushConstantBytes: 16})
	buf := alloc(t, d, 4)
	groups := spinGroups(t, d, p, buf.Address(), time.Second)
	t.Logf("%d workgroups of %d rounds take about a second", groups, spinRounds)
	t.Cleanup(func() {
		if err := d.waitIdle(); err != nil {
			t.Errorf("waitIdle: %v", err)
		}
	})

	start := time.Now()
	_, _, err := d.Dispatch(context.Background(), p, groups, spinPush(buf.Address(), spinRounds), 200*time.Millisecond)
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("Dispatch of a 1 s kernel with a 200 ms timeout: %v, want ErrTimeout", err)
	}
	if elapsed := time.Since(start); elapsed < 200*time.Millisecond || elapsed > 900*time.Millisecond {
		t.Errorf("the timeout took %v, want about 200 ms", elapsed)
	}
	if err := d.waitIdle(); err != nil {
		t.Fatalf("waitIdle: %v", err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, _, err = d.Dispatch(ctx, p, groups, spinPush(buf.Address(), spinRounds), time.Minute)
	if !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrTimeout) {
		t.Fatalf("Dispatch with a context that ends after 100 ms: %v, want context.DeadlineExceeded", err)
	}

	// The next dispatch waits for the one still running, then runs.
	if _, _, err := d.Dispatch(context.Background(), p, 1, spinPush(buf.Address(), 1000), testTimeout); err != nil {
		t.Fatalf("Dispatch after a cancelled one: %v", err)
	}

	cancelled, cancelNow := context.WithCancel(context.Background())
	cancelNow()
	if _, _, err := d.Dispatch(cancelled, p, 1, spinPush(buf.Address(), 1), testTimeout); !errors.Is(err, context.Canceled) {
		t.Errorf("Dispatch with a cancelled context: %v, want context.Canceled", err)
	}
}

func TestDispatchErrors(t *testing.T) {
	d := openDevice(t)
	p := createPipeline(t, d, "scale", PipelineSpec{PushConstantBytes: 16})
	ctx := context.Background()
	tests := []struct {
		name    string
		p       *Pipeline
		groups  uint32
		push    []byte
		timeout time.Duration
	}{
		{"nil pipeline", nil, 1, nil, testTimeout},
		{"no groups", p, 0, nil, testTimeout},
		{"too many groups", p, d.Info().Limits.MaxComputeWorkGroupCount[0] + 1, nil, testTimeout},
		{"push constants too long", p, 1, make([]byte, 20), testTimeout},
		{"no timeout", p, 1, nil, 0},
	}
	for _, tt := range tests {
		if _, _, err := d.Dispatch(ctx, tt.p, tt.groups, tt.push, tt.timeout); err == nil {
			t.Errorf("%s: Dispatch succeeded", tt.name)
		}
	}
	p.Destroy()
	p.Destroy()
	if _, _, err := d.Dispatch(ctx, p, 1, nil, testTimeout); !errors.Is(err, errClosed) {
		t.Errorf("Dispatch of a destroyed pipeline: %v, want errClosed", err)
	}
}

func TestPipelineErrors(t *testing.T) {
	d := openDevice(t)
	if _, err := d.CreateShader([]uint32{1, 2, 3, 4, 5}); err == nil {
		t.Error("CreateShader of words that are not SPIR-V succeeded")
	}
	s, err := d.CreateShader(loadSPIRV(t, "scale"))
	if err != nil {
		t.Fatal(err)
	}
	info := d.Info()
	sg := info.Subgroup
	tests := []struct {
		name        string
		spec        PipelineSpec
		unsupported bool
	}{
		{"nil shader", PipelineSpec{}, false},
		{"push constants not words", PipelineSpec{Shader: s, PushConstantBytes: 6}, false},
		{"push constants negative", PipelineSpec{Shader: s, PushConstantBytes: -4}, false},
		{"push constants over the limit", PipelineSpec{Shader: s, PushConstantBytes: int(info.Limits.MaxPushConstantsSize) + 4}, true},
		{"subgroup size not a power of two", PipelineSpec{Shader: s, PushConstantBytes: 16, RequiredSubgroupSize: 3}, true},
		{"subgroup size too large", PipelineSpec{Shader: s, PushConstantBytes: 16, RequiredSubgroupSize: max(sg.MaxSize, 64) * 2}, true},
		{"missing entry point", PipelineSpec{Shader: s, PushConstantBytes: 16, Entry: "nope"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := d.CreatePipeline(tt.spec)
			if err == nil {
				p.Destroy()
				t.Fatal("CreatePipeline succeeded")
			}
			if errors.Is(err, ErrUnsupported) != tt.unsupported {
				t.Errorf("CreatePipeline: %v; wraps ErrUnsupported: %v, want %v", err, errors.Is(err, ErrUnsupported), tt.unsupported)
			}
		})
	}
	s.Destroy()
	s.Destroy()
	if _, err := d.CreatePipeline(PipelineSpec{Shader: s}); !errors.Is(err, errClosed) {
		t.Errorf("CreatePipeline of a destroyed shader: %v, want errClosed", err)
	}
}

func TestRequiredSubgroupSize(t *testing.T) {
	d := openDevice(t)
	sg := d.Info().Subgroup
	if !slices.Contains(d.Enabled(), "subgroupSizeControl") || !slices.Contains(sg.RequiredSizeStages, "compute") {
		t.Skipf("%s cannot require a subgroup size in compute shaders", d.Info().Name)
	}
	full := slices.Contains(d.Enabled(), "computeFullSubgroups")
	local := 2 * sg.MaxSize
	p := createPipeline(t, d, "scale", PipelineSpec{
		PushConstantBytes:    16,
		Specialization:       []uint32{local},
		RequiredSubgroupSize: sg.MaxSize,
		FullSubgroups:        full,
	})
	buf := alloc(t, d, 4*1024)
	if _, _, err := d.Dispatch(context.Background(), p, 2, scalePush(buf.Address(), 5, 1024), testTimeout); err != nil {
		t.Fatalf("Dispatch: %v", err)
	}
	checkScaled(t, readWords(t, buf), int(2*local), 5)
}

func TestExecutables(t *testing.T) {
	d := openDevice(t)
	plain := createPipeline(t, d, "scale", PipelineSpec{PushConstantBytes: 16})
	if _, err := plain.Executables(); !errors.Is(err, ErrUnsupported) {
		t.Errorf("Executables of a pipeline created without Capture: %v, want ErrUnsupported", err)
	}
	captured := createPipeline(t, d, "scale", PipelineSpec{PushConstantBytes: 16, Capture: true})
	exes, err := captured.Executables()
	if !slices.Contains(d.Enabled(), "pipelineExecutableInfo") {
		if !errors.Is(err, ErrUnsupported) {
			t.Errorf("Executables without VK_KHR_pipeline_executable_properties: %v, want ErrUnsupported", err)
		}
		t.Logf("as expected without the extension: %v", err)
		return
	}
	if err != nil {
		t.Fatalf("Executables: %v", err)
	}
	if len(exes) == 0 {
		t.Fatal("no executables")
	}
	for _, e := range exes {
		t.Logf("executable %q (%s): stages %v, subgroup %d, %d statistics, %d representations",
			e.Name, e.Description, e.Stages, e.SubgroupSize, len(e.Statistics), len(e.Representations))
		for _, s := range e.Statistics {
			t.Logf("  %s = %v (%s)", s.Name, s.Value, s.Format)
		}
		for _, r := range e.Representations {
			t.Logf("  %s: %d bytes, text %v", r.Name, len(r.Data), r.IsText)
		}
		if !slices.Contains(e.Stages, "compute") {
			t.Errorf("executable %q runs stages %v, want compute", e.Name, e.Stages)
		}
	}
}

// TestConcurrentPipelines creates pipelines from several goroutines while
// another dispatches, as gpuarch compiles the next kernels while one runs.
func TestConcurrentPipelines(t *testing.T) {
	d := openDevice(t)
	s, err := d.CreateShader(loadSPIRV(t, "scale"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Destroy()
	first := createPipeline(t, d, "scale", PipelineSpec{PushConstantBytes: 16})
	buf := alloc(t, d, 4*256)

	ctx, stop := context.WithCancel(context.Background())
	dispatched := make(chan error, 1)
	go func() {
		for ctx.Err() == nil {
			if _, _, err := d.Dispatch(context.Background(), first, 4, scalePush(buf.Address(), 1, 256), testTimeout); err != nil {
				dispatched <- err
				return
			}
		}
		dispatched <- nil
	}()

	var wg sync.WaitGroup
	pipelines := make([]*Pipeline, 6)
	errs := make([]error, len(pipelines))
	for i := range pipelines {
		wg.Go(func() {
			pipelines[i], errs[i] = d.CreatePipeline(PipelineSpec{Shader: s, PushConstantBytes: 16, Specialization: []uint32{uint32(16 << (i % 3))}})
		})
	}
	wg.Wait()
	stop()
	if err := <-dispatched; err != nil {
		t.Errorf("Dispatch while pipelines were created: %v", err)
	}
	for i, p := range pipelines {
		if errs[i] != nil {
			t.Errorf("CreatePipeline %d: %v", i, errs[i])
			continue
		}
		if err := buf.Zero(); err != nil {
			t.Fatal(err)
		}
		if _, _, err := d.Dispatch(context.Background(), p, 1, scalePush(buf.Address(), 2, 256), testTimeout); err != nil {
			t.Fatalf("Dispatch of pipeline %d: %v", i, err)
		}
		checkScaled(t, readWords(t, buf), 16<<(i%3), 2)
		p.Destroy()
	}
}

// TestCloseReleasesObjects closes a device with live objects, and an
// instance with an open device.
func TestCloseReleasesObjects(t *testing.T) {
	in := openInstance(t)
	d, err := in.OpenDevice(0)
	if errors.Is(err, ErrUnsupported) {
		t.Skipf("device 0 cannot run gpuarch kernels: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.Alloc(64)
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.CreateShader(loadSPIRV(t, "scale"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.CreatePipeline(PipelineSpec{Shader: s, PushConstantBytes: 16})
	if err != nil {
		t.Fatal(err)
	}
	if err := in.Close(); err != nil {
		t.Fatalf("Instance.Close with an open device: %v", err)
	}
	if err := d.Close(); err != nil {
		t.Errorf("Device.Close after Instance.Close: %v", err)
	}
	if _, err := b.Read(); !errors.Is(err, errClosed) {
		t.Errorf("Read after Close: %v, want errClosed", err)
	}
	if err := b.Free(); err != nil {
		t.Errorf("Free after Close: %v", err)
	}
	p.Destroy()
	s.Destroy()
	if _, err := d.Alloc(4); !errors.Is(err, errClosed) {
		t.Errorf("Alloc after Close: %v, want errClosed", err)
	}
	if _, _, err := d.Dispatch(context.Background(), p, 1, nil, testTimeout); !errors.Is(err, errClosed) {
		t.Errorf("Dispatch after Close: %v, want errClosed", err)
	}
	if _, err := in.OpenDevice(0); !errors.Is(err, errClosed) {
		t.Errorf("OpenDevice after Instance.Close: %v, want errClosed", err)
	}
}
