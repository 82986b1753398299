// Package config builds the optsdk client with both options set: the token
// exchange on http.DefaultClient and the retry wait run (authctl and
// retryctl report them).
package config

import "example.com/optsdk"

func NewClient(org string) *optsdk.APIClient {
	cfg := optsdk.NewConfiguration()
	cfg.RetryConfiguration.EnableRetry = true
	cfg.DelegatedTokenConfig = &optsdk.DelegatedTokenConfig{OrgUUID: org}
	return optsdk.NewAPIClient(cfg)
}
