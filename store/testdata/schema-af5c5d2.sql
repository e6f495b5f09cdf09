-- The store's schema before runs had a state column (commit af5c5d2), for TestMigrate: {id}, {real} and {blob} as in open.go's schema
CREATE TABLE IF NOT EXISTS runs (
	id      {id},
	node    TEXT NOT NULL,
	model   TEXT NOT NULL,
	uuid    TEXT NOT NULL,
	driver  TEXT NOT NULL,
	backend TEXT NOT NULL,
	tool    TEXT NOT NULL,
	started TEXT NOT NULL,
	elapsed {real} NOT NULL,
	records INTEGER NOT NULL,
	source  TEXT NOT NULL,
	vals    {blob} NOT NULL,
	UNIQUE (uuid, backend, started)
);
CREATE INDEX IF NOT EXISTS runs_model ON runs (model);
CREATE INDEX IF NOT EXISTS runs_node ON runs (node);
CREATE TABLE IF NOT EXISTS quantities (
	id       {id},
	rid      TEXT NOT NULL UNIQUE,
	op       TEXT NOT NULL,
	quantity TEXT NOT NULL,
	unit     TEXT NOT NULL
);
