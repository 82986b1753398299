// Package svc is a service of the provider: no controller-runtime in
// sight, it calls the SDK client its scope holds.
package svc

import "example.com/scopes/scope"

type Service struct{ scope *scope.MachineScope }

func NewService(s *scope.MachineScope) *Service { return &Service{scope: s} }

// Reconcile lists the servers through the scope's client.
func (s *Service) Reconcile() error {
	_, err := s.scope.RobotClient.ServerGetList()
	return err
}
