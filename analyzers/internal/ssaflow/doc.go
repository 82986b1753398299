// Package ssaflow reads two shapes of a function's SSA that the engine and
// the checks share: deletion tests, the branches that run only while an
// object is being deleted (deletion.go, used by the engine, finalizerrequeue,
// finalizerleak and statusloop), and what a function returns, with the nil
// tests that guard it (returns.go, used by the engine, finalizerrequeue,
// finalizerleak and resultconflict).
package ssaflow
