module example.com/guessimpl

go 1.26

require (
	example.com/credsdk v1.0.0
	sigs.k8s.io/controller-runtime v0.21.0
)

replace (
	example.com/credsdk => ../credsdk
	sigs.k8s.io/controller-runtime => ../crfake
)
