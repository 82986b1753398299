// Package controllerutil is a stub of controller-runtime's, for analyzer tests.
package controllerutil

import (
	"slices"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

func AddFinalizer(o client.Object, finalizer string) bool {
	if ContainsFinalizer(o, finalizer) {
		return false
	}
	o.SetFinalizers(append(o.GetFinalizers(), finalizer))
	return true
}

func RemoveFinalizer(o client.Object, finalizer string) bool {
	f := o.GetFinalizers()
	o.SetFinalizers(slices.DeleteFunc(f, func(s string) bool { return s == finalizer }))
	return true
}

func ContainsFinalizer(o client.Object, finalizer string) bool {
	return slices.Contains(o.GetFinalizers(), finalizer)
}
