package vulkan

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestErrorFormat(t *testing.T) {
	tests := []struct {
		name string
		err  *Error
		want string
	}{
		{"out of device memory", newError("vkAllocateMemory", -2), "vkAllocateMemory: VK_ERROR_OUT_OF_DEVICE_MEMORY (-2)"},
		{"device lost", newError("vkQueueSubmit", -4), "vkQueueSubmit: VK_ERROR_DEVICE_LOST (-4)"},
		{"timeout", newError("vkWaitForFences", 2), "vkWaitForFences: VK_TIMEOUT (2)"},
		{"extension result", newError("vkCreateComputePipelines", -1000012000), "vkCreateComputePipelines: VK_ERROR_INVALID_SHADER_NV (-1000012000)"},
		{"unknown code", newError("vkCreateInstance", -4242), "vkCreateInstance: VK_RESULT_-4242 (-4242)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestErrorIs(t *testing.T) {
	tests := []struct {
		name        string
		err         error
		timeout     bool
		lost        bool
		unsupported bool
	}{
		{"nil", nil, false, false, false},
		{"not a Vulkan error", errors.New("boom"), false, false, false},
		{"VK_TIMEOUT", newError("vkWaitForFences", resultTimeout), true, false, false},
		{"wrapped VK_TIMEOUT", fmt.Errorf("dispatch: %w", newError("vkWaitForFences", resultTimeout)), true, false, false},
		{"ErrTimeout", fmt.Errorf("dispatch: %w", ErrTimeout), true, false, false},
		{"VK_ERROR_DEVICE_LOST", newError("vkQueueSubmit", resultErrorDeviceLost), false, true, false},
		{"wrapped VK_ERROR_DEVICE_LOST", fmt.Errorf("dispatch: %w", newError("vkWaitForFences", resultErrorDeviceLost)), false, true, false},
		{"VK_ERROR_EXTENSION_NOT_PRESENT", newError("vkCreateDevice", resultErrorExtNotPresent), false, false, true},
		{"VK_ERROR_FEATURE_NOT_PRESENT", newError("vkCreateDevice", resultErrorFeatNotPresent), false, false, true},
		{"VK_ERROR_OUT_OF_DEVICE_MEMORY", newError("vkAllocateMemory", -2), false, false, false},
		{"VK_NOT_READY", newError("vkGetFenceStatus", resultNotReady), false, false, false},
		{"context cancelled", fmt.Errorf("dispatch: %w", context.Canceled), false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := errors.Is(tt.err, ErrTimeout); got != tt.timeout {
				t.Errorf("errors.Is(%v, ErrTimeout) = %v, want %v", tt.err, got, tt.timeout)
			}
			if got := errors.Is(tt.err, ErrDeviceLost); got != tt.lost {
				t.Errorf("errors.Is(%v, ErrDeviceLost) = %v, want %v", tt.err, got, tt.lost)
			}
			if got := errors.Is(tt.err, ErrUnsupported); got != tt.unsupported {
				t.Errorf("errors.Is(%v, ErrUnsupported) = %v, want %v", tt.err, got, tt.unsupported)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	if err := check("vkCreateBuffer", resultSuccess); err != nil {
		t.Errorf("check(VK_SUCCESS) = %v, want nil", err)
	}
	err := check("vkCreateBuffer", -1)
	var verr *Error
	if !errors.As(err, &verr) {
		t.Fatalf("check(-1) = %v, want an *Error", err)
	}
	want := Error{Func: "vkCreateBuffer", Result: -1, Name: "VK_ERROR_OUT_OF_HOST_MEMORY"}
	if *verr != want {
		t.Errorf("check(-1) = %+v, want %+v", *verr, want)
	}
}

func TestResultNames(t *testing.T) {
	tests := []struct {
		code int32
		want string
	}{
		{0, "VK_SUCCESS"},
		{1, "VK_NOT_READY"},
		{2, "VK_TIMEOUT"},
		{5, "VK_INCOMPLETE"},
		{-1, "VK_ERROR_OUT_OF_HOST_MEMORY"},
		{-3, "VK_ERROR_INITIALIZATION_FAILED"},
		{-4, "VK_ERROR_DEVICE_LOST"},
		{-7, "VK_ERROR_EXTENSION_NOT_PRESENT"},
		{-8, "VK_ERROR_FEATURE_NOT_PRESENT"},
		{-9, "VK_ERROR_INCOMPATIBLE_DRIVER"},
		{-13, "VK_ERROR_UNKNOWN"},
		{-1000069000, "VK_ERROR_OUT_OF_POOL_MEMORY"},
		{-1000012000, "VK_ERROR_INVALID_SHADER_NV"},
		{1000297000, "VK_PIPELINE_COMPILE_REQUIRED"},
		{-1000483000, "VK_ERROR_NOT_ENOUGH_SPACE_KHR"},
		{7, "VK_RESULT_7"},
	}
	for _, tt := range tests {
		if got := resultName(tt.code); got != tt.want {
			t.Errorf("resultName(%d) = %q, want %q", tt.code, got, tt.want)
		}
	}
}
