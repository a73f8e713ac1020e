package policy

import "strings"

// FittingKind returns the reading a file is most likely written for, for a
// simulator to start with: KindACAP when the file has ACAP records,
// KindToday when it has Content-Usage or Content-Signal lines (and no ACAP
// record), and KindRFC9309, the standard of today's crawlers, otherwise.
func (f *File) FittingKind() Kind {
	if len(f.Records) > 0 {
		return KindACAP
	}
	for _, fd := range f.Signals {
		if fd.Kind == FieldContentUsage || fd.Kind == FieldContentSignal {
			return KindToday
		}
	}
	return KindRFC9309
}

// FittingCrawler returns a crawler the file names, for the reading k: for
// KindACAP the first name of an ACAP-crawler line, for the other kinds the
// first name of a User-agent line; "" when there is none (only "*"). The
// name is spelled as in Crawlers, so it is one of its entries.
func (f *File) FittingCrawler(k Kind) string {
	if k == KindACAP {
		for _, r := range f.Records {
			for _, c := range r.Crawlers {
				if n := acapName(c.Value.Text); n != "" && n != "*" {
					return spelledAs(f.Crawlers(), n)
				}
			}
		}
		return ""
	}
	for _, g := range f.Groups {
		for _, a := range g.Agents {
			if n := uaName(a.Value.Text); n != "" && n != "*" {
				return spelledAs(f.Crawlers(), n)
			}
		}
	}
	return ""
}

// spelledAs returns the entry of names equal to n but for case.
func spelledAs(names []string, n string) string {
	for _, m := range names {
		if strings.EqualFold(m, n) {
			return m
		}
	}
	return n
}
