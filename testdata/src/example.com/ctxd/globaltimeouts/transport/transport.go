// Package transport builds the HTTP transport the registry shares.
package transport

import (
	"net"
	"net/http"
	"time"
)

func New() *http.Transport {
	return &http.Transport{DialContext: (&net.Dialer{Timeout: 30 * time.Second}).DialContext, TLSHandshakeTimeout: 10 * time.Second}
}
