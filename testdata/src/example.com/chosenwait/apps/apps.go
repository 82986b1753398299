package apps

import (
	"context"

	"example.com/chosenwait/rec"
)

func CreateOrUpdate(ctx context.Context) error { return rec.DaemonSet(ctx) }
