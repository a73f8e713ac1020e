//go:build !wasm

package main

import (
	"fmt"
	"os"
	"strings"
)

// appJSRewrites are the changes Build makes to the app.js go-app writes.
// Each old text must be found exactly once, or the build fails: a newer
// go-app must not silently lose them.
var appJSRewrites = []struct{ name, old, new string }{
	{
		// The loading label counts megabytes of app.wasm (see loadingLabel)
		// instead of a percentage.
		"progress in megabytes",
		"progess(Math.round((loaded * 100) / total));",
		"progess((loaded / 1e6).toFixed(1)); // acap-workbench: megabytes",
	},
}

// rewriteAppJS applies appJSRewrites to the app.js at path.
func rewriteAppJS(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	for _, r := range appJSRewrites {
		if n := strings.Count(s, r.old); n != 1 {
			return fmt.Errorf("%s: go-app's app.js changed: the text for %q is found %d times instead of once; update appJSRewrites", path, r.name, n)
		}
		s = strings.Replace(s, r.old, r.new, 1)
	}
	return os.WriteFile(path, []byte(s), 0o644)
}
