module github.com/acap-workbench/workbench

go 1.25.0

require (
	github.com/alecthomas/chroma/v2 v2.27.0
	github.com/maxence-charriere/go-app/v10 v10.1.11
)

require (
	github.com/dlclark/regexp2/v2 v2.2.1 // indirect
	github.com/google/uuid v1.6.0 // indirect
)
