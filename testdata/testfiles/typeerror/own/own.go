// Package own does not type-check in its own code: skipping tests cannot
// help it, and a run that includes it exits 1.
package own

var N int = "not a number"
