package sass

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// ErrNoAssembler reports that ptxas could not be found.
var ErrNoAssembler = errors.New("ptxas is not on the PATH")

// Assembler runs the CUDA toolkit's ptxas, which compiles PTX to a cubin
// as one whole program (the driver's linker, cuLink, compiles PTX as a
// relocatable unit instead, and drops what needs the whole program, such
// as setmaxnreg).
type Assembler struct {
	// Path is the ptxas executable.
	Path string
}

// FindAssembler looks ptxas up on the PATH. The error wraps
// [ErrNoAssembler] when it is absent.
func FindAssembler() (*Assembler, error) {
	path, err := lookPath("ptxas", ErrNoAssembler)
	if err != nil {
		return nil, err
	}
	return &Assembler{Path: path}, nil
}

// Assemble compiles PTX source for arch (such as "sm_90a") with
// "ptxas -arch=ARCH -v" and returns the cubin and ptxas's messages
// (resource usage, and notes such as "(C7508) 'setmaxnreg' ignored").
func (a *Assembler) Assemble(ctx context.Context, source, arch string) ([]byte, string, error) {
	if a == nil || a.Path == "" {
		return nil, "", errors.New("assemble: no ptxas path")
	}
	dir, err := os.MkdirTemp("", "gpuarch-ptxas-")
	if err != nil {
		return nil, "", fmt.Errorf("assemble: %w", err)
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "module.ptx"), filepath.Join(dir, "module.cubin")
	if err := os.WriteFile(in, []byte(source), 0o600); err != nil {
		return nil, "", fmt.Errorf("assemble: %w", err)
	}
	var msgs bytes.Buffer
	cmd := exec.CommandContext(ctx, a.Path, "-arch="+arch, "-v", "-o", out, in)
	cmd.Stdout, cmd.Stderr = &msgs, &msgs
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(msgs.String())
		if msg == "" {
			msg = "no message"
		}
		return nil, msg, fmt.Errorf("assemble: %s -arch=%s: %w: %s", a.Path, arch, err, msg)
	}
	cubin, err := os.ReadFile(out)
	if err != nil {
		return nil, msgs.String(), fmt.Errorf("assemble: %w", err)
	}
	return cubin, msgs.String(), nil
}
