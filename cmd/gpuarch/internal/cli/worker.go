package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"time"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/links"
	"github.com/gpuarch/gpuarch/measure/registry"
	"github.com/gpuarch/gpuarch/record"
)

// Probes run in a worker process because a kernel that faults leaves its
// process unable to use the GPU (NVIDIA documents that a sticky error needs
// a new process), and a kernel that hangs can only be stopped by ending its
// process. The parent starts `gpuarch worker`, sends it a WorkRequest on
// stdin and reads WorkMessages, one JSON object per line, from its stdout;
// the worker's stderr is the user's progress display. When a worker dies,
// the parent records why against the probe it was running and starts a new
// worker for the rest.

// WorkRequest says what a worker measures.
type WorkRequest struct {
	// Backend is "cuda" or "vulkan".
	Backend string `json:"backend"`
	// Timing is how Vulkan kernels are timed (Target.Timing).
	Timing string   `json:"timing,omitempty"`
	GPU    int      `json:"gpu"`
	Suites []string `json:"suites"`
	// Subjects limits the alu suite to these instructions (all when empty).
	Subjects []string `json:"subjects,omitempty"`
	// Done are the keys of jobs measured already: the worker skips them.
	Done []string `json:"done,omitempty"`
	// Known are solo mix rates measured by an earlier worker, by class.
	Known     map[string]float64 `json:"known,omitempty"`
	Artifacts string             `json:"artifacts,omitempty"`
	Config    engine.Config      `json:"config"`
	// CoopMatGrid is the Vulkan cooperative-matrix throughput grid
	// (mma.ParseCoopMatGrid); "" for the default.
	CoopMatGrid string `json:"coopmat_grid,omitempty"`
	// Quick runs the health check (registry.Quick) instead of Suites.
	Quick bool `json:"quick,omitempty"`
	// NoProcesses leaves NVML's list of compute processes out of the
	// health readings (run --no-processes).
	NoProcesses bool `json:"no_processes,omitempty"`
	// Peers, when set, measures the links between these GPUs (opened
	// together in one worker) instead of anything else.
	Peers []int `json:"peers,omitempty"`
}

// WorkMessage is one line of a worker's output.
type WorkMessage struct {
	// Type is "device", "warmup", "start" (a job begins), "record",
	// "done" (a job ended, measured or not), "note" (Note), "health" or
	// "fatal".
	Type     string         `json:"type"`
	Key      string         `json:"key,omitempty"`
	Device   *record.Device `json:"device,omitempty"`
	Warnings []string       `json:"warnings,omitempty"`
	Clock    *record.Clock  `json:"clock,omitempty"`
	Record   *record.Record `json:"record,omitempty"`
	Error    string         `json:"error,omitempty"`
	// Note is a "note" message's: how the run was taken (Run.Notes).
	Note string `json:"note,omitempty"`
	// Health is a "health" message's reading; Phase says "before" or
	// "after" the run.
	Health *record.Health `json:"health,omitempty"`
	Phase  string         `json:"phase,omitempty"`
	// Peers is a "peers" message's matrix.
	Peers *links.Matrix `json:"peers,omitempty"`
}

// Worker runs req and hands every message to send. It returns when the work
// is done or cannot go on.
type Worker func(ctx context.Context, req WorkRequest, send func(WorkMessage)) error

// cmdWorker is the hidden `gpuarch worker` command.
func (e *Env) cmdWorker(ctx context.Context, args []string) error {
	if len(args) > 0 {
		return &UsageError{"worker takes its request on standard input"}
	}
	var req WorkRequest
	if err := json.NewDecoder(os.Stdin).Decode(&req); err != nil {
		return fmt.Errorf("worker: read the request: %w", err)
	}
	enc := json.NewEncoder(e.Stdout)
	var encErr error
	send := func(m WorkMessage) {
		if err := enc.Encode(m); err != nil && encErr == nil {
			encErr = err
		}
	}
	err := e.work(ctx, req, send)
	if err != nil {
		send(WorkMessage{Type: "fatal", Error: err.Error()})
	}
	if encErr != nil {
		return fmt.Errorf("worker: write results: %w", encErr)
	}
	if errors.Is(err, engine.ErrHung) {
		// A kernel is still running: closing the context would wait for
		// it. Ending the process is what stops it.
		os.Exit(3)
	}
	if err != nil {
		// The parent says it to the user; saying it here too printed it
		// twice.
		return &ReportedError{err}
	}
	return nil
}

// work measures req in this process.
func (e *Env) work(ctx context.Context, req WorkRequest, send func(WorkMessage)) error {
	// A CUDA context belongs to an OS thread; this goroutine owns it.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if len(req.Peers) > 0 {
		return e.workPeers(ctx, req, send)
	}
	gpu, err := e.OpenGPU(ctx, Target{Backend: req.Backend, GPU: req.GPU, Timing: req.Timing})
	if err != nil {
		return err
	}
	defer gpu.Close()
	progress := e.progress(time.Now())
	runner := &engine.Runner{GPU: gpu, Config: req.Config, Progress: progress, Artifacts: req.Artifacts}
	dev := gpu.Device()
	isa := gpu.Codegen().ISA()
	msg := WorkMessage{Type: "device", Device: &dev}
	if isa == kernel.ISAPTX {
		tc := &cudagpu.Toolchain{}
		if d, err := e.Disassembler(); err == nil {
			tc.Disasm, tc.Listings = d, engine.OpenModuleCache()
		} else {
			msg.Warnings = append(msg.Warnings, "machine code not verified: "+err.Error())
			progress("warning: " + err.Error())
		}
		if e.Assembler != nil {
			if a, err := e.Assembler(); err == nil {
				tc.Assembler = a
			}
		}
		runner.Code = tc
	}
	send(msg)
	u := dev.UnitsOf()
	progress(fmt.Sprintf("%s (%s), %s backend, %d %s, driver %s: warming up", dev.Name, dev.UUID, dev.BackendOf(), dev.SMs, u.Cores, dev.DriverVersion))
	warm, err := runner.Warmup(ctx, 500*time.Millisecond, 5*time.Second)
	if err != nil {
		return fmt.Errorf("warm-up: %w", err)
	}
	send(WorkMessage{Type: "warmup", Clock: warm})
	if h, ok := gpu.(engine.HealthReader); ok {
		// Read after the warm-up: utilization covers the last second, and
		// an idle GPU's sensors say little.
		health := func() *record.Health {
			r := h.Health()
			if r != nil && req.NoProcesses {
				r.Processes = nil
				r.Unread = append(r.Unread, "processes (left out: run --no-processes)")
			}
			return r
		}
		send(WorkMessage{Type: "health", Phase: "before", Health: health()})
		defer func() { send(WorkMessage{Type: "health", Phase: "after", Health: health()}) }()
	}
	done := map[string]bool{}
	for _, k := range req.Done {
		done[k] = true
	}
	run := func(planned []engine.Planned, hook func(*record.Record)) error {
		var jobs []engine.Job
		var keys []string
		for _, p := range planned {
			if !done[p.Key] {
				jobs, keys = append(jobs, p.Job), append(keys, p.Key)
			}
		}
		return runner.RunEvents(ctx, jobs, engine.Events{
			Start: func(i int) { send(WorkMessage{Type: "start", Key: keys[i]}) },
			Record: func(r record.Record) {
				if hook != nil {
					hook(&r)
				}
				send(WorkMessage{Type: "record", Record: &r})
			},
			Done: func(i int) { send(WorkMessage{Type: "done", Key: keys[i]}) },
		})
	}
	session := &registry.Session{
		Device:      dev,
		ISA:         isa,
		Subjects:    req.Subjects,
		CoopMatGrid: req.CoopMatGrid,
		Known:       req.Known,
		Measure:     run,
		HostLinks: func(plan links.Plan) {
			key := links.Key(links.GroupHost)
			if done[key] {
				return
			}
			send(WorkMessage{Type: "start", Key: key})
			for _, r := range links.MeasureHost(ctx, gpu, plan, record.Provenance{Clock: warm, Time: time.Now().UTC()}) {
				send(WorkMessage{Type: "record", Record: &r})
			}
			send(WorkMessage{Type: "done", Key: key})
		},
	}
	if k, ok := gpu.(interface{ KeptBusy() string }); ok {
		// Said once the probes are done: how the GPU was kept busy
		// between their dispatches.
		defer func() { send(WorkMessage{Type: "note", Note: k.KeptBusy()}) }()
	}
	if req.Quick {
		return registry.Quick(session)
	}
	for _, name := range req.Suites {
		suite, err := registry.Lookup(name)
		if err != nil {
			return &UsageError{err.Error()}
		}
		if err := suite.Full(session); err != nil {
			return err
		}
	}
	return nil
}

// subprocessWorker runs a worker as a child process of this executable.
func subprocessWorker(stderr io.Writer) Worker {
	return func(ctx context.Context, req WorkRequest, send func(WorkMessage)) error {
		exe, err := os.Executable()
		if err != nil {
			return fmt.Errorf("find the gpuarch executable to start a worker: %w", err)
		}
		in, err := json.Marshal(req)
		if err != nil {
			return err
		}
		cmd := exec.CommandContext(ctx, exe, "worker")
		// On cancellation, ask the worker to stop (it keeps what it
		// measured); kill it if it does not within WaitDelay.
		cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
		cmd.WaitDelay = 10 * time.Second
		cmd.Stdin = bytes.NewReader(in)
		cmd.Stderr = stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			return err
		}
		if err := cmd.Start(); err != nil {
			return fmt.Errorf("start a worker: %w", err)
		}
		var fatal string
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			var m WorkMessage
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				continue // not ours: a library printed to stdout
			}
			if m.Type == "fatal" {
				fatal = m.Error
				// A worker whose kernel hung may not manage to
				// exit; it has said all it will.
				time.AfterFunc(10*time.Second, func() { cmd.Process.Kill() })
				continue
			}
			send(m)
		}
		werr := cmd.Wait()
		switch {
		case fatal != "":
			return errors.New(fatal)
		case ctx.Err() != nil:
			return ctx.Err()
		case werr != nil:
			return fmt.Errorf("the worker process ended: %w", describeExit(werr))
		}
		return nil
	}
}

// describeExit names the signal that killed a worker, if one did.
func describeExit(err error) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return fmt.Errorf("killed by %v", ws.Signal())
		}
	}
	return err
}
