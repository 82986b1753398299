// Command cmd binds the store: the wait is the implementation's, reported
// where the module calls time.Sleep, in a package that main's imports do
// not name.
package main

import (
	"example.com/hiddenimpl/controllers"
	"example.com/hiddenimpl/store"
)

func main() {
	_ = &controllers.SyncReconciler{Store: store.NewAsync()}
	_ = &controllers.SyncReconciler{Store: store.New()}
}
