// Package store keeps gpuarch runs in an SQL database, so that a fleet's
// runs can be listed by node, GPU model, driver and date, and any two sets
// of them compared: one GPU against its model's runs across the fleet, one
// driver version against another.
//
// The database is SQLite, embedded and pure Go (modernc.org/sqlite, so the
// binary stays static), in one file; or, for a fleet, a PostgreSQL server
// given by its URL (github.com/jackc/pgx, also pure Go). A run's records
// keep their headline value; a set of runs becomes one record.Run whose
// records hold every run's value as samples, so package compare's
// statistics (medians and the Mann-Whitney U test) answer set against set
// as they answer run against run.
//
// Opinions: only writers create or change a store (Open); readers
// (OpenReadOnly) write nothing, not even SQLite's -wal and -shm files,
// and work on a store they may not write. Each run is stored with its
// State, so that what is not a complete, full-length measurement cannot
// pass for one: Add refuses an interrupted run and a run of the simulated
// GPU unless asked (AddWith), List shows every run's state, and Set
// leaves out all but complete runs unless its filter names a state.
package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // the "sqlite" database/sql driver
)

// Store is an open results store.
type Store struct {
	db       *sql.DB
	name     string // the path, its password hidden, for messages
	pg       bool   // PostgreSQL: $n placeholders
	ro       bool   // opened by OpenReadOnly
	hasState bool   // the runs table has its state column
}

// ErrDuplicate is returned by Add for a run the store already holds (the
// same GPU, backend and start time).
var ErrDuplicate = errors.New("the store already holds this run")

// q writes a query's ? placeholders in the dialect's form.
func (s *Store) q(query string) string {
	if !s.pg {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
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

// RunInfo describes one stored run.
type RunInfo struct {
	ID                                 int64
	Node, Model, UUID, Driver, Backend string
	Tool                               string
	Started                            time.Time
	ElapsedSeconds                     float64
	Records                            int
	Source                             string
	State                              State
}

// Add stores a run (its measured records' headline values); source says
// where it came from (a file name). A run already stored gives
// ErrDuplicate and changes nothing. Add refuses an interrupted run
// (ErrInterrupted) and a run of the simulated GPU (ErrSimulated); AddWith
// keeps them when asked. A quick run is kept, as StateQuick.
func (s *Store) Add(ctx context.Context, run *record.Run, source string) (int64, error) {
	return s.AddWith(ctx, run, source, AddOptions{})
}

// AddWith is Add, keeping the runs opts allow, marked with their state.
// It fails on a store opened by OpenReadOnly.
func (s *Store) AddWith(ctx context.Context, run *record.Run, source string, opts AddOptions) (int64, error) {
	d := run.Device
	if d.UUID == "" || run.Started.IsZero() {
		return 0, fmt.Errorf("store: %s: the run names no GPU UUID or start time, so it cannot be told apart from others", source)
	}
	if err := opts.refuse(run, source); err != nil {
		return 0, err
	}
	if s.ro {
		return 0, fmt.Errorf("store: add %s: %s was opened read-only", source, s.name)
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
	vals := make([]byte, 0, 12*len(ok))
	for _, r := range ok {
		qid, err := s.quantity(ctx, tx, r)
		if err != nil {
			return 0, fmt.Errorf("store: add %s, record %s: %w", source, r.ID, err)
		}
		vals = binary.LittleEndian.AppendUint32(vals, uint32(qid))
		vals = binary.LittleEndian.AppendUint64(vals, math.Float64bits(r.Value))
	}
	var id int64
	err = tx.QueryRowContext(ctx, s.q(`INSERT INTO runs (node, model, uuid, driver, backend, tool, started, elapsed, records, source, vals, state)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`),
		run.Tool.Host, d.Name, d.UUID, d.DriverVersion, backendOf(run), run.Tool.Version,
		run.Started.UTC().Format(time.RFC3339Nano), run.ElapsedSeconds, len(ok), source, vals, string(StateOf(run))).Scan(&id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, fmt.Errorf("%w: %s (%s, %s, started %s)", ErrDuplicate, source, d.Name, d.UUID, run.Started.UTC().Format(time.RFC3339))
	case err != nil:
		return 0, fmt.Errorf("store: add %s: %w", source, err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("store: add %s: %w", source, err)
	}
	return id, nil
}

// quantity returns the id of a record's quantity, adding it the first
// time.
func (s *Store) quantity(ctx context.Context, tx *sql.Tx, r record.Record) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, s.q(`SELECT id FROM quantities WHERE rid = ?`), r.ID).Scan(&id)
	if err == nil || !errors.Is(err, sql.ErrNoRows) {
		return id, err
	}
	err = tx.QueryRowContext(ctx, s.q(`INSERT INTO quantities (rid, op, quantity, unit) VALUES (?, ?, ?, ?) RETURNING id`),
		r.ID, r.Op, string(r.Quantity), r.Unit).Scan(&id)
	return id, err
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
	// State selects runs by their state; StateAny and "" select every
	// run, except that Set reads "" as StateComplete.
	State State
}

// filterKeys are ParseFilter's keys, for its messages.
const filterKeys = "keys: id, node, model, uuid, driver, backend, since, until, state"

// ParseFilter reads a filter written as comma-separated key=value pairs:
// id, node, model, uuid, driver, backend, since and until (dates as
// 2006-01-02 or RFC 3339), and state (complete, quick, interrupted,
// simulated, or any). "" matches every run (but Set's every complete
// run). A key without a value, a key given twice, an unknown key or a
// value that does not parse is an error.
func ParseFilter(s string) (Filter, error) {
	var f Filter
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok {
			return f, fmt.Errorf("filter %q: %q is not key=value (%s)", s, part, filterKeys)
		}
		if v == "" {
			return f, fmt.Errorf("filter %q: %s has no value", s, k)
		}
		if seen[k] {
			return f, fmt.Errorf("filter %q: %s is given twice", s, k)
		}
		seen[k] = true
		var err error
		switch k {
		case "id":
			f.ID, err = strconv.ParseInt(v, 10, 64)
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
		case "state":
			f.State, err = parseState(v)
		default:
			return f, fmt.Errorf("filter %q: unknown key %q (%s)", s, k, filterKeys)
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

// state is the SQL expression of a run's state (runs aliased u): its
// column, or on a store made before it, what migrate would set.
func (s *Store) state() string {
	if s.hasState {
		return "u.state"
	}
	return `CASE WHEN ` + strings.NewReplacer("backend", "u.backend", "model", "u.model").Replace(oldSimulated) +
		` THEN '` + string(StateSimulated) + `' ELSE '` + string(StateComplete) + `' END`
}

// where is the filter as an SQL condition on runs (aliased u) and its
// arguments; state is the expression of a run's state.
func (f Filter) where(state string) (string, []any) {
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
	if f.State != "" && f.State != StateAny {
		add(state+" = ?", string(f.State))
	}
	return strings.Join(conds, " AND "), args
}

// read begins the transaction List and Set read in: read-only, and on
// PostgreSQL one snapshot for all its queries (SQLite's read transaction
// is one already).
func (s *Store) read(ctx context.Context) (*sql.Tx, error) {
	opts := &sql.TxOptions{ReadOnly: true}
	if s.pg {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := s.db.BeginTx(ctx, opts)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", s.name, err)
	}
	return tx, nil
}

// List returns the runs a filter selects, oldest first, each with its
// state: with no state in the filter, runs of every state.
func (s *Store) List(ctx context.Context, f Filter) ([]RunInfo, error) {
	tx, err := s.read(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return s.list(ctx, tx, f)
}

func (s *Store) list(ctx context.Context, tx *sql.Tx, f Filter) ([]RunInfo, error) {
	cond, args := f.where(s.state())
	rows, err := tx.QueryContext(ctx, s.q(`SELECT id, node, model, uuid, driver, backend, tool, started, elapsed, records, source, `+s.state()+`
		FROM runs u WHERE `+cond+` ORDER BY started, id`), args...)
	if err != nil {
		return nil, fmt.Errorf("store: list: %w", err)
	}
	defer rows.Close()
	var out []RunInfo
	for rows.Next() {
		var r RunInfo
		var started, state string
		if err := rows.Scan(&r.ID, &r.Node, &r.Model, &r.UUID, &r.Driver, &r.Backend, &r.Tool, &started, &r.ElapsedSeconds, &r.Records, &r.Source, &state); err != nil {
			return nil, fmt.Errorf("store: list: %w", err)
		}
		r.Started, _ = time.Parse(time.RFC3339Nano, started)
		r.State = State(state)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list: %w", err)
	}
	return out, nil
}

// Set merges the runs a filter selects into one record.Run: one record per
// record ID, its samples every run's value and its value their median.
// It also returns how many runs the set holds. A filter without a state
// selects complete runs only: interrupted, quick and simulated runs join
// a set only when its filter names their state, or StateAny. The merged
// run is Complete unless it holds an interrupted run, and Quick when it
// holds only quick runs.
func (s *Store) Set(ctx context.Context, f Filter) (*record.Run, int, error) {
	if f.State == "" {
		f.State = StateComplete
	}
	tx, err := s.read(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	runs, err := s.list(ctx, tx, f)
	if err != nil {
		return nil, 0, err
	}
	if len(runs) == 0 {
		return nil, 0, s.none(ctx, tx, f)
	}
	cond, args := f.where(s.state())
	// No ORDER BY: sorting ten thousand blobs made SQLite spill them to
	// a temporary file; the samples' order does not matter.
	rows, err := tx.QueryContext(ctx, s.q(`SELECT vals FROM runs u WHERE `+cond), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: set: %w", err)
	}
	defer rows.Close()
	samples := map[uint32][]float64{}
	var vals []byte
	for rows.Next() {
		if err := rows.Scan(&vals); err != nil {
			return nil, 0, fmt.Errorf("store: set: %w", err)
		}
		if len(vals)%12 != 0 {
			return nil, 0, fmt.Errorf("store: set: a run's values are %d bytes, not whole (id, value) pairs", len(vals))
		}
		for i := 0; i < len(vals); i += 12 {
			q := binary.LittleEndian.Uint32(vals[i:])
			samples[q] = append(samples[q], math.Float64frombits(binary.LittleEndian.Uint64(vals[i+4:])))
		}
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("store: set: %w", err)
	}
	qs, err := tx.QueryContext(ctx, `SELECT id, rid, op, quantity, unit FROM quantities`)
	if err != nil {
		return nil, 0, fmt.Errorf("store: set: %w", err)
	}
	defer qs.Close()
	byID := map[string]*record.Record{}
	for qs.Next() {
		var qid int64
		var id, op, q, unit string
		if err := qs.Scan(&qid, &id, &op, &q, &unit); err != nil {
			return nil, 0, fmt.Errorf("store: set: %w", err)
		}
		if v, ok := samples[uint32(qid)]; ok {
			suite, _, _ := strings.Cut(id, "/")
			byID[id] = &record.Record{ID: id, Suite: suite, Op: op, Quantity: record.Quantity(q), Unit: unit, Status: record.StatusOK, Samples: v}
		}
	}
	if err := qs.Err(); err != nil {
		return nil, 0, fmt.Errorf("store: set: %w", err)
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	last := runs[len(runs)-1]
	set := &record.Run{Schema: record.SchemaVersion, Complete: true, Quick: true, Started: runs[0].Started,
		Tool:   record.Tool{Name: "gpuarch", Backend: last.Backend},
		Device: record.Device{Name: last.Model, DriverVersion: last.Driver, Backend: last.Backend}}
	for _, r := range runs {
		set.Complete = set.Complete && r.State != StateInterrupted
		set.Quick = set.Quick && r.State == StateQuick
	}
	for _, id := range ids {
		r := byID[id]
		r.Value = stats.Median(r.Samples)
		set.Records = append(set.Records, *r)
	}
	return set, len(runs), nil
}

// none is Set's error for a filter that selects no run: when runs of
// other states would match, it says how many of each and how to have
// them.
func (s *Store) none(ctx context.Context, tx *sql.Tx, f Filter) error {
	state := f.State
	f.State = StateAny
	others, err := s.list(ctx, tx, f)
	if err != nil || len(others) == 0 {
		return fmt.Errorf("store: no run matches the filter")
	}
	n := map[State]int{}
	for _, r := range others {
		n[r.State]++
	}
	var parts []string
	for _, st := range states {
		if n[st] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[st], st))
		}
	}
	return fmt.Errorf("store: no %s run matches the filter, but runs of other states do (%s): give the filter state=%s, or state=any",
		state, strings.Join(parts, ", "), others[len(others)-1].State)
}
