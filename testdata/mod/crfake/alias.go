// Package controllerruntime is a stub of controller-runtime's root package,
// for the fixtures that need a module (and so a required version).
package controllerruntime

import "sigs.k8s.io/controller-runtime/pkg/reconcile"

type Result = reconcile.Result
type Request = reconcile.Request
