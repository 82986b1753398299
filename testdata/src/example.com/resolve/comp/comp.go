// Package comp is a component the controllers call; it imports neither
// controller-runtime nor the implementations' types.
package comp

import "example.com/resolve/probe"

func Run(url string) error { return probe.New().Probe(url) }

func RunBounded(url string) error { return probe.NewBounded().Probe(url) }
