// Package meta has a project's deletion test, in a package of its own.
package meta

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// IsMarkedForDeletion says whether the object is being deleted.
func IsMarkedForDeletion(m metav1.ObjectMeta) bool { return m.DeletionTimestamp != nil }
