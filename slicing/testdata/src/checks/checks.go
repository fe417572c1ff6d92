// Package checks has options that only decide whether a write fails (a
// size limit, a read-only mode: their failing side returns an error
// and the write's work is on the other) and one that decides how much
// work a write does (Verify hashes the value again).
package checks

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
)

var ErrTooLarge = errors.New("value too large")

type Options struct {
	MaxValueSize int
	ReadOnly     bool
	Verify       bool
}

type DB struct {
	o Options
	f *os.File
}

func Open(o Options, path string) (*DB, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &DB{o: o, f: f}, nil
}

// Put writes value and syncs it.
func (db *DB) Put(key string, value []byte) error {
	if len(value) > db.o.MaxValueSize {
		return ErrTooLarge
	}
	if db.o.ReadOnly {
		return fmt.Errorf("put %s: read-only", key)
	}
	sum := sha256.Sum256(value)
	if db.o.Verify {
		again := sha256.Sum256(value)
		if again != sum {
			panic("hash changed")
		}
	}
	if _, err := db.f.Write(value); err != nil {
		return err
	}
	if _, err := db.f.Write(sum[:]); err != nil {
		return err
	}
	return db.f.Sync()
}
