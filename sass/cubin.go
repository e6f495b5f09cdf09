package sass

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
)

// Cubin holds the facts read from a CUDA ELF file (a cubin).
type Cubin struct {
	// Arch is the real architecture the machine code is for, "sm_90".
	// It is the base name: the "a" and "f" variants are not reliably
	// recorded in e_flags (see smFromEFlags) and are not reported.
	Arch string `json:"arch"`
	// SM is the same as a number: 90 for sm_90, 100 for sm_100.
	SM int `json:"sm"`
	// ABIVersion is e_ident[EI_ABIVERSION]: 7 for the first CUDA ELF ABI,
	// 8 for the second (see smFromEFlags).
	ABIVersion int `json:"abi_version"`
	// EFlags is the raw e_flags word of the ELF header.
	EFlags uint32 `json:"e_flags"`
	// Kernels holds one entry per .text.<name> section, in section order.
	Kernels []Kernel `json:"kernels"`
}

// Kernel holds the facts about one function of a cubin.
type Kernel struct {
	// Name is the symbol name, taken from the section name .text.<name>.
	Name string `json:"name"`
	// CodeBytes is the size of the .text.<name> section.
	CodeBytes int `json:"code_bytes"`
	// SharedBytes is the size of the .nv.shared.<name> section (static
	// shared memory), 0 when the kernel has none.
	SharedBytes int `json:"shared_bytes"`
	// Registers is the register count per thread: EIATTR_REGCOUNT from
	// .nv.info when present, otherwise the top byte of the .text section's
	// sh_info (what nvdisasm prints as SHI_REGISTERS), 0 when unknown.
	Registers int `json:"registers"`
}

// Kernel returns the kernel with the given name.
func (c *Cubin) Kernel(name string) (*Kernel, bool) {
	for i := range c.Kernels {
		if c.Kernels[i].Name == name {
			return &c.Kernels[i], true
		}
	}
	return nil, false
}

// Offsets and values in the ELF64 header that the standard library does not
// expose (debug/elf has no e_flags) or that it checks too strictly.
const (
	elf64HeaderSize = 64
	offEIClass      = 4  // e_ident[EI_CLASS]
	offEIData       = 5  // e_ident[EI_DATA]
	offEIVersion    = 6  // e_ident[EI_VERSION]
	offEIABIVersion = 8  // e_ident[EI_ABIVERSION]
	offEMachine     = 18 // e_machine, 2 bytes
	offEVersion     = 20 // e_version, 4 bytes
	offEFlags       = 48 // e_flags, 4 bytes
	emCUDA          = 190
)

// ParseCubin reads a cubin: the SM version from the ELF header and, for each
// .text.<name> section, the kernel's code size, static shared memory and
// register count. It rejects empty and truncated input, files that are not
// ELF, and ELF files for other machines than EM_CUDA.
func ParseCubin(b []byte) (*Cubin, error) {
	if len(b) == 0 {
		return nil, errors.New("parse cubin: empty input")
	}
	if !bytes.HasPrefix(b, []byte(elf.ELFMAG)) {
		return nil, fmt.Errorf("parse cubin: not an ELF file (starts with %q)", b[:min(len(b), 4)])
	}
	if len(b) < elf64HeaderSize {
		return nil, fmt.Errorf("parse cubin: truncated ELF header: %d bytes, need %d", len(b), elf64HeaderSize)
	}
	if c := elf.Class(b[offEIClass]); c != elf.ELFCLASS64 {
		return nil, fmt.Errorf("parse cubin: ELF class is %v, want ELFCLASS64", c)
	}
	if d := elf.Data(b[offEIData]); d != elf.ELFDATA2LSB {
		return nil, fmt.Errorf("parse cubin: ELF data encoding is %v, want ELFDATA2LSB", d)
	}
	if m := binary.LittleEndian.Uint16(b[offEMachine:]); m != emCUDA {
		return nil, fmt.Errorf("parse cubin: ELF machine is %v (%d), not EM_CUDA (%d): not a cubin", elf.Machine(m), m, emCUDA)
	}
	abi := b[offEIABIVersion]
	flags := binary.LittleEndian.Uint32(b[offEFlags:])
	sm, err := smFromEFlags(abi, flags)
	if err != nil {
		return nil, fmt.Errorf("parse cubin: %w", err)
	}

	// NVIDIA stores a toolkit-specific number in e_version (CUDA 12.9 writes
	// 129) where debug/elf insists on EV_CURRENT; nvdisasm and the driver
	// ignore the field. Parse a copy with it normalized.
	fixed := bytes.Clone(b)
	fixed[offEIVersion] = byte(elf.EV_CURRENT)
	binary.LittleEndian.PutUint32(fixed[offEVersion:], uint32(elf.EV_CURRENT))
	f, err := elf.NewFile(bytes.NewReader(fixed))
	if err != nil {
		return nil, fmt.Errorf("parse cubin: %w", err)
	}
	defer f.Close()

	c := &Cubin{
		Arch:       fmt.Sprintf("sm_%d", sm),
		SM:         sm,
		ABIVersion: int(abi),
		EFlags:     flags,
	}
	shared := map[string]int{}
	for _, s := range f.Sections {
		if name, ok := strings.CutPrefix(s.Name, ".nv.shared."); ok && name != "" {
			n, err := sectionSize(s)
			if err != nil {
				return nil, fmt.Errorf("parse cubin: %w", err)
			}
			shared[name] = n
		}
	}
	for _, s := range f.Sections {
		name, ok := strings.CutPrefix(s.Name, ".text.")
		if !ok || name == "" {
			continue
		}
		n, err := sectionSize(s)
		if err != nil {
			return nil, fmt.Errorf("parse cubin: %w", err)
		}
		c.Kernels = append(c.Kernels, Kernel{
			Name:        name,
			CodeBytes:   n,
			SharedBytes: shared[name],
			Registers:   int(s.Info >> 24), // SHI_REGISTERS
		})
	}
	regs := registerCounts(f)
	for i := range c.Kernels {
		if r, ok := regs[c.Kernels[i].Name]; ok {
			c.Kernels[i].Registers = r
		}
	}
	return c, nil
}

// sectionSize returns the section's size as an int; a NOBITS section (such
// as .nv.shared.<name>) occupies no file bytes, so its header size is all
// there is.
func sectionSize(s *elf.Section) (int, error) {
	if s.Size > math.MaxInt32 {
		return 0, fmt.Errorf("section %s: size %d is not plausible", s.Name, s.Size)
	}
	return int(s.Size), nil
}

// The CUDA ELF ABI versions, e_ident[EI_ABIVERSION]; LLVM names them
// ELFABIVERSION_CUDA_V1 and ELFABIVERSION_CUDA_V2.
const (
	abiVersionCUDAV1 = 7
	abiVersionCUDAV2 = 8
)

// smFromEFlags decodes the SM version from a cubin's e_flags.
//
// Two layouts exist. The source is LLVM's llvm/include/llvm/BinaryFormat/ELF.h
// (EF_CUDA_SM = 0xff; EF_CUDA_SM_MASK = 0xff00, EF_CUDA_SM_OFFSET = 8) and
// ELFObjectFileBase::getNVPTXCPUName in llvm/lib/Object/ELFObjectFile.cpp,
// which picks the layout from EI_ABIVERSION:
//
//   - ABI version 7 (ELFABIVERSION_CUDA_V1): the SM number is the low byte,
//     EF_CUDA_SM(x) = x & 0xff. The bits above hold feature flags:
//     EF_CUDA_TEXMODE_UNIFIED 0x100, EF_CUDA_64BIT_ADDRESS 0x400,
//     EF_CUDA_ACCELERATORS_V1 0x800, and the virtual (PTX) SM in bits 16..23.
//     A typical sm_90 cubin from CUDA 12 has e_flags 0x5a055a.
//   - ABI version 8 (ELFABIVERSION_CUDA_V2, introduced with Blackwell;
//     CUDA 13 writes it for every target): the SM number is bits 8..15,
//     (x & 0xff00) >> 8, and the low byte holds other flags. An sm_90 cubin
//     from CUDA 13 has e_flags 0x06005a04, an sm_100a one 0x06006402.
//
// For any other ABI version the layout is guessed: a low byte in the range of
// SM numbers ever assigned under the first ABI (0x14..0x5a, sm_20 to sm_90)
// means the first layout, anything else the second.
//
// The "a" (architecture-specific) marker is not decoded: public reports show
// EF_CUDA_ACCELERATORS (0x8) clear in ABI-8 cubins built for sm_100a and
// sm_120a, so e_flags cannot be trusted to tell sm_90 from sm_90a.
func smFromEFlags(abiVersion uint8, flags uint32) (int, error) {
	low := int(flags & 0xff)
	high := int(flags >> 8 & 0xff)
	var sm int
	switch {
	case abiVersion == abiVersionCUDAV1:
		sm = low
	case abiVersion == abiVersionCUDAV2:
		sm = high
	case low >= 0x14 && low <= 0x5a:
		sm = low
	default:
		sm = high
	}
	if sm < 10 {
		return 0, fmt.Errorf("no SM version in e_flags %#x (ABI version %d)", flags, abiVersion)
	}
	return sm, nil
}
