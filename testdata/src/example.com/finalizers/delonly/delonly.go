// Package delonly holds nothing but a deletion test: the blocking precheck
// must keep it for its fact.
package delonly

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

func Deleting(m metav1.ObjectMeta) bool { // want Deleting:`finalizer\(deletion test of param 0, deleting when true\)`
	return m.DeletionTimestamp != nil
}
