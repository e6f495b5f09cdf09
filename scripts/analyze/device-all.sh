#!/bin/sh
# Measures the three analyze corpora (the first, corpus2 and corpus3) on
# one GPU in one call, without Nsight Compute: builds all three at once,
# then runs their harnesses one after another. Run from the repository
# root on the GPU machine:
#   OUT=$OUT sh scripts/analyze/device-all.sh
# Writes $OUT/analyze-corpus.tar, analyze-corpus2.tar and
# analyze-corpus3.tar; unpack each into analyze/testdata/ (each creates
# <corpus>/<GPU>/). NCU=1 adds Nsight Compute on six loops of the first
# corpus (about a minute more).
set -eu
here=$(dirname "$0")
CORPUS="corpus corpus2 corpus3" NCU=${NCU:-0} exec sh "$here/device.sh"
