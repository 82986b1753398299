// Package sets is a stub of apimachinery's util/sets, for analyzer tests.
package sets

type Set[T comparable] map[T]struct{}

func New[T comparable](items ...T) Set[T] {
	s := Set[T]{}
	for _, item := range items {
		s[item] = struct{}{}
	}
	return s
}

func (s Set[T]) Has(item T) bool {
	_, ok := s[item]
	return ok
}

type String map[string]struct{}

func NewString(items ...string) String {
	s := String{}
	for _, item := range items {
		s[item] = struct{}{}
	}
	return s
}

func (s String) Has(item string) bool {
	_, ok := s[item]
	return ok
}
