// Package specload is a stub in the shape of a spec-loading library: a
// Loader reads documents by URI through a func it may be given, and falls
// back to a package-level default, a caching closure over a chain of
// readers whose HTTP reader uses http.DefaultClient with a request that has
// no context. Loading from bytes reads nothing unless the loader is told to
// follow external references.
package specload

import (
	"errors"
	"io"
	"net/http"
	"net/url"
	"os"
	"time"
)

type ReadFunc func(l *Loader, u *url.URL) ([]byte, error)

var ErrNotSupported = errors.New("unsupported URI")

// DefaultRead is what a Loader with no Read falls back to.
var DefaultRead = Cached(FirstOf(FromHTTP(http.DefaultClient), FromFile))

// QuickRead gives up after 10s.
var QuickRead = Cached(FirstOf(FromHTTP(&http.Client{Timeout: 10 * time.Second}), FromFile))

func FromHTTP(cl *http.Client) ReadFunc {
	return func(l *Loader, u *url.URL) ([]byte, error) {
		if u.Host == "" {
			return nil, ErrNotSupported
		}
		req, err := http.NewRequest(http.MethodGet, u.String(), nil)
		if err != nil {
			return nil, err
		}
		resp, err := cl.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	}
}

func FromFile(l *Loader, u *url.URL) ([]byte, error) {
	if u.Host != "" {
		return nil, ErrNotSupported
	}
	return os.ReadFile(u.Path)
}

func FirstOf(readers ...ReadFunc) ReadFunc {
	return func(l *Loader, u *url.URL) ([]byte, error) {
		for _, r := range readers {
			b, err := r(l, u)
			if err == ErrNotSupported {
				continue
			}
			return b, err
		}
		return nil, ErrNotSupported
	}
}

func Cached(r ReadFunc) ReadFunc {
	seen := map[string][]byte{}
	return func(l *Loader, u *url.URL) ([]byte, error) {
		if b, ok := seen[u.String()]; ok {
			return b, nil
		}
		b, err := r(l, u)
		if err == nil {
			seen[u.String()] = b
		}
		return b, err
	}
}

type Doc struct {
	Refs []string
}

type Loader struct {
	ExternalRefs bool
	Read         ReadFunc
}

func NewLoader() *Loader { return &Loader{} }

func (l *Loader) read(u *url.URL) ([]byte, error) {
	if f := l.Read; f != nil {
		return f(l, u)
	}
	return DefaultRead(l, u)
}

// LoadFromURI reads the document at u.
func (l *Loader) LoadFromURI(u *url.URL) (*Doc, error) {
	b, err := l.read(u)
	if err != nil {
		return nil, err
	}
	return l.LoadFromData(b)
}

// LoadQuick reads the document at u through QuickRead.
func (l *Loader) LoadQuick(u *url.URL) (*Doc, error) {
	b, err := QuickRead(l, u)
	if err != nil {
		return nil, err
	}
	return &Doc{Refs: []string{string(b)}}, nil
}

// LoadFromData parses data; it reads the external references only when the
// loader allows them.
func (l *Loader) LoadFromData(data []byte) (*Doc, error) {
	doc := &Doc{Refs: []string{string(data)}}
	for _, ref := range doc.Refs {
		if err := l.resolve(ref); err != nil {
			return nil, err
		}
	}
	return doc, nil
}

func (l *Loader) resolve(ref string) error {
	if err := l.allowed(ref); err != nil {
		return err
	}
	u, err := url.Parse(ref)
	if err != nil {
		return err
	}
	_, err = l.read(u)
	return err
}

// allowed says why ref may not be read: external references are off.
func (l *Loader) allowed(ref string) (err error) {
	if !l.ExternalRefs {
		err = errors.New("external reference not allowed: " + ref)
	}
	return
}
