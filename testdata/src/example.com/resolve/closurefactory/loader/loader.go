// Package loader reads documents through a package-level func variable
// whose value a chain of closure factories builds at init: a cache around a
// list of readers, one of them an HTTP reader capturing http.DefaultClient.
package loader

import (
	"errors"
	"net/http"
	"os"
	"time"
)

type ReadFunc func(l *Loader, uri string) ([]byte, error)

var errNotSupported = errors.New("unsupported URI")

func ReadFromURIs(readers ...ReadFunc) ReadFunc {
	return func(l *Loader, uri string) ([]byte, error) {
		for i := range readers {
			b, err := readers[i](l, uri)
			if err == errNotSupported {
				continue
			}
			return b, err
		}
		return nil, errNotSupported
	}
}

func ReadFromHTTP(cl *http.Client) ReadFunc {
	return func(l *Loader, uri string) ([]byte, error) {
		req, err := http.NewRequest(http.MethodGet, uri, nil)
		if err != nil {
			return nil, err
		}
		resp, err := cl.Do(req)
		if err != nil {
			return nil, err
		}
		return nil, resp.Body.Close()
	}
}

func ReadFromFile(l *Loader, uri string) ([]byte, error) { return os.ReadFile(uri) }

func MapCache(reader ReadFunc) ReadFunc {
	cache := map[string][]byte{}
	return func(l *Loader, uri string) ([]byte, error) {
		if b, ok := cache[uri]; ok {
			return b, nil
		}
		b, err := reader(l, uri)
		if err == nil {
			cache[uri] = b
		}
		return b, err
	}
}

var DefaultRead = MapCache(ReadFromURIs(ReadFromHTTP(http.DefaultClient), ReadFromFile))

// BoundedRead is DefaultRead's corrected twin.
var BoundedRead = MapCache(ReadFromURIs(ReadFromHTTP(&http.Client{Timeout: 10 * time.Second}), ReadFromFile))

type Loader struct {
	ReadFunc ReadFunc
}

func NewLoader() *Loader { return &Loader{} }

func (l *Loader) LoadFromURI(uri string) error {
	_, err := l.read(uri)
	return err
}

func (l *Loader) read(uri string) ([]byte, error) {
	if f := l.ReadFunc; f != nil {
		return f(l, uri)
	}
	return DefaultRead(l, uri)
}

func (l *Loader) LoadBounded(uri string) error {
	_, err := BoundedRead(l, uri)
	return err
}
