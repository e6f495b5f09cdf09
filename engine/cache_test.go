package engine

import (
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

func TestModuleCache(t *testing.T) {
	c := &ModuleCache{Dir: t.TempDir()}
	key := CacheKey("source", "driver 580", "H100")
	if key == CacheKey("source", "driver 581", "H100") || key == CacheKey("source", "driver 580H100") {
		t.Fatal("keys of different drivers or parts collide")
	}
	if _, ok := c.Get(key); ok {
		t.Fatal("an empty cache found a module")
	}
	if err := c.Put(key, []byte("cubin")); err != nil {
		t.Fatal(err)
	}
	if b, ok := c.Get(key); !ok || string(b) != "cubin" {
		t.Fatalf("Get = %q, %v; want the module put", b, ok)
	}
	for name, damage := range map[string][]byte{
		"short":     []byte("abc"),
		"corrupted": append(make([]byte, 32), "cubin"...),
	} {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(c.path(key), damage, 0o644); err != nil {
				t.Fatal(err)
			}
			if _, ok := c.Get(key); ok {
				t.Fatal("a damaged file read as a module")
			}
			if _, err := os.Stat(c.path(key)); !os.IsNotExist(err) {
				t.Fatalf("the damaged file was left: %v", err)
			}
		})
	}
	left, _ := filepath.Glob(filepath.Join(c.Dir, ".tmp-*"))
	if len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
	if hits, misses := c.Stats(); hits != 1 || misses != 3 {
		t.Fatalf("stats %d hits, %d misses; want 1, 3", hits, misses)
	}
	var nilCache *ModuleCache
	if _, ok := nilCache.Get(key); ok || nilCache.Put(key, []byte("x")) != nil {
		t.Fatal("a nil cache is not off")
	}
}

func TestOpenModuleCache(t *testing.T) {
	t.Setenv(CacheEnv, "off")
	if c := OpenModuleCache(); c != nil {
		t.Fatalf("%s=off opened %s", CacheEnv, c.Dir)
	}
	dir := filepath.Join(t.TempDir(), "modules")
	t.Setenv(CacheEnv, dir)
	if c := OpenModuleCache(); c == nil || c.Dir != dir {
		t.Fatalf("%s=%s did not open that folder", CacheEnv, dir)
	}
}

func TestFlightSharesOneCall(t *testing.T) {
	var f Flight[int]
	var calls atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	results := make([]int, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, _, _ := f.Do("k", func() (int, error) {
				calls.Add(1)
				<-release
				return 42, nil
			})
			results[i] = v
		}()
	}
	close(release)
	wg.Wait()
	if calls.Load() != 1 {
		t.Fatalf("%d calls for one key; want 1", calls.Load())
	}
	for _, v := range results {
		if v != 42 {
			t.Fatalf("results %v", results)
		}
	}
}
