package analyze

import (
	"bytes"
	"context"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/gpuarch/gpuarch/sass"
)

// Input is a kernel file read for analysis.
type Input struct {
	// Kind is "cubin", "elf" (a host binary with embedded cubins), "ptx"
	// or "listing".
	Kind string
	// Arch is the machine code's architecture, "sm_90"; "" when the input
	// does not say (a listing without its header).
	Arch      string
	Listing   *sass.Listing
	Resources map[string]Resources
	// Notes say what could not be done (a compressed fatbin entry, an
	// architecture skipped).
	Notes []string
}

// Tools are the external programs loading may need; nil fields mean
// absent.
type Tools struct {
	// Disassemble turns a cubin into a listing (nvdisasm).
	Disassemble func(ctx context.Context, cubin []byte) (*sass.Listing, error)
	// Ptxas is the path of ptxas, "" when it is not on the PATH.
	Ptxas string
}

// Load reads a kernel file: a cubin, an ELF with a .nv_fatbin section
// (its sm_<arch> cubins are extracted; arch "" takes the newest), a PTX
// file (compiled with ptxas) or an nvdisasm/cuobjdump listing. listing,
// when not "", is a listing of the same cubin to use instead of
// disassembling (nvdisasm absent).
//
// Files are read up to maxBinaryBytes (a kernel file) and
// maxListingBytes (a listing); a directory or device is refused. A file
// or listing that is empty, or whose machine code holds no instruction,
// is an error wrapping ErrEmpty that names it.
func Load(ctx context.Context, path, listing, arch string, t Tools) (*Input, error) {
	b, err := readLimited(path, maxBinaryBytes)
	if err != nil {
		return nil, fmt.Errorf("read kernel: %w", err)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, fmt.Errorf("%s is empty: %w", path, ErrEmpty)
	}
	in, err := load(ctx, path, b, listing, arch, t)
	if err != nil {
		return nil, err
	}
	if in.Listing == nil || instructions(in.Listing) == 0 {
		return nil, fmt.Errorf("%s holds no instruction (%s): %w", path, in.Kind, ErrEmpty)
	}
	return in, nil
}

// load is Load after reading the file, b.
func load(ctx context.Context, path string, b []byte, listing, arch string, t Tools) (*Input, error) {
	in := &Input{Resources: map[string]Resources{}}
	switch {
	case bytes.HasPrefix(b, []byte(elf.ELFMAG)):
		if isCUDAELF(b) {
			in.Kind = "cubin"
			if err := in.addCubin(ctx, b, listing, t); err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			return in, nil
		}
		in.Kind = "elf"
		cubins, notes, err := ExtractCubins(b, arch)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		in.Notes = append(in.Notes, notes...)
		for _, c := range cubins {
			if err := in.addCubin(ctx, c, listing, t); err != nil {
				return nil, fmt.Errorf("%s: embedded cubin: %w", path, err)
			}
		}
		return in, nil
	case isPTX(b):
		in.Kind = "ptx"
		cubin, err := compilePTX(ctx, path, b, t.Ptxas)
		if err != nil {
			return nil, err
		}
		if err := in.addCubin(ctx, cubin, listing, t); err != nil {
			return nil, fmt.Errorf("%s: compiled cubin: %w", path, err)
		}
		return in, nil
	}
	in.Kind = "listing"
	if len(b) > maxListingBytes {
		return nil, fmt.Errorf("%s: not a cubin, ELF or PTX file, and as a listing larger than the %s analyze reads", path, sizeName(maxListingBytes))
	}
	l, err := sass.ParseListing(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: not a cubin, ELF or PTX file, and as a SASS listing: %w", path, err)
	}
	in.Listing = l
	in.Arch = listingArch(string(b))
	for name, regs := range listingRegisters(string(b)) {
		in.Resources[name] = Resources{Registers: regs, Source: "listing SHI_REGISTERS"}
	}
	return in, nil
}

// Limits on what Load reads: a host library with device code for many
// architectures runs to hundreds of megabytes; a listing of one is text
// of a few. Anything larger is a wrong file, refused before it fills the
// memory.
const (
	maxBinaryBytes  = 1 << 30
	maxListingBytes = 256 << 20
)

// readLimited reads the file at path, refusing one larger than limit
// bytes and anything but a regular file or a pipe (a directory, a
// device). Package record has no such reader (it reads results files,
// which gpuarch wrote, whole); this one reads what a user points analyze
// at, which may be any file. A pipe (a shell's <(nvdisasm ...)) has no size to check first: its
// reading stops one byte past the limit.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	switch mode := st.Mode(); {
	case mode.IsDir():
		return nil, fmt.Errorf("%s is a directory, not a file", path)
	case !mode.IsRegular() && mode&os.ModeNamedPipe == 0:
		return nil, fmt.Errorf("%s is not a regular file (%v)", path, mode.Type())
	case st.Size() > limit:
		return nil, fmt.Errorf("%s is %d bytes, more than the %s analyze reads", path, st.Size(), sizeName(limit))
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s is more than the %s analyze reads", path, sizeName(limit))
	}
	return b, nil
}

// sizeName writes a size in GiB, MiB or KiB: whole where it is a
// multiple of the unit, else to a tenth.
func sizeName(n int64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		switch {
		case n >= 1<<u.shift && n%(1<<u.shift) == 0:
			return fmt.Sprintf("%d %s", n>>u.shift, u.name)
		case n >= 1<<u.shift:
			return fmt.Sprintf("%.1f %s", float64(n)/float64(int64(1)<<u.shift), u.name)
		}
	}
	return fmt.Sprintf("%d B", n)
}

// instructions counts the listing's instructions.
func instructions(l *sass.Listing) int {
	n := 0
	for _, f := range l.Functions {
		n += len(f.Instructions)
	}
	return n
}

// addCubin parses a cubin for resources and disassembles it (or reads the
// listing given).
func (in *Input) addCubin(ctx context.Context, b []byte, listing string, t Tools) error {
	c, err := sass.ParseCubin(b)
	if err != nil {
		return err
	}
	if in.Arch == "" {
		in.Arch = c.Arch
	}
	for _, k := range c.Kernels {
		in.Resources[k.Name] = Resources{Registers: k.Registers, SharedBytes: k.SharedBytes, Source: "cubin"}
	}
	var l *sass.Listing
	switch {
	case listing != "":
		text, err := readLimited(listing, maxListingBytes)
		if err != nil {
			return fmt.Errorf("read listing: %w", err)
		}
		if len(bytes.TrimSpace(text)) == 0 {
			return fmt.Errorf("listing %s is empty: %w", listing, ErrEmpty)
		}
		if l, err = sass.ParseListing(string(text)); err != nil {
			return fmt.Errorf("listing %s: %w", listing, err)
		}
		if instructions(l) == 0 {
			return fmt.Errorf("listing %s holds no instruction: %w", listing, ErrEmpty)
		}
	case t.Disassemble != nil:
		if l, err = t.Disassemble(ctx, b); err != nil {
			return err
		}
	default:
		return fmt.Errorf("%w: give the cubin's listing with --sass FILE (nvdisasm -c FILE.cubin > FILE.sass) on a machine that has it", sass.ErrNoDisassembler)
	}
	// The cubin's instruction words carry the control fields (stall
	// counts, scoreboards) that nvdisasm does not print.
	codes, err := sass.ParseControls(b)
	switch {
	case err == nil:
		if l.AttachControls(codes) == 0 {
			in.Notes = append(in.Notes, fmt.Sprintf("the listing's functions are not the %s cubin's: its control fields (stall counts, scoreboards) are not used", c.Arch))
		}
	case errors.Is(err, sass.ErrNoControl):
		in.Notes = append(in.Notes, fmt.Sprintf("%s machine code has no control fields: one warp in order is modelled from measured latencies alone", c.Arch))
	default:
		return fmt.Errorf("control fields: %w", err)
	}
	if in.Listing == nil {
		in.Listing = l
	} else {
		in.Listing.Functions = append(in.Listing.Functions, l.Functions...)
	}
	return nil
}

func isCUDAELF(b []byte) bool {
	return len(b) >= 20 && binary.LittleEndian.Uint16(b[18:]) == 190
}

var ptxTarget = regexp.MustCompile(`(?m)^\s*\.target\s+(sm_[0-9]+[a-z]?)`)

func isPTX(b []byte) bool {
	s := string(b[:min(len(b), 4096)])
	return strings.Contains(s, ".version") && ptxTarget.MatchString(s)
}

// compilePTX compiles PTX for its .target with ptxas.
func compilePTX(ctx context.Context, path string, b []byte, ptxas string) ([]byte, error) {
	if ptxas == "" {
		return nil, fmt.Errorf("%s is PTX, and ptxas is not on the PATH: compile it where the CUDA toolkit is (ptxas -arch=sm_90 -o k.cubin %s) and analyze the cubin", path, filepath.Base(path))
	}
	arch := ptxTarget.FindSubmatch(b)[1]
	dir, err := os.MkdirTemp("", "gpuarch-analyze-*")
	if err != nil {
		return nil, fmt.Errorf("compile PTX: %w", err)
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "k.cubin")
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, ptxas, "-arch="+string(arch), "-o", out, path)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("ptxas %s: %w: %s", path, err, strings.TrimSpace(stderr.String()))
	}
	cubin, err := readLimited(out, maxBinaryBytes)
	if err != nil {
		return nil, fmt.Errorf("compile PTX: %w", err)
	}
	return cubin, nil
}

var (
	shiRegisters = regexp.MustCompile(`SHI_REGISTERS=([0-9]+)`)
	sectionText  = regexp.MustCompile(`\.section\s+\.text\.([^,\s]+)`)
	efSM         = regexp.MustCompile(`EF_CUDA_SM([0-9]+)`)
)

// listingRegisters reads nvdisasm's ".sectioninfo @"SHI_REGISTERS=N"" per
// function.
func listingRegisters(text string) map[string]int {
	out := map[string]int{}
	cur := ""
	for line := range strings.Lines(text) {
		if m := sectionText.FindStringSubmatch(line); m != nil {
			cur = m[1]
			continue
		}
		if m := shiRegisters.FindStringSubmatch(line); m != nil && cur != "" {
			var n int
			fmt.Sscan(m[1], &n)
			out[cur] = n
		}
	}
	return out
}

func listingArch(text string) string {
	if m := efSM.FindStringSubmatch(text); m != nil {
		return "sm_" + m[1]
	}
	return ""
}

// Fatbin layout, as NVIDIA's fatbinary tool writes it into a host ELF's
// .nv_fatbin section (documented by reverse engineering only, e.g.
// n-eiling/cuda-fatbin-decompression): a 16-byte container header (magic
// 0xBA55ED50, version, header size, size of the entries), then entries,
// each a header (kind 1 PTX or 2 ELF, header size, payload size, ...,
// architecture at byte 28, flags at byte 40) followed by its payload.
const (
	fatbinMagic        = 0xBA55ED50
	fatbinKindELF      = 2
	fatbinFlagCompress = 0x2000
)

// ExtractCubins returns the cubins for arch ("sm_90"; "" takes every
// architecture) embedded in a host ELF's .nv_fatbin section. Compressed
// entries are not decompressed: they are listed in notes, with the
// command that extracts them.
func ExtractCubins(b []byte, arch string) (cubins [][]byte, notes []string, err error) {
	f, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		return nil, nil, fmt.Errorf("not a readable ELF file (stripped or malformed?): %w", err)
	}
	defer f.Close()
	s := f.Section(".nv_fatbin")
	if s == nil {
		return nil, nil, errors.New("no .nv_fatbin section: not a CUDA executable or library (or its device code was stripped)")
	}
	data, err := s.Data()
	if err != nil {
		return nil, nil, fmt.Errorf(".nv_fatbin: %w", err)
	}
	var archs []string
	for off := 0; off+16 <= len(data); {
		if binary.LittleEndian.Uint32(data[off:]) != fatbinMagic {
			off += 8 // containers are 8-byte aligned
			continue
		}
		hsize := int(binary.LittleEndian.Uint16(data[off+6:]))
		size := int(binary.LittleEndian.Uint64(data[off+8:]))
		end := off + hsize + size
		if hsize < 16 || size < 0 || end > len(data) || end < off {
			return nil, notes, fmt.Errorf(".nv_fatbin at %#x: container of %d bytes overruns the section", off, size)
		}
		for e := off + hsize; e+64 <= end; {
			kind := binary.LittleEndian.Uint16(data[e:])
			ehsize := int(binary.LittleEndian.Uint32(data[e+4:]))
			psize := int(binary.LittleEndian.Uint64(data[e+8:]))
			sm := int(binary.LittleEndian.Uint32(data[e+28:]))
			flags := binary.LittleEndian.Uint64(data[e+40:])
			if ehsize < 64 || psize < 0 || e+ehsize+psize > end || e+ehsize+psize <= e {
				return nil, notes, fmt.Errorf(".nv_fatbin entry at %#x: malformed header", e)
			}
			name := fmt.Sprintf("sm_%d", sm)
			if kind == fatbinKindELF {
				archs = append(archs, name)
				switch {
				case arch != "" && name != arch:
				case flags&fatbinFlagCompress != 0:
					notes = append(notes, fmt.Sprintf("the %s cubin is compressed in the fatbin, which this reader does not decompress: extract it with cuobjdump -xelf all FILE and analyze the .cubin", name))
				default:
					cubins = append(cubins, bytes.Clone(data[e+ehsize:e+ehsize+psize]))
				}
			}
			e += ehsize + psize
		}
		off = end
	}
	if len(cubins) == 0 && len(notes) == 0 {
		if len(archs) == 0 {
			return nil, nil, errors.New(".nv_fatbin holds no cubin (PTX only?): analyze the PTX, or compile with -arch=sm_90")
		}
		return nil, nil, fmt.Errorf(".nv_fatbin holds cubins for %s, none for %s", strings.Join(archs, ", "), arch)
	}
	if len(cubins) == 0 {
		return nil, notes, errors.New(strings.Join(notes, "; "))
	}
	return cubins, notes, nil
}
