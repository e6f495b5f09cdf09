#!/bin/sh
# Builds and measures the analyze validation corpus on the GPU machine
# (nvcc, nvdisasm; no Go needed). Run from the repository root:
#   OUT=$OUT sh scripts/analyze/device.sh
# CORPUS=corpus2 measures the second corpus (scripts/analyze/corpus2: its
# kernels.cu and cases.inc with the first corpus's harness) instead.
# Writes $OUT/analyze-$CORPUS.tar holding $CORPUS/<GPU>/: one cubin and one
# nvdisasm listing (.sass) of kernels.cu, measured.csv from the harness,
# harness.log and env.txt. Unpack it into analyze/testdata/ (it creates
# $CORPUS/<GPU>/), then: go test ./analyze -run TestValidateCorpus -v, or
# gpuarch analyze --validate analyze/testdata/corpus/<GPU>.
set -eu
: "${OUT:?set OUT to the output directory}"
CORPUS=${CORPUS:-corpus}
SRC=scripts/analyze/$CORPUS
[ -f "$SRC/kernels.cu" ] || { echo "device.sh: no $SRC/kernels.cu" >&2; exit 1; }
# The toolkit's tools, where they are not on the PATH.
for d in /usr/local/cuda/bin /usr/local/cuda-*/bin; do [ -d "$d" ] && PATH=$PATH:$d; done
command -v nvcc >/dev/null || { echo "device.sh: nvcc is not on the PATH" >&2; exit 1; }
command -v nvdisasm >/dev/null || { echo "device.sh: nvdisasm is not on the PATH" >&2; exit 1; }
GPU=$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 | head -n1 | tr ' ' '-')
[ -n "$GPU" ] || GPU=unknown-GPU
WORK=$(mktemp -d)
DIR="$WORK/$CORPUS/$GPU"
mkdir -p "$DIR"
{
  echo "gpu: $GPU"
  nvcc --version | tail -n 2
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
} > "$DIR/env.txt" 2>&1
cp "$SRC/split.txt" "$DIR/split.txt"
nvcc -arch=sm_90 -cubin -O3 -lineinfo -o "$DIR/kernels.cubin" "$SRC/kernels.cu"
nvdisasm -c "$DIR/kernels.cubin" > "$DIR/kernels.sass"
cuobjdump -res-usage "$DIR/kernels.cubin" > "$DIR/resources.txt" 2>&1 || true
if [ -f "$SRC/cases.inc" ]; then
  nvcc -arch=sm_90 -O3 -std=c++17 -DCORPUS_KERNELS="\"$PWD/$SRC/kernels.cu\"" -DCORPUS_CASES="\"$PWD/$SRC/cases.inc\"" \
    -o "$WORK/harness" scripts/analyze/corpus/harness.cu
else
  nvcc -arch=sm_90 -O3 -std=c++17 -o "$WORK/harness" "$SRC/harness.cu"
fi
"$WORK/harness" > "$DIR/measured.csv" 2> "$DIR/harness.log" || { cat "$DIR/harness.log" >&2; exit 1; }
cat "$DIR/measured.csv"
# Nsight Compute on a few loops at 32 warps per SM, where the toolkit has
# it (NCU=0 skips): its speed-of-light, warp-state and pipe sections, the
# timed launch (the second) of each.
NCU_BIN=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -n1 || true)
if [ "${NCU:-1}" != 0 ] && [ -n "$NCU_BIN" ]; then
  mkdir -p "$DIR/ncu"
  for c in smem_conflict32 transpose_padded ldsm_mma_unpadded gather_hash@L2 block_reduce stream_f4@DRAM; do
    k=${c%@*}
    timeout 60 "$NCU_BIN" -k "regex:^${k}\$" -s 1 -c 1 --section SpeedOfLight --section WarpStateStats \
      --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables "$WORK/harness" "$c" 32 \
      > "$DIR/ncu/$(echo "$c" | tr @ _).txt" 2>&1 || echo "ncu on $c failed" >&2
  done
elif [ "${NCU:-1}" != 0 ]; then
  echo "device.sh: no ncu on this machine" >&2
fi
tar -C "$WORK" -cf "$OUT/analyze-$CORPUS.tar" "$CORPUS"
echo "wrote $OUT/analyze-$CORPUS.tar" >&2
