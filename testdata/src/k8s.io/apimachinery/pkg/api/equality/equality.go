// Package equality is a stub of apimachinery's, for analyzer tests.
package equality

import "reflect"

type Equalities struct{}

func (Equalities) DeepEqual(a, b any) bool { return reflect.DeepEqual(a, b) }

var Semantic = Equalities{}
