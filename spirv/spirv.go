package spirv

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Magic is the first word of every SPIR-V module.
const Magic uint32 = 0x07230203

// Version is a SPIR-V version.
type Version struct{ Major, Minor int }

// SPIR-V versions gpuarch emits or reads.
var (
	V1_3 = Version{1, 3}
	V1_5 = Version{1, 5}
	V1_6 = Version{1, 6}
)

// Word is the version as the module header holds it (0x00010500 for 1.5).
func (v Version) Word() uint32 { return uint32(v.Major)<<16 | uint32(v.Minor)<<8 }

// String is "1.5".
func (v Version) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// SyntaxError is an assembly error at a position of the text.
type SyntaxError struct {
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("spirv: line %d:%d: %s", e.Line, e.Col, e.Msg)
}

// Bytes returns words as little-endian bytes, as drivers and files take
// them.
func Bytes(words []uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

// Words reads a module's bytes in either byte order, checking the length
// and the magic number.
func Words(b []byte) ([]uint32, error) {
	if len(b)%4 != 0 || len(b) < 20 {
		return nil, fmt.Errorf("spirv: %d bytes is not a module (a header of 5 words, then whole words)", len(b))
	}
	var order binary.ByteOrder = binary.LittleEndian
	switch Magic {
	case binary.LittleEndian.Uint32(b):
	case binary.BigEndian.Uint32(b):
		order = binary.BigEndian
	default:
		return nil, fmt.Errorf("spirv: bad magic number %#08x", binary.LittleEndian.Uint32(b))
	}
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = order.Uint32(b[4*i:])
	}
	return w, nil
}

// ErrNoValidator means spirv-val (SPIRV-Tools) is not on the PATH.
var ErrNoValidator = errors.New("spirv-val was not found: install SPIRV-Tools (Debian: apt-get install spirv-tools) to validate modules")

// Validate runs spirv-val on a module for a target environment such as
// "vulkan1.2", returning its message when it finds the module invalid.
func Validate(ctx context.Context, words []uint32, targetEnv string) error {
	val, err := exec.LookPath("spirv-val")
	if err != nil {
		return ErrNoValidator
	}
	dir, err := os.MkdirTemp("", "gpuarch-spirv-val")
	if err != nil {
		return fmt.Errorf("spirv: validate: %w", err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "module.spv")
	if err := os.WriteFile(path, Bytes(words), 0o644); err != nil {
		return fmt.Errorf("spirv: validate: %w", err)
	}
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, val, "--target-env", targetEnv, path)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("spirv-val: %s", strings.TrimSpace(out.String()))
	}
	return nil
}
