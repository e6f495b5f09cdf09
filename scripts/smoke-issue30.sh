#!/bin/sh
# The command line's promises on a real GPU (issue 30): a complete run is
# refused without --force and stays byte-identical when a forced run is
# interrupted; --resume finishes the interrupted run beside it; exit
# statuses; analyze takes the results of this GPU's model. Run on the
# device machine from the repository root with bin/gpuarch built:
#   OUT=/tmp/smoke sh scripts/smoke-issue30.sh
set -u
B=./bin/gpuarch
O=${OUT:?set OUT}/smoke
mkdir -p "$O"
log=$O/log.txt
say() { echo "== $*" | tee -a "$log"; }
nvidia-smi --query-gpu=name,uuid,clocks.sm,clocks.max.sm --format=csv >>"$log" 2>&1
say "help"; $B run --help >/dev/null; echo "exit $?" >>"$log"
say "complete warp run"; $B run --suite warp --out "$O/w" 2>>"$log"; echo "exit $?" >>"$log"
sum() { (cd "$O/w" && find . -path ./interrupted-\* -prune -o -path ./run-\* -prune -o -name '.gpuarch-*' -prune -o -type f -print | sort | xargs sha256sum | sha256sum); }
before=$(sum)
say "again, no --force"; $B run --suite warp --out "$O/w" 2>>"$log"; echo "exit $?" >>"$log"
say "forced alu run, SIGINT after 6 s"; timeout -s INT 6 $B run --suite alu --out "$O/w" --force 2>>"$log"; echo "exit $?" >>"$log"
say "unchanged: $([ "$before" = "$(sum)" ] && echo yes || echo NO)"
say "resume"; $B run --suite alu --out "$O/w" --resume 2>>"$log"; echo "exit $?" >>"$log"
say "unchanged: $([ "$before" = "$(sum)" ] && echo yes || echo NO)"
ls -la "$O/w" "$O"/w/run-* >>"$log" 2>&1
say "vulkan warp run"; $B run --backend vulkan --suite warp --out "$O/vk" 2>>"$log"; echo "exit $?" >>"$log"
say "quick"; $B run --quick --out "$O/q" >>"$log" 2>&1; echo "exit $?" >>"$log"
say "analyze without --results"; $B analyze analyze/testdata/corpus/NVIDIA-H200/kernels.sass 2>&1 | grep -i -m3 "results\|error" >>"$log"
say "analyze --threads 5000"; $B analyze --threads 5000 analyze/testdata/brx.sass >>"$log" 2>&1; echo "exit $?" >>"$log"
say "info --gpu all"; $B info --gpu all --no-measure >>"$log" 2>&1; echo "exit $?" >>"$log"
tar czf "$OUT/smoke.tgz" -C "$O" . 2>/dev/null
cat "$log" | grep -v '^\[' | tail -80
