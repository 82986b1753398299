// Command demo-operator keeps a cloud bucket for every ConfigMap. Its
// reconcilers: the blocking one from the incident, the asynchronous fix, one
// in cluster-api's style whose finalizer branch forgets to requeue, one that
// removes its finalizer after a failed delete, one that reconciles itself and
// one that runs a CLI under the reconcile ctx. reconcilelint reports all but the fix.
package main

import (
	"flag"
	"os"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"example.com/demo-operator/internal/cloud"
	"example.com/demo-operator/internal/controller"
)

func main() {
	cloudURL := flag.String("cloud-url", "https://storage.example.com", "the storage API")
	flag.Parse()
	ctrl.SetLogger(zap.New())

	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		ctrl.Log.Error(err, "create manager")
		os.Exit(1)
	}
	// The incident's client: no Timeout, so a silent storage API hangs the worker.
	if err := (&controller.BucketReconciler{Client: mgr.GetClient(), Cloud: cloud.New(*cloudURL)}).SetupWithManager(mgr); err != nil {
		ctrl.Log.Error(err, "set up bucket controller")
		os.Exit(1)
	}
	// The fix: every request gives up after ten seconds.
	storage := cloud.NewWithTimeout(*cloudURL, 10*time.Second)
	if err := (&controller.AsyncBucketReconciler{Client: mgr.GetClient(), Cloud: storage}).SetupWithManager(mgr); err != nil {
		ctrl.Log.Error(err, "set up async bucket controller")
		os.Exit(1)
	}
	// cluster-api's style, with the fixed client: its finalizer branch is reported.
	if err := (&controller.PatchingBucketReconciler{Client: mgr.GetClient(), Cloud: storage}).SetupWithManager(mgr); err != nil {
		ctrl.Log.Error(err, "set up patching bucket controller")
		os.Exit(1)
	}
	// Removes its finalizer although the bucket's deletion failed: finalizerleak reports it.
	if err := (&controller.LeakyBucketReconciler{Client: mgr.GetClient(), Cloud: storage}).SetupWithManager(mgr); err != nil {
		ctrl.Log.Error(err, "set up leaky bucket controller")
		os.Exit(1)
	}
	// Reconciles itself forever: statusloop reports it.
	if err := (&controller.SyncStampReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		ctrl.Log.Error(err, "set up sync stamp controller")
		os.Exit(1)
	}
	// Runs the vendor's CLI under the reconcile ctx, which has no deadline: ctxdeadline reports it at Reconcile.
	if err := (&controller.BackupReconciler{Client: mgr.GetClient(), Cloud: storage}).SetupWithManager(mgr); err != nil {
		ctrl.Log.Error(err, "set up backup controller")
		os.Exit(1)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		ctrl.Log.Error(err, "run manager")
		os.Exit(1)
	}
}
