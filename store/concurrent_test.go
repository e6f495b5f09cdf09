package store

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

// TestConcurrentWritersSQLite has several stores, as several nodes' `db
// add` processes would, add runs to one SQLite file at once: every add
// waits its turn rather than failing with SQLITE_BUSY (seen in CI when
// two Slurm jobs added their GPUs' runs together), and every run is kept.
func TestConcurrentWritersSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "runs.db")
	const writers, each = 4, 6
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		s := openAt(t, path)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				r := run(fmt.Sprintf("node%d", w), fmt.Sprintf("GPU-%d-%d", w, i), "580.1", 1+i, 3.9)
				if _, err := s.Add(context.Background(), r, fmt.Sprintf("node%d/gpu%d.json", w, i)); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	runs, err := openAt(t, path).List(context.Background(), Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != writers*each {
		t.Errorf("the store holds %d runs, want %d", len(runs), writers*each)
	}
}
