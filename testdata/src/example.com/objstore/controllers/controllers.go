// Package controllers reads an index from object storage, through a
// minio-go client, under the reconcile ctx or under a ctx with a deadline.
package controllers

import (
	"context"
	"io"
	"time"

	"example.com/objstore/blob"
	ctrl "sigs.k8s.io/controller-runtime"
)

type IndexReconciler struct{}

func (r *IndexReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c, err := blob.NewClient("https://s3", req.Namespace)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, readIndex(ctx, c)
}

func readIndex(ctx context.Context, c *blob.Client) error {
	rc, err := c.Get(ctx, "index.yaml") // want `\(\*minio.Client\).GetObject can block the reconcile worker forever: nothing bounds it \(http.Client without Timeout \(v7/minio.go:33\), in what minio.New returns \(blob/blob.go:17\) and the reconcile ctx, which has no deadline\): \(\*controllers.IndexReconciler\).Reconcile \(controllers/controllers.go:21\) -> controllers.readIndex \(controllers/controllers.go:25\) -> \(\*blob.Client\).Get \(blob/blob.go:25\) -> \(\*minio.Client\).GetObject`
	if err != nil {
		return err
	}
	defer rc.Close()
	_, err = io.ReadAll(rc)
	return err
}

// BoundedIndexReconciler reads under a ctx with a deadline: silent.
type BoundedIndexReconciler struct{}

func (r *BoundedIndexReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c, err := blob.NewClient("https://s3", req.Namespace)
	if err != nil {
		return ctrl.Result{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return ctrl.Result{}, readIndex(ctx, c)
}
