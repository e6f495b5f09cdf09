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
gdir=results/$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 | head -n 1 | tr ' ' '-')
set --
[ -e "$gdir/compare/earlier-runs.json.gz" ] && set -- --between "$gdir/compare/earlier-runs.json.gz"
# keep RUN: its results.json (gzipped), results.md and output, packed into
# $OUT/speed-RUN.tgz as soon as it ends (the device tool returns files of
# 16 MiB at most, and a call cut short keeps what was packed).
keep() {
	mkdir -p "$w/keep/$1"
	gzip -c "$w/$1/results.json" >"$w/keep/$1/results.json.gz" 2>/dev/null
	cp "$w/$1/results.md" "$w/$1.stdout" "$w/$1.stderr" "$w/keep/$1/" 2>/dev/null
	tar czf "$OUT/speed-$1.tgz" -C "$w/keep" "$1"
}
if [ -x bin/gpuarch-before ]; then
	CUDA_CACHE_PATH="$w/jit-before" timed before ./bin/gpuarch-before run --out "$w/before"
	keep before
fi
CUDA_CACHE_PATH="$w/jit-after" timed cold ./bin/gpuarch run --out "$w/cold"
keep cold
[ -e "$w/before/results.json" ] && ./bin/gpuarch compare --all "$@" "$w/before/results.json" "$w/cold/results.json" >"$w/before-cold.md" 2>>"$log"
CUDA_CACHE_PATH="$w/jit-after" timed warm ./bin/gpuarch run --out "$w/warm" --profile "$w/prof"
keep warm
./bin/gpuarch compare "$@" "$w/cold/results.json" "$w/warm/results.json" >"$w/cold-warm.md" 2>>"$log"
du -sh "$w"/* >>"$log" 2>&1
# The CPU profiles without the execution traces (hundreds of MB).
mkdir -p "$w/keep/extra/prof"
cp "$w"/*.md "$w/log.txt" "$w/gpu.txt" "$w/keep/extra/" 2>/dev/null
cp "$w"/prof/*.cpu.pprof "$w/keep/extra/prof/" 2>/dev/null
tar czf "$OUT/speed-extra.tgz" -C "$w/keep" extra
rm -rf "$w"
ls -la "$OUT"
