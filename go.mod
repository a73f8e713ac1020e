module github.com/acap-workbench/workbench

go 1.25.0

require (
	github.com/alecthomas/chroma/v2 v2.27.0
	github.com/andybalholm/brotli v1.2.4
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.22.1
	github.com/jimsmart/grobotstxt v1.0.3
	github.com/maxence-charriere/go-app/v10 v10.1.11
	github.com/temoto/robotstxt v1.1.2
	golang.org/x/net v0.47.0
)

require (
	github.com/dlclark/regexp2/v2 v2.2.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/google/uuid v1.6.0 // indirect
)
