package infer

import (
	"math"
	"strings"
	"testing"
)

// gpuModel schedules blocks as a GPU does: block i goes to SM i mod sms
// while every SM has room (resident blocks at most), then each later block
// takes the SM that frees first, after turnaround ns; every warp runs for
// run ns, and the first wave's blocks start dispatch ns apart.
func gpuModel(sms, resident, blocks, warps int, run, dispatch, turnaround float64) []WarpSpan {
	type slot struct {
		sm   int
		free float64
	}
	var slots []slot
	var ws []WarpSpan
	for b := range blocks {
		var sm int
		var start float64
		if b < sms*resident {
			sm, start = b%sms, float64(b)*dispatch
			slots = append(slots, slot{sm, start + run})
		} else {
			best := 0
			for i := range slots {
				if slots[i].free < slots[best].free {
					best = i
				}
			}
			sm, start = slots[best].sm, slots[best].free+turnaround
			slots[best].free = start + run
		}
		for w := range warps {
			ws = append(ws, WarpSpan{SM: sm, Slot: w, Block: b, WarpInBlock: w, Start: start, End: start + run})
		}
	}
	return ws
}

func TestAnalyzeTimeline(t *testing.T) {
	tests := []struct {
		name                      string
		sms, resident, blocks, wp int
		turnaround                float64
		wantWaves                 float64
	}{
		{"one wave", 8, 2, 16, 4, 0, 1},
		{"three waves", 8, 2, 48, 4, 300, 3},
		{"one warp per block", 4, 16, 128, 1, 100, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			const run, dispatch = 10000, 10
			tl, err := AnalyzeTimeline(gpuModel(tc.sms, tc.resident, tc.blocks, tc.wp, run, dispatch, tc.turnaround))
			if err != nil {
				t.Fatal(err)
			}
			if tl.SMs != tc.sms || tl.Blocks != tc.blocks || tl.Warps != tc.blocks*tc.wp {
				t.Errorf("SMs %d blocks %d warps %d", tl.SMs, tl.Blocks, tl.Warps)
			}
			if tl.BlocksPerSM.Median != float64(tc.resident) || tl.BlocksPerSM.Min != tl.BlocksPerSM.Max {
				t.Errorf("resident blocks %+v, want %d on every SM", tl.BlocksPerSM, tc.resident)
			}
			if tl.WarpsPerSM.Median != float64(tc.resident*tc.wp) {
				t.Errorf("resident warps %+v, want %d", tl.WarpsPerSM, tc.resident*tc.wp)
			}
			if tl.FirstWaveSMs != tc.sms {
				t.Errorf("first %d blocks on %d SMs: round-robin placement not seen", tc.sms, tl.FirstWaveSMs)
			}
			if math.Abs(tl.Waves-tc.wantWaves) > 1e-9 {
				t.Errorf("waves %v, want %v", tl.Waves, tc.wantWaves)
			}
			// Every SM has started once the first sms blocks have.
			if want := float64(tc.sms-1) * dispatch; math.Abs(tl.Fill-want) > 1e-9 {
				t.Errorf("fill %v ns, want %v", tl.Fill, want)
			}
			if math.Abs(tl.Turnaround-tc.turnaround) > 1e-9 && tc.blocks > tc.sms*tc.resident {
				t.Errorf("turnaround %v, want %v", tl.Turnaround, tc.turnaround)
			}
			if len(tl.FirstBlocks) == 0 || tl.FirstBlocks[1] != 1 {
				t.Errorf("first blocks' SMs %v", tl.FirstBlocks)
			}
			// Blocks 2k and 2k+1 land on SMs 2k and 2k+1: pairs, 2 apart.
			if tl.Paired != 1 || tl.PairStride != 2 {
				t.Errorf("paired %v, pair stride %d; want 1, 2", tl.Paired, tl.PairStride)
			}
			if tl.Resolution != dispatch {
				t.Errorf("timer resolution %v, want the %v ns between starts", tl.Resolution, float64(dispatch))
			}
			if want := float64(tc.sms*tc.resident-1) * dispatch; math.Abs(tl.FirstWave-want) > 1e-9 {
				t.Errorf("first wave placed in %v ns, want %v", tl.FirstWave, want)
			}
		})
	}
}

func TestAnalyzeTimelineErrors(t *testing.T) {
	if _, err := AnalyzeTimeline(nil); err == nil {
		t.Error("empty trace accepted")
	}
	split := []WarpSpan{{SM: 0, Block: 1, End: 1}, {SM: 3, Block: 1, WarpInBlock: 1, End: 1}}
	if _, err := AnalyzeTimeline(split); err == nil || !strings.Contains(err.Error(), "SMs") {
		t.Errorf("a block on two SMs: err = %v", err)
	}
	if _, err := AnalyzeTimeline([]WarpSpan{{Start: 5, End: 1}}); err == nil {
		t.Error("a warp ending before it starts accepted")
	}
}

func TestAnalyzeLaunches(t *testing.T) {
	// Back to back: 1000 ns kernels every 1500 ns.
	var s, e []float64
	for i := range 10 {
		s, e = append(s, float64(i)*1500), append(e, float64(i)*1500+1000)
	}
	st, err := AnalyzeLaunches(s, e)
	if err != nil {
		t.Fatal(err)
	}
	if st.StartGap != 1500 || st.IdleGap != 500 || st.Concurrent != 1 {
		t.Errorf("back to back: %+v", st)
	}
	// Concurrent: 8 kernels of 10 µs started 100 ns apart, given out of
	// order.
	s, e = s[:0], e[:0]
	for _, i := range []int{3, 1, 7, 0, 2, 6, 5, 4} {
		s, e = append(s, float64(i)*100), append(e, float64(i)*100+10000)
	}
	if st, err = AnalyzeLaunches(s, e); err != nil || st.Concurrent != 8 || st.StartGap != 100 {
		t.Errorf("concurrent: %+v, %v", st, err)
	}
	if _, err := AnalyzeLaunches([]float64{1}, nil); err == nil {
		t.Error("mismatched slices accepted")
	}
}
