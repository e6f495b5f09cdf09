// Package store keeps gpuarch runs in an SQL database, so that a fleet's
// runs can be listed by node, GPU model, driver and date, and any two sets
// of them compared: one GPU against its model's runs across the fleet, one
// driver version against another.
//
// The database is SQLite, embedded and pure Go (modernc.org/sqlite, so the
// binary stays static), in one file. A run's records keep their headline
// value; a set of runs becomes one record.Run whose records hold every
// run's value as samples, so package compare's statistics (medians and
// the Mann-Whitney U test) answer set against set as they answer run
// against run.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// Store is an open results store.
type Store struct {
	db *sql.DB
}

// ErrDuplicate is returned by Add for a run the store already holds (the
// same GPU, backend and start time).
var ErrDuplicate = errors.New("the store already holds this run")

const schema = `
CREATE TABLE IF NOT EXISTS runs (
	id      INTEGER PRIMARY KEY,
	node    TEXT NOT NULL,
	model   TEXT NOT NULL,
	uuid    TEXT NOT NULL,
	driver  TEXT NOT NULL,
	backend TEXT NOT NULL,
	tool    TEXT NOT NULL,
	started TEXT NOT NULL,
	elapsed REAL NOT NULL,
	records INTEGER NOT NULL,
	source  TEXT NOT NULL,
	UNIQUE (uuid, backend, started)
);
CREATE INDEX IF NOT EXISTS runs_model ON runs (model);
CREATE INDEX IF NOT EXISTS runs_node ON runs (node);
CREATE TABLE IF NOT EXISTS records (
	run      INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
	rid      TEXT NOT NULL,
	op       TEXT NOT NULL,
	quantity TEXT NOT NULL,
	unit     TEXT NOT NULL,
	value    REAL NOT NULL,
	PRIMARY KEY (run, rid)
);`

// Open opens (creating it if need be) the store at path, an SQLite file.
func Open(ctx context.Context, path string) (*Store, error) {
	if strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://") {
		return nil, fmt.Errorf("store: %s: PostgreSQL stores are not supported yet; give a file path for an SQLite store", redact(path))
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)")
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if _, err := db.ExecContext(ctx, schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s is not a gpuarch store or cannot be written: %w", path, err)
	}
	return &Store{db: db}, nil
}

// redact hides a connection URL's password.
func redact(url string) string {
	scheme, rest, ok := strings.Cut(url, "://")
	if !ok {
		return url
	}
	if at := strings.LastIndex(rest, "@"); at >= 0 {
		if user, _, ok := strings.Cut(rest[:at], ":"); ok {
			return scheme + "://" + user + ":***" + rest[at:]
		}
	}
	return url
}

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

// RunInfo describes one stored run.
type RunInfo struct {
	ID                                 int64
	Node, Model, UUID, Driver, Backend string
	Tool                               string
	Started                            time.Time
	ElapsedSeconds                     float64
	Records                            int
	Source                             string
}

// Add stores a run (its measured records' headline values); source says
// where it came from (a file name). A run already stored gives
// ErrDuplicate and changes nothing.
func (s *Store) Add(ctx context.Context, run *record.Run, source string) (int64, error) {
	d := run.Device
	if d.UUID == "" || run.Started.IsZero() {
		return 0, fmt.Errorf("store: %s: the run names no GPU UUID or start time, so it cannot be told apart from others", source)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	defer tx.Rollback()
	var ok []record.Record
	for _, r := range run.Records {
		if r.Status == record.StatusOK {
			ok = append(ok, r)
		}
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO runs (node, model, uuid, driver, backend, tool, started, elapsed, records, source)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		run.Tool.Host, d.Name, d.UUID, d.DriverVersion, backendOf(run), run.Tool.Version,
		run.Started.UTC().Format(time.RFC3339Nano), run.ElapsedSeconds, len(ok), source)
	if err != nil {
		return 0, fmt.Errorf("store: add %s: %w", source, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return 0, fmt.Errorf("%w: %s (%s, %s, started %s)", ErrDuplicate, source, d.Name, d.UUID, run.Started.UTC().Format(time.RFC3339))
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	st, err := tx.PrepareContext(ctx, `INSERT INTO records (run, rid, op, quantity, unit, value) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`)
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	defer st.Close()
	for _, r := range ok {
		if _, err := st.ExecContext(ctx, id, r.ID, r.Op, string(r.Quantity), r.Unit, r.Value); err != nil {
			return 0, fmt.Errorf("store: add %s, record %s: %w", source, r.ID, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("store: add %s: %w", source, err)
	}
	return id, nil
}

func backendOf(run *record.Run) string {
	if run.Tool.Backend != "" {
		return run.Tool.Backend
	}
	return run.Device.BackendOf()
}

// Filter selects runs; empty fields match every run.
type Filter struct {
	ID                                 int64
	Node, Model, UUID, Driver, Backend string
	Since, Until                       time.Time
}

// ParseFilter reads a filter written as comma-separated key=value pairs:
// id, node, model, uuid, driver, backend, since and until (dates as
// 2006-01-02 or RFC 3339). "" matches every run.
func ParseFilter(s string) (Filter, error) {
	var f Filter
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return f, fmt.Errorf("filter %q: %q is not key=value (keys: id, node, model, uuid, driver, backend, since, until)", s, part)
		}
		v = strings.TrimSpace(v)
		var err error
		switch strings.TrimSpace(k) {
		case "id":
			_, err = fmt.Sscanf(v, "%d", &f.ID)
		case "node":
			f.Node = v
		case "model":
			f.Model = v
		case "uuid":
			f.UUID = v
		case "driver":
			f.Driver = v
		case "backend":
			f.Backend = v
		case "since":
			f.Since, err = parseTime(v)
		case "until":
			f.Until, err = parseTime(v)
		default:
			return f, fmt.Errorf("filter %q: unknown key %q (keys: id, node, model, uuid, driver, backend, since, until)", s, k)
		}
		if err != nil {
			return f, fmt.Errorf("filter %q: %s: %w", s, k, err)
		}
	}
	return f, nil
}

func parseTime(v string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t, nil
	}
	return time.Parse("2006-01-02", v)
}

// where is the filter as an SQL condition on runs (aliased u) and its
// arguments.
func (f Filter) where() (string, []any) {
	conds, args := []string{"1=1"}, []any{}
	add := func(cond string, v any) {
		conds, args = append(conds, cond), append(args, v)
	}
	if f.ID != 0 {
		add("u.id = ?", f.ID)
	}
	for _, c := range []struct{ col, v string }{{"node", f.Node}, {"model", f.Model}, {"uuid", f.UUID}, {"driver", f.Driver}, {"backend", f.Backend}} {
		if c.v != "" {
			add("u."+c.col+" = ?", c.v)
		}
	}
	if !f.Since.IsZero() {
		add("u.started >= ?", f.Since.UTC().Format(time.RFC3339Nano))
	}
	if !f.Until.IsZero() {
		add("u.started < ?", f.Until.UTC().Format(time.RFC3339Nano))
	}
	return strings.Join(conds, " AND "), args
}

// List returns the runs a filter selects, oldest first.
func (s *Store) List(ctx context.Context, f Filter) ([]RunInfo, error) {
	cond, args := f.where()
	rows, err := s.db.QueryContext(ctx, `SELECT id, node, model, uuid, driver, backend, tool, started, elapsed, records, source
		FROM runs u WHERE `+cond+` ORDER BY started, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: list: %w", err)
	}
	defer rows.Close()
	var out []RunInfo
	for rows.Next() {
		var r RunInfo
		var started string
		if err := rows.Scan(&r.ID, &r.Node, &r.Model, &r.UUID, &r.Driver, &r.Backend, &r.Tool, &started, &r.ElapsedSeconds, &r.Records, &r.Source); err != nil {
			return nil, fmt.Errorf("store: list: %w", err)
		}
		r.Started, _ = time.Parse(time.RFC3339Nano, started)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Set merges the runs a filter selects into one record.Run: one record per
// record ID, its samples every run's value and its value their median.
// It also returns how many runs the set holds.
func (s *Store) Set(ctx context.Context, f Filter) (*record.Run, int, error) {
	runs, err := s.List(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	if len(runs) == 0 {
		return nil, 0, fmt.Errorf("store: no run matches the filter")
	}
	cond, args := f.where()
	rows, err := s.db.QueryContext(ctx, `SELECT r.rid, r.op, r.quantity, r.unit, r.value FROM records r JOIN runs u ON r.run = u.id
		WHERE `+cond+` ORDER BY r.rid, u.started`, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: set: %w", err)
	}
	defer rows.Close()
	byID := map[string]*record.Record{}
	for rows.Next() {
		var id, op, q, unit string
		var v float64
		if err := rows.Scan(&id, &op, &q, &unit, &v); err != nil {
			return nil, 0, fmt.Errorf("store: set: %w", err)
		}
		r, ok := byID[id]
		if !ok {
			suite, _, _ := strings.Cut(id, "/")
			r = &record.Record{ID: id, Suite: suite, Op: op, Quantity: record.Quantity(q), Unit: unit, Status: record.StatusOK}
			byID[id] = r
		}
		r.Samples = append(r.Samples, v)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("store: set: %w", err)
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	last := runs[len(runs)-1]
	set := &record.Run{Schema: record.SchemaVersion, Complete: true, Started: runs[0].Started,
		Tool:   record.Tool{Name: "gpuarch", Backend: last.Backend},
		Device: record.Device{Name: last.Model, DriverVersion: last.Driver, Backend: last.Backend}}
	for _, id := range ids {
		r := byID[id]
		r.Value = stats.Median(r.Samples)
		set.Records = append(set.Records, *r)
	}
	return set, len(runs), nil
}
