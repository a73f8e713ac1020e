// Package obey tells which conventional lines a crawler obeys now, as RFC
// 9309 and today's crawlers choose them: the lines of the groups that name
// it, or, when no group names it, those of the groups for *.
//
// A crawler that finds a group naming it reads only that group, never the
// group for *: whoever writes a new group for a crawler no group names
// takes the group for *'s lines away from it unless the new group repeats
// them. Both writers of new groups (policy/advise, for the proposals of
// "Today's signals", and policy/intent, for the policy builder) ask here
// which lines that are.
package obey

import (
	"strings"

	"github.com/acap-workbench/workbench/policy"
)

// Name returns the crawler a User-agent value names as RFC 9309 crawlers
// read it, lower case: "*" for every crawler ("*" alone or before white
// space), else the leading run of letters, digits, '_', '-' and '.'
// ("Googlebot/2.1" names googlebot; "" when there is none).
func Name(v string) string {
	v = strings.TrimSpace(v)
	if v == "*" || strings.HasPrefix(v, "* ") || strings.HasPrefix(v, "*\t") {
		return "*"
	}
	n := 0
	for n < len(v) && isTokenByte(v[n]) {
		n++
	}
	return strings.ToLower(v[:n])
}

func isTokenByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
}

// Named returns the crawlers the groups of f name (by Name, "*" left out),
// each with the Allow and Disallow lines of those groups in file order, as
// RFC 9309 groups lines. Lines the readings skip are left out.
func Named(f *policy.File) map[string][]*policy.Field {
	out := map[string][]*policy.Field{}
	for _, g := range f.Groups {
		var names []string
		for _, ua := range g.Agents {
			if ua.Status == policy.StatusSkipped {
				continue
			}
			if n := Name(ua.Value.Text); n != "*" && n != "" {
				names = append(names, n)
			}
		}
		for _, n := range names {
			if out[n] == nil {
				out[n] = []*policy.Field{}
			}
			for _, r := range g.Rules {
				if r.Status != policy.StatusSkipped {
					out[n] = append(out[n], r)
				}
			}
		}
	}
	return out
}

// Star returns the lines a crawler that no group names obeys: the Allow and
// Disallow lines of the groups for *, as RFC 9309 groups lines, and the
// Content-Usage and Content-Signal lines of the groups for *, as today's
// crawlers group them (such a line ends a run of User-agent lines, as a
// rule does), each in file order. Lines the readings skip are left out.
func Star(f *policy.File) (rules, signals []*policy.Field) {
	for _, g := range f.Groups {
		star := false
		for _, ua := range g.Agents {
			star = star || ua.Status != policy.StatusSkipped && Name(ua.Value.Text) == "*"
		}
		if !star {
			continue
		}
		for _, r := range g.Rules {
			if r.Status != policy.StatusSkipped {
				rules = append(rules, r)
			}
		}
	}
	star, hasRules := false, true
	for _, fd := range f.Fields {
		switch fd.Kind {
		case policy.FieldUserAgent:
			if hasRules {
				star, hasRules = false, false
			}
			if fd.Status != policy.StatusSkipped && Name(fd.Value.Text) == "*" {
				star = true
			}
		case policy.FieldAllow, policy.FieldDisallow:
			hasRules = true
		case policy.FieldContentUsage, policy.FieldContentSignal:
			hasRules = true
			if star && fd.Status != policy.StatusSkipped {
				signals = append(signals, fd)
			}
		}
	}
	return rules, signals
}

// WholeSite reports whether an Allow or Disallow path matches every path
// alike: "/", "*", "/*" (any run of stars after an optional '/').
func WholeSite(path string) bool {
	p := strings.TrimSpace(path)
	p = strings.TrimPrefix(p, "/")
	if p == "" {
		return strings.TrimSpace(path) != ""
	}
	return strings.Trim(p, "*") == ""
}
