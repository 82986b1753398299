// Package controllerruntime is a stub of controller-runtime's root package.
package controllerruntime

import (
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Result = reconcile.Result
type Request = reconcile.Request

type Manager = builder.Manager

var NewControllerManagedBy = builder.ControllerManagedBy

// LoggerInto attaches a logger to a context.
var LoggerInto = log.IntoContext

// LoggerFrom returns the logger of a context.
var LoggerFrom = log.FromContext
