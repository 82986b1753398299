// Package api holds a Kubernetes API type, whose methods clean nothing up.
package api

import (
	"errors"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type Bucket struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status BucketStatus
}

type BucketStatus struct{ Phase string }

// SetFailed returns an error when the status is already final.
func (s *BucketStatus) SetFailed() error {
	if s.Phase == "Failed" {
		return errors.New("already failed")
	}
	s.Phase = "Failed"
	return nil
}
