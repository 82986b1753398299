module example.com/scopefactory

go 1.26

require (
	example.com/robotsdk v1.0.0
	sigs.k8s.io/controller-runtime v0.21.0
)

replace (
	example.com/robotsdk => ../robotsdk
	sigs.k8s.io/controller-runtime => ../crfake
)
