package sass

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"strings"
)

// The .nv.info sections hold a sequence of attributes ("EIATTR"), each a
// format byte, an attribute byte and 16 bits that are either the value
// (formats NVAL, BVAL, HVAL) or the size of the payload that follows (SVAL).
// nvdisasm prints them as, for example:
//
//	//----- nvinfo : EIATTR_REGCOUNT
//	/*0000*/ 	.byte	0x04, 0x2f
//	/*0002*/ 	.short	(.L_1 - .L_0)
//	/*0004*/ 	.word	index@(kernel)
//	/*0008*/ 	.word	0x0000000a
//
// EIATTR_REGCOUNT (0x2f) has an 8-byte payload: the symbol table index of
// the function, then its register count. It lives in the cubin-wide .nv.info
// section; the per-kernel .nv.info.<name> sections are read as well, in case
// a toolkit moves it there.
const (
	eifmtNVAL = 0x01
	eifmtBVAL = 0x02
	eifmtHVAL = 0x03
	eifmtSVAL = 0x04

	eiattrRegCount = 0x2f
)

// eiattr is one attribute of a .nv.info section.
type eiattr struct {
	format, attr uint8
	// payload is the SVAL payload, or the two value bytes of the other
	// formats.
	payload []byte
}

// parseNVInfo splits a .nv.info section into its attributes.
func parseNVInfo(data []byte) ([]eiattr, error) {
	var attrs []eiattr
	for off := 0; off < len(data); {
		if len(data)-off < 4 {
			return attrs, fmt.Errorf("nv.info attribute at %#x: truncated header", off)
		}
		a := eiattr{format: data[off], attr: data[off+1]}
		switch a.format {
		case eifmtNVAL, eifmtBVAL, eifmtHVAL:
			a.payload = data[off+2 : off+4]
			off += 4
		case eifmtSVAL:
			n := int(binary.LittleEndian.Uint16(data[off+2:]))
			if len(data)-off-4 < n {
				return attrs, fmt.Errorf("nv.info attribute %#x at %#x: %d-byte payload overruns the section", a.attr, off, n)
			}
			a.payload = data[off+4 : off+4+n]
			off += 4 + n
		default:
			return attrs, fmt.Errorf("nv.info attribute at %#x: unknown format %#x", off, a.format)
		}
		attrs = append(attrs, a)
	}
	return attrs, nil
}

// registerCounts maps kernel names to their EIATTR_REGCOUNT. The symbol
// index in the attribute is resolved through the symbol's section (a
// function symbol and a section symbol both point at .text.<name>), falling
// back to the symbol's own name. The register count is optional, so this is
// lenient: an unreadable symbol table or section yields fewer entries, and a
// section is read up to its first malformed or unknown attribute.
func registerCounts(f *elf.File) map[string]int {
	counts := map[string]int{}
	syms, err := f.Symbols()
	if err != nil {
		return counts
	}
	for _, s := range f.Sections {
		if s.Name != ".nv.info" && !strings.HasPrefix(s.Name, ".nv.info.") {
			continue
		}
		if s.Type == elf.SHT_NOBITS {
			continue
		}
		data, err := s.Data()
		if err != nil {
			continue
		}
		attrs, _ := parseNVInfo(data) // keep what precedes a bad attribute
		for _, a := range attrs {
			if a.format != eifmtSVAL || a.attr != eiattrRegCount || len(a.payload) < 8 {
				continue
			}
			index := binary.LittleEndian.Uint32(a.payload)
			regs := binary.LittleEndian.Uint32(a.payload[4:])
			// debug/elf drops the null symbol: index i is syms[i-1].
			if index == 0 || uint64(index) > uint64(len(syms)) || regs > 0xffff {
				continue
			}
			if name := kernelOfSymbol(f, syms[index-1]); name != "" {
				counts[name] = int(regs)
			}
		}
	}
	return counts
}

// kernelOfSymbol returns the kernel a symbol belongs to, "" if none.
func kernelOfSymbol(f *elf.File, sym elf.Symbol) string {
	if i := int(sym.Section); i > 0 && i < len(f.Sections) {
		if name, ok := strings.CutPrefix(f.Sections[i].Name, ".text."); ok && name != "" {
			return name
		}
	}
	if name, ok := strings.CutPrefix(sym.Name, ".text."); ok {
		return name
	}
	return sym.Name
}
