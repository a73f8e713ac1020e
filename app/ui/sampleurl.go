package ui

import "strings"

// SampleURL returns a line of the simulator's sample URLs as the engine is
// asked about it. A full URL ("https://h/x"), a network path ("//h/x") and a
// path ("/x", "?q") are kept. A line without a scheme whose first part looks
// like a host name ("www.example.com/x", "localhost:8080/x") is kept too: the
// engine reads it as host and path, as Google's parser does. Any other line
// is a path written without its leading slash ("news/today.html",
// "index.html"): it gets the slash, so the row shows and is decided for
// "/news/today.html", never for the path of a host called "news".
func SampleURL(line string) string {
	if line == "" || line[0] == '/' || line[0] == '?' || strings.Contains(line, "://") {
		return line
	}
	first := line
	if i := strings.IndexAny(line, "/?;#"); i >= 0 {
		first = line[:i]
	}
	if looksLikeHost(first) {
		return line
	}
	return "/" + line
}

// looksLikeHost reports whether s reads as a host name, with an optional
// port: localhost, an IPv4 address, or a dotted name whose last label is
// letters only and not a common file extension ("index.html" is a file).
func looksLikeHost(s string) bool {
	host := s
	if i := strings.LastIndexByte(s, ':'); i >= 0 {
		port := s[i+1:]
		if port == "" || strings.Trim(port, "0123456789") != "" {
			return false
		}
		host = s[:i]
	}
	host = strings.ToLower(host)
	if host == "localhost" {
		return true
	}
	dot := strings.LastIndexByte(host, '.')
	if dot <= 0 || dot == len(host)-1 {
		return false
	}
	tld := host[dot+1:]
	if strings.Trim(host, "0123456789.") == "" {
		return strings.Count(host, ".") == 3 // an IPv4 address
	}
	if len(tld) < 2 || strings.Trim(tld, "abcdefghijklmnopqrstuvwxyz") != "" {
		return false
	}
	switch tld {
	case "htm", "html", "shtml", "xhtml", "php", "asp", "aspx", "jsp", "cgi", "pl", "txt", "xml", "json", "pdf",
		"png", "jpg", "jpeg", "gif", "svg", "webp", "ico", "css", "js", "rss", "atom", "zip", "gz", "md", "csv", "doc", "docx", "mp3", "mp4":
		return false
	}
	return true
}
