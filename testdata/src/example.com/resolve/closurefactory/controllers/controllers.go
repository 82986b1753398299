// Package controllers loads a document from a URL through a loader whose
// default reader a closure factory built.
package controllers

import (
	"context"

	"example.com/resolve/closurefactory/loader"
	ctrl "sigs.k8s.io/controller-runtime"
)

type DocReconciler struct{}

func (r *DocReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := loader.NewLoader().LoadFromURI("https://docs/" + req.Name); err != nil { // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.NewRequest, which uses context.Background\(\) \(loader/loader.go:32\) and http.DefaultClient\): \(\*controllers.DocReconciler\).Reconcile \(controllers/controllers.go:15\) -> \(\*loader.Loader\).LoadFromURI \(loader/loader.go:72\) -> \(\*loader.Loader\).read \(loader/loader.go:80\) -> loader.MapCache\$1 \(loader/loader.go:52\) -> loader.ReadFromURIs\$1 \(loader/loader.go:20\) -> loader.ReadFromHTTP\$1 \(loader/loader.go:36\) -> \(\*http.Client\).Do`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, loader.NewLoader().LoadBounded("https://docs/" + req.Name)
}
