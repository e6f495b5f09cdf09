#!/bin/sh
# Measure every GPU of a multi-GPU host (issue 18) on a lent 2x H200 machine,
# packing each stage's output folder into $OUT/<stage>.tgz as it ends and
# logging wall times to $OUT/log.txt. CUDA only: no Vulkan loader is needed.
#
#	OUT=/some/dir scripts/multigpu.sh STAGES
#
# STAGES (space-separated):
#   one     gpuarch run --gpu 0, every suite, timed            (~180 s)
#   all     gpuarch run --gpu all, every suite, timed          (bar: <= 1.2x one)
#   quick   gpuarch run --quick --gpu all                      (bar: <= 30 s per GPU)
#   loaded  quick again while scripts/load/burn.cu loads GPU 1 (GPU 1 an outlier, with why)
#   links   gpuarch run --suite links --gpu all: host<->device curves and the peer matrix
#   quick5  quick --gpu all five times on idle GPUs (bar: no outlier, each time)
#   loads   quick --gpu all beside burn.cu, then stream.cu, on GPU 1, with
#           and without --no-processes (bar: GPU 1 alone flagged, by a figure)
#   all5    run --gpu all five times on idle GPUs (bar: no outlier, each time);
#           keeps each run's host summary, links and wall time, not the
#           per-GPU results (tens of MB a run)
# Two calls under 600 s each: "one quick loaded links", then "all".
set -u
: "${OUT:?set OUT to the folder results go to}"
stages=${1:-one quick loaded links}
bin=${GPUARCH:-./bin/gpuarch}
log=$OUT/log.txt
mkdir -p "$OUT"
has() { case " $stages " in *" $1 "*) return 0 ;; esac; return 1; }
pack() { tar czf "$OUT/$1.tgz" -C "$OUT" "$1" && rm -rf "${OUT:?}/$1"; }
timed() { # name command...
	name=$1; shift
	t0=$(date +%s.%N)
	"$@" >"$OUT/$name/stdout.txt" 2>"$OUT/$name/stderr.txt"
	rc=$?
	t1=$(date +%s.%N)
	echo "$name rc=$rc wall_s=$(awk "BEGIN{print $t1 - $t0}")" | tee -a "$log"
}
nvidia-smi -L >>"$log" 2>&1
nvidia-smi topo -m >>"$log" 2>&1

if has one; then
	mkdir -p "$OUT/one"
	timed one "$bin" run --gpu 0 --out "$OUT/one/run"
	pack one
fi
if has all; then
	mkdir -p "$OUT/all"
	timed all "$bin" run --gpu all --out "$OUT/all/run"
	pack all
fi
if has quick; then
	mkdir -p "$OUT/quick"
	timed quick "$bin" run --quick --gpu all --out "$OUT/quick/run"
	pack quick
fi
if has loaded; then
	mkdir -p "$OUT/loaded"
	nvcc=$(command -v nvcc || ls /usr/local/cuda*/bin/nvcc 2>/dev/null | head -n 1)
	"${nvcc:-nvcc}" -O2 -o "$OUT/loaded/burn" scripts/load/burn.cu >>"$log" 2>&1 || echo "loaded: nvcc failed" | tee -a "$log"
	"$OUT/loaded/burn" 1 90 >"$OUT/loaded/burn.txt" 2>&1 &
	burn=$!
	sleep 3 # the load is running before gpuarch warms up
	timed loaded "$bin" run --quick --gpu all --out "$OUT/loaded/run"
	kill "$burn" 2>/dev/null
	wait "$burn" 2>/dev/null
	rm -f "$OUT/loaded/burn"
	pack loaded
fi
if has quick5; then
	# Issue 32's bar: idle GPUs, no outlier, five times in a row.
	mkdir -p "$OUT/quick5"
	for i in 1 2 3 4 5; do
		timed quick5 "$bin" run --quick --gpu all --out "$OUT/quick5/run$i"
		grep -h '"verdict"' "$OUT/quick5/run$i/summary.json" | tr -d ' ,' | tr '\n' ' ' | sed "s/^/quick5 run $i: /" | tee -a "$log"
		echo >>"$log"
	done
	pack quick5
fi
if has all5; then
	# Issue 32's bar: idle GPUs, every suite, no outlier, five times in a
	# row. Each run is packed as it ends ($OUT/all5-run<i>.tgz), so a call
	# cut short keeps the runs that finished.
	for i in 1 2 3 4 5; do
		mkdir -p "$OUT/all5-run$i"
		timed "all5-run$i" "$bin" run --gpu all --out "$OUT/all5-run$i/run"
		grep -h '"verdict"' "$OUT/all5-run$i/run/summary.json" | tr -d ' ,' | tr '\n' ' ' | sed "s/^/all5 run $i: /" | tee -a "$log"
		echo >>"$log"
		for d in "$OUT/all5-run$i/run"/gpu*/; do # per-GPU folders: keep their documents' headers only
			[ -d "$d" ] || continue
			head -n 40 "$d/results.md" >"${d%/}.head.md" 2>/dev/null
			rm -rf "$d"
		done
		pack "all5-run$i"
	done
fi
if has loads; then
	# Issue 32's bar: beside a load on GPU 1 (burn.cu's arithmetic, then
	# stream.cu's DRAM traffic), --quick --gpu all flags GPU 1 and only
	# it, by a figure it names, also with NVML's process list left out.
	mkdir -p "$OUT/loads"
	nvcc=$(command -v nvcc || ls /usr/local/cuda*/bin/nvcc 2>/dev/null | head -n 1)
	for load in burn stream; do
		exe=$OUT/loads/$load.bin # not $load: that names a run's folder
		"${nvcc:-nvcc}" -O2 -o "$exe" "scripts/load/$load.cu" >>"$log" 2>&1 || echo "loads: nvcc $load failed" | tee -a "$log"
		for flags in "" "--no-processes"; do
			run=$load${flags:+-np} # not $name: timed sets that
			"$exe" 1 60 >"$OUT/loads/$run.txt" 2>&1 &
			pid=$!
			sleep 3
			timed loads "$bin" run --quick --gpu all $flags --out "$OUT/loads/$run"
			kill "$pid" 2>/dev/null
			wait "$pid" 2>/dev/null
			grep -h '"verdict"' "$OUT/loads/$run/summary.json" | tr -d ' ,' | tr '\n' ' ' | sed "s/^/loads $run: /" | tee -a "$log"
			echo >>"$log"
		done
		rm -f "$exe"
	done
	pack loads
fi
if has links; then
	mkdir -p "$OUT/links"
	timed links "$bin" run --suite links --gpu all --out "$OUT/links/run"
	pack links
fi
