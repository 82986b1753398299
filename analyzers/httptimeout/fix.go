package httptimeout

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// addTimeout suggests adding `Timeout: 10 * time.Second` to the composite
// literal at lbrace. It edits the text, gofmts the file and keeps the
// smallest region that changed, so that the fixed file stays gofmt-clean.
func addTimeout(pass *analysis.Pass, lbrace token.Pos) []analysis.SuggestedFix {
	if !lbrace.IsValid() {
		return nil
	}
	for _, file := range pass.Files {
		if file.FileStart > lbrace || lbrace > file.FileEnd {
			continue
		}
		lit := findLiteral(file, lbrace)
		if lit == nil {
			return nil
		}
		tokFile := pass.Fset.File(file.FileStart)
		src, err := os.ReadFile(tokFile.Name())
		if err != nil {
			return nil
		}
		insert := "Timeout: 10 * time.Second"
		if len(lit.Elts) > 0 {
			insert = ", " + insert
			if pass.Fset.Position(lit.Rbrace).Line != pass.Fset.Position(lit.Elts[len(lit.Elts)-1].End()).Line {
				insert = "\nTimeout: 10 * time.Second,\n"
			}
		}
		at := tokFile.Offset(lit.Rbrace)
		if len(lit.Elts) > 0 && insert[0] == ',' {
			at = tokFile.Offset(lit.Elts[len(lit.Elts)-1].End())
		}
		edited := append(append(append([]byte{}, src[:at]...), insert...), src[at:]...)
		if !importsTime(file) {
			edited = addImport(pass, file, edited)
			if edited == nil {
				return nil
			}
		}
		formatted, err := format.Source(edited)
		if err != nil {
			return nil
		}
		start, end, text := smallestChange(src, formatted)
		return []analysis.SuggestedFix{{
			Message: "Add Timeout: 10 * time.Second to the http.Client",
			TextEdits: []analysis.TextEdit{{
				Pos:     tokFile.Pos(start),
				End:     tokFile.Pos(end),
				NewText: text,
			}},
		}}
	}
	return nil
}

func findLiteral(file *ast.File, lbrace token.Pos) *ast.CompositeLit {
	var found *ast.CompositeLit
	ast.Inspect(file, func(n ast.Node) bool {
		if lit, ok := n.(*ast.CompositeLit); ok && lit.Lbrace == lbrace {
			found = lit
		}
		return found == nil
	})
	return found
}

func importsTime(file *ast.File) bool {
	for _, imp := range file.Imports {
		if imp.Path.Value == `"time"` && (imp.Name == nil || imp.Name.Name == "time") {
			return true
		}
	}
	return false
}

// addImport adds `import "time"` to src: re-parsed, with astutil, printed.
func addImport(pass *analysis.Pass, file *ast.File, src []byte) []byte {
	fset := token.NewFileSet()
	parsed, err := parseFile(fset, pass.Fset.File(file.FileStart).Name(), src)
	if err != nil {
		return nil
	}
	astutil.AddImport(fset, parsed, "time")
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, parsed); err != nil {
		return nil
	}
	return buf.Bytes()
}

// smallestChange returns the byte range of a that differs from b, and b's
// text for it.
func smallestChange(a, b []byte) (start, end int, text []byte) {
	for start < len(a) && start < len(b) && a[start] == b[start] {
		start++
	}
	ea, eb := len(a), len(b)
	for ea > start && eb > start && a[ea-1] == b[eb-1] {
		ea--
		eb--
	}
	return start, ea, b[start:eb]
}
