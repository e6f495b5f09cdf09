package warp

import (
	"testing"

	"github.com/gpuarch/gpuarch/backend/vk/vktest"
)

// TestSPIRVCatalogValidates has SPIRV-Tools check every SPIR-V entry's
// kernels.
func TestSPIRVCatalogValidates(t *testing.T) { vktest.ValidateCatalog(t, SPIRVCatalog()) }
