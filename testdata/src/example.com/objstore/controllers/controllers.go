// Package controllers reads an index from object storage, through a
// minio-go client, under the reconcile ctx or under a ctx with a deadline.
package controllers

import (
	"context"
	"io"
	"time"

	"example.com/objstore/azstore"
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
	rc, err := c.Get(ctx, "index.yaml")
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

// The same reads from Azure Blob Storage, through an interface whose
// implementation the Reconcile picks.

type storage interface {
	Get(ctx context.Context, name string) (io.ReadCloser, error)
}

func readFrom(ctx context.Context, s storage) error {
	rc, err := s.Get(ctx, "index.yaml")
	if err != nil {
		return err
	}
	defer rc.Close()
	_, err = io.ReadAll(rc)
	return err
}

type AzureIndexReconciler struct{}

func (r *AzureIndexReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c, err := azstore.New("https://acct.blob", req.Namespace, req.Name == "tls")
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, readFrom(ctx, c)
}

type DefaultAzureIndexReconciler struct{}

func (r *DefaultAzureIndexReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c, err := azstore.NewDefault("https://acct.blob", req.Namespace)
	if err != nil {
		return ctrl.Result{}, err
	}
	rc, err := c.Get(ctx, req.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, rc.Close()
}

// BoundedAzureIndexReconciler: the clients have a Timeout or a per-try
// timeout; silent.
type BoundedAzureIndexReconciler struct{}

func (r *BoundedAzureIndexReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c, err := azstore.NewBounded("https://acct.blob", req.Namespace)
	if err != nil {
		return ctrl.Result{}, err
	}
	if err := readFrom(ctx, c); err != nil {
		return ctrl.Result{}, err
	}
	t, err := azstore.NewTryBounded("https://acct.blob", req.Namespace)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, readFrom(ctx, t)
}
