// Package analyze predicts what bounds a user's own kernel on a measured
// GPU, as uiCA, llvm-mca and OSACA do for CPU loops: from the kernel's
// machine code (SASS) and a results file, the cycles per iteration of every
// innermost loop, the bound that decides them, a per-instruction table and
// what would move the bound.
//
// Scope:
//
//  1. Control flow: basic blocks from the SASS (branch targets and
//     fall-through; BRA, EXIT, RET; predicated branches), dominators,
//     natural loops from back edges, and the innermost ones; a loop whose
//     nested loops lie off its main path (a special case's slow path, as
//     sinf's reduction of huge arguments) is predicted through that path
//     too. Indirect branches (BRX, JMX) and irreducible flow are reported,
//     never guessed around.
//  2. A machine model read from a results file: per-opcode latency and
//     throughput from the records whose machine code is that opcode, the
//     pipeline layout and replay issue model the report infers (package
//     report's ALU), the memory levels' latency and bandwidth. A shared
//     load's latency grows by its wavefronts beyond the first (the bank
//     records) at ldmatrix's measured cost per wavefront; a divergent load
//     (a line per lane) takes the loaded latency the memory suite's
//     divergent chase measured at the loop's warps per SM (each warp one
//     such load in flight; one warp's alone in the dependency chain), or,
//     in results without that chase, the slower of the load/store unit's
//     line rate and the level's delivery of such lines to every SM; a
//     divergent load that is no pointer chase (a strided or hashed
//     gather) the slower of the chase's loaded latency and the level's
//     transfer-unit rate for lanes on their own lines. A coalesced load
//     over several lines at the L2 or the DRAM returns its lines one
//     after another at what the divergent chase's one warp took per
//     line beyond a single line's latency. Loads of one iteration
//     formed on the same register that read the same sectors (the
//     fields of one structure, a float3's words) move them from the
//     L2 or the DRAM once: the later loads find them in the L1; and a
//     load whose lanes move less than a line an iteration (a thread
//     walking its own row) finds its lines in the L1 in all but one
//     iteration in 128/stride (the L1 taken to hold them). A global load
//     spanning several lines at the L1 costs the slower of its banks'
//     wavefronts and the tag rate the memory suite's "global banks"
//     records measured for lines on other banks. A plain LDG, which
//     fills the L1 as it reads (ld.ca), reads the L2 at the "L2 read,
//     ld.ca" record where there is one. A level that both
//     reads and writes takes its reads at the read record and its
//     writes at the write record, one after the other. A global atomic
//     whose old value is used waits the dispatch suite's latency record
//     of its operation. Atomics on a window every block shares take, for
//     each warp, a pass per sector and per lane on one word; where only
//     the first lane of each group of a MATCH.ANY writes (a
//     warp-aggregated atomic), one lane a word. Between one warp alone
//     and saturation, warps
//     queue for the global memory levels: a mean value analysis of a
//     closed queueing network (Reiser and Lavenberg, 1980) of one
//     scheduler's warps, one warp's in-order time and a station per
//     level at its bound's demand.
//     An opcode the pipes suite never mixed that runs alone at the
//     layout's quarter-rate pipeline's rate (BREV, FLO, F2F, FRND,
//     I2F.F64 beside F2I, MUFU and POPC) is taken to share that pipeline.
//  3. The prediction: the loop body replayed cycle by cycle on the layout
//     (infer.Layout.Replay), beside analytic bounds: issue, each pipeline,
//     register-bank reads, the loop-carried dependency chain, one warp's
//     in-order latency, units outside the layout (tensor, shuffle,
//     load/store) and memory bandwidth at a chosen level.
//  4. The compiler's control fields, where the machine code comes from a
//     cubin of sm_70 or later (sass.Control: stall counts and scoreboard
//     barriers, the layout Jia et al. published for Volta and Turing):
//     one warp in order, and each warp in the replay, then issues as they
//     direct, the stall counts covering fixed-latency dependences and the
//     scoreboards the variable-latency ones at their measured latencies
//     (which, dispatched through the MIO queue, wait for a busy pipeline
//     without holding up the scheduler: infer.MIOQueue), and a taken
//     back-branch costing what the dispatch suite's branch
//     record leaves (Machine.BranchCycles). A barrier (BAR.SYNC) holds
//     a warp for the dispatch suite's bar.sync record at its block's
//     warps: it waits for the block's slowest warp. A loop with a
//     barrier is also simulated warp by warp across the SM (barrier
//     phases: every scheduler issuing greedy-then-oldest as the control
//     fields direct, the shared banks serving one access at a time, the
//     barrier counting its warps' arrivals at the records' cycles per
//     warp and releasing them the records' fixed cycles after the last),
//     since between two barriers the warps start together and meet the
//     issue and the barrier's count at once. A DEPBAR.LE SBn, k
//     (cp.async.wait_group) waits for the scoreboard LDGDEPBAR sets,
//     released at the async suite's cp.async latency of the group's
//     form, width and level; cp.async reads at its measured bandwidth. A listing carries no control
//     fields: there the model before them is kept (dependences through
//     registers at measured latencies, the loop control added whole) and
//     every loop says so.
//  5. Loading a kernel: a cubin, an ELF with embedded cubins (.nv_fatbin),
//     PTX through ptxas, or a listing (with --sass, the cubin's listing
//     and its control fields together). An input with no instruction is
//     an error (ErrEmpty), and so is a listing with no loop to predict
//     (ErrNoLoop, returned with the report); so are options outside the
//     machine's limits (ErrOptions). The results file, where the user
//     gives none, is the checkout's recorded CUDA run of the GPU the code
//     is for (FindResults): a cubin names its architecture, never its
//     GPU model, so several GPUs of one architecture need the model.
//  6. Lane addresses (lanes.go): every memory access's address evaluated
//     for a warp's 32 lanes from the machine code, as concrete lane
//     offsets over a base uniform to the warp (IMAD, IMAD.WIDE, IADD3,
//     LEA, LEA.HI, SHF, LOP3 truth tables, BREV of lanes below their
//     base's bits, uniform registers, the lane and thread indices,
//     constants and parameters; loops to a fixed point), with the
//     assumptions it takes stated in the output. From them: a shared
//     access's wavefronts (the most distinct words one bank serves, a
//     broadcast free, ldmatrix a phase per matrix) costed at the bank
//     record of its pattern or a one-wavefront access's cost each, a load
//     waiting behind its warp's stores' wavefronts; a global access's
//     sectors and lines per request (a line per lane is divergent; more
//     than one line at the L1 costs a wavefront each); addresses hashed
//     per lane taken as scattered (a line per lane; random banks); and the
//     bytes an access moves from its loop's first iteration to the second,
//     the body walked twice from the state the loop is entered with, where
//     both addresses share a named base (a run-time stride, a grid's
//     threads, is not shown). Beside the lanes of one iteration, what an
//     access reaches over the whole loop (reach.go: an interval analysis
//     of the registers with a count of their distinct values, widened at
//     loop heads): an access within the L1's measured capacity (a masked
//     index into a small table) is served by the L1, one within the L2's
//     by the L2, and a gather through indices loaded from such a window
//     touches a line per index at most. A store or atomic whose lanes each
//     write a line of their own costs the memory suite's scattered-write
//     rate at the loop's warps.
//  7. Validation against measured cycles: mean, signed mean and worst
//     error and Kendall's tau per bound class and per half of the corpus
//     (development and held-out, split.txt; a later set of loops, split
//     off whole before measuring, is "heldout2", a third "heldout3", and
//     so on).
//
// Opinions:
//
//   - Every number comes from the results file or from the machine code.
//     An instruction with no record is "not measured": it takes an issue
//     slot and the shortest measured latency in the replay, and the output
//     says so; nothing is typed in.
//   - Cycles are per loop iteration per warp: the cycles one warp takes to
//     run one iteration while the given number of warps share the SM, what
//     a clock64 read around the loop in the kernel measures.
//   - Every block of a loop is taken to run each iteration (branches inside
//     the loop are assumed taken through both sides): an upper bound for
//     loops with conditional work, stated in the output.
//   - Memory is an assumption the user sets (--level): which level global
//     loads hit, unless what an access reaches over the loop fits a
//     smaller one (said in the output); a warp load whose lanes the
//     listing does not show touches 32 lanes × its width of consecutive
//     bytes.
package analyze
