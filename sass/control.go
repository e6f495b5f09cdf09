package sass

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// Control is the scheduling information ptxas stores in every instruction
// word on Volta and later GPUs (sm_70 and up): how long the warp waits
// before its next instruction, and the scoreboards that order it with the
// instructions whose latency is not fixed.
//
// The layout is the one Jia, Maggioni, Staiger and Scarpazza published
// ("Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking",
// 2018, section 2.1; "Dissecting the NVIDIA Turing T4 GPU via
// Microbenchmarking", 2019, the same fields): bits 105 to 125 of the
// 128-bit instruction, lowest first,
//
//	105-108  stall cycles (4 bits)
//	109      yield flag
//	110-112  write scoreboard barrier (7: none)
//	113-115  read scoreboard barrier (7: none)
//	116-121  wait barrier mask (bit b: wait for barrier b)
//	122-125  operand reuse flags
//
// The corpus cubins of analyze's validation (sm_90, CUDA 13) bear it out:
// a chain of dependent FFMAs carries stall 4, their measured latency; the
// five LDS of a stencil set barriers 0 to 4 and the FFMA consuming each
// waits on masks 0x01, 0x02, 0x04, 0x08, 0x10; and the reuse flags fall
// where nvdisasm prints .reuse.
type Control struct {
	// Stall is the cycles the warp waits after issuing this instruction
	// before it may issue its next (0 to 15).
	Stall int `json:"stall"`
	// Yield is the yield flag's bit as stored. The papers above describe
	// it as a hint to the scheduler about switching warps; the analysis
	// does not use it.
	Yield bool `json:"yield"`
	// WriteBarrier is the scoreboard barrier (0 to 5) released when
	// this instruction's results are written, NoBarrier when none: an
	// instruction of variable latency (memory, MUFU, shuffles, S2R).
	WriteBarrier int `json:"write_barrier"`
	// ReadBarrier is the barrier (0 to 5) released when this
	// instruction has read its source registers, NoBarrier when none.
	ReadBarrier int `json:"read_barrier"`
	// Wait is the mask of barriers (bit b for barrier b) that must be
	// released before this instruction issues.
	Wait uint8 `json:"wait_mask"`
	// Reuse holds the operand reuse flags, bit i for source operand i.
	Reuse uint8 `json:"reuse"`
}

// NoBarrier is the barrier field's value for "no barrier".
const NoBarrier = 7

// Barriers is the number of scoreboard barriers a warp has.
const Barriers = 6

// InstructionBytes is the size of one instruction on Volta and later.
const InstructionBytes = 16

// DecodeControl reads the control fields of one 16-byte instruction
// (little-endian, as a cubin's .text section holds it). It fails only on
// a word of the wrong size.
func DecodeControl(word []byte) (Control, error) {
	if len(word) != InstructionBytes {
		return Control{}, fmt.Errorf("decode control: %d bytes, want %d", len(word), InstructionBytes)
	}
	hi := binary.LittleEndian.Uint64(word[8:])
	c := hi >> (105 - 64)
	return Control{
		Stall:        int(c & 0xf),
		Yield:        c>>4&1 == 1,
		WriteBarrier: int(c >> 5 & 7),
		ReadBarrier:  int(c >> 8 & 7),
		Wait:         uint8(c >> 11 & 0x3f),
		Reuse:        uint8(c >> 17 & 0xf),
	}, nil
}

// Waits reports whether the instruction waits for barrier b.
func (c Control) Waits(b int) bool { return b >= 0 && b < Barriers && c.Wait&(1<<b) != 0 }

// String prints the fields as CuAssembler's notation does:
// "B0-2---:R-:W1:Y:S04" (barriers waited on, read and write barrier, the
// yield flag as stored, stall cycles).
func (c Control) String() string {
	var b strings.Builder
	b.WriteByte('B')
	for i := range Barriers {
		if c.Waits(i) {
			fmt.Fprint(&b, i)
		} else {
			b.WriteByte('-')
		}
	}
	bar := func(v int) string {
		if v == NoBarrier {
			return "-"
		}
		return fmt.Sprint(v)
	}
	y := "-"
	if c.Yield {
		y = "Y"
	}
	fmt.Fprintf(&b, ":R%s:W%s:%s:S%02d", bar(c.ReadBarrier), bar(c.WriteBarrier), y, c.Stall)
	return b.String()
}

// ErrNoControl says a cubin's machine code keeps no control fields in its
// instruction words (before Volta, sm_70).
var ErrNoControl = errors.New("no per-instruction control fields before sm_70")

// ParseControls reads the control fields of every instruction of every
// .text.<name> section of a cubin: for each function name, one Control per
// 16-byte instruction, the one at byte offset o at index o/16 (the offset
// nvdisasm prints). It fails on what ParseCubin rejects, on a cubin for
// an architecture before sm_70 (ErrNoControl), and on a section whose size
// is not a whole number of instructions.
func ParseControls(b []byte) (map[string][]Control, error) {
	c, err := ParseCubin(b)
	if err != nil {
		return nil, err
	}
	if c.SM < 70 {
		return nil, fmt.Errorf("parse controls: %s: %w", c.Arch, ErrNoControl)
	}
	fixed := bytes.Clone(b)
	fixed[offEIVersion] = byte(elf.EV_CURRENT)
	binary.LittleEndian.PutUint32(fixed[offEVersion:], uint32(elf.EV_CURRENT))
	f, err := elf.NewFile(bytes.NewReader(fixed))
	if err != nil {
		return nil, fmt.Errorf("parse controls: %w", err)
	}
	defer f.Close()
	out := map[string][]Control{}
	for _, s := range f.Sections {
		name, ok := strings.CutPrefix(s.Name, ".text.")
		if !ok || name == "" || s.Type == elf.SHT_NOBITS {
			continue
		}
		if _, err := sectionSize(s); err != nil {
			return nil, fmt.Errorf("parse controls: %w", err)
		}
		data, err := s.Data()
		if err != nil {
			return nil, fmt.Errorf("parse controls: section %s: %w", s.Name, err)
		}
		if len(data)%InstructionBytes != 0 {
			return nil, fmt.Errorf("parse controls: section %s: %d bytes, not a whole number of %d-byte instructions", s.Name, len(data), InstructionBytes)
		}
		cs := make([]Control, 0, len(data)/InstructionBytes)
		for off := 0; off < len(data); off += InstructionBytes {
			ctl, _ := DecodeControl(data[off : off+InstructionBytes])
			cs = append(cs, ctl)
		}
		out[name] = cs
	}
	return out, nil
}

// AttachControls sets each instruction's Control from codes (as
// ParseControls returns them) by function name and offset, and returns
// how many instructions got one. Instructions of functions codes lacks,
// or at offsets past the code or not on a 16-byte boundary, keep theirs.
func (l *Listing) AttachControls(codes map[string][]Control) int {
	n := 0
	for fi := range l.Functions {
		f := &l.Functions[fi]
		cs, ok := codes[f.Name]
		if !ok {
			continue
		}
		for ii := range f.Instructions {
			in := &f.Instructions[ii]
			if in.Offset%InstructionBytes != 0 || in.Offset/InstructionBytes >= len(cs) || in.Offset < 0 {
				continue
			}
			c := cs[in.Offset/InstructionBytes]
			in.Control = &c
			n++
		}
	}
	return n
}
