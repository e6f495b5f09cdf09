package cuda

import "fmt"

// captureModeThreadLocal is CU_STREAM_CAPTURE_MODE_THREAD_LOCAL (cuda.h,
// enum CUstreamCaptureMode): only this thread's unsafe calls are
// prohibited while capturing.
const captureModeThreadLocal = 1

// Graph is an instantiated CUDA graph (CUgraphExec) captured from a
// stream: the launches queued on the stream between BeginCapture and
// EndCapture, replayed as one launch.
type Graph struct {
	d           *Driver
	graph, exec uintptr
}

// BeginCapture starts recording the work queued on s into a graph
// instead of running it (cuStreamBeginCapture). The default stream cannot
// be captured.
func (s *Stream) BeginCapture() error {
	if s == nil {
		return fmt.Errorf("cuda: the default stream cannot be captured")
	}
	if err := s.d.check("cuStreamBeginCapture", s.d.cuStreamBeginCapture(s.handle, captureModeThreadLocal)); err != nil {
		return fmt.Errorf("beginning a stream capture: %w", err)
	}
	return nil
}

// EndCapture ends the capture BeginCapture started and instantiates the
// graph it recorded.
func (s *Stream) EndCapture() (*Graph, error) {
	if s == nil {
		return nil, fmt.Errorf("cuda: the default stream cannot be captured")
	}
	g := &Graph{d: s.d}
	if err := s.d.check("cuStreamEndCapture", s.d.cuStreamEndCapture(s.handle, &g.graph)); err != nil {
		return nil, fmt.Errorf("ending a stream capture: %w", err)
	}
	if err := s.d.check("cuGraphInstantiateWithFlags", s.d.cuGraphInstantiateWithFlags(&g.exec, g.graph, 0)); err != nil {
		_ = s.d.cuGraphDestroy(g.graph)
		return nil, fmt.Errorf("instantiating a captured graph: %w", err)
	}
	return g, nil
}

// Launch queues the whole graph on s (cuGraphLaunch).
func (g *Graph) Launch(s *Stream) error {
	if err := g.d.check("cuGraphLaunch", g.d.cuGraphLaunch(g.exec, s.handleOrDefault())); err != nil {
		return fmt.Errorf("launching a graph: %w", err)
	}
	return nil
}

// Destroy releases the graph. Destroying a nil graph does nothing.
func (g *Graph) Destroy() error {
	if g == nil {
		return nil
	}
	if err := g.d.check("cuGraphExecDestroy", g.d.cuGraphExecDestroy(g.exec)); err != nil {
		return fmt.Errorf("destroying a graph: %w", err)
	}
	if err := g.d.check("cuGraphDestroy", g.d.cuGraphDestroy(g.graph)); err != nil {
		return fmt.Errorf("destroying a graph: %w", err)
	}
	return nil
}
