package vulkan

import (
	"errors"
	"fmt"
)

// ErrNoLoader means the Vulkan loader library could not be loaded. Errors
// from [Open] and [OpenLibrary] wrap it and add the dynamic linker's reason.
var ErrNoLoader = errors.New("libvulkan.so.1 was not found: is a Vulkan loader installed? (Debian: apt-get install libvulkan1 mesa-vulkan-drivers)")

// ErrNoDevice means the loader works but offers no physical device: no
// driver (ICD) was found or none could be loaded. Errors wrapping it name
// the loader's result.
var ErrNoDevice = errors.New("the Vulkan loader found no physical device: is a Vulkan driver (ICD) installed? Check the driver install (NVIDIA driver, mesa-vulkan-drivers) and VK_ICD_FILENAMES / VK_DRIVER_FILES")

// ErrTimeout means a wait passed its timeout before the GPU finished. The
// work may still be running, or hung; the device stays usable once it ends.
// A Vulkan call that returns VK_TIMEOUT also matches it with errors.Is.
var ErrTimeout = errors.New("timed out waiting for the Vulkan device: the work may still be running (hung)")

// ErrDeviceLost means the driver reported VK_ERROR_DEVICE_LOST: the logical
// device cannot be used again and must be closed. An [*Error] with that
// result matches it with errors.Is.
var ErrDeviceLost = errors.New("the Vulkan device was lost (VK_ERROR_DEVICE_LOST): it cannot be used again; close it and open a new one")

// ErrUnsupported means the device lacks an extension, feature or limit
// that the call needs; errors wrapping it name which. An [*Error] with
// VK_ERROR_EXTENSION_NOT_PRESENT or VK_ERROR_FEATURE_NOT_PRESENT matches it.
var ErrUnsupported = errors.New("not supported by this Vulkan device")

// errClosed is returned by calls on a closed device or instance, or on a
// freed or destroyed object.
var errClosed = errors.New("use after Close, Free or Destroy")

// Error is a failed Vulkan call.
type Error struct {
	// Func is the Vulkan command that failed, such as
	// "vkCreateComputePipelines".
	Func string
	// Result is the VkResult it returned.
	Result int32
	// Name is the VkResult's name, such as "VK_ERROR_OUT_OF_DEVICE_MEMORY",
	// or "VK_RESULT_<n>" for a code the package does not know.
	Name string
}

// Error formats the error as
// "vkCreateComputePipelines: VK_ERROR_OUT_OF_DEVICE_MEMORY (-2)".
func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s (%d)", e.Func, e.Name, e.Result)
}

// Is reports whether the error matches one of the package's sentinels:
// VK_TIMEOUT is [ErrTimeout], VK_ERROR_DEVICE_LOST is [ErrDeviceLost],
// and VK_ERROR_EXTENSION_NOT_PRESENT and VK_ERROR_FEATURE_NOT_PRESENT are
// [ErrUnsupported].
func (e *Error) Is(target error) bool {
	switch target {
	case ErrTimeout:
		return e.Result == resultTimeout
	case ErrDeviceLost:
		return e.Result == resultErrorDeviceLost
	case ErrUnsupported:
		return e.Result == resultErrorExtNotPresent || e.Result == resultErrorFeatNotPresent
	}
	return false
}

// check is the single place where a VkResult becomes an error: nil for
// VK_SUCCESS, otherwise an *Error naming fn and the result. Callers that
// accept other non-error codes (VK_INCOMPLETE, VK_TIMEOUT) test for them
// before calling check.
func check(fn string, result int32) error {
	if result == resultSuccess {
		return nil
	}
	return newError(fn, result)
}

// newError builds the *Error for a VkResult.
func newError(fn string, result int32) *Error {
	return &Error{Func: fn, Result: result, Name: resultName(result)}
}

// resultName returns the name of a VkResult as vulkan_core.h spells it,
// such as "VK_ERROR_DEVICE_LOST", or "VK_RESULT_<n>" for an unknown code.
func resultName(result int32) string {
	if name, ok := resultNames[result]; ok {
		return name
	}
	return fmt.Sprintf("VK_RESULT_%d", result)
}

// resultNames lists every VkResult of vulkan_core.h (1.4), under its
// current name; aliases (VK_ERROR_OUT_OF_POOL_MEMORY_KHR and the like) share
// their code. It is never written after initialization.
var resultNames = map[int32]string{
	0:           "VK_SUCCESS",
	1:           "VK_NOT_READY",
	2:           "VK_TIMEOUT",
	3:           "VK_EVENT_SET",
	4:           "VK_EVENT_RESET",
	5:           "VK_INCOMPLETE",
	-1:          "VK_ERROR_OUT_OF_HOST_MEMORY",
	-2:          "VK_ERROR_OUT_OF_DEVICE_MEMORY",
	-3:          "VK_ERROR_INITIALIZATION_FAILED",
	-4:          "VK_ERROR_DEVICE_LOST",
	-5:          "VK_ERROR_MEMORY_MAP_FAILED",
	-6:          "VK_ERROR_LAYER_NOT_PRESENT",
	-7:          "VK_ERROR_EXTENSION_NOT_PRESENT",
	-8:          "VK_ERROR_FEATURE_NOT_PRESENT",
	-9:          "VK_ERROR_INCOMPATIBLE_DRIVER",
	-10:         "VK_ERROR_TOO_MANY_OBJECTS",
	-11:         "VK_ERROR_FORMAT_NOT_SUPPORTED",
	-12:         "VK_ERROR_FRAGMENTED_POOL",
	-13:         "VK_ERROR_UNKNOWN",
	-1000069000: "VK_ERROR_OUT_OF_POOL_MEMORY",
	-1000072003: "VK_ERROR_INVALID_EXTERNAL_HANDLE",
	-1000161000: "VK_ERROR_FRAGMENTATION",
	-1000257000: "VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS",
	1000297000:  "VK_PIPELINE_COMPILE_REQUIRED",
	-1000174001: "VK_ERROR_NOT_PERMITTED",
	-1000000000: "VK_ERROR_SURFACE_LOST_KHR",
	-1000000001: "VK_ERROR_NATIVE_WINDOW_IN_USE_KHR",
	1000001003:  "VK_SUBOPTIMAL_KHR",
	-1000001004: "VK_ERROR_OUT_OF_DATE_KHR",
	-1000003001: "VK_ERROR_INCOMPATIBLE_DISPLAY_KHR",
	-1000011001: "VK_ERROR_VALIDATION_FAILED",
	-1000012000: "VK_ERROR_INVALID_SHADER_NV",
	-1000023000: "VK_ERROR_IMAGE_USAGE_NOT_SUPPORTED_KHR",
	-1000023001: "VK_ERROR_VIDEO_PICTURE_LAYOUT_NOT_SUPPORTED_KHR",
	-1000023002: "VK_ERROR_VIDEO_PROFILE_OPERATION_NOT_SUPPORTED_KHR",
	-1000023003: "VK_ERROR_VIDEO_PROFILE_FORMAT_NOT_SUPPORTED_KHR",
	-1000023004: "VK_ERROR_VIDEO_PROFILE_CODEC_NOT_SUPPORTED_KHR",
	-1000023005: "VK_ERROR_VIDEO_STD_VERSION_NOT_SUPPORTED_KHR",
	-1000158000: "VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT",
	-1000208000: "VK_ERROR_PRESENT_TIMING_QUEUE_FULL_EXT",
	-1000255000: "VK_ERROR_FULL_SCREEN_EXCLUSIVE_MODE_LOST_EXT",
	1000268000:  "VK_THREAD_IDLE_KHR",
	1000268001:  "VK_THREAD_DONE_KHR",
	1000268002:  "VK_OPERATION_DEFERRED_KHR",
	1000268003:  "VK_OPERATION_NOT_DEFERRED_KHR",
	-1000299000: "VK_ERROR_INVALID_VIDEO_STD_PARAMETERS_KHR",
	-1000338000: "VK_ERROR_COMPRESSION_EXHAUSTED_EXT",
	1000482000:  "VK_INCOMPATIBLE_SHADER_BINARY_EXT",
	1000483000:  "VK_PIPELINE_BINARY_MISSING_KHR",
	-1000483000: "VK_ERROR_NOT_ENOUGH_SPACE_KHR",
}
