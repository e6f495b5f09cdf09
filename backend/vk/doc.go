// Package vk is gpuarch's Vulkan backend: a engine.GPU over a Vulkan
// device (package vulkan, loaded at run time), and the engine.Codegen that
// writes the runner's kernels as SPIR-V assembly (assembled by package
// spirv, no GLSL compiler needed).
//
// Opinions. Kernels take their arguments as push constants and reach
// memory through buffer device addresses, so the runner launches a Vulkan
// kernel exactly as it launches a CUDA one; the workgroup width is a
// specialization constant, so one module serves every launch width, and a
// pipeline is built per kernel and width ahead of measuring. Time is
// VK_KHR_shader_clock's: cycles from the subgroup clock, nanoseconds from
// the device clock, whose rate is measured when the device is opened
// against the GPU's timestamps (two spins of different lengths, so the
// dispatch overhead cancels). Subgroups are compiled at the device's
// default size, required where the driver allows it. Where the driver
// reports what it compiled (VK_KHR_pipeline_executable_properties), every
// probe keeps its statistics, and its machine code when given one; NVIDIA
// returns statistics only, which records say. What the API cannot say
// (how many cores a device has, outside NVIDIA's and AMD's extensions and
// lavapipe) is recorded as unknown, never guessed.
package vk
