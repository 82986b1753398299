// Package kube has a project's helper that only writes Kubernetes objects.
package kube

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// DeleteShadow deletes the copy the operator keeps of an object.
func DeleteShadow(ctx context.Context, c client.Client, name string) error {
	return c.Update(ctx, nil)
}
