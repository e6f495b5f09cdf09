package vulkan

// waitIdle waits, with vkDeviceWaitIdle, for everything submitted to the
// device, including a dispatch that passed its timeout, and marks the
// recorders idle. Tests call it so that no spinning kernel outlives them.
func (d *Device) waitIdle() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := check("vkDeviceWaitIdle", d.fn.vkDeviceWaitIdle(d.handle)); err != nil {
		return err
	}
	d.transfer.pending = false
	d.compute.pending = false
	return nil
}

// setStagingLimit lowers the staging buffer's size limit, so that a test
// can make transfers go in chunks.
func (d *Device) setStagingLimit(n int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.stagingLimit = n
}
