// Package promoted syncs a file through a method promoted from an
// embedded interface: a counting writer embeds the storage's Writer, and
// the Sync the database calls through its Writer under NoSync reaches
// the file's.
package promoted

import "os"

type Writer interface {
	Write(p []byte) (int, error)
	Sync() error
}

type fileWriter struct {
	f *os.File
}

func (w *fileWriter) Write(p []byte) (int, error) { return w.f.Write(p) }

func (w *fileWriter) Sync() error { return w.f.Sync() }

// counting counts the bytes written; Sync is its embedded Writer's.
type counting struct {
	Writer
	n int
}

func (c *counting) Write(p []byte) (int, error) {
	n, err := c.Writer.Write(p)
	c.n += n
	return n, err
}

type Options struct {
	NoSync bool
}

type DB struct {
	o *Options
	w Writer
}

func Open(o *Options, path string) (*DB, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &DB{o: o, w: &counting{Writer: &fileWriter{f}}}, nil
}

func (db *DB) Put(b []byte) error {
	if _, err := db.w.Write(b); err != nil {
		return err
	}
	if !db.o.NoSync {
		return db.w.Sync()
	}
	return nil
}
