// Package scope holds what one reconcile of a machine works with: the
// controller builds it from a params struct, the service reads its client.
package scope

import (
	"errors"

	"example.com/scopefactory/robot"
)

type Params struct {
	Name        string
	RobotClient robot.Client
}

type MachineScope struct {
	Name        string
	RobotClient robot.Client
}

func NewMachineScope(p Params) (*MachineScope, error) {
	if p.RobotClient == nil {
		return nil, errors.New("no robot client")
	}
	return &MachineScope{Name: p.Name, RobotClient: p.RobotClient}, nil
}
