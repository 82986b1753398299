// Package nofinalizer never sets a finalizer on its objects: when one is
// deleted there is nothing to wait for, and returning is right.
package nofinalizer

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Template struct{ metav1.ObjectMeta }

type TemplateReconciler struct{}

func (r *TemplateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var t Template
	// Ignore deleted templates.
	if !t.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}
