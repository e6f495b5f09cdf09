package sass

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
)

// This file holds a tiny ELF64 writer for the tests: just enough to produce
// cubins with the sections ParseCubin reads, and broken variants of them.

// testSection is one section of a test ELF file.
type testSection struct {
	name    string
	typ     elf.SectionType
	flags   elf.SectionFlag
	data    []byte // file contents; nil for NOBITS
	size    uint64 // size of a NOBITS section
	link    uint32
	info    uint32
	entsize uint64
}

// testELF describes a test ELF file. Sections get indices from 1 in order;
// a null section comes first and .shstrtab last.
type testELF struct {
	osabi      uint8
	abiVersion uint8
	machine    elf.Machine
	version    uint32 // e_version; 0 means EV_CURRENT
	flags      uint32
	sections   []testSection
}

// bytes lays the file out as header, section contents, .shstrtab, section
// header table.
func (e testELF) bytes() []byte {
	le := binary.LittleEndian
	sections := append([]testSection{{}}, e.sections...)
	var shstrtab bytes.Buffer
	shstrtab.WriteByte(0)
	names := make([]uint32, len(sections)+1)
	for i, s := range sections[1:] {
		names[i+1] = uint32(shstrtab.Len())
		shstrtab.WriteString(s.name)
		shstrtab.WriteByte(0)
	}
	names[len(sections)] = uint32(shstrtab.Len())
	shstrtab.WriteString(".shstrtab\x00")
	sections = append(sections, testSection{name: ".shstrtab", typ: elf.SHT_STRTAB, data: shstrtab.Bytes()})

	body := make([]byte, 64)
	offsets := make([]uint64, len(sections))
	for i, s := range sections {
		if i == 0 || s.typ == elf.SHT_NOBITS {
			continue
		}
		for len(body)%8 != 0 {
			body = append(body, 0)
		}
		offsets[i] = uint64(len(body))
		body = append(body, s.data...)
	}
	for len(body)%8 != 0 {
		body = append(body, 0)
	}
	shoff := uint64(len(body))
	for i, s := range sections {
		sh := make([]byte, 64)
		size := uint64(len(s.data))
		if s.typ == elf.SHT_NOBITS {
			size = s.size
		}
		if i > 0 {
			le.PutUint32(sh[0:], names[i])
			le.PutUint32(sh[4:], uint32(s.typ))
			le.PutUint64(sh[8:], uint64(s.flags))
			le.PutUint64(sh[24:], offsets[i])
			le.PutUint64(sh[32:], size)
			le.PutUint32(sh[40:], s.link)
			le.PutUint32(sh[44:], s.info)
			le.PutUint64(sh[48:], 1)
			le.PutUint64(sh[56:], s.entsize)
		}
		body = append(body, sh...)
	}

	h := body[:64]
	copy(h, elf.ELFMAG)
	h[offEIClass] = byte(elf.ELFCLASS64)
	h[offEIData] = byte(elf.ELFDATA2LSB)
	h[offEIVersion] = byte(elf.EV_CURRENT)
	h[7] = e.osabi
	h[offEIABIVersion] = e.abiVersion
	le.PutUint16(h[16:], uint16(elf.ET_EXEC))
	le.PutUint16(h[offEMachine:], uint16(e.machine))
	version := e.version
	if version == 0 {
		version = uint32(elf.EV_CURRENT)
	}
	le.PutUint32(h[offEVersion:], version)
	le.PutUint64(h[40:], shoff) // e_shoff
	le.PutUint32(h[offEFlags:], e.flags)
	le.PutUint16(h[52:], 64)                    // e_ehsize
	le.PutUint16(h[58:], 64)                    // e_shentsize
	le.PutUint16(h[60:], uint16(len(sections))) // e_shnum
	le.PutUint16(h[62:], uint16(len(sections)-1))
	return body
}

// testSymbol is one entry of a test symbol table.
type testSymbol struct {
	name    string
	section uint16
}

// symtab returns the contents of .strtab and .symtab for syms, after the
// null symbol.
func symtab(syms ...testSymbol) (strtab, symbols []byte) {
	le := binary.LittleEndian
	strtab = []byte{0}
	symbols = make([]byte, 24) // the null symbol
	for _, s := range syms {
		e := make([]byte, 24)
		le.PutUint32(e[0:], uint32(len(strtab)))
		strtab = append(strtab, s.name...)
		strtab = append(strtab, 0)
		e[4] = byte(elf.STB_GLOBAL)<<4 | byte(elf.STT_FUNC)
		le.PutUint16(e[6:], s.section)
		symbols = append(symbols, e...)
	}
	return strtab, symbols
}

// eiattrSVAL encodes an EIFMT_SVAL attribute.
func eiattrSVAL(attr uint8, words ...uint32) []byte {
	b := []byte{eifmtSVAL, attr, 0, 0}
	binary.LittleEndian.PutUint16(b[2:], uint16(4*len(words)))
	for _, w := range words {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return b
}

// eiattrHVAL encodes an EIFMT_HVAL attribute.
func eiattrHVAL(attr uint8, v uint16) []byte {
	return binary.LittleEndian.AppendUint16([]byte{eifmtHVAL, attr}, v)
}

// sectionLayout gives the section indices of testCubin.
const (
	secStrtab   = 1
	secSymtab   = 2
	secNVInfo   = 3
	secTextK1   = 4
	secSharedK1 = 5
	secTextK2   = 6
)

// testCubin returns a two-kernel cubin: k1 with 64 bytes of code, 1024 bytes
// of static shared memory and EIATTR_REGCOUNT 24 (its sh_info says 40, to
// show which wins); k2 with 128 bytes of code, no shared memory, and only
// sh_info's register count, 32.
func testCubin(abiVersion uint8, flags uint32) testELF {
	strtab, symbols := symtab(
		testSymbol{name: "k1", section: secTextK1},
		testSymbol{name: "k2", section: secTextK2},
	)
	var nvinfo []byte
	nvinfo = append(nvinfo, eiattrSVAL(eiattrRegCount, 1, 24)...)
	nvinfo = append(nvinfo, eiattrSVAL(0x12, 1, 0)...) // EIATTR_MIN_STACK_SIZE
	nvinfo = append(nvinfo, eiattrHVAL(0x19, 0x10)...) // EIATTR_CBANK_PARAM_SIZE
	nvinfo = append(nvinfo, 0x01, 0x35, 0, 0)          // EIATTR_SW2861232_WAR, NVAL
	return testELF{
		osabi:      51, // ELFOSABI_CUDA
		abiVersion: abiVersion,
		machine:    elf.EM_CUDA,
		flags:      flags,
		sections: []testSection{
			{name: ".strtab", typ: elf.SHT_STRTAB, data: strtab},
			{name: ".symtab", typ: elf.SHT_SYMTAB, data: symbols, link: secStrtab, info: 1, entsize: 24},
			{name: ".nv.info", typ: elf.SHT_LOPROC, data: nvinfo, link: secSymtab},
			{name: ".text.k1", typ: elf.SHT_PROGBITS, flags: elf.SHF_ALLOC | elf.SHF_EXECINSTR, data: make([]byte, 64), link: secSymtab, info: 40<<24 | 1},
			{name: ".nv.shared.k1", typ: elf.SHT_NOBITS, flags: elf.SHF_ALLOC | elf.SHF_WRITE, size: 1024, info: secTextK1},
			{name: ".text.k2", typ: elf.SHT_PROGBITS, flags: elf.SHF_ALLOC | elf.SHF_EXECINSTR, data: make([]byte, 128), link: secSymtab, info: 32<<24 | 2},
		},
	}
}
