package intent

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/acap-workbench/workbench/policy"
)

// AnyCrawler is the crawler name of the row for every crawler no other
// group names: written as "User-agent: *" and "ACAP-crawler: *".
const AnyCrawler = "*"

// Value is what the publisher says about one use: yes, no, or nothing.
type Value uint8

// The values. NotStated is the zero value: the file states no preference
// (today's vocabularies have a word for that; ACAP has not).
const (
	NotStated Value = iota
	Yes
	No
)

// String returns "yes", "no" or "not stated".
func (v Value) String() string {
	switch v {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "not stated"
}

// Column is what a cell speaks of: one of today's categories (search,
// train-ai, ai-input) or, for publishers who speak ACAP, an ACAP usage.
// Exactly one of the two is set.
type Column struct {
	Category policy.Category
	Usage    policy.Usage
}

// CategoryColumn is the column of one of today's categories.
func CategoryColumn(c policy.Category) Column { return Column{Category: c} }

// UsageColumn is the column of an ACAP usage.
func UsageColumn(u policy.Usage) Column { return Column{Usage: u} }

// String names the column as its vocabulary writes it ("train-ai",
// "present-snippet").
func (c Column) String() string {
	if c.Category != policy.CategoryNone {
		return c.Category.String()
	}
	return c.Usage.String()
}

// Scope gives a cell another value under a path: every URL path that
// starts with Path. Paths are plain prefixes ("/archive/"); they hold no
// wildcard ('*', '$'), space, '#' or '%'.
type Scope struct {
	Path  string
	Value Value
}

// Cell is the publisher's answer for one row and one column: Value for
// every path outside the scopes, and each scope's value under its path.
// The longest scope path that a URL path starts with decides, so scopes
// nest: "no under /archive/, yes under /archive/open/".
type Cell struct {
	Column Column
	Value  Value
	Scopes []Scope
}

// At returns the cell's value for a URL path.
func (c *Cell) At(path string) Value {
	v, best := c.Value, -1
	for _, s := range c.Scopes {
		if len(s.Path) > best && strings.HasPrefix(path, s.Path) {
			v, best = s.Value, len(s.Path)
		}
	}
	return v
}

// Row is one line of the builder: a group of crawlers (a directory group,
// a single crawler, or AnyCrawler alone) and its cells.
type Row struct {
	// Name names the row for people ("AI training crawlers").
	Name string
	// Crawlers are the crawlers the row speaks of, by product token or
	// by a name that starts with one (as the crawler directory names
	// them: "Brightbot 1.0" is written as Brightbot, see ProductToken),
	// or AnyCrawler alone. Names with the same token are one crawler.
	// Per-purpose tokens (Google-Extended, Applebot-Extended) may be
	// listed: they are written as their own groups.
	Crawlers []string
	// Uses are the categories the row's crawlers fetch for ("an AI
	// training crawler fetches for train-ai"); empty means all three.
	// A crawler is disallowed where every one of its uses is refused and
	// nothing is allowed.
	Uses []policy.Category
	// Cells are the row's answers; a column without a cell is not stated.
	Cells []Cell
}

// Cell returns the row's cell for a column, or nil.
func (r *Row) Cell(c Column) *Cell {
	for i := range r.Cells {
		if r.Cells[i].Column == c {
			return &r.Cells[i]
		}
	}
	return nil
}

// At returns the row's value for a column and a URL path.
func (r *Row) At(c Column, path string) Value {
	if cell := r.Cell(c); cell != nil {
		return cell.At(path)
	}
	return NotStated
}

// Tokens returns the product tokens of the row's crawlers, each once
// (compared without case, the first spelling kept), in the row's order.
func (r *Row) Tokens() []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range r.Crawlers {
		t := ProductToken(c)
		if t == "" || seen[strings.ToLower(t)] {
			continue
		}
		seen[strings.ToLower(t)] = true
		out = append(out, t)
	}
	return out
}

// ProductToken returns the product token a crawler name starts with, as
// crawlers read a User-agent value: AnyCrawler for "*", else the leading
// run of letters, digits, '_', '-' and '.' ("" when there is none).
func ProductToken(name string) string {
	name = strings.TrimSpace(name)
	if name == AnyCrawler {
		return name
	}
	n := 0
	for n < len(name) && isToken(name[n:n+1]) {
		n++
	}
	return name[:n]
}

// Any reports whether the row is the one for every other crawler.
func (r *Row) Any() bool { return len(r.Crawlers) == 1 && ProductToken(r.Crawlers[0]) == AnyCrawler }

// Intent is what the publisher wants: rows of crawlers × columns of use.
type Intent struct {
	Rows []Row
}

// Validate reports what makes the intent unwritable: a row without
// crawlers, a crawler name that does not start with a product token, a
// crawler (by token) in two rows, AnyCrawler beside other names, a cell for a column
// that is neither a category nor a usage (or twice in a row), a scope path
// that is not a plain prefix, the same path twice in a cell, or two scope
// paths of a row that differ only in case (ACAP compares paths without
// case, the other readings with it, so they could not say the same).
func (in *Intent) Validate() error {
	var errs []error
	seen := map[string]int{}
	for i := range in.Rows {
		r := &in.Rows[i]
		where := fmt.Sprintf("row %d (%s)", i+1, r.Name)
		if len(r.Crawlers) == 0 {
			errs = append(errs, errors.New(where+": no crawler"))
		}
		for _, c := range r.Crawlers {
			t := ProductToken(c)
			switch {
			case t == AnyCrawler && len(r.Crawlers) > 1:
				errs = append(errs, errors.New(where+": * stands alone in its row"))
			case t == "":
				errs = append(errs, fmt.Errorf("%s: %q does not start with a product token (letters, digits, '_', '-', '.')", where, c))
			}
			k := strings.ToLower(t)
			if j, ok := seen[k]; ok && j != i {
				errs = append(errs, fmt.Errorf("%s: %s is already in row %d", where, t, j+1))
			}
			seen[k] = i
		}
		for _, u := range r.Uses {
			if u < policy.CategorySearch || u > policy.CategoryAIInput {
				errs = append(errs, fmt.Errorf("%s: a use must be one of today's categories", where))
			}
		}
		errs = append(errs, validateCells(r, where)...)
	}
	return errors.Join(errs...)
}

func validateCells(r *Row, where string) []error {
	var errs []error
	cols := map[Column]bool{}
	folded := map[string]bool{}
	for _, c := range r.Cells {
		valid := (c.Column.Category != policy.CategoryNone) != (c.Column.Usage != policy.UsageNone) &&
			c.Column.Category <= policy.CategoryAIInput && c.Column.Usage <= policy.UsageOther
		if !valid {
			errs = append(errs, fmt.Errorf("%s: a cell's column must be one category or one usage", where))
			continue
		}
		if cols[c.Column] {
			errs = append(errs, fmt.Errorf("%s: two cells for %s", where, c.Column))
		}
		cols[c.Column] = true
		if c.Value > No {
			errs = append(errs, fmt.Errorf("%s: %s: unknown value", where, c.Column))
		}
		paths := map[string]bool{}
		for _, s := range c.Scopes {
			if err := checkPath(s.Path); err != nil {
				errs = append(errs, fmt.Errorf("%s: %s: %w", where, c.Column, err))
			}
			if s.Value > No {
				errs = append(errs, fmt.Errorf("%s: %s: unknown value", where, c.Column))
			}
			if paths[s.Path] {
				errs = append(errs, fmt.Errorf("%s: %s: %s given twice", where, c.Column, s.Path))
			}
			paths[s.Path] = true
			folded[s.Path] = true
		}
	}
	return append(errs, checkFolding(folded, where)...)
}

// checkFolding rejects two scope paths of a row that ACAP, which compares
// paths without case, nests or equates otherwise than the readings that
// compare with case.
func checkFolding(set map[string]bool, where string) []error {
	paths := make([]string, 0, len(set))
	for p := range set {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var errs []error
	for i, p := range paths {
		for _, q := range paths[i+1:] {
			lp, lq := strings.ToLower(p), strings.ToLower(q)
			if strings.HasPrefix(lq, lp) != strings.HasPrefix(q, p) || strings.HasPrefix(lp, lq) != strings.HasPrefix(p, q) {
				errs = append(errs, fmt.Errorf("%s: scopes %s and %s differ in case only where ACAP, which folds case, would nest them otherwise", where, p, q))
			}
		}
	}
	return errs
}

// isToken reports whether s is a product token as User-agent lines name
// crawlers: letters, digits, '_', '-' and '.'.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// checkPath accepts a scope path: '/' then at least one more byte, each a
// letter, digit or one of -._~/!&'()+,;=:@?
func checkPath(p string) error {
	if len(p) < 2 || p[0] != '/' {
		return fmt.Errorf("scope path %q must start with '/' and name more than the whole site", p)
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~/!&'()+,;=:@?", c) >= 0) {
			return fmt.Errorf("scope path %q: %q is not allowed in a plain prefix", p, c)
		}
	}
	return nil
}
