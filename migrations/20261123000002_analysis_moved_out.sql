-- grundy: the analysis tables moved to a file of their own (grundy.analysis.db, schema
-- `analysis` on every connection, migrations/analysis/), so that backing up the games
-- (grundy.db) does not carry tens of megabytes of recomputable tables.
--
-- Before this runs, the daemon copies their rows into the analysis file when that file has
-- none (db/upgrade.rs), and afterwards gives the freed pages back (VACUUM). Every name is
-- qualified with `main`: the analysis file is attached when this runs, and an unqualified
-- DROP … IF EXISTS on a games file that no longer has the table would drop the attached one.

DROP VIEW IF EXISTS main.corner;
DROP VIEW IF EXISTS main.lgame;
DROP TABLE IF EXISTS main.lgame_positions;
DROP TABLE IF EXISTS main.lgame_classes;
DROP TABLE IF EXISTS main.chocolate_values;
DROP TABLE IF EXISTS main.corner_values;
DROP TABLE IF EXISTS main.corner_pieces;
DROP TABLE IF EXISTS main.analysis_sets;
