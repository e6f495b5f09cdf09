#!/bin/sh
# Render a gpuarch HTML report in headless Chromium and turn every printed
# page into a PNG, to check by eye that every section and plot renders.
# Chromium prints the page to PDF (as a browser lays it out); pdftoppm
# rasterizes the pages; pages.txt says which section each page starts.
#
# Usage: scripts/screenshot.sh results/NVIDIA-H200/results.html OUTDIR
# Needs Chromium and poppler-utils (Debian: apt-get install chromium
# poppler-utils). Writes OUTDIR/report.pdf, OUTDIR/page-NN.png and
# OUTDIR/pages.txt.
set -eu
page=$(realpath "$1")
out=$2
mkdir -p "$out"
chrome=${CHROMIUM:-/usr/bin/chromium}
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$chrome" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync \
	--user-data-dir="$profile" --no-pdf-header-footer \
	--print-to-pdf="$out/report.pdf" "file://$page" >/dev/null 2>&1
pdftoppm -r 60 -png "$out/report.pdf" "$out/page"
pages=$(pdfinfo "$out/report.pdf" | awk '/^Pages:/ {print $2}')
: >"$out/pages.txt"
i=1
while [ "$i" -le "$pages" ]; do
	# Section headings that begin on this page.
	pdftotext -f "$i" -l "$i" -layout "$out/report.pdf" - | grep -E '^(Compared with|Instruction throughput|ALU |Warp-level|Memory hierarchy|Dispatch,|Matrix units|Power|Notes,|Reference data)' |
		sed "s/^/page $i: /" >>"$out/pages.txt" || true
	i=$((i + 1))
done
echo "$pages pages in $out; sections:"
cat "$out/pages.txt"
