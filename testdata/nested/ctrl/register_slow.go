//go:build slowprov

package ctrl

import slow "example.com/slowprov"

func init() { providers = append(providers, slow.Provider{}) }
