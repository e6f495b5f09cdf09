#!/bin/sh
# Measures the four analyze corpora (the first, corpus2, corpus3 and
# corpus4) on one GPU in one call, without Nsight Compute: builds all
# four at once, then runs their harnesses one after another. Run from
# the repository root on the GPU machine:
#   OUT=$OUT sh scripts/analyze/device-all.sh
# Writes $OUT/analyze-corpus.tar, analyze-corpus2.tar, analyze-corpus3.tar
# and analyze-corpus4.tar; unpack each into analyze/testdata/ (each
# creates <corpus>/<GPU>/). NCU=1 adds Nsight Compute on six loops of the
# first corpus (about a minute more).
set -eu
here=$(dirname "$0")
CORPUS="corpus corpus2 corpus3 corpus4" NCU=${NCU:-0} exec sh "$here/device.sh"
