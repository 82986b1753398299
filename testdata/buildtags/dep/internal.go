//go:build depinternal

package dep

type Data []byte
