package nofinalizer

// Tests give objects a finalizer so that a fake client keeps them while
// deleting: that is no finalizer the reconciler keeps.
func deletingTemplate() Template {
	var t Template
	t.Finalizers = []string{"example.com/test"}
	return t
}
