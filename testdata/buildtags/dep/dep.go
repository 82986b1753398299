// Package dep declares Data only under a build tag, as SDKs that expose
// internals to their own tools do: a package that uses Data type-checks
// only with -tags=depinternal.
package dep

func Name() string { return "dep" }
