// Package oas reads OpenAPI documents with kin-openapi's loader: from a
// URL, through the loader's default reader (http.DefaultClient, no
// context), and from bytes held in a Secret, which reads nothing.
package oas

import (
	"context"
	"net/url"

	"github.com/getkin/kin-openapi/openapi3"
	ctrl "sigs.k8s.io/controller-runtime"
)

type URLReconciler struct{ URL string }

func (r *URLReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	u, err := url.Parse(r.URL)
	if err != nil {
		return ctrl.Result{}, err
	}
	_, err = openapi3.NewLoader().LoadFromURI(u) // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.NewRequest, which uses context.Background\(\) \(openapi3/openapi3.go:24\) and http.DefaultClient\): \(\*oas.URLReconciler\).Reconcile \(oas/oas.go:21\) -> \(\*openapi3.Loader\).LoadFromURI`
	return ctrl.Result{}, err
}

// The in-memory twin: LoadFromData with external references left off
// reads nothing.
type DataReconciler struct{ Data []byte }

func (r *DataReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_, err := openapi3.NewLoader().LoadFromData(r.Data)
	return ctrl.Result{}, err
}
