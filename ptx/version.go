package ptx

import "fmt"

// isaByDriver maps a CUDA driver version (as cuDriverGetVersion reports it,
// 1000*major + 10*minor) to the newest PTX ISA version that driver's JIT
// accepts. Source: the "PTX ISA Version" release history in NVIDIA's PTX ISA
// documentation (each ISA version lists the CUDA release that introduced it).
var isaByDriver = []struct {
	driver int
	isa    string
}{
	{11000, "7.0"}, {11010, "7.1"}, {11020, "7.2"}, {11030, "7.3"},
	{11040, "7.4"}, {11050, "7.5"}, {11060, "7.6"}, {11070, "7.7"},
	{11080, "7.8"}, {12000, "8.0"}, {12010, "8.1"}, {12020, "8.2"},
	{12030, "8.3"}, {12040, "8.4"}, {12050, "8.5"}, {12070, "8.6"},
	{12080, "8.7"}, {12090, "8.8"}, {13000, "9.0"}, {13010, "9.1"},
}

// VersionFor returns the newest PTX ISA version the driver accepts. A driver
// newer than this table gets the newest version the table knows, which it
// accepts too; a driver older than CUDA 11.0 is an error.
func VersionFor(driverVersion int) (string, error) {
	if driverVersion < isaByDriver[0].driver {
		return "", fmt.Errorf("CUDA driver version %d.%d is older than 11.0, the oldest gpuarch supports",
			driverVersion/1000, driverVersion%1000/10)
	}
	v := isaByDriver[0].isa
	for _, e := range isaByDriver {
		if driverVersion >= e.driver {
			v = e.isa
		}
	}
	return v, nil
}

// TargetFor returns the PTX target for a compute capability, e.g. "sm_90".
// Architecture-specific features (sm_90a) are asked for with suffix "a".
func TargetFor(major, minor int, suffix string) string {
	return fmt.Sprintf("sm_%d%d%s", major, minor, suffix)
}
