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
if has links; then
	mkdir -p "$OUT/links"
	timed links "$bin" run --suite links --gpu all --out "$OUT/links/run"
	pack links
fi
