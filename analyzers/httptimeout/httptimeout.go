// Package httptimeout reports HTTP requests and dials on a reconcile path
// that neither a client Timeout nor a context deadline bounds.
package httptimeout

import (
	"fmt"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"golang.org/x/tools/go/analysis"
)

const Doc = `report HTTP on a reconcile path with no timeout

A request through an http.Client without Timeout, under a context without a
deadline, waits for as long as the server takes to answer: forever, for a
cloud API that stopped answering. On a reconcile path that holds the worker.
The check follows clients and contexts to where they are made, across
packages: a composite literal or new(http.Client) without Timeout,
http.DefaultClient (also behind http.Get, Head, Post and PostForm and behind
SDKs that fall back to it when their client is nil), a bare *http.Transport,
net.Dial. When the controller package cannot see how its SDK client was built
(main builds it and stores it in the reconciler), the finding appears where
the client is bound to the reconciler's field. An SDK that builds its client
from a timeout field of its own (&http.Client{Timeout: c.timeout}) that no
one set is reported too, with a fix that names that field. A client with a
Timeout, or a request whose context has a deadline, is not reported.`

const name = "httptimeout"

var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      Doc,
	URL:      "https://github.com/reconcilelint/reconcilelint#httptimeout",
	Requires: []*analysis.Analyzer{blocking.Analyzer},
	Run:      blocking.SafeRun(run),
}

const fix = "set Timeout on the http.Client (for example Timeout: 10 * time.Second) or bound the request's ctx with context.WithTimeout"

func run(pass *analysis.Pass) (any, error) {
	result := pass.ResultOf[blocking.Analyzer].(*blocking.Result)
	for _, f := range result.Findings(name, func(blocking.Effect) bool { return true }) {
		how := fix
		if blocking.MadeInDependency(f.Effect) {
			how = "the client and the context are made inside a dependency, where no Timeout can be set: call it with a ctx bounded by context.WithTimeout (its ...WithContext variant) where the module calls it"
		} else if strings.Contains(f.Sink, "net.Dial") {
			how = "dial with a timeout (net.DialTimeout, a net.Dialer with Timeout) or a ctx with a deadline (DialContext)"
		} else if ctor := blocking.Constructor(f.Effect); ctor != "" {
			how = fmt.Sprintf("give %s an HTTP client with a Timeout (its client or timeout option) here, or bound the request's ctx with context.WithTimeout", ctor)
		} else if field := blocking.UnsetTimeoutField(f.Effect); field != "" {
			how = fmt.Sprintf("set %s where the client is built, through the SDK's setter or option (SetTimeout, WithTimeout), or bound the request's ctx with context.WithTimeout", field)
		}
		d := f.Diagnostic(name, blocking.UnboundedMessage(f, how))
		d.SuggestedFixes = addTimeout(pass, f.FixAt())
		pass.Report(d)
	}
	return nil, nil
}
