package scaled

import "database/sql"

// StoreConfig decides whether each write is a transaction of its own: a
// begin and a commit are round trips to the database, as the insert is.
type StoreConfig struct {
	SkipTransaction bool `yaml:"skip_transaction"`
}

func insert(c *StoreConfig, db *sql.DB, v string) error {
	if c.SkipTransaction {
		_, err := db.Exec("INSERT INTO t VALUES (?)", v)
		return err
	}
	tx, err := db.Begin() // want effect:"StoreConfig.SkipTransaction:io"
	if err != nil {
		return err
	}
	if _, err := tx.Exec("INSERT INTO t VALUES (?)", v); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit() // want effect:"StoreConfig.SkipTransaction:io"
}
