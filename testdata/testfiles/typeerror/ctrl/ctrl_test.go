package ctrl

import "testing"

func TestSync(t *testing.T) {
	var n int = "not a number"
	_ = n
}
