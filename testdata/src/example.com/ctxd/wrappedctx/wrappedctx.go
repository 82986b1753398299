// Package wrappedctx attaches a logger and a span to the reconcile ctx
// before it does I/O, as most operators do at the top of Reconcile: the ctx
// keeps the deadline it had (none), so the query is still reported; with a
// deadline set before or after, it is not.
package wrappedctx

import (
	"context"
	"database/sql"
	"time"

	"github.com/go-logr/logr"
	"go.opentelemetry.io/otel/trace"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

type Reconciler struct {
	DB     *sql.DB
	Tracer trace.Tracer
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `\(\*sql.DB\).QueryContext can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\)`
	ctx = log.IntoContext(ctx, log.FromContext(ctx))
	ctx = ctrl.LoggerInto(ctx, logr.Logger{})
	ctx, span := r.Tracer.Start(ctx, "reconcile")
	defer span.End()
	if _, err := r.DB.QueryContext(ctx, "SELECT 1"); err != nil {
		return ctrl.Result{}, err
	}

	// The twin: a deadline, then a logger attached to the bounded ctx.
	bounded, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	bounded = logr.NewContext(bounded, logr.Logger{})
	_, err := r.DB.QueryContext(bounded, "SELECT 1")
	return ctrl.Result{}, err
}
