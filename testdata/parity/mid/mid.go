// Package mid sits between the entry point and deep.
package mid

import "example.com/parity/deep"

func Run() { deep.Exported() }

func Each(items []deep.Impl) {
	for _, it := range items {
		it.Do()
	}
}
