// Package ctrl reaches the deployment helper's poll from two reconcilers,
// one through a status-tracking closure.
package ctrl

import (
	"context"

	"example.com/chosenwait/apps"
	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct{}

func track(ctx context.Context, cb func() (ctrl.Result, error)) (ctrl.Result, error) { return cb() }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, err error) {
	result, err = track(ctx, func() (ctrl.Result, error) {
		if err := apps.CreateOrUpdate(ctx); err != nil {
			return result, err
		}
		return result, nil
	})
	return
}

type S struct{}

func (s *S) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, apps.CreateOrUpdate(ctx)
}
