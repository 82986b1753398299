// Package controllers loads specs through a library Loader that falls back
// to its package's default reader, http.DefaultClient with no context.
package controllers

import (
	"context"
	"net/url"

	"example.com/specload"
	ctrl "sigs.k8s.io/controller-runtime"
)

type SpecReconciler struct{}

func (r *SpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	u, err := url.Parse("https://specs.example/" + req.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	_, err = specload.NewLoader().LoadFromURI(u) // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.NewRequest, which uses context.Background\(\) \(specload/specload.go:33\) and http.DefaultClient\): \(\*controllers.SpecReconciler\).Reconcile \(controllers/controllers.go:20\) -> \(\*specload.Loader\).LoadFromURI \(specload/specload.go:100\) -> \(\*specload.Loader\).read \(specload/specload.go:95\) -> specload.Cached\$1 \(specload/specload.go:72\) -> specload.FirstOf\$1 \(specload/specload.go:56\) -> specload.FromHTTP\$1 \(specload/specload.go:37\) -> \(\*http.Client\).Do`
	return ctrl.Result{}, err
}

// The corrected twin: the package variable it reads through holds a
// reader whose client has a Timeout.
type QuickSpecReconciler struct{}

func (r *QuickSpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	u, err := url.Parse("https://specs.example/" + req.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	_, err = specload.NewLoader().LoadQuick(u)
	return ctrl.Result{}, err
}
