package highlight

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
)

// Colours only, no bold or italic: a bold glyph can be wider than a regular
// one in some monospace fonts, which would push the coloured layer out of
// line with the textarea on top of it.

// Light is the light theme.
var Light = chroma.MustNewStyle("acap-light", chroma.StyleEntries{
	chroma.Background:          "#1f2328 bg:#ffffff",
	chroma.Error:               "#cf222e bg:#ffebe9",
	chroma.Other:               "#8c959f",
	chroma.CommentSingle:       "#6e7781",
	chroma.CommentPreproc:      "#8250df",
	chroma.NameTag:             "#0550ae",
	chroma.Punctuation:         "#57606a",
	chroma.LiteralString:       "#0a3069",
	chroma.LiteralStringOther:  "#116329",
	chroma.Operator:            "#cf222e",
	chroma.NameAttribute:       "#953800",
	chroma.LiteralStringSymbol: "#0a3069",
	chroma.NameVariable:        "#8250df",
	chroma.NameFunction:        "#6639ba",
	chroma.NameBuiltin:         "#0550ae",
})

// Dark is the dark theme.
var Dark = chroma.MustNewStyle("acap-dark", chroma.StyleEntries{
	chroma.Background:          "#e6edf3 bg:#0d1117",
	chroma.Error:               "#ffa198 bg:#490202",
	chroma.Other:               "#6e7681",
	chroma.CommentSingle:       "#8b949e",
	chroma.CommentPreproc:      "#d2a8ff",
	chroma.NameTag:             "#79c0ff",
	chroma.Punctuation:         "#8b949e",
	chroma.LiteralString:       "#a5d6ff",
	chroma.LiteralStringOther:  "#7ee787",
	chroma.Operator:            "#ff7b72",
	chroma.NameAttribute:       "#ffa657",
	chroma.LiteralStringSymbol: "#a5d6ff",
	chroma.NameVariable:        "#d2a8ff",
	chroma.NameFunction:        "#d2a8ff",
	chroma.NameBuiltin:         "#79c0ff",
})

// CSS returns the style sheet for both themes: the light one applies by
// default and the dark one under an element with data-theme="dark".
func CSS() (string, error) {
	var light, dark strings.Builder
	if err := formatter.WriteCSS(&light, Light); err != nil {
		return "", err
	}
	if err := formatter.WriteCSS(&dark, Dark); err != nil {
		return "", err
	}
	// Scope every dark rule; the selectors are constants made by chroma
	// from our own class prefix, never user text.
	d := strings.ReplaceAll(dark.String(), ".chroma", `[data-theme="dark"] .chroma`)
	d = strings.ReplaceAll(d, ".bg ", `[data-theme="dark"] .bg `)
	return "/* generated from app/highlight/style.go */\n" + light.String() + d, nil
}
