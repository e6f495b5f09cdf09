// Package vulkan is gpuarch's binding to Vulkan compute, through the
// Vulkan loader (libvulkan.so.1) called at run time with purego, so that
// gpuarch builds with CGO_ENABLED=0 and needs neither cgo nor the Vulkan
// headers. It runs wherever a Vulkan 1.1 or later driver does: NVIDIA's
// driver, Mesa's RADV, ANV, NVK and lavapipe (on the CPU, which the tests
// use), and MoltenVK.
//
// # Scope
//
// The package covers what a microarchitecture probe needs and nothing
// more: listing devices with the properties and features that describe
// their compute hardware ([PhysicalDevice]), a logical device with one
// compute queue, device memory, SPIR-V shader modules, compute pipelines
// with specialization constants and subgroup size control, the driver's
// compile statistics and internal representations
// (VK_KHR_pipeline_executable_properties), and timed dispatches. It is
// not a general Vulkan binding: there is no graphics, no presentation, no
// images, no descriptor sets, no pipeline cache, no secondary command
// buffers, no semaphores and no validation layers.
//
// # Opinions
//
//   - Compute only, and no descriptor sets. Kernels reach memory through
//     buffer device addresses (bufferDeviceAddress, required) passed in
//     push constants, as CUDA kernels take pointers as parameters: the
//     same kernel shape serves both APIs, and there is no descriptor
//     binding for a probe to measure by accident. Every pipeline has one
//     push-constant range and nothing else.
//   - The instance is a value the caller owns. [Open] loads the loader and
//     returns an [*Instance]; there is no package-level state. The loader
//     library stays loaded for the life of the process.
//   - Query before enabling. Optional features and extensions are read
//     from the device, with structures chosen by its API version (the
//     VkPhysicalDeviceVulkan1xFeatures structures where the version has
//     them, the extension structures otherwise), and only those the
//     package uses are enabled; features that change what is measured,
//     such as robustBufferAccess, stay off. [Device.Enabled] says what was
//     enabled, so that a result can record it.
//   - Nothing waits forever. A kernel can hang; [Device.Dispatch] polls its
//     fence in short slices with a context.Context and a timeout, and
//     returns an error wrapping [ErrTimeout] rather than blocking the tool.
//     Later work, [Buffer.Free], [Pipeline.Destroy] and [Device.Close] wait
//     for such work for a bounded time and refuse to destroy what it may
//     still use.
//   - Every failed Vulkan call becomes an [*Error] naming the command and
//     the VkResult; errors.Is matches VK_TIMEOUT to [ErrTimeout] and
//     VK_ERROR_DEVICE_LOST to [ErrDeviceLost]. Sentinel errors say what to
//     do: install a loader ([ErrNoLoader]), a driver ([ErrNoDevice]), or use
//     another device ([ErrUnsupported]).
//   - One queue, serialized. Vulkan requires a VkQueue and its command
//     pools to be externally synchronized, so the [Device] runs one
//     submission at a time; shader and pipeline creation, which need no
//     such synchronization, run concurrently with it and with each other.
//   - Go memory handed to the driver (create-info structures, pNext
//     chains, name arrays) lives only for the call that reads it and is
//     kept alive with runtime.KeepAlive; the package keeps no C pointer to
//     Go memory after a call returns. The staging buffer's mapping is
//     driver memory, used only while the device lives.
//
// C structures are mirrored field for field in structs.go and
// structs_physical.go, and enum values are written out by hand in
// enums.go; layout_test.go and enums_test.go check every offset, size and
// value against those compiled from vulkan_core.h.
//
// [DefaultLibrary] is the Linux soname; on macOS pass the loader's path
// (libvulkan.1.dylib) to [OpenLibrary].
package vulkan
