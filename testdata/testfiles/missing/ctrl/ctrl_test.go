package ctrl_test

import (
	"testing"

	"example.invalid/nosuch"
)

func TestSync(t *testing.T) { nosuch.Check(t) }
