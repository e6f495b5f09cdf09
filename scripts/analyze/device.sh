#!/bin/sh
# Builds and measures the analyze validation corpora on the GPU machine
# (nvcc, nvdisasm; no Go needed). Run from the repository root:
#   OUT=$OUT sh scripts/analyze/device.sh
# CORPUS names the corpus, or several separated by spaces
# (CORPUS="corpus corpus2 corpus3"; default corpus): scripts/analyze/<name>,
# either with a harness.cu of its own (the first corpus) or with
# kernels.cu and cases.inc built with the first corpus's harness. Several
# corpora are built at once (nvcc in parallel) and then measured one after
# another, so that no two measure at the same time.
# Writes $OUT/analyze-<name>.tar for each, holding <name>/<GPU>/: one cubin
# and one nvdisasm listing (.sass) of kernels.cu, measured.csv from the
# harness, harness.log, env.txt and split.txt. Unpack it into
# analyze/testdata/ (it creates <name>/<GPU>/), then: go test ./analyze
# -run TestValidateCorpus -v, or gpuarch analyze --validate
# analyze/testdata/<name>/<GPU>.
# A corpus that fails to build is reported and skipped, the others still
# measured (the exit status is then 1); a harness that stops early keeps
# the rows it printed (harness.log says why).
set -eu
: "${OUT:?set OUT to the output directory}"
CORPORA=${CORPUS:-corpus}
# The toolkit's tools, where they are not on the PATH.
for d in /usr/local/cuda/bin /usr/local/cuda-*/bin; do [ -d "$d" ] && PATH=$PATH:$d; done
command -v nvcc >/dev/null || { echo "device.sh: nvcc is not on the PATH" >&2; exit 1; }
command -v nvdisasm >/dev/null || { echo "device.sh: nvdisasm is not on the PATH" >&2; exit 1; }
GPU=$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 | head -n1 | tr ' ' '-')
[ -n "$GPU" ] || GPU=unknown-GPU
WORK=$(mktemp -d)
START=$(date +%s)
elapsed() { echo "$(($(date +%s) - START)) s"; }

# build CORPUS: the cubin, its listing and the harness, into
# $WORK/CORPUS/$GPU and $WORK/harness-CORPUS.
build() {
  c=$1
  src=scripts/analyze/$c
  dir=$WORK/$c/$GPU
  [ -f "$src/kernels.cu" ] || { echo "device.sh: no $src/kernels.cu" >&2; return 1; }
  mkdir -p "$dir"
  {
    echo "gpu: $GPU"
    nvcc --version | tail -n 2
    nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
  } > "$dir/env.txt" 2>&1
  cp "$src/split.txt" "$dir/split.txt"
  if ! nvcc -arch=sm_90 -cubin -O3 -lineinfo -o "$dir/kernels.cubin" "$src/kernels.cu" && [ -f "$src/cases.inc" ]; then
    drop "$c" || return 1
    src=$WORK/src-$c
    nvcc -arch=sm_90 -cubin -O3 -lineinfo -o "$dir/kernels.cubin" "$src/kernels.cu" || return 1
  fi
  [ -f "$dir/kernels.cubin" ] || return 1
  nvdisasm -c "$dir/kernels.cubin" > "$dir/kernels.sass" || return 1
  cuobjdump -res-usage "$dir/kernels.cubin" > "$dir/resources.txt" 2>&1 || true
  if [ -f "$src/cases.inc" ]; then
    case $src in /*) abs=$src ;; *) abs=$PWD/$src ;; esac
    nvcc -arch=sm_90 -O3 -std=c++17 -DCORPUS_KERNELS="\"$abs/kernels.cu\"" -DCORPUS_CASES="\"$abs/cases.inc\"" \
      -o "$WORK/harness-$c" scripts/analyze/corpus/harness.cu || return 1
  else
    nvcc -arch=sm_90 -O3 -std=c++17 -o "$WORK/harness-$c" "$src/harness.cu" || return 1
  fi
}

# drop CORPUS: where a corpus's kernels.cu (with a cases.inc) does not
# build, builds each kernel alone (the file's lines outside every kernel,
# then the kernel: from its 'extern "C" __global__' line to the first
# line that is '}') and writes $WORK/src-CORPUS without those that fail,
# their cases left out; $WORK/CORPUS/$GPU/dropped.txt names them and
# keeps their errors.
drop() {
  c=$1
  src=scripts/analyze/$c
  tmp=$WORK/drop-$c
  mkdir -p "$tmp" "$WORK/src-$c"
  names=$(sed -n 's/^extern "C" __global__ void \([A-Za-z0-9_]*\)(.*/\1/p' "$src/kernels.cu")
  for k in $names; do
    awk -v want="$k" '
      /^extern "C" __global__ void / { name = $0; sub(/^extern "C" __global__ void /, "", name); sub(/\(.*/, "", name); in_k = 1 }
      { if (!in_k || name == want) print }
      in_k && /^}$/ { in_k = 0 }' "$src/kernels.cu" > "$tmp/$k.cu"
    ( nvcc -arch=sm_90 -cubin -O3 -o "$tmp/$k.cubin" "$tmp/$k.cu" > "$tmp/$k.log" 2>&1 || echo "$k" > "$tmp/$k.failed" ) &
  done
  wait
  bad=""
  for k in $names; do [ -f "$tmp/$k.failed" ] && bad="$bad $k"; done
  [ -n "$bad" ] || { echo "device.sh: $c: every kernel builds alone, the file does not" >&2; return 1; }
  for k in $bad; do
    echo "dropped $k: it does not build"
    cat "$tmp/$k.log"
  done > "$WORK/$c/$GPU/dropped.txt"
  echo "device.sh: $c: dropped$bad (they do not build)" >&2
  awk -v bad="$bad" '
    BEGIN { n = split(bad, b, " "); for (i = 1; i <= n; i++) drop[b[i]] = 1 }
    /^extern "C" __global__ void / { name = $0; sub(/^extern "C" __global__ void /, "", name); sub(/\(.*/, "", name); in_k = 1 }
    { if (!in_k || !(name in drop)) print }
    in_k && /^}$/ { in_k = 0 }' "$src/kernels.cu" > "$WORK/src-$c/kernels.cu"
  cp "$src/cases.inc" "$WORK/src-$c/cases.inc"
  for k in $bad; do
    grep -v "^{\"$k\"," "$WORK/src-$c/cases.inc" > "$tmp/cases" && cp "$tmp/cases" "$WORK/src-$c/cases.inc"
  done
}

# Build every corpus at once.
pids=""
for c in $CORPORA; do
  ( build "$c" ) > "$WORK/build-$c.log" 2>&1 &
  pids="$pids $!"
done
status=0
built=""
set -- $pids
for c in $CORPORA; do
  if wait "$1"; then
    built="$built $c"
    [ -f "$WORK/$c/$GPU/dropped.txt" ] && { cat "$WORK/$c/$GPU/dropped.txt" >&2; status=1; }
  else
    echo "device.sh: $c failed to build ($(elapsed)):" >&2
    cat "$WORK/build-$c.log" >&2
    status=1
  fi
  shift
done
echo "device.sh: built$built ($(elapsed))" >&2

# Measure them one after another.
for c in $built; do
  dir=$WORK/$c/$GPU
  rc=0
  "$WORK/harness-$c" > "$dir/measured.csv" 2> "$dir/harness.log" || rc=$?
  if [ "$rc" != 0 ]; then
    echo "harness exit status $rc" >> "$dir/harness.log"
    echo "device.sh: the $c harness stopped with status $rc (its rows so far kept):" >&2
    cat "$dir/harness.log" >&2
    status=1
  fi
  grep -q '^[^,]*,[0-9]' "$dir/measured.csv" || { echo "device.sh: $c measured nothing" >&2; status=1; continue; }
  echo "== $c on $GPU ($(elapsed))"
  cat "$dir/measured.csv"
  # Nsight Compute on a few loops of the first corpus at 32 warps per SM,
  # where the toolkit has it (NCU=0 skips): its speed-of-light,
  # warp-state and pipe sections, the timed launch (the second) of each.
  NCU_BIN=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -n1 || true)
  if [ "${NCU:-1}" != 0 ] && [ "$c" = corpus ] && [ -n "$NCU_BIN" ]; then
    mkdir -p "$dir/ncu"
    for x in smem_conflict32 transpose_padded ldsm_mma_unpadded gather_hash@L2 block_reduce stream_f4@DRAM; do
      k=${x%@*}
      timeout 60 "$NCU_BIN" -k "regex:^${k}\$" -s 1 -c 1 --section SpeedOfLight --section WarpStateStats \
        --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables "$WORK/harness-$c" "$x" 32 \
        > "$dir/ncu/$(echo "$x" | tr @ _).txt" 2>&1 || echo "ncu on $x failed" >&2
    done
  elif [ "${NCU:-1}" != 0 ] && [ "$c" = corpus ]; then
    echo "device.sh: no ncu on this machine" >&2
  fi
  tar -C "$WORK" -cf "$OUT/analyze-$c.tar" "$c"
  echo "wrote $OUT/analyze-$c.tar ($(elapsed))" >&2
done
exit $status
