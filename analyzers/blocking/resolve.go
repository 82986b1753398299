package blocking

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// resolver decides where a call through an interface or a func value goes:
// the implementations the package converts (resolve_interfaces.go), the
// dispatch on a value the caller knows or may come to know
// (resolve_dispatch.go), and what the methods of a function's interface
// results do (resolve_results.go). It records what it resolves through the
// walk, and asks the origins where a dispatched value comes from.
type resolver struct {
	*unit
	sites  siteRecorder // the walk, which records the calls resolved
	values valueOrigins // where a dispatched value comes from

	candidates          []*types.TypeName       // named types that may implement an interface; see implementations
	convertedTypesMemo  []types.Type            // memo of convertedTypes
	convertsWaitingMemo *bool                   // memo of convertsWaiting
	dispatches          *bool                   // memo of dispatching
	closureDepth        int                     // see closureDispatch
	constructedDepth    int                     // see constructed
	argDepth            int                     // see expandArgDispatch
	implemented         map[string][]ImplMethod // memo of implementedBy, by interface and method

	fieldStores map[*types.Var][]ssa.Value // see fieldFuncs
}
