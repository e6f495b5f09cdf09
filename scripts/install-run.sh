#!/bin/sh
# Install what scripts/device-run.sh (and scripts/analyze/device.sh) brought
# back from a lent GPU machine into the repository's recorded results, and
# regenerate everything derived from them. Run from the repository root,
# with bin/gpuarch built:
#
#	sh scripts/install-run.sh FILES_DIR GPU_DIR
#
# FILES_DIR holds the call's tarballs (info.tgz, cuda.tgz, repeat.tgz,
# quick.tgz, vulkan.tgz, stamps.tgz, compare.tgz, analyze-corpus.tar; any
# of them may be missing, and what is
# missing keeps its committed copy). GPU_DIR is the GPU's folder under
# results/ (results/NVIDIA-H200). It writes:
#   GPU_DIR/info.txt, vulkan-info.txt      from info.tgz
#   GPU_DIR/results.json.gz (kept compressed: every command reads it),
#   results.md, results.html, plots/      from cuda.tgz
#   GPU_DIR/vulkan/                        from vulkan.tgz
#   GPU_DIR/vulkan-timestamps/             from stamps.tgz
#   GPU_DIR/repeat-results.json.gz, variability.md   from repeat.tgz
#   GPU_DIR/quick/                         from quick.tgz
#   GPU_DIR/compare/repeat.md, refactor.md from compare.tgz
#   GPU_DIR/compare/backends*.md, timing.md
#   analyze/testdata/corpus/<GPU>/         from analyze-corpus.tar
# and prints the analyze validation on the new corpus. Goldens, bounds and
# the README stay for a person to update: they say what changed.
set -eu
files=${1:?usage: install-run.sh FILES_DIR GPU_DIR}
dest=${2:?usage: install-run.sh FILES_DIR GPU_DIR}
bin=./bin/gpuarch
[ -x "$bin" ] || { echo "install-run.sh: build $bin first" >&2; exit 1; }
[ -d "$dest" ] || { echo "install-run.sh: $dest is not a folder" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for t in info cuda repeat quick vulkan stamps compare; do
	[ -e "$files/$t.tgz" ] && tar xzf "$files/$t.tgz" -C "$work"
done
if [ -d "$work/info" ]; then
	cp "$work/info/info.txt" "$dest/info.txt"
	cp "$work/info/vulkan-info.txt" "$dest/vulkan-info.txt"
fi
# report DIR: the document, its HTML page and its plots, from DIR's
# results.json alone.
report() {
	rm -rf "$1/plots"
	"$bin" report --out "$1" "$1/results.json.gz"
}
install_run() { # from, to
	[ -e "$work/$1/results.json" ] || return 0
	mkdir -p "$2"
	rm -f "$2/results.json"
	gzip -9n <"$work/$1/results.json" >"$2/results.json.gz"
	report "$2"
	echo "installed $1 into $2"
}
install_run cuda "$dest"
install_run vulkan "$dest/vulkan"
install_run stamps "$dest/vulkan-timestamps"
if [ -e "$work/repeat/results.json" ]; then
	gzip -9n <"$work/repeat/results.json" >"$dest/repeat-results.json.gz"
	"$bin" variability "$dest/results.json.gz" "$dest/repeat-results.json.gz" >"$dest/variability.md"
	# The document again, now with the figures that vary between the two
	# runs (its section "Variability between runs").
	[ -e "$dest/results.json.gz" ] && "$bin" report --out "$dest" "$dest/results.json.gz"
	echo "installed repeat into $dest/repeat-results.json.gz, variability.md, and the document again"
fi
if [ -e "$work/quick/run/results.json" ]; then
	mkdir -p "$dest/quick"
	gzip -9n <"$work/quick/run/results.json" >"$dest/quick/results.json.gz"
	cp "$work/quick/run/quick.md" "$dest/quick/quick.md"
	if [ -e "$work/quick/loaded/results.json" ]; then
		cp "$work/quick/loaded/results.json" "$dest/quick/results-loaded.json"
		cp "$work/quick/loaded/quick.md" "$dest/quick/quick-loaded.md"
	fi
	echo "installed quick into $dest/quick"
fi
for f in repeat refactor; do
	[ -e "$work/compare/$f.md" ] && mkdir -p "$dest/compare" && cp "$work/compare/$f.md" "$dest/compare/$f.md"
done

mkdir -p "$dest/compare"
cuda=$dest/results.json.gz vk=$dest/vulkan/results.json.gz ts=$dest/vulkan-timestamps/results.json.gz
[ -e "$cuda" ] && [ -e "$vk" ] && "$bin" compare --all "$cuda" "$vk" >"$dest/compare/backends.md"
[ -e "$cuda" ] && [ -e "$ts" ] && "$bin" compare --all "$cuda" "$ts" >"$dest/compare/backends-timestamps.md"
[ -e "$vk" ] && [ -e "$ts" ] && "$bin" compare --all "$vk" "$ts" >"$dest/compare/timing.md"

if [ -e "$files/analyze-corpus.tar" ]; then
	tar xf "$files/analyze-corpus.tar" -C "$work"
	for g in "$work"/corpus/*; do
		name=$(basename "$g")
		rm -rf "analyze/testdata/corpus/$name"
		cp -r "$g" "analyze/testdata/corpus/$name"
		echo "installed the analyze corpus of $name"
		"$bin" analyze --validate "analyze/testdata/corpus/$name" --results "$cuda" | tail -n 8
	done
fi
