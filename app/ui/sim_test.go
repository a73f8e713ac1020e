package ui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
)

func TestDiffShowsAddedLinesInPlace(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\n"
	new := "a\nb\nc\nd\ne\nf\ng\nh\n\n# added <script>\nX\n"
	html := Diff(old, new, []int{10, 11})
	if strings.Contains(html, "<script>") || !strings.Contains(html, "# added &lt;script&gt;") {
		t.Errorf("not escaped: %s", html)
	}
	if n := strings.Count(html, `class="d-add"`); n != 3 {
		t.Errorf("%d added rows, want 3 (the blank line too): %s", n, html)
	}
	// Context: two lines before the change, not the start of the file.
	if strings.Contains(html, `<span class="d-num">1</span>`) || !strings.Contains(html, `<span class="d-num">7</span>`) {
		t.Errorf("context wrong: %s", html)
	}
}

func TestDiffFallsBackWhenLinesChange(t *testing.T) {
	html := Diff("a\nb\nc\n", "a\nB\nc\n", nil)
	if !strings.Contains(html, `class="d-del"`) || !strings.Contains(html, `class="d-add"`) {
		t.Errorf("a changed line is not shown removed and added: %s", html)
	}
	if html := Diff("a\n", "a\n", nil); !strings.Contains(html, "No changes") {
		t.Errorf("no change: %s", html)
	}
}

func TestRenderConversionEscapesAndReports(t *testing.T) {
	src := "User-agent: <b>bot</b>\nDisallow: /Private/<i>\n"
	f := policy.MustParse(src)
	conv := policy.Convert(f, policy.ConvertOptions{Source: policy.KindRFC9309})
	html := RenderConversion(src, conv, 3)
	if strings.Contains(html, "<b>") || strings.Contains(html, "<i>") {
		t.Errorf("file text not escaped: %s", html)
	}
	for _, w := range []string{`id="conv-apply" class="btn">Apply to the file`, `id="conv-undo"`, `id="conv-download"`, "1 crawler compared in 3 ms (",
		"<strong>Same answers on every path.</strong>"} {
		if !strings.Contains(html, w) {
			t.Errorf("conversion view lacks %s", w)
		}
	}
}

// TestRenderConversionLater: the page draws a conversion with the first
// piece of its diff and appends the others a frame apart; put back
// together, they are the whole report, and no piece holds more than
// diffPiece chunks.
func TestRenderConversionLater(t *testing.T) {
	for _, tt := range []struct {
		name   string
		groups int
		later  bool
	}{
		{"small", 3, false},
		{"long", 400, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := botGroups(tt.groups)
			conv := policy.Convert(policy.MustParse(src), policy.ConvertOptions{})
			whole := RenderConversion(src, conv, 5)
			first, later := renderConversion(src, conv, 5, false)
			if (len(later) > 0) != tt.later || strings.Contains(first, `aria-busy="true"`) != tt.later {
				t.Fatalf("%d pieces later, busy %v; want later %v", len(later), strings.Contains(first, `aria-busy="true"`), tt.later)
			}
			for i, p := range append([]string{first}, later...) {
				if n := strings.Count(p, `class="d-chunk"`); n > diffPiece {
					t.Errorf("piece %d has %d chunks, at most %d", i, n, diffPiece)
				}
			}
			end := strings.Index(first, `</pre>`)
			got := strings.Replace(first[:end], ` aria-busy="true"`, "", 1) + strings.Join(later, "") + first[end:]
			// The paths after the first convRowsShown are in a hidden part
			// of the table, which a button shows (TestRenderConversionMoreRows).
			got = strings.Replace(got, convMoreRowsOpen, "", 1)
			if n := len(conv.Report.Differences) - convRowsShown; n > 0 {
				got = strings.Replace(got, moreRowsButton(n), "", 1)
			}
			if got != whole {
				t.Errorf("the pieces put together differ from the whole report (%d and %d bytes)", len(got), len(whole))
			}
			// The converter only adds lines: each is a row of the diff.
			if n, want := strings.Count(whole, `class="d-add"`), strings.Count(string(conv.Text), "\n")-strings.Count(src, "\n"); n != want {
				t.Errorf("%d added rows, want %d", n, want)
			}
		})
	}
}

// botGroups is a file of n groups, each for one crawler (bota, botxb,
// botxxc, …) with one Disallow line.
func botGroups(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString("User-agent: bot" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + "\nDisallow: /p" + strings.Repeat("q", i%5) + "/\n\n")
	}
	return b.String()
}

// TestRenderConversionMoreRows: the report shows the first convRowsShown
// paths where the answers differ; the others are in a hidden part of the
// same table, with a button that says how many; the whole report (as
// printed) shows every path and has no button.
func TestRenderConversionMoreRows(t *testing.T) {
	for _, tt := range []struct {
		name string
		src  string
		many bool // more than convRowsShown paths
	}{
		{"no differences", "User-agent: *\nDisallow: /1\n", false},
		{"many differences", botGroups(400), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			conv := policy.Convert(policy.MustParse(tt.src), policy.ConvertOptions{})
			d := len(conv.Report.Differences)
			if (d > convRowsShown) != tt.many {
				t.Fatalf("test premise: %d paths where the answers differ", d)
			}
			first, _ := renderConversion(tt.src, conv, 5, false)
			whole := RenderConversion(tt.src, conv, 5)
			hidden := convMoreRowsOpen
			if d <= convRowsShown {
				if strings.Contains(first, hidden) || strings.Contains(first, `id="conv-more"`) {
					t.Errorf("%d paths, yet a part of the table is hidden", d)
				}
				return
			}
			at := strings.Index(first, hidden)
			if at < 0 {
				t.Fatalf("%d paths, and no hidden part of the table", d)
			}
			if shown, rest := strings.Count(first[:at], "<tr><td>"), strings.Count(first[at:], "<tr><td>"); shown != convRowsShown || rest != d-convRowsShown {
				t.Errorf("%d rows shown and %d hidden, want %d and %d", shown, rest, convRowsShown, d-convRowsShown)
			}
			if want := "Show the other " + strconv.Itoa(d-convRowsShown) + " paths"; !strings.Contains(first, `aria-controls="`+idConvMoreRows+`">`+want+`</button>`) {
				t.Errorf("no button %q", want)
			}
			if strings.Contains(whole, hidden) || strings.Contains(whole, `id="conv-more"`) || strings.Count(whole, "<tr><td>") != d {
				t.Errorf("the whole report hides paths or has the button")
			}
		})
	}
}

// TestRenderConversionHeadlines: the verdict says "same answers" only
// after a proof, says what to do next, names the crawlers a bound left
// unchecked, and draws Apply as a warning unless the answers are the same.
func TestRenderConversionHeadlines(t *testing.T) {
	tests := []struct {
		name, src string
		bounds    policy.CompareOptions
		want      []string
		not       []string
	}{
		{"equivalent", "User-agent: *\nDisallow: /1\n", policy.CompareOptions{},
			[]string{"Same answers on every path.</strong>", "<strong>Next:</strong> ACAP crawlers will read the new file as RFC 9309 crawlers read yours: apply it", `class="btn">Apply to the file</button>`},
			[]string{"Not checked", "capital", "conv-risk"}},
		{"case only", "User-agent: *\nDisallow: /a\n", policy.CompareOptions{},
			[]string{"Same answers, except where only capital letters differ.</strong>", "<code>/A</code>", "Only capital letters differ",
				`class="btn conv-risk" aria-describedby="conv-verdict"`, "Apply anyway"},
			[]string{"Not checked", "Apply to the file"}},
		{"wildcards, two crawlers stopped", "User-agent: googlebot\nDisallow: /*.doc$\nAllow: /*?print\n\nUser-agent: *\nDisallow: /*.doc$\nAllow: /*?print\n", policy.CompareOptions{},
			[]string{"Different answers on some paths.</strong>", "There may be more such paths for googlebot and crawlers your file does not name: the check stopped",
				"and the converter could not give your answers back there (the last column says why)", "Both rules begin with *", "<td>crawlers the file does not name</td>", "conv-risk"},
			[]string{"not restored", "googlebot, crawlers", "Same answers"}},
		{"bound", "User-agent: Bot\nDisallow: /*a*b*c\nAllow: /*b*a\n", policy.CompareOptions{MaxStates: 2},
			[]string{"Not checked", "nothing is known about how those crawlers would read the new file", "Not checked to the end for 1 of 2 crawlers: it reached its limit of work.", "<summary>The crawler not checked</summary>", "The other crawler was checked (same answers).",
				"<li>Bot</li>", "conv-risk"},
			[]string{"Same answers", "Apply to the file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conv := policy.Convert(policy.MustParse(tt.src), policy.ConvertOptions{Bounds: tt.bounds})
			html := RenderConversion(tt.src, conv, 1)
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("lacks %q: %s", w, html)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(html, w) {
					t.Errorf("has %q: %s", w, html)
				}
			}
		})
	}
}

func TestWorkspaceRoundTrip(t *testing.T) {
	urls := "/a\n/b"
	raw := EncodeWorkspace([]wsFile{{Name: "acap-policy.txt", Text: "ACAP-crawler: *\n", Dirty: true}}, 1, urls, &SimSettings{Crawler: "n:Bot", Kind: "rfc9309"}, "")
	s, err := DecodeWorkspace(raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Files) != 1 || s.Files[0].Name != "acap-policy.txt" || s.Files[0].Text != "ACAP-crawler: *\n" || !s.Files[0].Dirty || s.Active != 1 || s.URLs == nil || *s.URLs != urls || s.Sim == nil || s.Sim.Crawler != "n:Bot" || s.Sim.Kind != "rfc9309" {
		t.Errorf("round trip gave %+v", s)
	}
	for _, bad := range []string{`{`, `{"v":2,"files":[]}`} {
		if _, err := DecodeWorkspace(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if s, _ := DecodeWorkspace(`{"v":1,"files":[{"text":"x"}],"active":9}`); s.Active != 0 || s.Files[0].Name == "" {
		t.Errorf("bad active or empty name kept: %+v", s)
	}
	if RefName("acap-policy.txt") != "/acap-policy.txt" || RefName("/x.txt") != "/x.txt" {
		t.Error("RefName")
	}
}

func TestSimulatorMarkupComesAfterTheEditor(t *testing.T) {
	c := &Workbench{}
	c.defaults()
	html := app.HTMLString(c)
	ed := strings.Index(html, `id="editor-input"`)
	for _, id := range []string{idSimCrawler, idSimName, idSimUA, idSimPurpose, idSimPurpText, idSimDate, idSimKind, idSimURLs, idSimMatrix, idConvRun, idPageURL, idPageHTML} {
		i := strings.Index(html, `id="`+id+`"`)
		if i < 0 || i < ed {
			t.Errorf("%s missing or before the editor", id)
		}
	}
	for _, w := range []string{`for="` + idSimCrawler + `"`, `for="` + idSimURLs + `"`, `for="` + idPageHTML + `"`, `value="rfc9309"`, `role="tablist"`} {
		if !strings.Contains(html, w) {
			t.Errorf("rendered page lacks %s", w)
		}
	}
}
