package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/gpuarch/gpuarch/vulkan"
)

// vulkanList is what `info --backend vulkan` reports of every device the
// Vulkan loader sees.
type vulkanList struct {
	Loader  string                  `json:"loader_version"`
	Devices []vulkan.PhysicalDevice `json:"devices"`
}

// keyExtensions are the device extensions info names, in this order:
// those gpuarch's Vulkan backend uses or will use.
var keyExtensions = []string{
	"VK_KHR_shader_clock", "VK_KHR_pipeline_executable_properties", "VK_KHR_buffer_device_address",
	"VK_EXT_subgroup_size_control", "VK_KHR_shader_subgroup_extended_types", "VK_KHR_shader_integer_dot_product",
	"VK_KHR_cooperative_matrix", "VK_NV_cooperative_matrix2", "VK_KHR_shader_bfloat16", "VK_EXT_shader_float8", "VK_NV_shader_sm_builtins",
	"VK_AMD_shader_core_properties", "VK_ARM_shader_core_builtins", "VK_EXT_calibrated_timestamps",
}

// writeText prints one block per device.
func (l *vulkanList) writeText(w io.Writer) error {
	fmt.Fprintf(w, "Vulkan loader %s: %d device(s)\n", l.Loader, len(l.Devices))
	for _, d := range l.Devices {
		fmt.Fprintf(w, "\n[%d] %s\n", d.Index, d.Name)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		row := func(k, format string, args ...any) { fmt.Fprintf(tw, "  %s\t%s\n", k, fmt.Sprintf(format, args...)) }
		row("vendor", "%s (0x%04x), device 0x%04x, %s", d.Vendor, d.VendorID, d.DeviceID, d.Type)
		row("API", "Vulkan %s", d.APIVersion)
		row("driver", "%s %s (%s)", d.DriverName, d.DriverVersion, d.DriverInfo)
		sg := d.Subgroup
		size := fmt.Sprintf("%d", sg.Size)
		if sg.MinSize > 0 && sg.MaxSize > 0 && sg.MinSize != sg.MaxSize {
			size += fmt.Sprintf(" (%d to %d with subgroup size control)", sg.MinSize, sg.MaxSize)
		}
		row("subgroup size", "%s", size)
		row("subgroup operations", "%s", strings.Join(sg.SupportedOperations, ", "))
		switch {
		case d.SMBuiltins != nil:
			row("cores", "%d SMs, %d warps per SM (VK_NV_shader_sm_builtins)", d.SMBuiltins.SMCount, d.SMBuiltins.WarpsPerSM)
		case d.AMDCore != nil:
			a := d.AMDCore
			row("cores", "%d CUs (%d engines × %d arrays × %d CUs), %d SIMDs per CU (VK_AMD_shader_core_properties)",
				a.ShaderEngineCount*a.ShaderArraysPerEngineCount*a.ComputeUnitsPerShaderArray, a.ShaderEngineCount, a.ShaderArraysPerEngineCount, a.ComputeUnitsPerShaderArray, a.SimdPerComputeUnit)
		default:
			row("cores", "not reported by the driver")
		}
		lim := d.Limits
		row("workgroups", "at most %d invocations, %d bytes of shared memory", lim.MaxComputeWorkGroupInvocations, lim.MaxComputeSharedMemorySize)
		row("push constants", "%d bytes", lim.MaxPushConstantsSize)
		row("timestamps", "%.4g ns per tick, compute and graphics: %v", lim.TimestampPeriod, lim.TimestampComputeAndGraphics)
		f := d.Features
		row("shader clock", "subgroup %v, device %v", f.ShaderSubgroupClock, f.ShaderDeviceClock)
		row("types", "float16 %v, float64 %v, int8 %v, int16 %v, int64 %v", f.ShaderFloat16, f.ShaderFloat64, f.ShaderInt8, f.ShaderInt16, f.ShaderInt64)
		var have, lack []string
		for _, e := range keyExtensions {
			if d.HasExtension(e) {
				have = append(have, e)
			} else {
				lack = append(lack, e)
			}
		}
		row("extensions", "%s", strings.Join(have, ", "))
		row("lacks", "%s", strings.Join(lack, ", "))
		if cm := d.CooperativeMatrix; cm != nil {
			row("cooperative matrix", "%d combinations, stages %s", len(cm.Properties), strings.Join(cm.SupportedStages, ", "))
			for _, p := range cm.Properties {
				row("", "%s", p)
			}
			if nv := cm.NV2; nv != nil {
				row("cooperative matrix 2", "workgroup scope up to %d invocations (%d bytes of shared memory reserved), flexible dimensions up to %d, %d flexible combinations",
					nv.WorkgroupScopeMaxWorkgroupSize, nv.WorkgroupScopeReservedSharedMemory, nv.FlexibleDimensionsMaxDimension, len(nv.FlexibleDimensions))
				for _, p := range nv.FlexibleDimensions {
					row("", "%s", p)
				}
			}
		}
		var mem []string
		for _, h := range d.MemoryHeaps {
			kind := "host"
			if h.DeviceLocal {
				kind = "device-local"
			}
			mem = append(mem, fmt.Sprintf("%.1f GiB %s", float64(h.Size)/(1<<30), kind))
		}
		row("memory heaps", "%s", strings.Join(mem, ", "))
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}
