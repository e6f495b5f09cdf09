package vk

import "time"

// Busy implements engine.BusyReporter: dispatches, from their submission
// (after the pipeline is built) to the end of the wait for them.
func (g *GPU) Busy() time.Duration { return time.Duration(g.launched.Load()) }

// account adds the time since start to the GPU's busy time.
func (g *GPU) account(start time.Time) { g.launched.Add(int64(time.Since(start))) }
