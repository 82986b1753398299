// Package svc is a service of the provider: no controller-runtime in
// sight, it runs a state machine whose handlers, kept in a map of method
// values, call the SDK client the scope holds.
package svc

import (
	"context"

	"example.com/scopefactory/scope"
)

type Service struct{ scope *scope.MachineScope }

func NewService(s *scope.MachineScope) *Service { return &Service{scope: s} }

// Reconcile runs the handler of the machine's state.
func (s *Service) Reconcile(ctx context.Context) error {
	return newStateMachine(s, s.scope.Name).ReconcileState(ctx)
}

// actionPreparing lists the servers through the scope's client.
func (s *Service) actionPreparing(ctx context.Context) error {
	err := s.scope.RobotClient.ListServers()
	return err
}

type stateHandler func(ctx context.Context) error

type stateMachine struct {
	reconciler *Service
	state      string
}

func newStateMachine(s *Service, state string) *stateMachine {
	return &stateMachine{reconciler: s, state: state}
}

func (m *stateMachine) handlers() map[string]stateHandler {
	return map[string]stateHandler{
		"preparing": m.handlePreparing,
		"none":      m.handleNone,
	}
}

func (m *stateMachine) ReconcileState(ctx context.Context) error {
	if h, ok := m.handlers()[m.state]; ok {
		return h(ctx)
	}
	return nil
}

func (m *stateMachine) handlePreparing(ctx context.Context) error {
	return m.reconciler.actionPreparing(ctx)
}

func (m *stateMachine) handleNone(ctx context.Context) error { return nil }
