package sass

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// ErrNoDisassembler reports that nvdisasm could not be found, so the machine
// code of a probe could not be checked.
var ErrNoDisassembler = errors.New("nvdisasm is not on the PATH: machine code not verified")

// Disassembler runs NVIDIA's nvdisasm.
type Disassembler struct {
	// Path is the nvdisasm executable.
	Path string
	// NoDataflow runs nvdisasm without its dataflow analysis (-ndf),
	// which labels the targets of indirect branches (BRX) and takes about
	// a third of its time: 650 against 411 ms for a 41 KB cubin on an
	// H200 machine, and 3.3 against 2.5 s for 64 cubins of the alu suite
	// 16 at once, their listings byte-identical. For the probes' own
	// kernels, whose timed regions end in direct branches; users' loops
	// (analyze) keep the analysis.
	NoDataflow bool
}

// FindDisassembler looks nvdisasm up on the PATH. The error wraps
// [ErrNoDisassembler] when it is absent.
func FindDisassembler() (*Disassembler, error) {
	path, err := lookPath("nvdisasm", ErrNoDisassembler)
	if err != nil {
		return nil, err
	}
	return &Disassembler{Path: path}, nil
}

// lookPath finds a CUDA toolkit program on the PATH; the error wraps
// absent when it is not there.
func lookPath(name string, absent error) (string, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("%w (%v)", absent, err)
	}
	return path, nil
}

// Disassemble writes cubin to a temporary file, disassembles it and parses
// the listing.
//
// It runs "nvdisasm -c FILE": -c (--print-code) prints only the code
// sections, leaving out the .nv.info and other data sections whose
// ".byte" lines look like instructions. The defaults are kept on purpose:
// no -hex (encodings), -g (line info) or -plr (life ranges) noise, and the
// dataflow analysis stays on because it is what labels branch targets. The
// NVIDIA documentation notes that this analysis needs complete relocation
// information; if nvdisasm fails, it is run once more with -ndf
// (--no-dataflow) before giving up. With NoDataflow it runs with -ndf
// only.
func (d *Disassembler) Disassemble(ctx context.Context, cubin []byte) (*Listing, error) {
	if d == nil || d.Path == "" {
		return nil, errors.New("disassemble: no nvdisasm path")
	}
	if len(cubin) == 0 {
		return nil, errors.New("disassemble: empty cubin")
	}
	tmp, err := os.CreateTemp("", "gpuarch-*.cubin")
	if err != nil {
		return nil, fmt.Errorf("disassemble: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(cubin); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("disassemble: write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return nil, fmt.Errorf("disassemble: close %s: %w", tmp.Name(), err)
	}

	if d.NoDataflow {
		out, err := d.run(ctx, "-c", "-ndf", tmp.Name())
		if err != nil {
			return nil, fmt.Errorf("disassemble: %w", err)
		}
		return parsed(out)
	}
	out, err := d.run(ctx, "-c", tmp.Name())
	if err != nil && ctx.Err() == nil {
		var err2 error
		out, err2 = d.run(ctx, "-c", "-ndf", tmp.Name())
		if err2 != nil {
			return nil, fmt.Errorf("disassemble: %w; without dataflow analysis: %w", err, err2)
		}
	} else if err != nil {
		return nil, fmt.Errorf("disassemble: %w", err)
	}
	return parsed(out)
}

// parsed parses nvdisasm's output into a listing that has code.
func parsed(out string) (*Listing, error) {
	l, err := ParseListing(out)
	if err != nil {
		return nil, fmt.Errorf("disassemble: %w", err)
	}
	if len(l.Functions) == 0 {
		return nil, errors.New("disassemble: nvdisasm printed no code")
	}
	return l, nil
}

// run runs nvdisasm with args and returns its standard output; the error
// carries its standard error.
func (d *Disassembler) run(ctx context.Context, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, d.Path, args...)
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = "no message"
		}
		return "", fmt.Errorf("%s %s: %w: %s", d.Path, strings.Join(args, " "), err, msg)
	}
	return stdout.String(), nil
}
