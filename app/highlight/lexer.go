// Package highlight colours robots.txt files with chroma, using the policy
// package's scanner as a chroma.Lexer. It imports only chroma's core and its
// HTML formatter, so the WebAssembly build stays small.
package highlight

import (
	"github.com/alecthomas/chroma/v2"

	"github.com/acap-workbench/workbench/policy"
)

// Lexer is a chroma.Lexer for robots.txt files with the ACAP extensions. It
// is a thin adapter over policy.Scan: every policy token becomes one chroma
// token, so the concatenated values give back the input exactly.
type Lexer struct {
	registry *chroma.LexerRegistry
	analyser func(string) float32
}

var config = &chroma.Config{
	Name:      "ACAP robots.txt",
	Aliases:   []string{"robots", "robotstxt", "acap"},
	Filenames: []string{"robots.txt", "*.robots.txt"},
	MimeTypes: []string{"text/plain"},
}

// NewLexer returns a robots.txt lexer.
func NewLexer() *Lexer { return &Lexer{} }

// Config implements chroma.Lexer.
func (l *Lexer) Config() *chroma.Config { return config }

// Tokenise implements chroma.Lexer.
func (l *Lexer) Tokenise(_ *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	src := []byte(text)
	toks := Tokens(src, policy.Scan(src))
	return chroma.Literator(toks...), nil
}

// SetRegistry implements chroma.Lexer.
func (l *Lexer) SetRegistry(r *chroma.LexerRegistry) chroma.Lexer { l.registry = r; return l }

// SetAnalyser implements chroma.Lexer.
func (l *Lexer) SetAnalyser(f func(string) float32) chroma.Lexer { l.analyser = f; return l }

// AnalyseText implements chroma.Lexer: a file that mentions ACAP fields or
// User-agent lines is very likely a robots.txt.
func (l *Lexer) AnalyseText(text string) float32 {
	if l.analyser != nil {
		return l.analyser(text)
	}
	return 0
}

// Tokens converts policy tokens over src into chroma tokens.
func Tokens(src []byte, toks []policy.Token) []chroma.Token {
	out := make([]chroma.Token, 0, len(toks))
	base := 0
	if len(toks) > 0 {
		base = int(toks[0].Off)
	}
	for _, t := range toks {
		out = append(out, chroma.Token{Type: TokenType(t.Kind), Value: string(src[int(t.Off)-base : int(t.End)-base])})
	}
	return out
}

// TokenType maps a policy token kind to the chroma token type that colours it.
func TokenType(k policy.TokenKind) chroma.TokenType {
	switch k {
	case policy.TokError:
		return chroma.Error
	case policy.TokSpace, policy.TokNewline:
		return chroma.TextWhitespace
	case policy.TokBOM:
		return chroma.Other
	case policy.TokComment:
		return chroma.CommentSingle
	case policy.TokVersion:
		return chroma.CommentPreproc
	case policy.TokField:
		return chroma.NameTag
	case policy.TokColon, policy.TokPunct:
		return chroma.Punctuation
	case policy.TokValue:
		return chroma.LiteralString
	case policy.TokPattern:
		return chroma.LiteralStringOther
	case policy.TokWildcard, policy.TokAnchor:
		return chroma.Operator
	case policy.TokQualName:
		return chroma.NameAttribute
	case policy.TokEquals:
		return chroma.Operator
	case policy.TokQualValue:
		return chroma.LiteralStringSymbol
	case policy.TokSetRef:
		return chroma.NameVariable
	case policy.TokLocalUsage:
		return chroma.NameFunction
	case policy.TokUsage:
		return chroma.NameBuiltin
	}
	return chroma.Text
}
