package vulkan

import (
	"bytes"
	"fmt"
	"math"
	"runtime"
	"unsafe"
)

// Executable is one of the driver's compiled programs behind a pipeline
// (VK_KHR_pipeline_executable_properties). A compute pipeline usually has
// one.
type Executable struct {
	Name        string
	Description string
	// Stages names the shader stages the executable runs: "compute".
	Stages []string
	// SubgroupSize is the subgroup size the executable was compiled for.
	SubgroupSize    uint32
	Statistics      []Statistic
	Representations []Representation
}

// Statistic is one compile-time statistic, such as a register count.
type Statistic struct {
	Name        string
	Description string
	// Value is the statistic; booleans are 0 or 1.
	Value float64
	// Format is the driver's type for it: "bool", "int", "uint" or "float".
	Format string
}

// Representation is one internal representation of an executable, such
// as the driver's intermediate code or the machine code.
type Representation struct {
	Name        string
	Description string
	// IsText reports whether Data is text; text has its trailing NUL
	// removed.
	IsText bool
	Data   []byte
}

// Executables asks the driver for every executable of the pipeline, with
// its properties, statistics and internal representations. It needs the
// pipeline to have been created with Capture on a device where
// pipelineExecutableInfo was enabled; otherwise the error wraps
// [ErrUnsupported].
func (p *Pipeline) Executables() ([]Executable, error) {
	d := p.d
	if !p.captured {
		reason := "the pipeline was not created with Capture"
		if !d.executableInfo {
			reason = "the device lacks VK_KHR_pipeline_executable_properties (pipelineExecutableInfo)"
		}
		return nil, fmt.Errorf("pipeline executables: %s: %w", reason, ErrUnsupported)
	}
	release, err := d.use()
	if err != nil {
		return nil, err
	}
	defer release()
	d.mu.Lock()
	defer d.mu.Unlock()
	if p.destroyed {
		return nil, fmt.Errorf("pipeline executables: %w", errClosed)
	}

	info := &pipelineInfoKHR{sType: stPipelineInfoKHR, pipeline: p.pipeline}
	props, err := enumerate("vkGetPipelineExecutablePropertiesKHR",
		func(ps []pipelineExecutablePropertiesKHR) {
			for i := range ps {
				ps[i].sType = stPipelineExecutablePropertiesKHR
			}
		},
		func(n *uint32, ps *pipelineExecutablePropertiesKHR) int32 {
			return d.fn.vkGetPipelineExecutablePropertiesKHR(d.handle, info, n, ps)
		})
	runtime.KeepAlive(info)
	if err != nil {
		return nil, fmt.Errorf("pipeline executables: %w", err)
	}
	exes := make([]Executable, len(props))
	for i := range props {
		pr := &props[i]
		exe := Executable{
			Name:         trimC(pr.name[:]),
			Description:  trimC(pr.description[:]),
			Stages:       flagNames(pr.stages, shaderStageNames),
			SubgroupSize: pr.subgroupSize,
		}
		ei := &pipelineExecutableInfoKHR{sType: stPipelineExecutableInfoKHR, pipeline: p.pipeline, executableIndex: uint32(i)}
		if exe.Statistics, err = d.statistics(ei); err != nil {
			return nil, fmt.Errorf("pipeline executable %d (%s): %w", i, exe.Name, err)
		}
		if exe.Representations, err = d.representations(ei); err != nil {
			return nil, fmt.Errorf("pipeline executable %d (%s): %w", i, exe.Name, err)
		}
		exes[i] = exe
	}
	return exes, nil
}

// statistics returns one executable's statistics.
func (d *Device) statistics(ei *pipelineExecutableInfoKHR) ([]Statistic, error) {
	raw, err := enumerate("vkGetPipelineExecutableStatisticsKHR",
		func(ss []pipelineExecutableStatisticKHR) {
			for i := range ss {
				ss[i].sType = stPipelineExecutableStatisticKHR
			}
		},
		func(n *uint32, ss *pipelineExecutableStatisticKHR) int32 {
			return d.fn.vkGetPipelineExecutableStatisticsKHR(d.handle, ei, n, ss)
		})
	runtime.KeepAlive(ei)
	if err != nil {
		return nil, err
	}
	stats := make([]Statistic, len(raw))
	for i := range raw {
		r := &raw[i]
		stats[i] = Statistic{Name: trimC(r.name[:]), Description: trimC(r.description[:])}
		stats[i].Value, stats[i].Format = statisticValue(r.format, r.value)
	}
	return stats, nil
}

// statisticValue decodes the VkPipelineExecutableStatisticValueKHR union.
func statisticValue(format uint32, v uint64) (float64, string) {
	switch format {
	case statisticBool32:
		if uint32(v) != 0 {
			return 1, "bool"
		}
		return 0, "bool"
	case statisticInt64:
		return float64(int64(v)), "int"
	case statisticUint64:
		return float64(v), "uint"
	case statisticFloat64:
		return math.Float64frombits(v), "float"
	}
	return float64(v), fmt.Sprintf("format %d", format)
}

// maxRepresentationTries bounds the retries when representations grow
// between the call that sizes them and the call that fills them.
const maxRepresentationTries = 4

// representations returns one executable's internal representations. The
// driver is asked three times: for the count, for each one's size (with no
// buffers), and for the data.
func (d *Device) representations(ei *pipelineExecutableInfoKHR) ([]Representation, error) {
	const fn = "vkGetPipelineExecutableInternalRepresentationsKHR"
	call := func(n *uint32, rs *pipelineExecutableInternalRepresentationKHR) int32 {
		r := d.fn.vkGetPipelineExecutableInternalRepresentationsKHR(d.handle, ei, n, rs)
		runtime.KeepAlive(ei)
		return r
	}
	for range maxRepresentationTries {
		sized, err := enumerate(fn,
			func(rs []pipelineExecutableInternalRepresentationKHR) {
				for i := range rs {
					rs[i].sType = stPipelineExecutableInternalRepresentationKHR
				}
			}, call)
		if err != nil || len(sized) == 0 {
			return nil, err
		}
		bufs := make([][]byte, len(sized))
		for i := range sized {
			bufs[i] = make([]byte, max(sized[i].dataSize, 1))
			sized[i].pData = unsafe.Pointer(&bufs[i][0])
		}
		n := uint32(len(sized))
		r := call(&n, &sized[0])
		runtime.KeepAlive(bufs)
		if r == resultIncomplete {
			continue
		}
		if err := check(fn, r); err != nil {
			return nil, err
		}
		reps := make([]Representation, n)
		for i := range reps {
			s := &sized[i]
			data := bufs[i][:min(s.dataSize, uintptr(len(bufs[i])))]
			if s.isText != 0 {
				data = bytes.TrimRight(data, "\x00")
			}
			reps[i] = Representation{
				Name:        trimC(s.name[:]),
				Description: trimC(s.description[:]),
				IsText:      s.isText != 0,
				Data:        data,
			}
			s.pData = nil
		}
		return reps, nil
	}
	return nil, fmt.Errorf("%s: the representations kept growing: %w", fn, newError(fn, resultIncomplete))
}
