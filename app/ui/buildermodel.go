package ui

import (
	"errors"
	"strings"

	"github.com/acap-workbench/workbench/app/directory"
	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/intent"
)

// The policy builder's model: the rows it offers (groups of the crawler
// directory, the crawlers the file names, every other crawler), the state
// of its cells, and the intent they make.

// builderRow is one row of the builder: a group of crawlers by what they
// do, one crawler the file names, or every other crawler.
type builderRow struct {
	Key      string // stable: the group's name, "file:<token>" or "*"
	Name     string
	Note     string // what the group holds, for people
	Crawlers []string
	Uses     []policy.Category
}

// builderCell is what the publisher chose for one row and one column:
// a value, and the text of the scope field ("/archive/, /open/ yes").
type builderCell struct {
	Value  intent.Value
	Scopes string
}

// searchEngines are the classic search crawlers of the table of
// well-known tokens: they fetch for search, and their operators' AI
// answers follow what they crawl.
var searchEngines = []string{"Googlebot", "bingbot", "Applebot"}

// builderColumns are the columns shown: today's categories, then (when
// acap) every ACAP usage.
func builderColumns(acap bool) []intent.Column {
	var cs []intent.Column
	for _, c := range policy.Categories() {
		cs = append(cs, intent.CategoryColumn(c))
	}
	if acap {
		for _, u := range policy.Usages() {
			cs = append(cs, intent.UsageColumn(u))
		}
	}
	return cs
}

// builderRows groups the crawlers of the well-known table and of the
// directory (dir may be nil while it loads) by use, then adds each crawler
// the file names that no group holds, then every other crawler. A token
// goes to the first group that takes it.
func builderRows(dir []directory.Entry, f *policy.File) []builderRow {
	train := []policy.Category{policy.CategoryTrainAI}
	rows := []builderRow{
		{Key: "search", Name: "Search engines", Note: "classic search crawlers"},
		{Key: "train", Name: "AI training crawlers", Note: "collect pages to train AI models", Uses: train},
		{Key: "ai", Name: "AI search and assistants", Note: "fetch pages for AI answers and AI search",
			Uses: []policy.Category{policy.CategorySearch, policy.CategoryAIInput}},
		{Key: "user", Name: "User-triggered agents", Note: "fetch a page when a person asks",
			Uses: []policy.Category{policy.CategoryAIInput}},
		{Key: "purpose", Name: "Per-purpose tokens", Note: "fetch nothing; speak for what the operator's other crawlers fetch"},
		{Key: "other", Name: "Other AI crawlers", Note: "other or undocumented uses"},
	}
	taken := map[string]bool{"*": true}
	add := func(i int, name string) {
		tok := strings.ToLower(intent.ProductToken(name))
		if tok == "" || taken[tok] {
			return
		}
		taken[tok] = true
		rows[i].Crawlers = append(rows[i].Crawlers, name)
	}
	rowOfUse := func(u directory.Use, purpose bool) int {
		switch {
		case purpose:
			return 4
		case u == directory.UseTraining:
			return 1
		case u == directory.UseSearch, u == directory.UseAIInput:
			return 2
		case u == directory.UseUserRequest:
			return 3
		}
		return 5
	}
	for _, n := range searchEngines {
		add(0, n)
	}
	for _, k := range directory.KnownCrawlers() {
		add(rowOfUse(k.Use, k.Purpose), k.Token)
	}
	for _, e := range dir {
		add(rowOfUse(e.Use, false), e.Token)
	}
	out := rows[:0]
	for _, r := range rows {
		if len(r.Crawlers) > 0 {
			out = append(out, r)
		}
	}
	if f != nil {
		for _, n := range f.Crawlers() {
			tok := strings.ToLower(intent.ProductToken(n))
			if tok == "" || taken[tok] {
				continue
			}
			taken[tok] = true
			out = append(out, builderRow{Key: "file:" + tok, Name: n, Note: "named in your file", Crawlers: []string{n}})
		}
	}
	return append(out, builderRow{Key: "*", Name: "Every other crawler", Note: "User-agent: *", Crawlers: []string{intent.AnyCrawler}})
}

// builderCellKey names a cell in the builder's state.
func builderCellKey(row string, col intent.Column) string { return row + "\x00" + col.String() }

// builderIntent makes the intent of the rows where something is stated
// (a value or a scope); rows where everything is "not stated" are left
// out, so the builder leaves what the file says for them as it is.
func builderIntent(rows []builderRow, cols []intent.Column, cells map[string]builderCell) (*intent.Intent, error) {
	in := &intent.Intent{}
	var errs []string
	for _, r := range rows {
		row := intent.Row{Name: r.Name, Crawlers: r.Crawlers, Uses: r.Uses}
		for _, col := range cols {
			bc, ok := cells[builderCellKey(r.Key, col)]
			if !ok || (bc.Value == intent.NotStated && strings.TrimSpace(bc.Scopes) == "") {
				continue
			}
			scopes, err := parseScopes(bc.Scopes, bc.Value)
			if err != nil {
				errs = append(errs, r.Name+", "+col.String()+": "+err.Error())
				continue
			}
			row.Cells = append(row.Cells, intent.Cell{Column: col, Value: bc.Value, Scopes: scopes})
		}
		if len(row.Cells) > 0 {
			in.Rows = append(in.Rows, row)
		}
	}
	if len(errs) > 0 {
		return nil, errors.New(strings.Join(errs, " "))
	}
	return in, nil
}

// parseScopes reads a scope field: path prefixes separated by commas,
// semicolons or new lines, each followed by an optional value (yes, no,
// "not stated"). A path without a value takes the opposite of the cell's
// value ("except /archive/"); the word "except" may lead the field.
func parseScopes(text string, cell intent.Value) ([]intent.Scope, error) {
	var out []intent.Scope
	items := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ';' || r == '\n' })
	for _, it := range items {
		it = strings.ReplaceAll(it, "=", " ") // "/archive/=no"
		ws := strings.Fields(strings.ToLower(it))
		if len(ws) > 0 && (ws[0] == "except" || ws[0] == "but" || ws[0] == "not") {
			ws = ws[1:]
		}
		if len(ws) > 0 && ws[0] == "not" {
			ws = ws[1:]
		}
		if len(ws) == 0 {
			continue
		}
		// Paths keep their case: take the path from the original text.
		path := ""
		for _, w := range strings.Fields(it) {
			if strings.HasPrefix(w, "/") {
				path = w
				break
			}
		}
		if path == "" {
			return nil, errors.New("“" + strings.TrimSpace(it) + "” has no path: write a path that starts with /, such as /archive/.")
		}
		v, err := scopeValue(ws[1:], cell)
		if err != nil {
			return nil, errors.New("after " + path + ": " + err.Error())
		}
		out = append(out, intent.Scope{Path: path, Value: v})
	}
	return out, nil
}

// scopeValue reads the words after a scope's path.
func scopeValue(ws []string, cell intent.Value) (intent.Value, error) {
	switch strings.Join(ws, " ") {
	case "":
		switch cell {
		case intent.Yes:
			return intent.No, nil
		case intent.No:
			return intent.Yes, nil
		}
		return 0, errors.New("say yes or no (the cell itself is not stated, so there is nothing to make an exception to).")
	case "yes", "y":
		return intent.Yes, nil
	case "no", "n":
		return intent.No, nil
	case "not stated", "unstated", "-":
		return intent.NotStated, nil
	}
	return 0, errors.New("write yes, no or “not stated”.")
}

// builderValueWord is the word a cell's control shows for a value.
func builderValueWord(v intent.Value) string {
	switch v {
	case intent.Yes:
		return "yes"
	case intent.No:
		return "no"
	}
	return "not stated"
}
