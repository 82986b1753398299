// Package conflicts returns Results that controller-runtime throws away,
// and their corrected twins.
package conflicts

import (
	"context"
	"errors"
	"fmt"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/conflicts/helper"
)

type Bucket struct{}

type base struct {
	client.Client
	Cloud interface {
		Sync(ctx context.Context) error
	}
}

// After `if err != nil`: the delay is thrown away.
type Checked struct{ base }

func (r *Checked) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"requeues"
	if err := r.Cloud.Sync(ctx); err != nil {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, err // want `RequeueAfter is thrown away: controller-runtime ignores the Result when the error is not nil and requeues with backoff instead: \(\*conflicts.Checked\).Reconcile \(conflicts/conflicts.go:31\); return ctrl.Result\{\}, err to retry with backoff`
	}
	return ctrl.Result{}, nil
}

// The twins: the error alone, a nil error, an error that may be nil.
type CheckedFixed struct{ base }

func (r *CheckedFixed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"requeues"
	if err := r.Cloud.Sync(ctx); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
		}
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, nil); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// Named results, a deferred cancel, a made error, and a helper.
type Named struct{ base }

func (r *Named) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if req.Name == "" {
		res = ctrl.Result{Requeue: true}
		err = fmt.Errorf("no name")
		return // want `Requeue is thrown away`
	}
	return r.step(ctx)
}

func (r *Named) step(ctx context.Context) (ctrl.Result, error) {
	if err := r.Cloud.Sync(ctx); err != nil {
		result := ctrl.Result{RequeueAfter: 5 * time.Second}
		return result, fmt.Errorf("sync: %w", err) // want `RequeueAfter is thrown away: .*: \(\*conflicts.Named\).Reconcile \(conflicts/conflicts.go:63\) -> \(\*conflicts.Named\).step \(conflicts/conflicts.go:69\)`
	}
	return ctrl.Result{}, nil
}

// The error may be nil: when it is not, the minute is thrown away.
type PossiblyNil struct{ base }

func (r *PossiblyNil) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"requeues"
	return ctrl.Result{RequeueAfter: time.Minute}, r.Update(ctx, nil) // want `RequeueAfter is thrown away if the error is not nil: controller-runtime ignores the Result`
}

// A named result returned while still zero, before the delay is set: not
// reported. Its twin sets the delay first.
type ZeroFirst struct{ base }

func (r *ZeroFirst) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	if err = r.Cloud.Sync(ctx); err != nil {
		return res, err
	}
	res.RequeueAfter = time.Minute
	return res, nil
}

type DelayFirst struct{ base }

func (r *DelayFirst) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	res.RequeueAfter = time.Minute
	if err = r.Cloud.Sync(ctx); err != nil {
		return res, err // want `RequeueAfter is thrown away: `
	}
	return res, nil
}

// A delay set by a helper through the Result's address, on some paths.
type ByAddress struct{ base }

func (r *ByAddress) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res := ctrl.Result{}
	if err := r.Cloud.Sync(ctx); err != nil {
		return res, err // still zero here
	}
	if req.Name != "" {
		later(&res, time.Minute)
	}
	if err := r.Update(ctx, nil); err != nil {
		return res, err // want `RequeueAfter is thrown away: `
	}
	return res, nil
}

func later(res *ctrl.Result, d time.Duration) {
	if res.RequeueAfter == 0 || res.RequeueAfter > d {
		res.RequeueAfter = d
	}
}

// A helper of the package that may return Requeue: true with an error, and
// a Reconcile that returns both after finding the error not nil.
type Steps struct{ base }

func (r *Steps) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, err := r.markStarted(ctx)
	if err != nil {
		return res, err // want `Requeue \(the helper returns it with an error\) is thrown away: .*\(\*conflicts.Steps\).Reconcile \(conflicts/conflicts.go:\d+\)`
	}
	return res, nil
}

func (r *Steps) markStarted(ctx context.Context) (ctrl.Result, error) { // want markStarted:"requeues"
	return ctrl.Result{Requeue: true}, r.Status().Update(ctx, nil)
}

// The twin: a helper that returns its Requeue only with a nil error.
type StepsFixed struct{ base }

func (r *StepsFixed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, err := r.markStarted(ctx)
	if err != nil {
		return res, err
	}
	return res, nil
}

func (r *StepsFixed) markStarted(ctx context.Context) (ctrl.Result, error) { // want markStarted:"requeues"
	if err := r.Status().Update(ctx, nil); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{Requeue: true}, nil
}

// A Result built by a helper of another package, read through its fact.
type Imported struct{ base }

func (r *Imported) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.Cloud.Sync(ctx); err != nil {
		if statusErr := r.Status().Update(ctx, nil); statusErr != nil {
			return helper.ErrorResult(err), statusErr // want `Requeue is thrown away: `
		}
		return helper.ErrorResult(err), nil
	}
	return ctrl.Result{}, nil
}

// A guard on the Result: the return behind RequeueAfter == 0 returns no
// delay. Its twin returns behind RequeueAfter != 0.
type Guarded struct{ base }

func (r *Guarded) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res := r.plan(req)
	err := r.Update(ctx, nil)
	if res.RequeueAfter == 0 {
		return res, err
	}
	return res, nil
}

type GuardedWrong struct{ base }

func (r *GuardedWrong) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res := (*Guarded)(nil).plan(req)
	err := r.Update(ctx, nil)
	if res.RequeueAfter != 0 {
		return res, err // want `RequeueAfter is thrown away if the error is not nil`
	}
	return res, nil
}

func (r *Guarded) plan(req ctrl.Request) ctrl.Result { // want plan:"requeues"
	if req.Name == "" {
		return ctrl.Result{}
	}
	return ctrl.Result{RequeueAfter: time.Minute}
}

// The error is known nil at the return: the test above returned every
// other one. Its twin returns the error untested.
type NilAtReturn struct{ base }

func (r *NilAtReturn) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res := ctrl.Result{RequeueAfter: time.Minute}
	var err error
	if err = r.Update(ctx, nil); err != nil {
		return ctrl.Result{}, err
	}
	return res, err
}

type NilAtReturnWrong struct{ base }

func (r *NilAtReturnWrong) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res := ctrl.Result{RequeueAfter: time.Minute}
	err := r.Update(ctx, nil)
	return res, err // want `RequeueAfter is thrown away if the error is not nil`
}

// The error is reassigned and tested in one branch and left as the first
// test found it in the other: nil on both ways to the return. Its twin
// does not test the second assignment.
type NilOnBothBranches struct{ base }

func (r *NilOnBothBranches) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res := ctrl.Result{RequeueAfter: time.Minute}
	err := r.Update(ctx, nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	if req.Name != "" {
		err = r.Update(ctx, nil)
		if err != nil {
			return res, err // want `RequeueAfter is thrown away: `
		}
	}
	return res, err
}

type NilOnBothBranchesWrong struct{ base }

func (r *NilOnBothBranchesWrong) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res := ctrl.Result{RequeueAfter: time.Minute}
	err := r.Update(ctx, nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	if req.Name != "" {
		err = r.Update(ctx, nil)
	}
	return res, err // want `RequeueAfter is thrown away if the error is not nil`
}

// A Result and error from one call of a helper that never pairs a delay
// with an error, returned after a test that takes the Result's address
// (IsZero has a pointer receiver): the pair is still the helper's. The
// helper's last return hands back fields of a struct, which set nothing
// the check can show. Its twin's helper pairs them.
type Sub struct {
	base
	step struct {
		result ctrl.Result
		err    error
	}
}

func (r *Sub) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"requeues"
	for i := 0; i < 3; i++ {
		res, err := r.process(ctx)
		if err != nil || !res.IsZero() {
			return res, err
		}
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (r *Sub) process(ctx context.Context) (ctrl.Result, error) { // want process:"requeues"
	if err := r.Cloud.Sync(ctx); err != nil {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	return r.step.result, r.step.err
}

type SubWrong struct{ base }

func (r *SubWrong) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	for i := 0; i < 3; i++ {
		res, err := r.process(ctx)
		if err != nil || !res.IsZero() {
			return res, err // want `RequeueAfter is thrown away if the error is not nil`
		}
	}
	return ctrl.Result{}, nil
}

func (r *SubWrong) process(ctx context.Context) (ctrl.Result, error) { // want process:"requeues"
	return ctrl.Result{RequeueAfter: time.Second}, r.Cloud.Sync(ctx)
}

// A floor on a delay the Result already sets: the store runs only behind
// RequeueAfter > 0, so it sets nothing that was not set, and the Result is
// an imported call's whose pairing the check does not know. Its twin stores
// the floor unguarded, which sets RequeueAfter whatever the call returned.
type Floor struct{ base }

func (r *Floor) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, err := helper.Actions(ctx)
	if res.RequeueAfter > 0 && res.RequeueAfter < time.Second {
		res.RequeueAfter = time.Second
	}
	return res, err
}

type FloorWrong struct{ base }

func (r *FloorWrong) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, err := helper.Actions(ctx)
	if res.RequeueAfter < time.Second {
		res.RequeueAfter = time.Second
	}
	return res, err // want `RequeueAfter is thrown away if the error is not nil`
}

// A pair through two levels of helpers (3scale-operator's backup): the
// leaf returns Requeue with the error of a status update, each level
// returns `result, err` behind `result.Requeue || err != nil`, and the
// Reconcile returns the pair behind `if err != nil`. The twin's leaf returns
// Requeue only with a nil error.
type Backup struct{ base }

type backupLogic struct {
	base
	done bool
}

func (r *Backup) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	logic := &backupLogic{base: r.base}
	res, err := logic.Reconcile()
	if err != nil {
		return res, err // want `Requeue is thrown away: controller-runtime ignores the Result when the error is not nil`
	}
	if res.Requeue {
		return res, nil
	}
	return ctrl.Result{}, nil
}

func (r *backupLogic) Reconcile() (ctrl.Result, error) { // want Reconcile:"requeues"
	if r.done {
		return ctrl.Result{}, nil
	}
	result, err := r.mainSteps()
	if result.Requeue || err != nil {
		return result, err
	}
	return ctrl.Result{Requeue: true, RequeueAfter: 5 * time.Second}, nil
}

func (r *backupLogic) mainSteps() (ctrl.Result, error) {
	result, err := r.sourceStatus()
	if result.Requeue || err != nil {
		return result, err
	}
	result, err = r.startTime()
	if result.Requeue || err != nil {
		return result, err
	}
	result, err = r.sourceStatus()
	if result.Requeue || err != nil {
		return result, err
	}
	return ctrl.Result{}, nil
}

func (r *backupLogic) sourceStatus() (ctrl.Result, error) {
	if r.done {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Cloud.Sync(context.TODO())
}

func (r *backupLogic) startTime() (ctrl.Result, error) { // want startTime:"requeues"
	if !r.done {
		r.done = true
		err := r.Status().Update(context.TODO(), nil)
		return ctrl.Result{Requeue: true}, err
	}
	return ctrl.Result{}, nil
}

type BackupFixed struct{ base }

type backupLogicFixed struct {
	base
	done bool
}

func (r *BackupFixed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	logic := &backupLogicFixed{base: r.base}
	res, err := logic.Reconcile()
	if err != nil {
		return res, err
	}
	if res.Requeue {
		return res, nil
	}
	return ctrl.Result{}, nil
}

func (r *backupLogicFixed) Reconcile() (ctrl.Result, error) { // want Reconcile:"requeues"
	if r.done {
		return ctrl.Result{}, nil
	}
	result, err := r.mainSteps()
	if result.Requeue || err != nil {
		return result, err
	}
	return ctrl.Result{Requeue: true, RequeueAfter: 5 * time.Second}, nil
}

func (r *backupLogicFixed) mainSteps() (ctrl.Result, error) {
	result, err := r.sourceStatus()
	if result.Requeue || err != nil {
		return result, err
	}
	result, err = r.startTime()
	if result.Requeue || err != nil {
		return result, err
	}
	result, err = r.sourceStatus()
	if result.Requeue || err != nil {
		return result, err
	}
	return ctrl.Result{}, nil
}

func (r *backupLogicFixed) sourceStatus() (ctrl.Result, error) {
	if r.done {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Cloud.Sync(context.TODO())
}

func (r *backupLogicFixed) startTime() (ctrl.Result, error) { // want startTime:"requeues"
	if !r.done {
		r.done = true
		if err := r.Status().Update(context.TODO(), nil); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

// One variable carries its RequeueAfter into every error return below it:
// one finding, at the first, whose places are the others.
type SameVariable struct{ base }

func (r *SameVariable) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"requeues"
	requeue := ctrl.Result{RequeueAfter: 5 * time.Second}
	if err := r.Cloud.Sync(ctx); err != nil {
		return requeue, err // want `RequeueAfter is thrown away: .* \(and 2 other returns of requeue with an error\)`
	}
	if err := r.Update(ctx, nil); err != nil {
		return requeue, err
	}
	if err := r.Status().Update(ctx, nil); err != nil {
		return requeue, err
	}
	if err := r.Cloud.Sync(ctx); err != nil {
		return ctrl.Result{RequeueAfter: time.Second}, err // want `RequeueAfter is thrown away: controller-runtime ignores the Result when the error is not nil and requeues with backoff instead: \(\*conflicts.SameVariable\).Reconcile \(conflicts/conflicts.go:476\); return ctrl.Result\{\}, err to retry with backoff, or handle the error and return the Result with a nil error$`
	}
	return requeue, nil
}

// Helpers of another package that return the Result and the error: the
// finding names the helper's return that pairs them, where the fix goes.
type Synced struct{ base }

func (r *Synced) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return helper.Sync(ctx, r.ready) // want `RequeueAfter \(helper.Sync returns it with an error at helper/helper.go:43\) is thrown away if the error is not nil`
}

type Settled struct{ base }

func (r *Settled) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return helper.Settle(ctx, r.ready)
}

func (r *base) ready(ctx context.Context) (bool, error) { return r.Cloud.Sync(ctx) == nil, nil }
