// Package spirv assembles and disassembles SPIR-V, the binary kernel
// language of Vulkan, in the text syntax of SPIRV-Tools' spirv-as and
// spirv-dis: gpuarch's Vulkan backend writes its probe kernels as SPIR-V
// assembly (readable, hashable and golden-tested as its PTX is) and
// assembles them here at run time, with no external tool.
//
// Opinions. The tables of instructions, operand kinds, enumerants and
// GLSL.std.450 instructions are generated from Khronos' machine-readable
// grammar (SPIRV-Headers; see zgrammar.go for the commit), not typed in,
// so every instruction of the specification assembles. Ids are numbered
// in order of first appearance, as spirv-as numbers them, so the words
// match its output. The assembler checks syntax and the grammar's operand
// lists, not semantics: spirv-val is the validator (Validate runs it where
// it is installed), and drivers reject what is wrong.
//
// Not supported: the !<integer> raw-word syntax, OpSwitch selectors wider
// than 32 bits, and extended instruction sets other than GLSL.std.450 by
// name (any set by number works).
package spirv

//go:generate sh -c "R=$(mktemp -d) && git -C $SPIRV_HEADERS show HEAD:include/spirv/unified1/spirv.core.grammar.json >$R/core.json && git -C $SPIRV_HEADERS show HEAD:include/spirv/unified1/extinst.glsl.std.450.grammar.json >$R/glsl.json && go run ./internal/gengrammar -core $R/core.json -glsl $R/glsl.json -commit $(git -C $SPIRV_HEADERS log -1 --format=%H) -out zgrammar.go"
