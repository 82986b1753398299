// Package model is the table of well-known APIs that the engine needs to
// understand: the calls that wait (sinks), the calls that return in bounded
// time (the walk stops there), and the callbacks those APIs run.
//
// It is plain data so that a reader can check every entry against the API it
// describes. The engine never trusts facts computed for the standard library
// or for the modelled packages: what they do is what this table says.
package model

import (
	"slices"
	"strings"
	"time"
)

// Kind says what a modelled function does to the goroutine that calls it.
type Kind int

const (
	// Sink: the call itself waits. An effect starts here.
	Sink Kind = iota + 1
	// Bounded: the call returns in bounded time; the walk does not look inside.
	Bounded
	// Timer: the call returns a channel, or a timer whose field C is one;
	// receiving from it waits. The effect starts at the receive.
	Timer
)

// Role names what a parameter means to the engine.
type Role string

const (
	Ignore   Role = ""         // nothing the engine needs
	Duration Role = "duration" // a single wait of this length
	Interval Role = "interval" // the period between polls or ticks
	Timeout  Role = "timeout"  // the overall bound of a poll
	Backoff  Role = "backoff"  // a wait.Backoff value: bounds the retries
	Callback Role = "callback" // a function the API calls, repeatedly
	Client   Role = "client"   // an *http.Client or *net.Dialer: bounded if it has a Timeout
	Ctx      Role = "ctx"      // a context.Context: bounded if it has a deadline
	Request  Role = "request"  // an *http.Request: bounded if its context has a deadline
	Command  Role = "command"  // an *exec.Cmd: bounded if made by CommandContext with a deadline
	Driver   Role = "driver"   // a *sql.DB: bounded if its driver times out reads (see DriverTimeouts)
	// Network: a dial's network name. A connectionless one (udp, ip,
	// unixgram) sends no handshake, so the dial does not wait for a peer.
	Network Role = "network"
	// Deadline: a context.Context whose deadline, when it has one, ends a
	// wait that has no limit of its own (a poll until ctx is done).
	Deadline Role = "deadline"
	// RetryPolicy: a github.com/cenkalti/backoff BackOff (v4), or the
	// options of v5's Retry: its retries or its elapsed-time limit bound
	// how long Retry sleeps in all.
	RetryPolicy Role = "retry policy"
	// Statement: a SQL statement's text or its arguments. One built from a
	// time.Duration carries its own timeout, which the server honours
	// (MASTER_GTID_WAIT(gtid, 10), SET STATEMENT max_statement_time=10
	// FOR ..., GET_LOCK(name, 10)): the statement is bounded by it.
	Statement Role = "statement"
)

// Func describes one function, method or whole package.
type Func struct {
	// Name is the function's full name as FuncName prints it:
	// "time.Sleep", "(*net/http.Client).Do",
	// "k8s.io/apimachinery/pkg/util/wait.Poll". A name ending in ".*" matches
	// every function and method declared in that package; one ending in
	// "/..." matches that package and every package below it.
	Name string
	Kind Kind
	// Check is the analyzer that reports effects starting here.
	Check string
	// Sink is how messages name the wait; it defaults to the short name.
	Sink string
	// Params gives the role of each parameter, by position, after the
	// receiver; Recv gives the receiver's.
	Params []Role
	Recv   Role
	// RecvPath, for a Recv of role Client, is the field of the receiver
	// that holds the *http.Client the request goes through: an SDK's
	// client, whose own field the engine follows to where it was built.
	RecvPath []string
	// Why describes what the API lacks by itself, for messages: set on sinks
	// that block with any argument, such as http.Get.
	Why string
	// Unbounded: the API keeps waiting until a condition holds, a channel is
	// closed or a context is cancelled; its own arguments set no limit.
	Unbounded bool
	Reason    string
}

// BackoffValue is a wait.Backoff whose value the engine knows.
type BackoffValue struct {
	Name     string // full name of the package-level variable
	Steps    int
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Cap      time.Duration
	Reason   string
}

const (
	waitPkg     = "k8s.io/apimachinery/pkg/util/wait."
	retryPkg    = "k8s.io/client-go/util/retry."
	sleeploop   = "sleeploop"
	httptimeout = "httptimeout"
	ctxdeadline = "ctxdeadline"

	noContext     = "a request with no context"
	sqlBackground = "no context: database/sql runs it under context.Background()"
	defaultClient = "http.DefaultClient, which has no Timeout, with no context"
)

// DriverTimeout is a database driver setting that bounds every read of a
// *sql.DB opened with it, so that a call under a context with no deadline
// still returns: a DSN parameter, or a field of the driver's config.
type DriverTimeout struct {
	DSNKey string // a DSN parameter, matched in constant parts of the DSN
	// Config is the driver's function that builds a connector or DSN from
	// a config, and Field the config's field that must be set.
	Config, Field string
	Reason        string
}

// DriverTimeouts: what bounds a database handle's calls apart from their
// context. A connect timeout alone (mysql's timeout, PostgreSQL's
// connect_timeout) is not one: it bounds the dial, not a query that hangs.
// go-redis needs no entry: its clients default to 3s read and write
// timeouts, and its commands are not sinks.
var DriverTimeouts = []DriverTimeout{
	{DSNKey: "readTimeout=", Reason: "go-sql-driver/mysql: a read from the server fails after readTimeout"},
	{Config: "github.com/go-sql-driver/mysql.NewConnector", Field: "ReadTimeout",
		Reason: "go-sql-driver/mysql: Config.ReadTimeout, as the DSN's readTimeout"},
	{Config: "(*github.com/go-sql-driver/mysql.Config).FormatDSN", Field: "ReadTimeout",
		Reason: "go-sql-driver/mysql: a DSN formatted from a Config with ReadTimeout carries readTimeout"},
	{DSNKey: "statement_timeout", Reason: "PostgreSQL (lib/pq, pgx): the server cancels a statement that runs longer"},
}

// Package paths of controller-runtime that define the entry points.
const (
	ReconcilePkg = "sigs.k8s.io/controller-runtime/pkg/reconcile"
	FinalizerPkg = "sigs.k8s.io/controller-runtime/pkg/finalizer"
)

var (
	pollTimeout     = []Role{Interval, Timeout, Callback}
	pollTimeoutCtx  = []Role{Ignore, Interval, Timeout, Callback}
	pollForever     = []Role{Interval, Callback}
	pollForeverCtx  = []Role{Deadline, Interval, Callback}
	pollUntil       = []Role{Interval, Callback, Ignore}
	untilStop       = []Role{Callback, Interval, Ignore}
	untilCtx        = []Role{Deadline, Callback, Interval}
	jitterUntil     = []Role{Callback, Interval, Ignore, Ignore, Ignore}
	jitterUntilCtx  = []Role{Deadline, Callback, Interval, Ignore, Ignore}
	backoffUntil    = []Role{Callback, Ignore, Ignore, Ignore}
	backoffUntilCtx = []Role{Deadline, Callback, Ignore, Ignore}
)

// Funcs is the table. Keep it sorted by name within each group.
var Funcs = append(append(baseFuncs, azblobSinks()...), cenkaltiSinks()...)

// baseFuncs are the table's entries written out; Azure Blob Storage's
// request methods (every request goes through the pipeline of the client's
// options, see SDKClients, under the ctx given to the call) are generated.
var baseFuncs = []Func{
	// The standard library's waits.
	{Name: "time.Sleep", Kind: Sink, Check: sleeploop, Params: []Role{Duration},
		Reason: "parks the goroutine for the whole duration"},
	{Name: "time.After", Kind: Timer, Check: sleeploop, Sink: "<-time.After", Params: []Role{Duration},
		Reason: "a receive from the channel waits for the duration"},
	{Name: "time.NewTimer", Kind: Timer, Check: sleeploop, Sink: "<-timer.C", Params: []Role{Duration},
		Reason: "a receive from the timer's C waits for the duration"},
	{Name: "time.NewTicker", Kind: Timer, Check: sleeploop, Sink: "<-ticker.C", Params: []Role{Interval},
		Reason: "each receive from the ticker's C waits for the period"},
	{Name: "time.Tick", Kind: Timer, Check: sleeploop, Sink: "<-time.Tick", Params: []Role{Interval},
		Reason: "each receive from the channel waits for the period"},

	// k8s.io/apimachinery/pkg/util/wait: polls and loops.
	{Name: waitPkg + "BackoffUntil", Kind: Sink, Check: sleeploop, Params: backoffUntil, Unbounded: true,
		Reason: "runs f with backoff until stopCh is closed"},
	{Name: waitPkg + "BackoffUntilWithContext", Kind: Sink, Check: sleeploop, Params: backoffUntilCtx, Unbounded: true,
		Reason: "runs f with backoff until ctx is done"},
	{Name: waitPkg + "ExponentialBackoff", Kind: Sink, Check: sleeploop, Params: []Role{Backoff, Callback},
		Reason: "sleeps between attempts for as long as the backoff allows"},
	{Name: waitPkg + "ExponentialBackoffWithContext", Kind: Sink, Check: sleeploop, Params: []Role{Ignore, Backoff, Callback},
		Reason: "sleeps between attempts for as long as the backoff allows"},
	{Name: waitPkg + "Forever", Kind: Sink, Check: sleeploop, Params: []Role{Callback, Interval}, Unbounded: true,
		Reason: "never returns"},
	{Name: waitPkg + "JitterUntil", Kind: Sink, Check: sleeploop, Params: jitterUntil, Unbounded: true,
		Reason: "runs f every period until stopCh is closed"},
	{Name: waitPkg + "JitterUntilWithContext", Kind: Sink, Check: sleeploop, Params: jitterUntilCtx, Unbounded: true,
		Reason: "runs f every period until ctx is done"},
	{Name: waitPkg + "NonSlidingUntil", Kind: Sink, Check: sleeploop, Params: untilStop, Unbounded: true,
		Reason: "runs f every period until stopCh is closed"},
	{Name: waitPkg + "NonSlidingUntilWithContext", Kind: Sink, Check: sleeploop, Params: untilCtx, Unbounded: true,
		Reason: "runs f every period until ctx is done"},
	{Name: waitPkg + "Poll", Kind: Sink, Check: sleeploop, Params: pollTimeout,
		Reason: "polls every interval until the condition holds or the timeout expires"},
	{Name: waitPkg + "PollImmediate", Kind: Sink, Check: sleeploop, Params: pollTimeout,
		Reason: "polls every interval until the condition holds or the timeout expires"},
	{Name: waitPkg + "PollImmediateInfinite", Kind: Sink, Check: sleeploop, Params: pollForever, Unbounded: true,
		Reason: "polls until the condition holds"},
	{Name: waitPkg + "PollImmediateInfiniteWithContext", Kind: Sink, Check: sleeploop, Params: pollForeverCtx, Unbounded: true,
		Reason: "polls until the condition holds or ctx is done"},
	{Name: waitPkg + "PollImmediateUntil", Kind: Sink, Check: sleeploop, Params: pollUntil, Unbounded: true,
		Reason: "polls until the condition holds or stopCh is closed"},
	{Name: waitPkg + "PollImmediateUntilWithContext", Kind: Sink, Check: sleeploop, Params: pollForeverCtx, Unbounded: true,
		Reason: "polls until the condition holds or ctx is done"},
	{Name: waitPkg + "PollImmediateWithContext", Kind: Sink, Check: sleeploop, Params: pollTimeoutCtx,
		Reason: "polls every interval until the condition holds or the timeout expires"},
	{Name: waitPkg + "PollInfinite", Kind: Sink, Check: sleeploop, Params: pollForever, Unbounded: true,
		Reason: "polls until the condition holds"},
	{Name: waitPkg + "PollInfiniteWithContext", Kind: Sink, Check: sleeploop, Params: pollForeverCtx, Unbounded: true,
		Reason: "polls until the condition holds or ctx is done"},
	{Name: waitPkg + "PollUntil", Kind: Sink, Check: sleeploop, Params: pollUntil, Unbounded: true,
		Reason: "polls until the condition holds or stopCh is closed"},
	{Name: waitPkg + "PollUntilContextCancel", Kind: Sink, Check: sleeploop,
		Params: []Role{Deadline, Interval, Ignore, Callback}, Unbounded: true,
		Reason: "polls until the condition holds or ctx is done"},
	{Name: waitPkg + "PollUntilContextTimeout", Kind: Sink, Check: sleeploop,
		Params: []Role{Ignore, Interval, Timeout, Ignore, Callback},
		Reason: "polls every interval until the condition holds or the timeout expires"},
	{Name: waitPkg + "PollUntilWithContext", Kind: Sink, Check: sleeploop, Params: pollForeverCtx, Unbounded: true,
		Reason: "polls until the condition holds or ctx is done"},
	{Name: waitPkg + "PollWithContext", Kind: Sink, Check: sleeploop, Params: pollTimeoutCtx,
		Reason: "polls every interval until the condition holds or the timeout expires"},
	{Name: waitPkg + "Until", Kind: Sink, Check: sleeploop, Params: untilStop, Unbounded: true,
		Reason: "runs f every period until stopCh is closed"},
	{Name: waitPkg + "UntilWithContext", Kind: Sink, Check: sleeploop, Params: untilCtx, Unbounded: true,
		Reason: "runs f every period until ctx is done"},

	// k8s.io/client-go/util/retry: retries with backoff.
	{Name: retryPkg + "OnError", Kind: Sink, Check: sleeploop, Params: []Role{Backoff, Ignore, Callback},
		Reason: "sleeps between attempts for as long as the backoff allows"},
	{Name: retryPkg + "RetryOnConflict", Kind: Sink, Check: sleeploop, Params: []Role{Backoff, Callback},
		Reason: "sleeps between attempts for as long as the backoff allows"},

	// HTTP and dialing: they wait as long as the server or network lets them,
	// unless the client or dialer has a Timeout or the context a deadline.
	{Name: "(*net/http.Client).Do", Kind: Sink, Check: httptimeout, Recv: Client, Params: []Role{Request},
		Reason: "waits for the response for as long as the client's Timeout and the request's context allow"},
	{Name: "(*net/http.Client).Get", Kind: Sink, Check: httptimeout, Recv: Client, Why: noContext,
		Reason: "a request with no context: only the client's Timeout bounds it"},
	{Name: "(*net/http.Client).Head", Kind: Sink, Check: httptimeout, Recv: Client, Why: noContext,
		Reason: "a request with no context: only the client's Timeout bounds it"},
	{Name: "(*net/http.Client).Post", Kind: Sink, Check: httptimeout, Recv: Client, Why: noContext,
		Reason: "a request with no context: only the client's Timeout bounds it"},
	{Name: "(*net/http.Client).PostForm", Kind: Sink, Check: httptimeout, Recv: Client, Why: noContext,
		Reason: "a request with no context: only the client's Timeout bounds it"},
	{Name: "net/http.Get", Kind: Sink, Check: httptimeout, Why: defaultClient,
		Reason: "sends through http.DefaultClient, which has no Timeout, with no context"},
	{Name: "net/http.Head", Kind: Sink, Check: httptimeout, Why: defaultClient,
		Reason: "sends through http.DefaultClient, which has no Timeout, with no context"},
	{Name: "net/http.Post", Kind: Sink, Check: httptimeout, Why: defaultClient,
		Reason: "sends through http.DefaultClient, which has no Timeout, with no context"},
	{Name: "net/http.PostForm", Kind: Sink, Check: httptimeout, Why: defaultClient,
		Reason: "sends through http.DefaultClient, which has no Timeout, with no context"},
	{Name: "(*net/http.Transport).RoundTrip", Kind: Sink, Check: httptimeout, Params: []Role{Request},
		Why:    "a bare *http.Transport, which has no overall timeout",
		Reason: "a transport has no overall timeout: only the request's context bounds it"},
	{Name: "net.Dial", Kind: Sink, Check: httptimeout, Params: []Role{Network}, Why: "net.Dial, which has no timeout",
		Reason: "dials with no timeout and no context"},
	{Name: "(*net.Dialer).Dial", Kind: Sink, Check: httptimeout, Recv: Client, Params: []Role{Network}, Why: noContext,
		Reason: "dials with no context: only the dialer's Timeout bounds it"},
	{Name: "(*net.Dialer).DialContext", Kind: Sink, Check: httptimeout, Recv: Client, Params: []Role{Ctx, Network},
		Reason: "dials for as long as the dialer's Timeout and the context allow"},

	// SDKs whose requests do not go through a call the walk can follow.
	// hashicorp/go-retryablehttp (under Vault's, Consul's and many other
	// SDKs' API clients) sends each attempt through the client's HTTPClient
	// with the request's ctx and retries up to RetryMax times, each wait
	// up to RetryWaitMax and ending when that ctx is done. Those waits are
	// the client's configuration (Vault's: 2 retries of at most 1.5s), not
	// a wait the operator wrote: the walk stops at the request. Get, Head,
	// Post and PostForm make their request with context.Background().
	{Name: retryableClient + "Do", Kind: Sink, Check: httptimeout, Recv: Client, RecvPath: []string{"HTTPClient"},
		Params: []Role{Request}, Sink: "(*retryablehttp.Client).Do", Reason: retryableReason},
	{Name: retryableClient + "Get", Kind: Sink, Check: httptimeout, Recv: Client, RecvPath: []string{"HTTPClient"},
		Why: retryableBackground, Sink: "(*retryablehttp.Client).Get", Reason: retryableReason},
	{Name: retryableClient + "Head", Kind: Sink, Check: httptimeout, Recv: Client, RecvPath: []string{"HTTPClient"},
		Why: retryableBackground, Sink: "(*retryablehttp.Client).Head", Reason: retryableReason},
	{Name: retryableClient + "Post", Kind: Sink, Check: httptimeout, Recv: Client, RecvPath: []string{"HTTPClient"},
		Why: retryableBackground, Sink: "(*retryablehttp.Client).Post", Reason: retryableReason},
	{Name: retryableClient + "PostForm", Kind: Sink, Check: httptimeout, Recv: Client, RecvPath: []string{"HTTPClient"},
		Why: retryableBackground, Sink: "(*retryablehttp.Client).PostForm", Reason: retryableReason},

	// minio-go's GetObject returns at once: a goroutine of its own sends the
	// request when the object is first read (or Stat'ed), so the wait is the
	// caller's. The request goes through the client's httpClient, which
	// minio-go builds without a Timeout (its Options take only a
	// Transport), under the ctx given to GetObject.
	{Name: "(*github.com/minio/minio-go/v7.Client).GetObject", Kind: Sink, Check: httptimeout, Recv: Client, RecvPath: []string{"httpClient"},
		Params: []Role{Ctx}, Sink: "(*minio.Client).GetObject",
		Reason: "reading the object sends the request, from minio-go's goroutine, through the client's http.Client under ctx"},

	// Calls bounded only by their context.
	{Name: "(*os/exec.Cmd).Run", Kind: Sink, Check: ctxdeadline, Recv: Command,
		Reason: "waits for the command to exit; only CommandContext's context can stop it"},
	{Name: "(*os/exec.Cmd).Output", Kind: Sink, Check: ctxdeadline, Recv: Command,
		Reason: "waits for the command to exit; only CommandContext's context can stop it"},
	{Name: "(*os/exec.Cmd).CombinedOutput", Kind: Sink, Check: ctxdeadline, Recv: Command,
		Reason: "waits for the command to exit; only CommandContext's context can stop it"},
	{Name: "(*os/exec.Cmd).Wait", Kind: Sink, Check: ctxdeadline, Recv: Command,
		Reason: "waits for the command to exit; only CommandContext's context can stop it"},
	{Name: "(*database/sql.DB).ExecContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx, Statement, Statement},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.DB).QueryContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx, Statement, Statement},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.DB).QueryRowContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx, Statement, Statement},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.DB).PingContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.DB).BeginTx", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.Conn).ExecContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx, Statement, Statement},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.Conn).QueryContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx, Statement, Statement},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.Tx).ExecContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx, Statement, Statement},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.Tx).QueryContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx, Statement, Statement},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.Conn).QueryRowContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx, Statement, Statement},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.Conn).PingContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.Tx).QueryRowContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx, Statement, Statement},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.Stmt).ExecContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx, Statement},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.Stmt).QueryContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx, Statement},
		Reason: "waits for the database for as long as the context allows"},
	{Name: "(*database/sql.Stmt).QueryRowContext", Kind: Sink, Check: ctxdeadline, Recv: Driver, Params: []Role{Ctx, Statement},
		Reason: "waits for the database for as long as the context allows"},
	// database/sql's methods without a context run under context.Background().
	{Name: "(*database/sql.DB).Exec", Kind: Sink, Check: ctxdeadline, Recv: Driver, Why: sqlBackground, Params: []Role{Statement, Statement},
		Reason: "ExecContext under context.Background(): only the driver's own timeouts bound it"},
	{Name: "(*database/sql.DB).Query", Kind: Sink, Check: ctxdeadline, Recv: Driver, Why: sqlBackground, Params: []Role{Statement, Statement},
		Reason: "QueryContext under context.Background(): only the driver's own timeouts bound it"},
	{Name: "(*database/sql.DB).QueryRow", Kind: Sink, Check: ctxdeadline, Recv: Driver, Why: sqlBackground, Params: []Role{Statement, Statement},
		Reason: "QueryRowContext under context.Background(): only the driver's own timeouts bound it"},
	{Name: "(*database/sql.DB).Ping", Kind: Sink, Check: ctxdeadline, Recv: Driver, Why: sqlBackground,
		Reason: "PingContext under context.Background(): only the driver's own timeouts bound it"},
	{Name: "(*database/sql.DB).Begin", Kind: Sink, Check: ctxdeadline, Recv: Driver, Why: sqlBackground,
		Reason: "BeginTx under context.Background(): only the driver's own timeouts bound it"},
	{Name: "(*database/sql.DB).Prepare", Kind: Sink, Check: ctxdeadline, Recv: Driver, Why: sqlBackground,
		Reason: "PrepareContext under context.Background(): only the driver's own timeouts bound it"},
	{Name: "(*database/sql.Tx).Exec", Kind: Sink, Check: ctxdeadline, Recv: Driver, Why: sqlBackground, Params: []Role{Statement, Statement},
		Reason: "ExecContext under context.Background(): only the driver's own timeouts bound it"},
	{Name: "(*database/sql.Tx).Query", Kind: Sink, Check: ctxdeadline, Recv: Driver, Why: sqlBackground, Params: []Role{Statement, Statement},
		Reason: "QueryContext under context.Background(): only the driver's own timeouts bound it"},
	{Name: "(*database/sql.Tx).QueryRow", Kind: Sink, Check: ctxdeadline, Recv: Driver, Why: sqlBackground, Params: []Role{Statement, Statement},
		Reason: "QueryRowContext under context.Background(): only the driver's own timeouts bound it"},
	{Name: "(*database/sql.Stmt).Exec", Kind: Sink, Check: ctxdeadline, Recv: Driver, Why: sqlBackground, Params: []Role{Statement},
		Reason: "ExecContext under context.Background(): only the driver's own timeouts bound it"},
	{Name: "(*database/sql.Stmt).Query", Kind: Sink, Check: ctxdeadline, Recv: Driver, Why: sqlBackground, Params: []Role{Statement},
		Reason: "QueryContext under context.Background(): only the driver's own timeouts bound it"},
	{Name: "(*database/sql.Stmt).QueryRow", Kind: Sink, Check: ctxdeadline, Recv: Driver, Why: sqlBackground, Params: []Role{Statement},
		Reason: "QueryRowContext under context.Background(): only the driver's own timeouts bound it"},
	{Name: "(*google.golang.org/grpc.ClientConn).Invoke", Kind: Sink, Check: ctxdeadline, Params: []Role{Ctx},
		Reason: "a unary RPC waits for as long as the context allows"},
	{Name: "(*google.golang.org/grpc.ClientConn).NewStream", Kind: Sink, Check: ctxdeadline, Params: []Role{Ctx},
		Reason: "a stream lives for as long as the context allows"},

	// Bounded APIs: the walk stops here.
	{Name: "sigs.k8s.io/controller-runtime/pkg/client/...", Kind: Bounded,
		Reason: "the API server bounds each request, and the cached reader does no I/O"},
	{Name: "k8s.io/client-go/kubernetes/...", Kind: Bounded,
		Reason: "typed clients: the API server bounds each request"},
	{Name: "k8s.io/client-go/rest/...", Kind: Bounded,
		Reason: "the REST client under the typed clients: the API server bounds each request, and its retries are capped and wait under the request's context"},
	{Name: "k8s.io/client-go/dynamic/...", Kind: Bounded,
		Reason: "the dynamic client: requests to the API server, as the typed clients"},
	{Name: "k8s.io/client-go/listers/...", Kind: Bounded,
		Reason: "listers read the informer cache and do no I/O"},
	// kin-openapi's Loader reads external references ($ref to another
	// document) only when IsExternalRefsAllowed is set, which NewLoader and
	// the zero Loader leave off; LoadFromData, given no location, then reads
	// nothing: every path to its reader runs behind that flag or behind a
	// nil location. (LoadFromURI, LoadFromFile and LoadFromDataWithPath do
	// read, through the Loader's ReadFromURIFunc or the package default on
	// http.DefaultClient, and are not modelled.)
	{Name: "(*github.com/getkin/kin-openapi/openapi3.Loader).LoadFromData", Kind: Bounded,
		Reason: "parses bytes; external references are read only when IsExternalRefsAllowed is set, off by default"},
	{Name: "github.com/go-logr/logr/...", Kind: Bounded,
		Reason: "logging does not wait"},
	{Name: "k8s.io/klog/v2/...", Kind: Bounded,
		Reason: "logging does not wait"},
}

// Backoffs are the package-level backoffs whose values the engine knows.
var Backoffs = []BackoffValue{
	{Name: retryPkg + "DefaultBackoff", Steps: 4, Duration: 10 * time.Millisecond, Factor: 5, Jitter: 0.1,
		Reason: "client-go's default for calls that may fail transiently"},
	{Name: retryPkg + "DefaultRetry", Steps: 5, Duration: 10 * time.Millisecond, Factor: 1, Jitter: 0.1,
		Reason: "client-go's default for conflict retries"},
}

// SDKHTTPClient is the path element that follows an SDK's client (a
// Type of SDKClients) to the HTTP client its requests go through.
const SDKHTTPClient = "(its HTTP client)"

var sdkHTTP = []string{SDKHTTPClient}

// azblobSinks are the Azure Blob client's request methods, one sink each.
func azblobSinks() []Func {
	var sinks []Func
	for _, m := range []string{"CreateContainer", "DeleteBlob", "DeleteContainer", "DownloadBuffer", "DownloadFile",
		"DownloadStream", "UploadBuffer", "UploadFile", "UploadStream"} {
		sinks = append(sinks, Func{Name: azblobClient + m, Kind: Sink, Check: httptimeout, Recv: Client, RecvPath: sdkHTTP,
			Params: []Role{Ctx}, Sink: "(*azblob.Client)." + m, Reason: azblobReason})
	}
	return sinks
}

const (
	retryablePkg        = "github.com/hashicorp/go-retryablehttp"
	retryableClient     = "(*" + retryablePkg + ".Client)."
	retryableReason     = "sends the request through the client's HTTPClient under the request's ctx; its retries wait as the client is configured, until that ctx is done"
	retryableBackground = "retryablehttp.NewRequest, which uses context.Background()"
)

const (
	azblobPkg    = "github.com/Azure/azure-sdk-for-go/sdk/storage/azblob"
	azblobClient = "(*" + azblobPkg + ".Client)."
	azblobReason = "sends the request through the client's pipeline, bounded only by its HTTP client's Timeout, a per-try timeout and ctx"
)

// SDKClient is an SDK's constructor whose client sends every request
// through the HTTP client its options hold, at Path below parameter
// Param, or through Fallback when the options hold none: an SDK whose
// requests go through a pipeline of interfaces the walk cannot follow.
type SDKClient struct {
	Name     string // the constructor
	Type     string // the client it returns, "pkg/path.Type"
	Param    int
	Path     []string
	Fallback string
	// TryTimeout, below Param, is a per-try timeout that bounds each
	// request when it is set.
	TryTimeout []string
	Reason     string
}

// azcore (under every Azure SDK client) sends through
// ClientOptions.Transport, an *http.Client as a rule, else through its
// default http.Client, which has dial and TLS timeouts but no Timeout;
// RetryOptions.TryTimeout is disabled unless set.
var azblobOptions = []string{"ClientOptions", "Transport"}
var azblobTry = []string{"ClientOptions", "Retry", "TryTimeout"}

const (
	azcoreDefault = "azcore's default http.Client, which has no Timeout"
	azcoreReason  = "azcore sends through ClientOptions.Transport, or its default http.Client (no Timeout) when nil; RetryOptions.TryTimeout bounds each try when set"
)

// SDKClients are the constructors of SDK clients whose requests the engine
// follows to the HTTP client their options hold.
var SDKClients = []SDKClient{
	{Name: azblobPkg + ".NewClient", Type: azblobPkg + ".Client", Param: 2, Path: azblobOptions, Fallback: azcoreDefault, TryTimeout: azblobTry, Reason: azcoreReason},
	{Name: azblobPkg + ".NewClientFromConnectionString", Type: azblobPkg + ".Client", Param: 1, Path: azblobOptions, Fallback: azcoreDefault, TryTimeout: azblobTry, Reason: azcoreReason},
	{Name: azblobPkg + ".NewClientWithNoCredential", Type: azblobPkg + ".Client", Param: 1, Path: azblobOptions, Fallback: azcoreDefault, TryTimeout: azblobTry, Reason: azcoreReason},
	{Name: azblobPkg + ".NewClientWithSharedKeyCredential", Type: azblobPkg + ".Client", Param: 2, Path: azblobOptions, Fallback: azcoreDefault, TryTimeout: azblobTry, Reason: azcoreReason},
}

// SDKClientOf returns the SDKClients entry of the constructor of that full
// name, or nil.
func SDKClientOf(name string) *SDKClient {
	for i := range SDKClients {
		if SDKClients[i].Name == name {
			return &SDKClients[i]
		}
	}
	return nil
}

// IsSDKClientType reports whether pkgPath.name is the Type of an entry of
// SDKClients.
func IsSDKClientType(pkgPath, name string) bool {
	for _, c := range SDKClients {
		if c.Type == pkgPath+"."+name {
			return true
		}
	}
	return false
}

// Carrier is a function whose result, an *http.Request or an *exec.Cmd,
// carries a context: the one passed as parameter Ctx (after any receiver),
// or none when Ctx is -1, for the reason Why.
type Carrier struct {
	Name string
	Ctx  int
	Why  string
}

// Carriers are the ways requests and commands get their contexts.
var Carriers = []Carrier{
	{Name: "net/http.NewRequestWithContext", Ctx: 0},
	{Name: "(*net/http.Request).WithContext", Ctx: 0},
	{Name: "(*net/http.Request).Clone", Ctx: 0},
	{Name: "os/exec.CommandContext", Ctx: 0},
	{Name: "net/http.NewRequest", Ctx: -1, Why: "http.NewRequest, which uses context.Background()"},
	{Name: retryablePkg + ".NewRequestWithContext", Ctx: 0},
	{Name: retryablePkg + ".NewRequest", Ctx: -1, Why: retryableBackground},
	{Name: "os/exec.Command", Ctx: -1, Why: "exec.Command, which has no context"},
}

// CtxWrappers return a context derived from their first argument with the
// same deadline: they attach a value (a logger, a span, gRPC metadata), as
// context.WithValue does. Loggers and tracers are modelled as bounded, so
// without this table the walk would know nothing of the ctx they return,
// and `ctx = log.IntoContext(ctx, logger)` at the top of a Reconcile would
// hide every ctx below it. A name may be a function, an interface method
// (its result 0 is the ctx) or a package variable holding one
// (controller-runtime's ctrl.LoggerInto).
var CtxWrappers = []string{
	"github.com/go-logr/logr.NewContext",
	"github.com/go-logr/logr.NewContextWithSlogLogger",
	"k8s.io/klog/v2.NewContext",
	"sigs.k8s.io/controller-runtime/pkg/log.IntoContext",
	"sigs.k8s.io/controller-runtime.LoggerInto",
	"go.opentelemetry.io/otel/trace.ContextWithSpan",
	"go.opentelemetry.io/otel/trace.ContextWithSpanContext",
	"go.opentelemetry.io/otel/trace.ContextWithRemoteSpanContext",
	"(go.opentelemetry.io/otel/trace.Tracer).Start",
	"go.opentelemetry.io/otel/baggage.ContextWithBaggage",
	"google.golang.org/grpc/metadata.NewOutgoingContext",
	"google.golang.org/grpc/metadata.AppendToOutgoingContext",
	"google.golang.org/grpc/metadata.NewIncomingContext",
}

// IsCtxWrapper reports whether the function, method or variable of that
// full name is one of CtxWrappers.
func IsCtxWrapper(name string) bool { return slices.Contains(CtxWrappers, name) }

// CarrierOf returns the carrier of that full name, or nil.
func CarrierOf(name string) *Carrier {
	for i := range Carriers {
		if Carriers[i].Name == name {
			return &Carriers[i]
		}
	}
	return nil
}

// CenkaltiPkgs are the major versions of github.com/cenkalti/backoff whose
// Retry functions are modelled (see cenkaltiSinks).
var CenkaltiPkgs = []string{"github.com/cenkalti/backoff/v4", "github.com/cenkalti/backoff/v5"}

// cenkaltiSinks are cenkalti/backoff's retry functions: each calls the
// operation until it succeeds, sleeping between attempts for as long as the
// BackOff says, until its retries or its elapsed-time limit run out. v4
// takes the BackOff; v5 takes its ctx (a deadline ends the retries) and
// options, whose elapsed-time limit is 15 minutes unless set.
func cenkaltiSinks() []Func {
	const reason = "sleeps between attempts of the operation for as long as the BackOff allows: its retries or elapsed-time limit"
	v4, v5 := CenkaltiPkgs[0]+".", CenkaltiPkgs[1]+"."
	var sinks []Func
	for name, params := range map[string][]Role{
		"Retry":                       {Callback, RetryPolicy},
		"RetryWithData":               {Callback, RetryPolicy},
		"RetryNotify":                 {Callback, RetryPolicy},
		"RetryNotifyWithData":         {Callback, RetryPolicy},
		"RetryNotifyWithTimer":        {Callback, RetryPolicy},
		"RetryNotifyWithTimerAndData": {Callback, RetryPolicy},
	} {
		sinks = append(sinks, Func{Name: v4 + name, Kind: Sink, Check: sleeploop, Params: params, Sink: "backoff." + name, Reason: reason})
	}
	sinks = append(sinks, Func{Name: v5 + "Retry", Kind: Sink, Check: sleeploop, Params: []Role{Deadline, Callback, RetryPolicy},
		Sink: "backoff.Retry", Reason: reason + "; v5's default limit is 15 minutes, and a deadline on ctx ends it"})
	slices.SortFunc(sinks, func(a, b Func) int { return strings.Compare(a.Name, b.Name) })
	return sinks
}
