// Package util holds the slice helpers operators keep in a shared package
// (pkg/utils, internal/helpers) rather than next to the controller.
package util

func ContainsString(slice []string, s string) bool { // want ContainsString:`finalizer\(tests param 0\)`
	for _, item := range slice {
		if item == s {
			return true
		}
	}
	return false
}

// Contains is the generic form.
func Contains[T comparable](list []T, v T) bool { // want Contains:`finalizer\(tests param 0\)`
	for i := range list {
		if list[i] == v {
			return true
		}
	}
	return false
}

func RemoveString(slice []string, s string) []string {
	var out []string
	for _, item := range slice {
		if item != s {
			out = append(out, item)
		}
	}
	return out
}

// AnyEmpty is a bool helper over a slice that tests something else.
func AnyEmpty(slice []string, s string) bool {
	for _, item := range slice {
		if item == "" {
			return true
		}
	}
	return false
}

// HasIn recurses: judging it must end, and it is not taken for a presence
// test.
func HasIn(list []string, s string) bool {
	if len(list) == 0 {
		return false
	}
	if list[0] == s {
		return true
	}
	return HasIn(list[1:], s)
}
