// Command wasm is the ACAP Workbench. Built for the browser
// (GOOS=js GOARCH=wasm) it runs the editor; built natively it writes the
// static site (build) or serves a built one (serve).
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/ui"
)

func main() {
	app.Route("/", func() app.Composer { return &ui.Workbench{} })
	app.RunWhenOnBrowser()
	serverMain()
}
