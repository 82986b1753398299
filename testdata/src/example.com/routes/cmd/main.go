// Command cmd binds the login on both reconcilers.
package main

import (
	"example.com/routes/auth"
	"example.com/routes/ctrl"
)

func main() {
	_ = &ctrl.BucketReconciler{Auth: auth.Client{Addr: "vault:8200"}}
	_ = &ctrl.QueueReconciler{Auth: auth.Client{Addr: "vault:8200"}}
}
