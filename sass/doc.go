// Package sass reads the machine code the driver produced for our PTX probes.
//
// Scope: four jobs and nothing more.
//
//  1. Read facts from a cubin (the ELF file the driver's JIT compiler emits)
//     with the standard library only: the SM version from the ELF header's
//     e_flags, and for each kernel its code size, static shared memory and
//     register count.
//  2. Disassemble a cubin with NVIDIA's nvdisasm when it is on the PATH, and
//     parse the text it prints into functions and instructions.
//  3. Count SASS opcodes per function, inside the region bracketed by reads of
//     the SM clock, and inside the body of the last loop (the last backward
//     branch), so that a probe whose machine code lacks the instruction it
//     claims to time can be rejected.
//  4. Decode the control fields ptxas stores in every 128-bit instruction
//     word of sm_70 and later (stall cycles, yield flag, scoreboard
//     barriers, reuse flags: [Control], [ParseControls]) and attach them
//     to a listing's instructions by offset ([Listing.AttachControls]):
//     what nvdisasm does not print, and what decides how one warp issues.
//
// Opinions:
//
//   - A measurement whose machine code was not checked says so. When nvdisasm
//     is absent, [FindDisassembler] returns an error wrapping
//     [ErrNoDisassembler]; callers record that the SASS was not verified
//     rather than silently passing.
//   - The listing parser is forgiving: it skips every line it does not
//     understand (directives, data sections, encodings, line-info comments),
//     because nvdisasm's text is meant for people and changes between CUDA
//     releases. It fails only when non-empty input holds no function at all.
//   - Opcodes are compared as text. "MUFU" matches every MUFU variant,
//     "MUFU.EX2" only that one (see [Counts.Matching]); there is no table of
//     instructions per architecture to fall out of date.
//   - The cubin reader never trusts section sizes or offsets: malformed input
//     yields an error, never a panic.
package sass
