// Package namescheck holds the test that keeps record names in one place
// (issue 31): a record's ID, suite, subject or group is written as a
// string literal only in its domain's names file,
// measure/<domain>/names.go, and everything else that mints or selects a
// record goes through the constants and ID builders there
// (record.MakeID's one shape). A renamed subject then renames every
// selection with it, instead of silently emptying a table.
//
// The package has no code of its own: its test reads the module's Go
// source.
package namescheck
