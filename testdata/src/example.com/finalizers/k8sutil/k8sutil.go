// Package k8sutil holds deletion tests in a shared package: their facts
// make calls of them deletion tests in the controllers. Like operator-sdk's
// k8sutil it keeps finalizer helpers too (delonly holds deletion tests alone).
package k8sutil

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func EnsureFinalizer(o client.Object, f string) { controllerutil.AddFinalizer(o, f) } // want EnsureFinalizer:`finalizer\(removes=false; adds\)`

func IsMarkedForDeletion(m metav1.ObjectMeta) bool { // want IsMarkedForDeletion:`finalizer\(deletion test of param 0, deleting when true\)`
	return m.DeletionTimestamp != nil
}

func IsAlive(o client.Object) bool { // want IsAlive:`finalizer\(deletion test of param 0, deleting when false\)`
	if o.GetDeletionTimestamp() != nil {
		return false
	}
	return true
}

// HasName tests something else.
func HasName(o client.Object) bool { return o.GetName() != "" }
