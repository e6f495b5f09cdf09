module github.com/gpuarch/gpuarch

go 1.26.8

require (
	github.com/ebitengine/purego v0.11.3
	github.com/google/go-cmp v0.7.0
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da
)

require github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
