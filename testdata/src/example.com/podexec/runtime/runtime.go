// Package runtime makes the function that runs a command in a pod, as
// operators write it: a constructor returns a closure that captured its
// configuration, and the closure runs the command under the ctx its caller
// gives it.
package runtime

import (
	"context"
	"io"
	"os/exec"
)

// Executor runs command in pod until the command exits or ctx is done.
type Executor func(ctx context.Context, pod string, stdout io.Writer, command ...string) error

// NewExecutor returns an Executor for the cluster at server.
func NewExecutor(server string) (Executor, error) {
	return func(ctx context.Context, pod string, stdout io.Writer, command ...string) error {
		args := append([]string{"--server", server, "exec", pod, "--"}, command...)
		cmd := exec.CommandContext(ctx, "kubectl", args...)
		cmd.Stdout = stdout
		return cmd.Run()
	}, nil
}
