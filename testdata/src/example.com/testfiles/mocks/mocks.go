// Package mocks holds test doubles that only test files import.
package mocks

import (
	"context"
	"time"
)

// SlowCleaner simulates a slow cloud API.
type SlowCleaner struct{}

func (SlowCleaner) Clean(ctx context.Context) error {
	time.Sleep(time.Minute)
	return nil
}

func (SlowCleaner) Check() error {
	time.Sleep(2 * time.Minute)
	return nil
}
