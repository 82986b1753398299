// Package queries is an operator's database package shaped like the ones
// real operators write: a handle in a struct returned by value, the zero
// struct on error paths, methods without a context, transactions.
package queries

import (
	"database/sql"
	"fmt"

	"github.com/go-sql-driver/mysql"
)

type Database struct {
	db *sql.DB
}

// New sets the driver's read timeout through the config's Params: every
// statement on the handle, and on its transactions, is bounded by it.
func New(host string, timeout int32) (Database, error) {
	timeoutStr := fmt.Sprintf("%ds", timeout)
	config := mysql.NewConfig()
	config.Addr = host
	config.Params = map[string]string{"timeout": timeoutStr, "readTimeout": timeoutStr}
	db, err := sql.Open("mysql", config.FormatDSN())
	if err != nil {
		return Database{}, err
	}
	if err := db.Ping(); err != nil {
		return Database{}, err
	}
	return Database{db: db}, nil
}

// NewDialOnly bounds the dial only: a read can wait forever.
func NewDialOnly(host string) (Database, error) {
	config := mysql.NewConfig()
	config.Addr = host
	config.Params = map[string]string{"timeout": "5s"}
	db, err := sql.Open("mysql", config.FormatDSN())
	if err != nil {
		return Database{}, err
	}
	return Database{db: db}, nil
}

func (p *Database) Channels() error {
	rows, err := p.db.Query("SELECT 1") // want `\(\*sql.DB\).Query can block the reconcile worker forever: nothing bounds it \(no context: database/sql runs it under context.Background\(\)\): \(\*ctrl.R\).Reconcile \(ctrl/ctrl.go:27\)`
	if err != nil {
		return err
	}
	return rows.Close()
}

func (p *Database) Stop() error {
	tx, err := p.db.Begin() // want `\(\*sql.DB\).Begin can block the reconcile worker forever: .*\(ctrl/ctrl.go:27\)`
	if err != nil {
		return err
	}
	_, err = tx.Exec("STOP REPLICA") // want `\(\*sql.Tx\).Exec can block the reconcile worker forever: .*\(ctrl/ctrl.go:27\)`
	return err
}
