package engine

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
)

// CacheEnv names the environment variable that places or disables the
// cache of compiled modules: "off" (or "0", "false", "no") disables it, an
// absolute path puts it there, unset or empty puts it in the user's cache
// folder (os.UserCacheDir()/gpuarch/modules). `gpuarch run --no-cache`
// sets it to "off" for its workers.
const CacheEnv = "GPUARCH_CACHE"

// ModuleCache keeps compiled modules (their binaries) on disk, named by the SHA-256
// of everything that decides the machine code: the source, the driver and
// the GPU (see CacheKey). A second run on the same node with the same
// driver then compiles nothing. Each file holds the SHA-256 of its payload
// before the payload; a file that is short, or whose payload does not match
// (a crash mid-write, a full disk, another writer), reads as a miss and is
// removed. Files are written to a temporary name and renamed, so a reader
// never sees a partial one. It is safe for concurrent use, across
// goroutines and processes.
type ModuleCache struct {
	// Dir is the folder the modules are kept in.
	Dir string

	hits, misses atomic.Int64
}

// OpenModuleCache returns the cache CacheEnv asks for, or nil when it is
// disabled or no cache folder can be made (the run compiles everything
// then; a cache is an optimisation, never a failure).
func OpenModuleCache() *ModuleCache {
	dir := strings.TrimSpace(os.Getenv(CacheEnv))
	switch strings.ToLower(dir) {
	case "off", "0", "false", "no":
		return nil
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil
		}
		dir = filepath.Join(base, "gpuarch", "modules")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil
	}
	return &ModuleCache{Dir: dir}
}

// CacheKey is the hex SHA-256 naming a module compiled from source for a
// target: parts says what else decides the machine code (driver version,
// GPU, compiler options), in a fixed order.
func CacheKey(source string, parts ...string) string {
	h := sha256.New()
	fmt.Fprintf(h, "gpuarch module cache v1\n%d\n", len(parts))
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s\n", len(p), p)
	}
	h.Write([]byte(source))
	return fmt.Sprintf("%x", h.Sum(nil))
}

func (c *ModuleCache) path(key string) string { return filepath.Join(c.Dir, key+".bin") }

// Get returns the module stored under key, or false when there is none or
// the stored file is damaged (which is removed).
func (c *ModuleCache) Get(key string) ([]byte, bool) {
	if c == nil {
		return nil, false
	}
	b, err := os.ReadFile(c.path(key))
	if err != nil {
		c.misses.Add(1)
		return nil, false
	}
	if len(b) <= sha256.Size {
		c.damaged(key)
		return nil, false
	}
	sum := sha256.Sum256(b[sha256.Size:])
	if !bytes.Equal(sum[:], b[:sha256.Size]) {
		c.damaged(key)
		return nil, false
	}
	c.hits.Add(1)
	return b[sha256.Size:], true
}

func (c *ModuleCache) damaged(key string) {
	c.misses.Add(1)
	_ = os.Remove(c.path(key))
}

// Put stores module under key. A failure to store is returned for the
// caller to ignore or say; the module is usable either way.
func (c *ModuleCache) Put(key string, module []byte) error {
	if c == nil || len(module) == 0 {
		return nil
	}
	f, err := os.CreateTemp(c.Dir, ".tmp-"+key[:min(16, len(key))]+"-*")
	if err != nil {
		return fmt.Errorf("module cache: %w", err)
	}
	sum := sha256.Sum256(module)
	_, werr := f.Write(append(sum[:], module...))
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(f.Name(), c.path(key))
	}
	if werr != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("module cache: %w", werr)
	}
	return nil
}

// Stats returns how many lookups found a module and how many did not.
func (c *ModuleCache) Stats() (hits, misses int64) {
	if c == nil {
		return 0, 0
	}
	return c.hits.Load(), c.misses.Load()
}

// Clear removes every module in the cache.
func (c *ModuleCache) Clear() error {
	if c == nil {
		return nil
	}
	err := os.RemoveAll(c.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// Flight makes concurrent compilations of one source share one result:
// probes whose modules are the same text compile it once per process.
type Flight[T any] struct {
	mu    sync.Mutex
	calls map[string]*flightCall[T]
}

type flightCall[T any] struct {
	done chan struct{}
	val  T
	err  error
}

// Do runs fn for key unless a call for key is under way or done, in which
// case it waits for that call's result. Failed calls are forgotten, so a
// later call tries again.
func (f *Flight[T]) Do(key string, fn func() (T, error)) (T, bool, error) {
	f.mu.Lock()
	if f.calls == nil {
		f.calls = map[string]*flightCall[T]{}
	}
	if c, ok := f.calls[key]; ok {
		f.mu.Unlock()
		<-c.done
		return c.val, true, c.err
	}
	c := &flightCall[T]{done: make(chan struct{})}
	f.calls[key] = c
	f.mu.Unlock()
	c.val, c.err = fn()
	if c.err != nil {
		f.mu.Lock()
		delete(f.calls, key)
		f.mu.Unlock()
	}
	close(c.done)
	return c.val, false, c.err
}
