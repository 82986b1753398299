// Package mysql is a stub of github.com/go-sql-driver/mysql: the parts of
// its API that set the driver's timeouts.
package mysql

import (
	"context"
	"database/sql/driver"
	"errors"
	"time"
)

// Config is the driver's configuration; ReadTimeout and WriteTimeout bound
// each read and write on the connection, Timeout only the dial.
type Config struct {
	User, Passwd, Net, Addr, DBName string
	Params                          map[string]string
	Timeout                         time.Duration
	ReadTimeout                     time.Duration
	WriteTimeout                    time.Duration
}

func NewConfig() *Config { return &Config{Net: "tcp"} }

// FormatDSN renders the config as a DSN.
func (cfg *Config) FormatDSN() string {
	dsn := cfg.User + "@" + cfg.Net + "(" + cfg.Addr + ")/" + cfg.DBName
	if cfg.ReadTimeout > 0 {
		dsn += "?readTimeout=" + cfg.ReadTimeout.String()
	}
	return dsn
}

type connector struct{ cfg *Config }

func (c *connector) Connect(context.Context) (driver.Conn, error) { return nil, errors.New("stub") }
func (c *connector) Driver() driver.Driver                        { return nil }

// NewConnector returns a connector for sql.OpenDB.
func NewConnector(cfg *Config) (driver.Connector, error) { return &connector{cfg: cfg}, nil }
