module example.com/cr020

go 1.26

require sigs.k8s.io/controller-runtime v0.20.4

replace sigs.k8s.io/controller-runtime => ../crfake
