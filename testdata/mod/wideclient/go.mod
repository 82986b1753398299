module example.com/wideclient

go 1.26

require sigs.k8s.io/controller-runtime v0.21.0

replace sigs.k8s.io/controller-runtime => ../crfake
