#!/bin/sh
# Issue 34's timing on a lent GPU machine, in one call: a full CUDA run by
# the binary of before the change (bin/gpuarch-before), then by the
# current one with an empty module cache (cold), then again with that
# cache filled (warm, with a CPU profile of every process), each timed.
# Every run starts with an empty CUDA driver JIT cache of its own, so a
# warm machine does not make a cold run look warm. Keeps what fits the
# device tool's return: each run's results.json (gzipped), results.md and
# log (in $OUT/speed-<run>.tgz), the compare of before against cold and of
# cold against warm (with the recorded runs' noise floors) and the CPU
# profiles (in $OUT/speed-extra.tgz).
#
#	OUT=/some/dir sh scripts/speed-run.sh
set -u
: "${OUT:?set OUT to the folder results go to}"
w=$OUT/speed
mkdir -p "$w"
log=$w/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv >"$w/gpu.txt" 2>&1
echo "cores: $(nproc)" >>"$w/gpu.txt"
timed() { # name, then the command
	name=$1
	shift
	t0=$(date +%s.%N)
	"$@" >"$w/$name.stdout" 2>"$w/$name.stderr"
	rc=$?
	echo "$name rc=$rc wall_s=$(awk "BEGIN{print $(date +%s.%N) - $t0}")" | tee -a "$log"
}
export GPUARCH_CACHE="$w/module-cache"
if [ -x bin/gpuarch-before ]; then
	CUDA_CACHE_PATH="$w/jit-before" timed before ./bin/gpuarch-before run --out "$w/before"
fi
CUDA_CACHE_PATH="$w/jit-after" timed cold ./bin/gpuarch run --out "$w/cold"
CUDA_CACHE_PATH="$w/jit-after" timed warm ./bin/gpuarch run --out "$w/warm" --profile "$w/prof"
gdir=results/$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 | head -n 1 | tr ' ' '-')
set --
[ -e "$gdir/compare/earlier-runs.json.gz" ] && set -- --between "$gdir/compare/earlier-runs.json.gz"
[ -e "$w/before/results.json" ] && ./bin/gpuarch compare --all "$@" "$w/before/results.json" "$w/cold/results.json" >"$w/before-cold.md" 2>>"$log"
./bin/gpuarch compare "$@" "$w/cold/results.json" "$w/warm/results.json" >"$w/cold-warm.md" 2>>"$log"
du -sh "$w"/* >>"$log" 2>&1
# One tarball a run (the device tool returns files of 16 MiB at most), and
# the CPU profiles without the execution traces (hundreds of MB).
for r in before cold warm; do
	[ -d "$w/$r" ] || continue
	mkdir -p "$w/keep/$r"
	gzip -c "$w/$r/results.json" >"$w/keep/$r/results.json.gz" 2>/dev/null
	cp "$w/$r/results.md" "$w/$r.stdout" "$w/$r.stderr" "$w/keep/$r/" 2>/dev/null
	tar czf "$OUT/speed-$r.tgz" -C "$w/keep" "$r"
done
mkdir -p "$w/keep/extra/prof"
cp "$w"/*.md "$w/log.txt" "$w/gpu.txt" "$w/keep/extra/" 2>/dev/null
cp "$w"/prof/*.cpu.pprof "$w/keep/extra/prof/" 2>/dev/null
tar czf "$OUT/speed-extra.tgz" -C "$w/keep" extra
rm -rf "$w"
ls -la "$OUT"
