// Package api declares object types whose methods say whether they are
// being deleted, as an operator's API package does: the facts of the
// methods make calls of them through an interface deletion tests.
package api

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type (
	Database struct{ metav1.ObjectMeta }
	User     struct{ metav1.ObjectMeta }
)

func (d *Database) IsBeingDeleted() bool { return !d.DeletionTimestamp.IsZero() } // want IsBeingDeleted:`finalizer\(deletion test of param 0, deleting when true\)`

func (u *User) IsBeingDeleted() bool { // want IsBeingDeleted:`finalizer\(deletion test of param 0, deleting when true\)`
	if u.DeletionTimestamp == nil {
		return false
	}
	return true
}

// IsReady tests something else.
func (d *Database) IsReady() bool { return d.Name != "" }

func (u *User) IsReady() bool { return u.Name != "" }
