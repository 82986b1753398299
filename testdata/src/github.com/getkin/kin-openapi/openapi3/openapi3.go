// Package openapi3 is a stub of the API shape of kin-openapi's loader: a
// Loader with no reader of its own falls back to a package-level default,
// a caching closure over an HTTP reader on http.DefaultClient whose
// requests carry no context. LoadFromData follows external references only
// when IsExternalRefsAllowed is set (the model says so: see
// analyzers/model).
package openapi3

import (
	"errors"
	"io"
	"net/http"
	"net/url"
)

type T struct{ Refs []string }

type ReadFromURIFunc func(loader *Loader, location *url.URL) ([]byte, error)

var DefaultReadFromURI = URIMapCache(ReadFromHTTP(http.DefaultClient))

func ReadFromHTTP(cl *http.Client) ReadFromURIFunc {
	return func(loader *Loader, location *url.URL) ([]byte, error) {
		req, err := http.NewRequest("GET", location.String(), nil)
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

func URIMapCache(reader ReadFromURIFunc) ReadFromURIFunc {
	cache := map[string][]byte{}
	return func(loader *Loader, location *url.URL) ([]byte, error) {
		if b, ok := cache[location.String()]; ok {
			return b, nil
		}
		b, err := reader(loader, location)
		if err == nil {
			cache[location.String()] = b
		}
		return b, err
	}
}

type Loader struct {
	IsExternalRefsAllowed bool
	ReadFromURIFunc       ReadFromURIFunc
}

func NewLoader() *Loader { return &Loader{} }

func (loader *Loader) readURL(location *url.URL) ([]byte, error) {
	if f := loader.ReadFromURIFunc; f != nil {
		return f(loader, location)
	}
	return DefaultReadFromURI(loader, location)
}

func (loader *Loader) LoadFromURI(location *url.URL) (*T, error) {
	data, err := loader.readURL(location)
	if err != nil {
		return nil, err
	}
	return loader.LoadFromData(data)
}

func (loader *Loader) LoadFromData(data []byte) (*T, error) {
	doc := &T{Refs: []string{string(data)}}
	for _, ref := range doc.Refs {
		if !loader.IsExternalRefsAllowed {
			return nil, errors.New("encountered disallowed external reference: " + ref)
		}
		u, err := url.Parse(ref)
		if err != nil {
			return nil, err
		}
		if _, err := loader.readURL(u); err != nil {
			return nil, err
		}
	}
	return doc, nil
}
