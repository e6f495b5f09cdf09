#!/bin/sh
# Builds and measures the analyze validation corpus on the GPU machine
# (nvcc, nvdisasm; no Go needed). Run from the repository root:
#   OUT=$OUT sh scripts/analyze/device.sh
# Writes $OUT/analyze-corpus.tar holding corpus/<GPU>/: one cubin and one
# nvdisasm listing (.sass) of kernels.cu, measured.csv from the harness,
# harness.log and env.txt. Unpack it into analyze/testdata/ (it creates
# corpus/<GPU>/), then: go test ./analyze -run TestValidateCorpus -v, or
# gpuarch analyze --validate analyze/testdata/corpus/<GPU>.
set -eu
: "${OUT:?set OUT to the output directory}"
SRC=scripts/analyze/corpus
# The toolkit's tools, where they are not on the PATH.
for d in /usr/local/cuda/bin /usr/local/cuda-*/bin; do [ -d "$d" ] && PATH=$PATH:$d; done
command -v nvcc >/dev/null || { echo "device.sh: nvcc is not on the PATH" >&2; exit 1; }
command -v nvdisasm >/dev/null || { echo "device.sh: nvdisasm is not on the PATH" >&2; exit 1; }
GPU=$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 | head -n1 | tr ' ' '-')
[ -n "$GPU" ] || GPU=unknown-GPU
WORK=$(mktemp -d)
DIR="$WORK/corpus/$GPU"
mkdir -p "$DIR"
{
  echo "gpu: $GPU"
  nvcc --version | tail -n 2
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
} > "$DIR/env.txt" 2>&1
nvcc -arch=sm_90 -cubin -O3 -lineinfo -o "$DIR/kernels.cubin" "$SRC/kernels.cu"
nvdisasm -c "$DIR/kernels.cubin" > "$DIR/kernels.sass"
cuobjdump -res-usage "$DIR/kernels.cubin" > "$DIR/resources.txt" 2>&1 || true
nvcc -arch=sm_90 -O3 -std=c++17 -o "$WORK/harness" "$SRC/harness.cu"
"$WORK/harness" > "$DIR/measured.csv" 2> "$DIR/harness.log" || { cat "$DIR/harness.log" >&2; exit 1; }
cat "$DIR/measured.csv"
tar -C "$WORK" -cf "$OUT/analyze-corpus.tar" corpus
echo "wrote $OUT/analyze-corpus.tar" >&2
