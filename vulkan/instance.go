package vulkan

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
)

// Instance is a VkInstance and the physical devices it found. It is safe
// for concurrent use. Close it when done; closing it closes the devices
// opened from it.
type Instance struct {
	path          string
	handle        uintptr // VkInstance
	fn            instanceFuncs
	loaderVersion uint32
	apiVersion    uint32 // the version requested at creation
	phys          []*physical

	mu      sync.Mutex
	devices map[*Device]struct{}
	closed  bool
}

// Open loads the Vulkan loader libvulkan.so.1 from the dynamic linker's
// search path, creates an instance and reads every physical device's
// properties and features (see [PhysicalDevice]).
//
// The instance asks for Vulkan 1.3, or the loader's version if that is
// lower, so a device's 1.4 features are not used; a loader older than 1.1
// is refused with an error wrapping [ErrUnsupported]. Where the loader
// offers VK_KHR_portability_enumeration the instance enables it, so that
// portability drivers such as MoltenVK are listed. No layers are enabled.
//
// When the loader cannot be loaded the error wraps [ErrNoLoader]; when it
// finds no device (no driver, or vkCreateInstance answers
// VK_ERROR_INCOMPATIBLE_DRIVER) the error wraps [ErrNoDevice].
func Open() (*Instance, error) {
	return OpenLibrary(DefaultLibrary)
}

// OpenLibrary is [Open] with an explicit path to the loader library.
//
// The library stays loaded after [Instance.Close]: drivers do not all
// survive being unloaded, and a process opens few instances.
func OpenLibrary(path string) (*Instance, error) {
	g, err := loadLibrary(path)
	if err != nil {
		return nil, err
	}

	if g.vkEnumerateInstanceVersion == nil {
		return nil, fmt.Errorf("%s is a Vulkan 1.0 loader; gpuarch needs 1.1 or later: %w", path, ErrUnsupported)
	}
	var loaderVersion uint32
	if err := check("vkEnumerateInstanceVersion", g.vkEnumerateInstanceVersion(&loaderVersion)); err != nil {
		return nil, fmt.Errorf("asking %s for its version: %w", path, err)
	}
	api := min(uint32(apiVersion13), loaderVersion&^0xfff)
	if api < apiVersion11 {
		return nil, fmt.Errorf("%s implements Vulkan %s; gpuarch needs 1.1 or later: %w",
			path, formatAPIVersion(loaderVersion), ErrUnsupported)
	}

	instExts, err := enumerate("vkEnumerateInstanceExtensionProperties", nil, func(n *uint32, p *extensionProperties) int32 {
		return g.vkEnumerateInstanceExtensionProperties(nil, n, p)
	})
	if err != nil {
		return nil, fmt.Errorf("listing instance extensions: %w", err)
	}
	var flags uint32
	var enable []string
	if slices.Contains(extensionNames(instExts), extPortabilityEnumeration) {
		flags |= instanceCreateEnumeratePortability
		enable = append(enable, extPortabilityEnumeration)
	}

	handle, err := createInstance(g, api, flags, enable)
	if err != nil {
		return nil, err
	}
	in := &Instance{
		path:          path,
		handle:        handle,
		loaderVersion: loaderVersion,
		apiVersion:    api,
		devices:       map[*Device]struct{}{},
	}
	if err := in.init(g); err != nil {
		if in.fn.vkDestroyInstance != nil {
			in.fn.vkDestroyInstance(handle, nil)
		}
		return nil, err
	}
	return in, nil
}

// createInstance calls vkCreateInstance for API version api with the given
// flags and instance extensions.
func createInstance(g *globalFuncs, api, flags uint32, exts []string) (uintptr, error) {
	appName, engineName := cString("gpuarch"), cString("gpuarch")
	app := &applicationInfo{
		sType:            stApplicationInfo,
		pApplicationName: &appName[0],
		pEngineName:      &engineName[0],
		apiVersion:       api,
	}
	names, ptrs := cStrings(exts)
	info := &instanceCreateInfo{
		sType:                   stInstanceCreateInfo,
		flags:                   flags,
		pApplicationInfo:        app,
		enabledExtensionCount:   uint32(len(exts)),
		ppEnabledExtensionNames: ptrOrNil(ptrs),
	}
	var handle uintptr
	r := g.vkCreateInstance(info, nil, &handle)
	runtime.KeepAlive(appName)
	runtime.KeepAlive(engineName)
	runtime.KeepAlive(app)
	runtime.KeepAlive(names)
	runtime.KeepAlive(ptrs)
	runtime.KeepAlive(info)
	switch err := check("vkCreateInstance", r); {
	case err == nil:
		return handle, nil
	case r == resultErrorIncompatDriver:
		return 0, fmt.Errorf("%w: %w", ErrNoDevice, err)
	default:
		return 0, fmt.Errorf("creating a Vulkan %s instance: %w", formatAPIVersion(api), err)
	}
}

// init binds the instance-level commands and reads every physical device.
func (in *Instance) init(g *globalFuncs) error {
	resolve := func(name string) uintptr { return g.vkGetInstanceProcAddr(in.handle, name) }
	if err := bind(in.fn.symbols(), resolve, in.path); err != nil {
		return err
	}
	handles, err := enumerate("vkEnumeratePhysicalDevices", nil, func(n *uint32, p *uintptr) int32 {
		return in.fn.vkEnumeratePhysicalDevices(in.handle, n, p)
	})
	var verr *Error
	switch {
	case errors.As(err, &verr) && (verr.Result == resultErrorInitFailed || verr.Result == resultErrorIncompatDriver):
		return fmt.Errorf("%w: %w", ErrNoDevice, err)
	case err != nil:
		return fmt.Errorf("listing physical devices: %w", err)
	case len(handles) == 0:
		return fmt.Errorf("%w: vkEnumeratePhysicalDevices returned no device", ErrNoDevice)
	}
	for i, h := range handles {
		p, err := queryPhysical(&in.fn, h, i, in.apiVersion)
		if err != nil {
			return err
		}
		in.phys = append(in.phys, p)
	}
	return nil
}

// Devices returns the physical devices in the loader's enumeration order;
// each one's Index is its position.
func (in *Instance) Devices() []PhysicalDevice {
	devs := make([]PhysicalDevice, len(in.phys))
	for i, p := range in.phys {
		devs[i] = p.info.clone()
	}
	return devs
}

// LoaderVersion returns the Vulkan version the loader implements, such as
// "1.3.239".
func (in *Instance) LoaderVersion() string {
	return formatAPIVersion(in.loaderVersion)
}

// Close closes every device opened from the instance that is still open,
// then destroys the instance. If a device cannot be closed (its work is
// still running, see [Device.Close]) the instance is left alive too and
// the error says why. Closing a closed instance does nothing.
func (in *Instance) Close() error {
	in.mu.Lock()
	if in.closed {
		in.mu.Unlock()
		return nil
	}
	open := make([]*Device, 0, len(in.devices))
	for d := range in.devices {
		open = append(open, d)
	}
	in.mu.Unlock()

	var errs []error
	for _, d := range open {
		if err := d.Close(); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("closing the Vulkan instance: %w", errors.Join(errs...))
	}

	in.mu.Lock()
	defer in.mu.Unlock()
	if in.closed {
		return nil
	}
	if len(in.devices) > 0 {
		return errors.New("closing the Vulkan instance: a device was opened while it was closing")
	}
	in.fn.vkDestroyInstance(in.handle, nil)
	in.closed = true
	return nil
}

// forget drops a closed device from the instance's set.
func (in *Instance) forget(d *Device) {
	in.mu.Lock()
	defer in.mu.Unlock()
	delete(in.devices, d)
}

// cStrings returns ss as NUL-terminated byte slices and an array of
// pointers to them, for a C "const char* const*". Both must be kept alive
// across the call.
func cStrings(ss []string) ([][]byte, []*byte) {
	bufs := make([][]byte, len(ss))
	ptrs := make([]*byte, len(ss))
	for i, s := range ss {
		bufs[i] = cString(s)
		ptrs[i] = &bufs[i][0]
	}
	return bufs, ptrs
}

// ptrOrNil returns a pointer to the first element of s, or nil when s is
// empty.
func ptrOrNil[T any](s []T) *T {
	if len(s) == 0 {
		return nil
	}
	return &s[0]
}
