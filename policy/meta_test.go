package policy

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// metaRuleString renders a rule compactly for comparisons.
func metaRuleString(ru MetaRule) string {
	s := "disallow "
	if ru.Allow {
		s = "allow "
	}
	if ru.Purpose != "" {
		s = ru.Purpose + " " + s
	}
	s += ru.Usage.String()
	for _, q := range ru.Quals {
		s += " " + q.String()
	}
	if len(ru.IDs) > 0 {
		s += " ids=" + strings.Join(ru.IDs, "+")
	}
	return s
}

func metaRuleStrings(rs []MetaRule) []string {
	var out []string
	for _, ru := range rs {
		out = append(out, metaRuleString(ru))
	}
	return out
}

func metaCodes(p *Page) []string {
	var out []string
	for _, d := range p.Diags {
		out = append(out, d.Severity.String()+" "+d.Code)
	}
	return out
}

func metaMustParse(t *testing.T, src string) *Page {
	t.Helper()
	p, err := ParsePage("/p.html", []byte(src))
	if err != nil {
		t.Fatalf("ParsePage: %v", err)
	}
	metaCheckBounds(t, src, p)
	return p
}

// metaCheckBounds checks that every diagnostic position lies in src and
// agrees with its offset.
func metaCheckBounds(t testing.TB, src string, p *Page) {
	t.Helper()
	starts := []int{0} // independent of the reader's own line table
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' || (src[i] == '\r' && (i+1 == len(src) || src[i+1] != '\n')) {
			starts = append(starts, i+1)
		}
	}
	check := func(what string, pos Pos) {
		if pos.Offset < 0 || pos.Offset > len(src) || pos.Line < 1 || pos.Line > len(starts) || pos.Col < 1 {
			t.Fatalf("%s: position %+v out of bounds (len %d)", what, pos, len(src))
		}
		if starts[pos.Line-1]+pos.Col-1 != pos.Offset {
			t.Fatalf("%s: %d:%d does not name offset %d", what, pos.Line, pos.Col, pos.Offset)
		}
		if pos.Line < len(starts) && pos.Offset >= starts[pos.Line] {
			t.Fatalf("%s: offset %d is past line %d", what, pos.Offset, pos.Line)
		}
	}
	for _, d := range p.Diags {
		check(d.Code, d.Pos)
		if d.End.Offset < d.Pos.Offset || d.End.Offset > len(src) || d.End.Line != d.Pos.Line || d.End.Col != d.Pos.Col+d.End.Offset-d.Pos.Offset {
			t.Fatalf("%s: bad end %+v for pos %+v", d.Code, d.End, d.Pos)
		}
		if strings.ContainsAny(src[d.Pos.Offset:d.End.Offset], "\r\n") {
			t.Fatalf("%s: span %q crosses a line", d.Code, src[d.Pos.Offset:d.End.Offset])
		}
	}
	for _, tag := range p.Tags {
		check("tag", tag.Pos)
		for _, ru := range tag.Rules {
			check("rule", ru.Pos)
			for _, q := range ru.Quals {
				check("qualifier", q.Pos)
			}
		}
	}
	for _, f := range p.Fragments {
		check("fragment", f.Pos)
	}
}

func metaHead(metas string) string {
	return "<!DOCTYPE html>\n<html><head><title>t</title>\n" + metas + "\n</head><body><p id=\"abs\">x</p></body></html>\n"
}

func TestMetaConventional(t *testing.T) {
	tests := []struct {
		content string
		rules   []string
		diags   []string
	}{
		{"noindex", []string{"disallow index"}, nil},
		{"NoIndex, NOFOLLOW", []string{"disallow index", "disallow follow"}, nil},
		{"index,follow", []string{"allow index", "allow follow"}, nil},
		{"all", []string{"allow index", "allow follow"}, nil},
		{"none", []string{"disallow index", "disallow follow"}, nil},
		{"index nofollow", []string{"allow index", "disallow follow"}, nil},
		{"noarchive", nil, []string{"info meta-unknown-value"}},
		{"noindex, max-snippet:50", []string{"disallow index"}, []string{"info meta-unknown-value"}},
		{"noindx", nil, []string{"warning meta-misspelt-value"}},
		{"", nil, []string{"warning meta-empty-content"}},
	}
	for _, tc := range tests {
		t.Run(tc.content, func(t *testing.T) {
			p := metaMustParse(t, metaHead(`<meta name="robots" content="`+tc.content+`">`))
			if len(p.Tags) != 1 {
				t.Fatalf("got %d tags, want 1", len(p.Tags))
			}
			tag := p.Tags[0]
			if !tag.Robots || tag.Name != "robots" || tag.Content != tc.content {
				t.Errorf("tag = %+v", tag)
			}
			if got := metaRuleStrings(tag.Rules); !reflect.DeepEqual(got, tc.rules) {
				t.Errorf("rules = %q, want %q", got, tc.rules)
			}
			for _, ru := range tag.Rules {
				if ru.ACAP {
					t.Errorf("conventional rule marked ACAP: %+v", ru)
				}
			}
			if got := metaCodes(p); !reflect.DeepEqual(got, tc.diags) {
				t.Errorf("diags = %q, want %q", got, tc.diags)
			}
		})
	}
}

func TestMetaMisspeltValueFix(t *testing.T) {
	src := metaHead(`<meta name="robots" content="noindx, follow">`)
	p := metaMustParse(t, src)
	if len(p.Diags) != 1 || p.Diags[0].Fix == nil {
		t.Fatalf("diags = %v, want one with a fix", p.Diags)
	}
	fixed := string(p.Diags[0].Fix.Apply([]byte(src)))
	if !strings.Contains(fixed, `content="noindex, follow"`) {
		t.Errorf("fixed = %q", fixed)
	}
	p2 := metaMustParse(t, fixed)
	if len(p2.Diags) != 0 || !reflect.DeepEqual(metaRuleStrings(p2.Tags[0].Rules), []string{"disallow index", "allow follow"}) {
		t.Errorf("after fix: rules %q diags %v", metaRuleStrings(p2.Tags[0].Rules), p2.Diags)
	}
}

func TestMetaACAPSyntax(t *testing.T) {
	tests := []struct {
		content string
		rules   []string
		text    string
	}{
		{"ACAP disallow-present-snippet", []string{"disallow present-snippet"}, "ACAP disallow-present-snippet"},
		{"ACAP allow-index, disallow-present-snippet", []string{"allow index", "disallow present-snippet"}, "ACAP allow-index"},
		{"ACAP allow-present-snippet max-length=20-words", []string{"allow present-snippet max-length=20-words"}, "ACAP allow-present-snippet max-length=20-words"},
		{"ACAP allow-present-snippet max-length = 20-words time-limit=7-days", []string{"allow present-snippet max-length=20-words time-limit=7-days"}, ""},
		{"ACAP allow-present prohibited-modification=format prohibited-modification=style", []string{"allow present prohibited-modification=format prohibited-modification=style"}, ""},
		{"acap   ALLOW-Preserve time-limit=until-2030-01-31", []string{"allow preserve time-limit=until-2030-01-31"}, ""},
		{"ACAP news.* disallow-index", []string{"news.* disallow index"}, "ACAP news.* disallow-index"},
		{"ACAP allow-index location=http://example.com/a.html location=/b.html", []string{"allow index location=http://example.com/a.html location=/b.html"}, ""},
		{"ACAP allow-present-snippet id-list= abs", []string{"allow present-snippet ids=abs"}, ""},
		{"ACAP disallow-other", []string{"disallow other"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.content, func(t *testing.T) {
			p := metaMustParse(t, metaHead(`<meta name="robots" content="`+tc.content+`">`))
			if len(p.Diags) != 0 {
				t.Errorf("unexpected diags %v", p.Diags)
			}
			rules := p.Tags[0].Rules
			if got := metaRuleStrings(rules); !reflect.DeepEqual(got, tc.rules) {
				t.Errorf("rules = %q, want %q", got, tc.rules)
			}
			for _, ru := range rules {
				if !ru.ACAP {
					t.Errorf("ACAP rule not marked ACAP: %+v", ru)
				}
			}
			if tc.text != "" && rules[0].Text != tc.text {
				t.Errorf("Text = %q, want %q", rules[0].Text, tc.text)
			}
		})
	}
}

func TestMetaBadQualifiers(t *testing.T) {
	tests := []struct {
		content string
		code    string
		rules   []string
		fixed   string // content after applying the fix, if one is expected
	}{
		{"ACAP allow-index max-length=20-words", CodeMetaQualifierNotValid, []string{"disallow index"}, ""},
		{"ACAP allow-index time-limit=until-2008-02-30", CodeMetaQualifierValue, []string{"disallow index"}, ""},
		{"ACAP allow-index time-limit=until-recrawl", CodeMetaQualifierValue, []string{"disallow index"}, "ACAP allow-index time-limit=until-recrawled"},
		{"ACAP allow-index time-limt=7-days", CodeMetaUnknownQualifier, []string{"disallow index"}, "ACAP allow-index time-limit=7-days"},
		{"ACAP allow-index colour=red", CodeMetaUnknownQualifier, []string{"disallow index"}, ""},
		{"ACAP disallow-index time-limit=7-days", CodeMetaQualifierOnProhibit, []string{"disallow index"}, ""},
		{"ACAP allow-present-snippet max-length=20-words max-length=30-words", CodeMetaQualifierRepeated, []string{"disallow present-snippet"}, ""},
		{"ACAP allow-follow location=/x", CodeMetaQualifierNotValid, []string{"disallow follow"}, ""},
		{"ACAP allow-present-links", CodeMetaUnknownUsage, nil, "ACAP allow-present-link"},
		{"ACAP allow-indx", CodeMetaUnknownUsage, nil, "ACAP allow-index"},
		{"ACAP allow-index /path", CodeMetaBadItem, nil, ""},
		{"ACAP noindex", CodeMetaBadItem, nil, "ACAP disallow-index"},
		{"ACAP", CodeMetaACAPEmpty, nil, ""},
		{"ACAP a b allow-index", CodeMetaBadItem, nil, ""},
		{"ACAP disallow-index id-list=abs", CodeMetaFragmentOnProhibit, nil, ""},
		{"ACAP allow-index id-list=1abs", CodeMetaBadFragmentID, nil, ""},
		{"ACAP allow-index id-list=nosuch", CodeMetaFragmentMissing, []string{"allow index ids=nosuch"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.content, func(t *testing.T) {
			src := metaHead(`<meta name="robots" content="` + tc.content + `">`)
			p := metaMustParse(t, src)
			var d *Diagnostic
			for i := range p.Diags {
				if p.Diags[i].Code == tc.code {
					d = &p.Diags[i]
				}
			}
			if d == nil {
				t.Fatalf("no %s diagnostic in %v", tc.code, p.Diags)
			}
			if !strings.HasPrefix(d.Section, "ACAP Part 2 §") {
				t.Errorf("section = %q", d.Section)
			}
			if got := metaRuleStrings(p.Tags[0].Rules); !reflect.DeepEqual(got, tc.rules) {
				t.Errorf("rules = %q, want %q", got, tc.rules)
			}
			for _, ru := range p.Tags[0].Rules {
				if strings.HasPrefix(tc.content, "ACAP allow") && !ru.Allow && ru.Note == "" {
					t.Errorf("permission read as prohibition without a Note: %+v", ru)
				}
			}
			if tc.fixed != "" {
				if d.Fix == nil {
					t.Fatalf("no fix on %v", d)
				}
				got := string(d.Fix.Apply([]byte(src)))
				if want := metaHead(`<meta name="robots" content="` + tc.fixed + `">`); got != want {
					t.Errorf("fixed =\n%s\nwant\n%s", got, want)
				}
			}
		})
	}
}

func TestMetaCrawlWarning(t *testing.T) {
	p := metaMustParse(t, metaHead(`<meta name="robots" content="ACAP disallow-crawl">`))
	if got := metaCodes(p); !reflect.DeepEqual(got, []string{"warning " + CodeMetaCrawl}) {
		t.Errorf("diags = %q", got)
	}
	if got := metaRuleStrings(p.Tags[0].Rules); !reflect.DeepEqual(got, []string{"disallow crawl"}) {
		t.Errorf("rules = %q (the crawl rule is kept for the trace)", got)
	}
	p = metaMustParse(t, `<html><body><div class="acap:allow-crawl">x</div></body></html>`)
	if got := metaCodes(p); !reflect.DeepEqual(got, []string{"warning " + CodeMetaCrawl}) {
		t.Errorf("class diags = %q", got)
	}
}

func TestMetaAddressee(t *testing.T) {
	src := metaHead(`<meta name="robots" content="noindex">
<meta name="Googlebot" content="ACAP allow-index">
<meta name="bingbot" content="nofollow">
<meta name="description" content="index of things">
<meta name="keywords" content="none">
<meta name="viewport" content="width=device-width">
<meta name="somebot" content="width=device-width">
<meta content="noindex">`)
	p := metaMustParse(t, src)
	var names []string
	for _, tag := range p.Tags {
		names = append(names, tag.Name)
	}
	if want := []string{"robots", "Googlebot", "bingbot"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("tags = %q, want %q", names, want)
	}
	tests := []struct {
		crawler       string
		named, robots []string
	}{
		{"googlebot", []string{"allow index"}, []string{"disallow index"}},
		{"BINGBOT", []string{"disallow follow"}, []string{"disallow index"}},
		{"other", nil, []string{"disallow index"}},
		{"", nil, []string{"disallow index"}},
	}
	for _, tc := range tests {
		named, robots := p.RulesFor(tc.crawler)
		if got := metaRuleStrings(named); !reflect.DeepEqual(got, tc.named) {
			t.Errorf("%q: named = %q, want %q", tc.crawler, got, tc.named)
		}
		if got := metaRuleStrings(robots); !reflect.DeepEqual(got, tc.robots) {
			t.Errorf("%q: robots = %q, want %q", tc.crawler, got, tc.robots)
		}
	}
	if len(p.Diags) != 0 {
		t.Errorf("diags = %v (different addressees do not conflict)", p.Diags)
	}
}

func TestMetaRulesForSkipsFragments(t *testing.T) {
	p := metaMustParse(t, metaHead(`<meta name="robots" content="ACAP disallow-index">
<meta name="robots" content="ACAP allow-index id-list=abs">`))
	_, robots := p.RulesFor("x")
	if got := metaRuleStrings(robots); !reflect.DeepEqual(got, []string{"disallow index"}) {
		t.Errorf("robots = %q", got)
	}
	if len(p.Diags) != 0 {
		t.Errorf("diags = %v (a fragment permission does not conflict with a page prohibition)", p.Diags)
	}
}

func TestMetaConflict(t *testing.T) {
	tests := []struct {
		metas    string
		conflict bool
	}{
		{`<meta name="robots" content="noindex"><meta name="robots" content="ACAP allow-index">`, true},
		{`<meta name="robots" content="index, noindex">`, true},
		{`<meta name="robots" content="ACAP allow-present"><meta name="robots" content="ACAP disallow-present">`, true},
		{`<meta name="robots" content="noindex"><meta name="x" content="ACAP allow-index">`, false},
		{`<meta name="robots" content="ACAP allow-present"><meta name="robots" content="ACAP disallow-present-snippet">`, false},
		{`<meta name="robots" content="noindex"><meta name="robots" content="ACAP news disallow-index">`, false},
	}
	for _, tc := range tests {
		p := metaMustParse(t, metaHead(tc.metas))
		got := false
		for _, d := range p.Diags {
			if d.Code == CodeMetaConflict {
				got = true
				if d.Section != metaSecConflicts {
					t.Errorf("section %q", d.Section)
				}
			}
		}
		if got != tc.conflict {
			t.Errorf("%s: conflict = %v, want %v (%v)", tc.metas, got, tc.conflict, p.Diags)
		}
	}
}

func TestMetaDefinitions(t *testing.T) {
	tests := []struct {
		name  string
		metas string
		rules []string
		diags []string
		defs  int
	}{
		{"qualified",
			`<meta name="ACAP-qualified-usage" content="ACAP shortsnip present-snippet max-length=20-words">
<meta name="robots" content="ACAP allow-(shortsnip)">`,
			[]string{"allow present-snippet max-length=20-words"}, nil, 1},
		{"composite after use",
			`<meta name="robots" content="ACAP allow-(bundle)">
<meta name="ACAP-composite-usage" content="ACAP bundle index (shortsnip)">
<meta name="ACAP-qualified-usage" content="ACAP shortsnip present-snippet max-length=20-words">`,
			[]string{"allow index", "allow present-snippet max-length=20-words"}, nil, 2},
		{"prohibit local",
			`<meta name="ACAP-composite-usage" content="ACAP bundle index preserve">
<meta name="robots" content="ACAP disallow-(bundle)">`,
			[]string{"disallow index", "disallow preserve"}, []string{"error " + CodeMetaLocalProhibition}, 1},
		{"undefined",
			`<meta name="robots" content="ACAP allow-(nosuch)">`,
			nil, []string{"error " + CodeMetaUndefinedUsage}, 0},
		{"no parentheses",
			`<meta name="ACAP-qualified-usage" content="ACAP week index time-limit=7-days">
<meta name="robots" content="ACAP allow-week">`,
			[]string{"allow index time-limit=7-days"}, []string{"warning " + CodeMetaLocalParens}, 1},
		{"value attribute, no ACAP word",
			`<meta name="ACAP-qualified-usage" value="week index time-limit=7-days">
<meta name="robots" content="ACAP allow-(week)">`,
			[]string{"allow index time-limit=7-days"}, []string{"info " + CodeMetaDefValueAttr, "info " + CodeMetaDefNoACAP}, 1},
		{"duplicate",
			`<meta name="ACAP-qualified-usage" content="ACAP week index time-limit=7-days">
<meta name="ACAP-qualified-usage" content="ACAP week index time-limit=9-days">
<meta name="robots" content="ACAP allow-(week)">`,
			[]string{"allow index time-limit=7-days"}, []string{"error " + CodeMetaDuplicateDefinition}, 1},
		{"bad qualifier in definition: kept, and a permission that uses it is a prohibition",
			`<meta name="ACAP-qualified-usage" content="ACAP week index max-length=7-words">
<meta name="robots" content="ACAP allow-(week)">`,
			[]string{"disallow index"}, []string{"error " + CodeMetaBadDefinition, "error " + CodeMetaQualifierNotValid, "error " + CodeMetaBadDefinition}, 1},
		{"bad qualifier in definition, used through a composite usage",
			`<meta name="ACAP-qualified-usage" content="ACAP week index max-length=7-words">
<meta name="ACAP-composite-usage" content="ACAP both (week) follow">
<meta name="robots" content="ACAP allow-(both)">`,
			[]string{"disallow index", "disallow follow"}, []string{"error " + CodeMetaBadDefinition, "error " + CodeMetaQualifierNotValid, "error " + CodeMetaBadDefinition}, 2},
		{"qualified without qualifiers",
			`<meta name="ACAP-qualified-usage" content="ACAP week index">`,
			nil, []string{"error " + CodeMetaBadDefinition}, 0},
		{"qualifier on local permission",
			`<meta name="ACAP-qualified-usage" content="ACAP week index time-limit=7-days">
<meta name="robots" content="ACAP allow-(week) time-limit=9-days">`,
			[]string{"disallow index"}, []string{"error " + CodeMetaQualifierOnLocal}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := metaMustParse(t, metaHead(tc.metas))
			metaCheckPage(t, p, tc.rules, tc.diags)
			if len(p.Defs) != tc.defs {
				t.Errorf("defs = %d, want %d", len(p.Defs), tc.defs)
			}
			for _, tag := range p.Tags {
				if metaIsDefName(tag.Name) {
					t.Errorf("definition listed as a robots tag: %+v", tag)
				}
			}
		})
	}
}

func TestMetaFragments(t *testing.T) {
	src := `<html><head>
<meta name="ACAP-qualified-usage" content="ACAP shortsnip present-snippet max-length=20-words">
</head>
<body class="acap:disallow-index">
<div id="abs" class="abstract acap:allow-index ACAP:disallow-present-snippet">a</div>
<p class="acap:allow-(shortsnip)">b</p>
<p class="acap:allow-nosuch acap:frobnicate">c</p>
<p class="plain">d</p>
</body></html>`
	p := metaMustParse(t, src)
	type frag struct {
		id, class string
		rules     []string
		line      int
	}
	var got []frag
	for _, f := range p.Fragments {
		got = append(got, frag{f.ID, f.Class, metaRuleStrings(f.Rules), f.Pos.Line})
	}
	want := []frag{
		{"", "acap:disallow-index", []string{"disallow index"}, 4},
		{"abs", "abstract acap:allow-index ACAP:disallow-present-snippet", []string{"allow index", "disallow present-snippet"}, 5},
		{"", "acap:allow-(shortsnip)", []string{"allow present-snippet max-length=20-words"}, 6},
		{"", "acap:allow-nosuch acap:frobnicate", nil, 7},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fragments =\n%+v\nwant\n%+v", got, want)
	}
	if codes := metaCodes(p); !reflect.DeepEqual(codes, []string{"error " + CodeMetaBadClass, "error " + CodeMetaBadClass}) {
		t.Errorf("diags = %q", codes)
	}
	if d := p.Diags[0]; d.Pos.Line != 7 || d.Pos.Col != len(`<p class="`)+1 {
		t.Errorf("diag at %v, want 7:%d", d.Pos, len(`<p class="`)+1)
	}
	// Class permissions on head elements are not fragments.
	p = metaMustParse(t, `<html><head><link class="acap:allow-index"></head><body></body></html>`)
	if len(p.Fragments) != 0 || len(p.Diags) != 1 || p.Diags[0].Code != CodeMetaClassInactive {
		t.Errorf("head class: fragments %v diags %v", p.Fragments, p.Diags)
	}
}

func TestMetaOutsideHead(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		tags  int
		diags []string
	}{
		{"in body", `<html><head></head><body><meta name="robots" content="noindex"></body></html>`, 0, []string{"warning " + CodeMetaOutsideHead}},
		{"after content", `<html><head><title>x</title></head><div>x</div><meta name="robots" content="noindex">`, 0, []string{"warning " + CodeMetaOutsideHead}},
		{"after </head>", `<html><head></head><meta name="robots" content="noindex"><body></body></html>`, 1, nil},
		{"no head element", `<meta name="robots" content="noindex"><p>x</p>`, 1, nil},
		{"description in body is silent", `<body><meta name="description" content="x">`, 0, nil},
		{"in script", `<head><script>var s = '<meta name="robots" content="noindex">';</script></head>`, 0, nil},
		{"in comment", `<head><!-- <meta name="robots" content="noindex"> --></head>`, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := metaMustParse(t, tc.src)
			if len(p.Tags) != tc.tags {
				t.Errorf("tags = %d, want %d", len(p.Tags), tc.tags)
			}
			if got := metaCodes(p); !reflect.DeepEqual(got, tc.diags) {
				t.Errorf("diags = %q, want %q", got, tc.diags)
			}
		})
	}
}

func TestMetaMalformedHTML(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		rules []string
		diags []string
	}{
		{"upper case, unquoted", `<HTML><HEAD><META NAME=ROBOTS CONTENT=NOINDEX></HEAD>`, []string{"disallow index"}, nil},
		{"single quotes, xhtml", `<head><meta name='robots' content='ACAP disallow-present-snippet' /></head>`, []string{"disallow present-snippet"}, nil},
		{"unclosed everything", `<html><head><title>x<meta name="robots" content="none">`, nil, nil},
		{"truncated tag", `<head><meta name="robots" content="noindex"><meta name="robots" content="nofol`, []string{"disallow index"}, []string{"warning " + CodeMetaTruncated}},
		{"entity in content", `<head><meta name="robots" content="ACAP&#32;allow-present-snippet max-length=20&#45;words"></head>`, []string{"allow present-snippet max-length=20-words"}, nil},
		{"stray bytes", "<head>\x00<<>><meta name=\"robots\" content=\"nofollow\"\x00></head>", []string{"disallow follow"}, nil},
		{"duplicate attributes", `<head><meta name="robots" name="x" content="noindex"></head>`, []string{"disallow index"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := metaMustParse(t, tc.src)
			metaCheckPage(t, p, tc.rules, tc.diags)
		})
	}
}

func TestMetaPositions(t *testing.T) {
	src := "<html>\r\n<head>\r\n  <meta name=\"robots\"\n        content=\"ACAP allow-index time-limit=until-2008-02-30, disallow-present\">\r\n</head></html>"
	p := metaMustParse(t, src)
	tag := p.Tags[0]
	if tag.Pos != (Pos{Offset: 18, Line: 3, Col: 3}) {
		t.Errorf("tag pos = %+v", tag.Pos)
	}
	contentCol := len(`        content="`) + 1
	if got := tag.Rules[0].Pos; got.Line != 4 || got.Col != contentCol+len("ACAP ") {
		t.Errorf("rule 0 pos = %v, want 4:%d", got, contentCol+len("ACAP "))
	}
	wantCol := contentCol + len("ACAP allow-index ")
	if len(p.Diags) != 1 {
		t.Fatalf("diags = %v", p.Diags)
	}
	d := p.Diags[0]
	if d.Code != CodeMetaQualifierValue || d.Pos.Line != 4 || d.Pos.Col != wantCol || d.End.Col != wantCol+len("time-limit=until-2008-02-30") {
		t.Errorf("diag = %+v %v-%v, want %s at 4:%d", d, d.Pos, d.End, CodeMetaQualifierValue, wantCol)
	}
	if got := src[d.Pos.Offset:d.End.Offset]; got != "time-limit=until-2008-02-30" {
		t.Errorf("diag covers %q", got)
	}
	if q := tag.Rules[0]; q.Allow || q.Note == "" {
		t.Errorf("bad-qualifier permission not read as prohibition: %+v", q)
	}
	if got := tag.Rules[1]; got.Pos.Line != 4 || src[got.Pos.Offset:got.Pos.Offset+len("disallow-present")] != "disallow-present" {
		t.Errorf("rule 1 pos = %+v", got.Pos)
	}
}

func TestMetaFeaturePage(t *testing.T) {
	// The page of conformance case feature-pages-meta.
	p := metaMustParse(t, `<html><head><title>a</title><meta name="robots" content="ACAP disallow-present-snippet"></head><body></body></html>`)
	named, robots := p.RulesFor("X")
	if len(named) != 0 || !reflect.DeepEqual(metaRuleStrings(robots), []string{"disallow present-snippet"}) {
		t.Errorf("named %v robots %v", named, robots)
	}
}

func TestParsePageTooLarge(t *testing.T) {
	big := make([]byte, MetaMaxSize+1)
	if _, err := ParsePage("/big", big); !errors.Is(err, ErrPageTooLarge) {
		t.Errorf("err = %v, want ErrPageTooLarge", err)
	}
	if p, err := ParsePage("/ok", big[:1000]); err != nil || p.Path != "/ok" {
		t.Errorf("ParsePage(1000 NULs) = %v, %v", p, err)
	}
}

func FuzzParsePage(f *testing.F) {
	for _, s := range []string{
		metaHead(`<meta name="robots" content="ACAP allow-present-snippet max-length=20-words id-list= abs, disallow-index">`),
		metaHead(`<meta name="ACAP-composite-usage" content="ACAP b index (q)"><meta name="ACAP-qualified-usage" value="q present time-limit = 7-days"><meta name=bot content="ACAP allow-b">`),
		"<body><div class='acap:allow-(q) acap:disallow-crawl'>",
		"<head><meta name=\"robots\" content=\"noindx,\r\nnone\">",
		"<meta name=robots content=\"ACAP x y z = = allow-\"",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePage("/f", data)
		if err != nil {
			return
		}
		metaCheckBounds(t, string(data), p)
		for _, d := range p.Diags {
			if !strings.HasPrefix(d.Code, "meta-") || !strings.HasPrefix(d.Section, "ACAP Part 2 §") {
				t.Fatalf("bad code or section: %+v", d)
			}
			if d.Fix != nil {
				for _, e := range d.Fix.Edits {
					if e.Start < 0 || e.End > len(data) || e.Start > e.End {
						t.Fatalf("fix edit out of range: %+v", e)
					}
				}
			}
		}
	})
}

func ExampleParsePage() {
	page, err := ParsePage("/article.html", []byte(`<html><head>
<meta name="robots" content="noindex">
<meta name="newsbot" content="ACAP allow-index, allow-present-snippet max-length=20-words">
</head><body></body></html>`))
	if err != nil {
		panic(err)
	}
	named, robots := page.RulesFor("NewsBot")
	for _, ru := range named {
		fmt.Println("named: ", ru.Text, "->", ru.Allow, ru.Usage, ru.Quals)
	}
	for _, ru := range robots {
		fmt.Println("robots:", ru.Text, "->", ru.Allow, ru.Usage, ru.Pos)
	}
	// Output:
	// named:  ACAP allow-index -> true index []
	// named:  ACAP allow-present-snippet max-length=20-words -> true present-snippet [max-length=20-words]
	// robots: noindex -> false index 2:30
}

// metaCheckPage checks the rules of all of a page's tags and the codes of
// its diagnostics.
func metaCheckPage(t *testing.T, p *Page, rules, diags []string) {
	t.Helper()
	var all []MetaRule
	for _, tag := range p.Tags {
		all = append(all, tag.Rules...)
	}
	if got := metaRuleStrings(all); !reflect.DeepEqual(got, rules) {
		t.Errorf("rules = %q, want %q", got, rules)
	}
	if got := metaCodes(p); !reflect.DeepEqual(got, diags) {
		t.Errorf("diags = %q, want %q", got, diags)
	}
}
