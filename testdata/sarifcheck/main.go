// Command sarifcheck validates SARIF logs against the SARIF 2.1.0 JSON
// schema with a real JSON-schema validator. It is a module of its own so
// that reconcilelint does not depend on the validator.
//
//	go run . ../sarif-schema-2.1.0.json log.sarif...
package main

import (
	"fmt"
	"os"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: sarifcheck schema.json log.sarif...")
		os.Exit(2)
	}
	compiler := jsonschema.NewCompiler()
	schema, err := compiler.Compile(os.Args[1])
	if err != nil {
		fmt.Fprintf(os.Stderr, "sarifcheck: schema: %v\n", err)
		os.Exit(2)
	}
	failed := false
	for _, name := range os.Args[2:] {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(os.Stderr, "sarifcheck: %v\n", err)
			os.Exit(2)
		}
		doc, err := jsonschema.UnmarshalJSON(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(os.Stderr, "sarifcheck: %s: %v\n", name, err)
			os.Exit(2)
		}
		if err := schema.Validate(doc); err != nil {
			fmt.Fprintf(os.Stderr, "sarifcheck: %s does not conform:\n%v\n", name, err)
			failed = true
			continue
		}
		fmt.Printf("%s: valid SARIF 2.1.0\n", name)
	}
	if failed {
		os.Exit(1)
	}
}
