package blocking

import (
	"golang.org/x/tools/go/ssa"
)

// origins says where a value comes from (Prov): a client, a context, a
// database handle or a func value, through locals, fields, calls and facts
// (origin_eval.go), setters that replace a field (origin_setters.go),
// factories and package variables (origin_funcs.go), interface calls
// (origin_invoke.go) and database drivers (origin_drivers.go). It asks the
// resolver where an interface call on a value goes.
type origins struct {
	*unit
	calls callResolver // where an interface call goes

	provs        map[provKey]Prov                // memo of eval
	depth        int                             // of the evaluations under way
	lowestOpen   int                             // the shallowest open evaluation the current one met
	provisional  map[int][]provKey               // memo entries to drop when the evaluation at that depth ends
	results      map[*ssa.Function][]ResultValue // memo of resultValues
	concrete     map[resultKey]Prov              // memo of resultConcrete
	globalStores map[*ssa.Global][]ssa.Value     // memo of storedFunc
}
