package cuda

import (
	"errors"
	"fmt"
)

// Device is one GPU as the driver numbers it (a CUdevice). It is a small
// value; copying it is fine.
type Device struct {
	d       *Driver
	handle  int32
	ordinal int
}

// DeviceCount returns the number of CUDA-capable devices the driver sees,
// after CUDA_VISIBLE_DEVICES is applied.
func (d *Driver) DeviceCount() (int, error) {
	var n int32
	if err := d.check("cuDeviceGetCount", d.cuDeviceGetCount(&n)); err != nil {
		return 0, err
	}
	return int(n), nil
}

// Device returns the device with the given ordinal, from 0 to
// DeviceCount()-1. When the driver sees no device at all the error wraps
// [ErrNoDevice].
func (d *Driver) Device(ordinal int) (Device, error) {
	n, err := d.DeviceCount()
	if err != nil {
		return Device{}, err
	}
	if n == 0 {
		return Device{}, fmt.Errorf("cuda: device %d: %w", ordinal, ErrNoDevice)
	}
	if ordinal < 0 || ordinal >= n {
		return Device{}, fmt.Errorf("cuda: device %d does not exist: the driver sees %d device(s), numbered from 0", ordinal, n)
	}
	var h int32
	if err := d.check("cuDeviceGet", d.cuDeviceGet(&h, int32(ordinal))); err != nil {
		return Device{}, fmt.Errorf("getting device %d: %w", ordinal, err)
	}
	return Device{d: d, handle: h, ordinal: ordinal}, nil
}

// Ordinal returns the device's number, as passed to [Driver.Device].
func (v Device) Ordinal() int { return v.ordinal }

// Name returns the device's marketing name, such as "NVIDIA H100 80GB HBM3".
func (v Device) Name() (string, error) {
	buf := make([]byte, 256)
	if err := v.d.check("cuDeviceGetName", v.d.cuDeviceGetName(&buf[0], int32(len(buf)), v.handle)); err != nil {
		return "", fmt.Errorf("device %d: %w", v.ordinal, err)
	}
	return trimC(buf), nil
}

// UUID returns the device's UUID formatted as nvidia-smi prints it:
// "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx". It uses cuDeviceGetUuid_v2
// where the driver has it; on a GPU in MIG mode that returns the MIG
// instance's UUID, which nvidia-smi would print with a "MIG-" prefix.
func (v Device) UUID() (string, error) {
	var raw [16]byte
	if err := v.d.check("cuDeviceGetUuid", v.d.cuDeviceGetUuid(&raw, v.handle)); err != nil {
		return "", fmt.Errorf("device %d: %w", v.ordinal, err)
	}
	return formatUUID(raw), nil
}

// formatUUID formats 16 raw UUID bytes in nvidia-smi's form.
func formatUUID(b [16]byte) string {
	return fmt.Sprintf("GPU-%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// PCIBusID returns the device's PCI address as
// "domain:bus:device.function", such as "0000:1B:00.0".
func (v Device) PCIBusID() (string, error) {
	buf := make([]byte, 64)
	if err := v.d.check("cuDeviceGetPCIBusId", v.d.cuDeviceGetPCIBusId(&buf[0], int32(len(buf)), v.handle)); err != nil {
		return "", fmt.Errorf("device %d: %w", v.ordinal, err)
	}
	return trimC(buf), nil
}

// TotalMem returns the device's memory in bytes.
func (v Device) TotalMem() (uint64, error) {
	var n uintptr
	if err := v.d.check("cuDeviceTotalMem", v.d.cuDeviceTotalMem(&n, v.handle)); err != nil {
		return 0, fmt.Errorf("device %d: %w", v.ordinal, err)
	}
	return uint64(n), nil
}

// Attribute returns one device attribute.
func (v Device) Attribute(a Attribute) (int, error) {
	var n int32
	if err := v.d.check("cuDeviceGetAttribute", v.d.cuDeviceGetAttribute(&n, int32(a), v.handle)); err != nil {
		return 0, fmt.Errorf("device %d: attribute %v: %w", v.ordinal, a, err)
	}
	return int(n), nil
}

// ComputeCapability returns the device's compute capability, such as 9, 0
// for an H100.
func (v Device) ComputeCapability() (major, minor int, err error) {
	if major, err = v.Attribute(ComputeCapabilityMajor); err != nil {
		return 0, 0, err
	}
	if minor, err = v.Attribute(ComputeCapabilityMinor); err != nil {
		return 0, 0, err
	}
	return major, minor, nil
}

// Attributes reads every attribute in the package's table of cuda.h's
// CUdevice_attribute values and returns them by name (see
// [Attribute.String]). Attributes this driver does not know, which it
// rejects with CUDA_ERROR_INVALID_VALUE, are left out.
func (v Device) Attributes() (map[string]int, error) {
	table := attributeTable()
	out := make(map[string]int, len(table))
	for _, info := range table {
		n, err := v.Attribute(info.attr)
		var cerr *Error
		if errors.As(err, &cerr) && cerr.Code == errorInvalidValue {
			continue
		}
		if err != nil {
			return nil, err
		}
		out[info.name] = n
	}
	return out, nil
}
