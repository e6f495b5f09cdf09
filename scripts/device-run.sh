#!/bin/sh
# Record gpuarch's runs on a lent GPU machine, in one call: the spec sheets,
# a CUDA run by the binary before a change (bin/gpuarch-before, optional)
# and after it, a Vulkan run of the same GPU, and the comparisons between
# them. Each stage is packed into its own tarball under $OUT as soon as it
# ends, so a call cut short keeps what finished. scripts/install-run.sh
# installs what comes back into results/.
#
# Usage (repository root on the device machine, binaries built elsewhere
# with CGO_ENABLED=0 and carried in bin/):
#
#	OUT=/some/dir scripts/device-run.sh [STAGES]
#
# STAGES is a space-separated subset of "info before cuda repeat peer
# quick vulkan vkrepeat stamps memcuda compare" (default: info before cuda
# vulkan stamps compare); "repeat" is a second CUDA run straight after the
# first (the variability between runs); "vkrepeat" a second Vulkan run,
# with CPU profiles; "peer"
# builds and runs scripts/peer/l2stream.cu, an independent L2 bandwidth
# check, and scripts/peer/l2patterns.cu, the L2 read rate by access
# pattern; "stamps" times the operations both backends measure by GPU
# timestamps instead of the shader clock; "memcuda" runs the CUDA memory
# suite alone, to set beside the Vulkan run's memory records in the same
# call; "quick" runs run --quick, alone and beside a load on the GPU
# (scripts/load/burn.cu). SUITES limits the CUDA runs (default: every
# suite); REPEAT_FLAGS adds flags to the repeat run (--profile DIR).
# Where the machine has no Vulkan loader, the Debian packages in .gl/ are
# unpacked first (see the device tool's README: libvulkan1 and the glvnd
# libraries NVIDIA's ICD loads: libegl1 libglvnd0 libopengl0 libgl1 libglx0
# libgles2).
set -u
: "${OUT:?set OUT to the folder results go to}"
stages=${1:-info before cuda vulkan stamps compare}
suites=${SUITES:-}
log=$OUT/log.txt

if ! ldconfig -p | grep -q 'libvulkan\.so\.1 '; then
	for f in .gl/*.deb; do [ -e "$f" ] && dpkg -x "$f" /; done
	ldconfig
fi
if [ -z "${VK_DRIVER_FILES:-}" ] && [ -e /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
	export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
	export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
fi

has() { case " $stages " in *" $1 "*) return 0 ;; esac; return 1; }
pack() { tar czf "$OUT/$1.tgz" -C "$OUT" "$1" && rm -rf "${OUT:?}/$1"; }
run() { # name, then the command
	name=$1
	shift
	echo "== $name: $*" >>"$log"
	start=$(date +%s.%N)
	"$@" >>"$log" 2>&1
	rc=$?
	echo "== $name: exit $rc after $(awk "BEGIN{printf \"%.1f\", $(date +%s.%N) - $start}") s" >>"$log"
}
suite_flag=""
[ -n "$suites" ] && suite_flag="--suite $suites"

nvidia-smi >"$OUT/nvidia-smi.txt" 2>&1
if has info; then
	mkdir -p "$OUT/info"
	./bin/gpuarch info >"$OUT/info/info.txt" 2>>"$log"
	./bin/gpuarch info --backend vulkan >"$OUT/info/vulkan-info.txt" 2>>"$log"
	./bin/gpuarch info --backend vulkan --json --no-measure >"$OUT/info/vulkan-info.json" 2>>"$log"
	pack info
fi
if has before && [ -x bin/gpuarch-before ]; then
	# shellcheck disable=SC2086
	run before ./bin/gpuarch-before run --out "$OUT/before" $suite_flag
	pack before
fi
if has cuda; then
	# shellcheck disable=SC2086
	run cuda ./bin/gpuarch run --backend cuda --out "$OUT/cuda" $suite_flag
	cp "$OUT/cuda/results.json" "$OUT/cuda-results.json" 2>/dev/null
	pack cuda
fi
if has repeat; then
	# A second CUDA run straight after the first: the variability between
	# runs (gpuarch variability) and compare's back-to-back check.
	# shellcheck disable=SC2086
	run repeat ./bin/gpuarch run --backend cuda --out "$OUT/repeat" $suite_flag ${REPEAT_FLAGS:-}
	cp "$OUT/repeat/results.json" "$OUT/repeat-results.json" 2>/dev/null
	pack repeat
fi
if has peer; then
	# An independent L2 bandwidth check in the same call (see
	# scripts/peer/l2stream.cu), compiled here with the toolkit's nvcc.
	mkdir -p "$OUT/peer"
	nvcc=$(command -v nvcc || ls /usr/local/cuda*/bin/nvcc 2>/dev/null | head -n 1)
	for p in l2stream l2patterns; do
		if [ -n "$nvcc" ]; then
			run "$p-build" "$nvcc" -O3 -arch=native -o "$OUT/peer/$p" "scripts/peer/$p.cu"
			[ -x "$OUT/peer/$p" ] && run "$p" sh -c '"$1" >"$2"' "$p" "$OUT/peer/$p" "$OUT/peer/$p.txt"
			rm -f "$OUT/peer/$p"
		else
			echo "no nvcc: $p was not built" >"$OUT/peer/$p.txt"
		fi
		nvidia-smi --query-gpu=clocks.sm,power.draw,clocks_throttle_reasons.active --format=csv >>"$OUT/peer/$p.txt" 2>&1
	done
	pack peer
fi
if has quick; then
	# run --quick on this GPU alone, then again while scripts/load/burn.cu
	# keeps the GPU busy: the health check must see the other process.
	mkdir -p "$OUT/quick"
	run quick ./bin/gpuarch run --quick --out "$OUT/quick/run"
	nvcc=$(command -v nvcc || ls /usr/local/cuda*/bin/nvcc 2>/dev/null | head -n 1)
	if [ -n "$nvcc" ] && run burn-build "$nvcc" -O2 -o "$OUT/quick/burn" scripts/load/burn.cu; then
		"$OUT/quick/burn" 0 60 >"$OUT/quick/burn.txt" 2>&1 &
		burn=$!
		sleep 3
		run quick-loaded ./bin/gpuarch run --quick --out "$OUT/quick/loaded"
		kill "$burn" 2>/dev/null
		wait "$burn" 2>/dev/null
		rm -f "$OUT/quick/burn"
	fi
	pack quick
fi
if has vulkan; then
	run vulkan ./bin/gpuarch run --backend vulkan --out "$OUT/vulkan"
	cp "$OUT/vulkan/results.json" "$OUT/vulkan-results.json" 2>/dev/null
	pack vulkan
fi
if has vkrepeat; then
	# A second Vulkan run straight after the first (the driver's shader
	# cache warm), with a CPU profile of every process: where a Vulkan
	# run's host time goes. The execution traces are dropped (hundreds
	# of MB).
	run vkrepeat ./bin/gpuarch run --backend vulkan --out "$OUT/vkrepeat" --profile "$OUT/vkrepeat/prof"
	rm -f "$OUT"/vkrepeat/prof/*.trace "$OUT/vkrepeat/results.json" "$OUT/vkrepeat/results.html"
	rm -rf "$OUT/vkrepeat/plots"
	pack vkrepeat
fi
if has stamps; then
	run stamps ./bin/gpuarch inst --backend vulkan --timing timestamps --out "$OUT/stamps" \
		OpFAdd.f32 OpFMul.f32 Fma.f32 Fma.f64 Exp2.f32 OpIAdd.u32 OpIMul.u32 \
		OpGroupNonUniformShuffleXor.u32 OpGroupNonUniformBallot
	cp "$OUT/stamps/results.json" "$OUT/stamps-results.json" 2>/dev/null
	pack stamps
fi
if has memcuda; then
	run memcuda ./bin/gpuarch run --backend cuda --suite memory --out "$OUT/memcuda"
	cp "$OUT/memcuda/results.json" "$OUT/memcuda-results.json" 2>/dev/null
	pack memcuda
fi
if has compare; then
	mkdir -p "$OUT/compare"
	for t in before cuda; do
		[ -e "$OUT/$t.tgz" ] && tar xzf "$OUT/$t.tgz" -C "$OUT/compare"
	done
	# The noise floors of figures that vary between runs: the earlier
	# runs of this GPU model recorded in the repository (never the pair
	# compared; see gpuarch compare --between).
	gdir=results/$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 | head -n 1 | tr ' ' '-')
	set --
	[ -e "$gdir/compare/earlier-runs.json.gz" ] && set -- --between "$gdir/compare/earlier-runs.json.gz"
	if [ -e "$OUT/compare/before/results.json" ]; then
		./bin/gpuarch compare --all "$@" "$OUT/compare/before/results.json" "$OUT/compare/cuda/results.json" >"$OUT/compare/refactor.md" 2>>"$log"
	elif [ -e "$gdir/results.json.gz" ] && [ -e "$OUT/compare/cuda/results.json" ]; then
		# No binary of before the change: the run recorded before it.
		./bin/gpuarch compare "$@" "$gdir/results.json.gz" "$OUT/compare/cuda/results.json" >"$OUT/compare/refactor.md" 2>>"$log"
	fi
	[ -e "$OUT/repeat-results.json" ] && ./bin/gpuarch compare "$@" "$OUT/compare/cuda/results.json" "$OUT/repeat-results.json" >"$OUT/compare/repeat.md" 2>>"$log"
	[ -e "$OUT/vulkan-results.json" ] && [ -e "$OUT/cuda-results.json" ] && ./bin/gpuarch compare --all "$OUT/cuda-results.json" "$OUT/vulkan-results.json" >"$OUT/compare/backends.md" 2>>"$log"
	[ -e "$OUT/stamps-results.json" ] && ./bin/gpuarch compare --all "$OUT/vulkan-results.json" "$OUT/stamps-results.json" >"$OUT/compare/timing.md" 2>>"$log"
	[ -e "$OUT/stamps-results.json" ] && [ -e "$OUT/cuda-results.json" ] && ./bin/gpuarch compare --all "$OUT/cuda-results.json" "$OUT/stamps-results.json" >"$OUT/compare/backends-timestamps.md" 2>>"$log"
	[ -e "$OUT/memcuda-results.json" ] && ./bin/gpuarch compare --all "$OUT/memcuda-results.json" "$OUT/vulkan-results.json" >"$OUT/compare/memory.md" 2>>"$log"
	rm -rf "$OUT/compare/before" "$OUT/compare/cuda"
	pack compare
fi
rm -f "$OUT/cuda-results.json" "$OUT/vulkan-results.json" "$OUT/stamps-results.json" "$OUT/memcuda-results.json" "$OUT/repeat-results.json"
tail -n 40 "$log"
