package highlight

import (
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"

	"github.com/acap-workbench/workbench/policy"
)

// A pattern full of wildcards, such as /*a*a*a…, alternates two colours
// character by character, and chroma's formatter gives every token a span
// of its own: a screenful of such lines was 7,400 elements, which took the
// browser 70–85 ms to style and lay out in the share link's first frame,
// and chroma's formatter about three quarters of the time spent drawing
// them. writeTokens writes the same colours with half the elements: a
// token between two tokens of one type is nested in a single span of that
// type, whose colour its own span overrides.
//
// Half is still an element a character: the editor's window on a share
// link of such rules (25 lines of the columns in view) held 2,381
// elements, and the browser took 30–100 ms to style and lay them out in
// the frame that drew them. So a run that would nest more than maxNested
// tokens is written in its own colour alone (flattenDense): a path of 400
// wildcards is one span, and every rule of ordinary files keeps its
// colours.

// maxNested is the most tokens a run may nest with colours of their own.
const maxNested = 16

// tagSet is the opening and closing tag of a token type's span, as
// chroma's formatter writes it with the classes of Light ("" when the
// type has no colour of its own).
type tagSet struct{ open, close string }

var (
	tagsOnce sync.Once
	tagsOf   map[chroma.TokenType]tagSet
)

// tags returns the span of a token type, taken once per type from
// chroma's formatter, so that the classes stay chroma's. Every type
// TokenType gives is known; another has no span.
func tags(t chroma.TokenType) tagSet {
	tagsOnce.Do(func() {
		tagsOf = map[chroma.TokenType]tagSet{}
		for k := policy.TokError; k <= policy.TokPunct; k++ {
			tagsOf[TokenType(k)] = tagSet{}
		}
		tagsOf[chroma.Text] = tagSet{}
		for tt := range tagsOf {
			var b strings.Builder
			if err := formatter.Format(&b, Light, chroma.Literator(chroma.Token{Type: tt, Value: "\x00"})); err != nil {
				continue
			}
			open, close, _ := strings.Cut(b.String(), "\x00")
			tagsOf[tt] = tagSet{open, close}
		}
	})
	if s, ok := tagsOf[t]; ok {
		return s
	}
	return tagSet{}
}

// runEnd returns the end of the run of ct[i]'s type that starts at i: the
// tokens of that type, and single tokens of another between two of them.
// Error's background is not nested into.
func runEnd(ct []chroma.Token, i int) int {
	t := ct[i].Type
	j := i + 1
	for j < len(ct) {
		if ct[j].Type == t {
			j++
		} else if t != chroma.Error && ct[j].Type != chroma.Error && j+1 < len(ct) && ct[j+1].Type == t {
			j += 2
		} else {
			break
		}
	}
	return j
}

// flattenDense gives the run's own type to the tokens a run nests when
// they are more than maxNested.
func flattenDense(ct []chroma.Token) {
	// Such a run holds at least 2*(maxNested+1)+1 tokens (each nested one
	// between two of the run's): a line with fewer, almost every line
	// highlighted as it is typed, needs no pass.
	if len(ct) < 2*(maxNested+1)+1 {
		return
	}
	for i := 0; i < len(ct); {
		t, j := ct[i].Type, runEnd(ct, i)
		nested := 0
		for k := i; k < j; k++ {
			if ct[k].Type != t {
				nested++
			}
		}
		if nested > maxNested {
			for k := i; k < j; k++ {
				ct[k].Type = t
			}
		}
		i = j
	}
}

// writeTokens writes the HTML of tokens: the text escaped, each run of
// one type (runEnd) in one span, with the single tokens of another type
// that it surrounds nested in it.
func writeTokens(out *strings.Builder, ct []chroma.Token) {
	for i := 0; i < len(ct); {
		t, j := ct[i].Type, runEnd(ct, i)
		outer := tags(t)
		out.WriteString(outer.open)
		for _, tok := range ct[i:j] {
			if tok.Type == t {
				escaper.WriteString(out, tok.Value)
				continue
			}
			in := tags(tok.Type)
			out.WriteString(in.open)
			escaper.WriteString(out, tok.Value)
			out.WriteString(in.close)
		}
		out.WriteString(outer.close)
		i = j
	}
}
