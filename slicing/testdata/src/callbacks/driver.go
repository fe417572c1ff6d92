package callbacks

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
)

// A database/sql driver: sql.Register hands the library the driver,
// whose Open returns the connection its connector makes. database/sql
// calls the connection's methods back for every query, those of
// driver.Conn and those of the optional interfaces of the same package
// it asks for (driver.SessionResetter on every checkout).
type sqlDriver struct{}

func (sqlDriver) Open(name string) (driver.Conn, error) {
	c := &connector{name: name}
	return c.connect(context.Background())
}

type connector struct{ name string }

// connect returns through a result variable a deferred function may set.
func (c *connector) connect(ctx context.Context) (conn driver.Conn, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("connect failed")
		}
	}()
	return &sqlConn{name: c.name}, nil
}

type sqlConn struct{ name string }

func (c *sqlConn) Prepare(query string) (driver.Stmt, error) { return nil, errors.New("no statements") }
func (c *sqlConn) Close() error                              { return nil }
func (c *sqlConn) Begin() (driver.Tx, error)                 { return nil, errors.New("no transactions") }

// ResetSession is driver.SessionResetter's: database/sql asks for it.
func (c *sqlConn) ResetSession(ctx context.Context) error { return ctx.Err() }

// Rename is no method of any interface of database/sql/driver.
func (c *sqlConn) Rename(name string) { c.name = name }

func init() {
	sql.Register("callbacks", sqlDriver{})
}

// Ping opens a database with the driver: database/sql opens a
// connection, resets its session and closes it.
func Ping() error {
	db, err := sql.Open("callbacks", "test")
	if err != nil {
		return err
	}
	defer db.Close()
	return db.Ping()
}
