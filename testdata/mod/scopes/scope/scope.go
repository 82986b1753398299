// Package scope holds what one reconcile of a machine works with, as
// cluster-api providers keep it: the controller builds the scope from a
// params struct, the services read their SDK clients from it.
package scope

import (
	"errors"

	"example.com/robotsdk"
)

// Params are what the controller passes to NewMachineScope.
type Params struct {
	Name        string
	RobotClient robotsdk.RobotClient
}

// MachineScope is the scope the services read.
type MachineScope struct {
	Name        string
	RobotClient robotsdk.RobotClient
}

// NewMachineScope copies the params into a scope.
func NewMachineScope(p Params) (*MachineScope, error) {
	if p.RobotClient == nil {
		return nil, errors.New("no robot client")
	}
	return &MachineScope{Name: p.Name, RobotClient: p.RobotClient}, nil
}
