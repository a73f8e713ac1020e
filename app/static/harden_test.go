//go:build !wasm

package static

import (
	"bufio"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHandlerHeaders: no folder is listed, every answer says nosniff, and
// the manifest and the wasm have the types browsers check.
func TestHandlerHeaders(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "web", "samples"), 0o755)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>x</title>"), 0o644)
	os.WriteFile(filepath.Join(dir, "manifest.webmanifest"), []byte(`{"name":"x"}`), 0o644)
	os.WriteFile(filepath.Join(dir, "web", "app.wasm"), []byte("\x00asm"), 0o644)
	os.WriteFile(filepath.Join(dir, "web", "samples", "a.txt"), []byte("User-agent: *\n"), 0o644)
	h := Handler(dir)
	for _, tc := range []struct {
		path   string
		status int
		ctype  string
	}{
		{"/", 200, "text/html; charset=utf-8"},
		{"/web/", 404, ""},
		{"/web/samples/", 404, ""},
		{"/manifest.webmanifest", 200, "application/manifest+json"},
		{"/web/app.wasm", 200, "application/wasm"},
		{"/web/samples/a.txt", 200, "text/plain; charset=utf-8"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if rec.Code != tc.status {
			t.Errorf("%s: status %d, want %d", tc.path, rec.Code, tc.status)
		}
		if tc.ctype != "" && rec.Header().Get("Content-Type") != tc.ctype {
			t.Errorf("%s: Content-Type %q, want %q", tc.path, rec.Header().Get("Content-Type"), tc.ctype)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no X-Content-Type-Options: nosniff", tc.path)
		}
		if strings.Contains(rec.Body.String(), `<a href="samples/">`) || strings.Contains(rec.Body.String(), `<a href="a.txt">`) {
			t.Errorf("%s: a folder is listed", tc.path)
		}
	}
}

func TestLocalOnly(t *testing.T) {
	h := LocalOnly(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	for host, want := range map[string]int{
		"localhost:8080": 200, "LOCALHOST": 200, "127.0.0.1:8080": 200, "127.0.0.2": 200, "[::1]:8080": 200,
		"evil.example:8080": 421, "evil.example": 421, "192.168.1.5:8080": 421, "": 421, "localhost.evil.example": 421,
	} {
		req := httptest.NewRequest("GET", "/", nil)
		req.Host = host
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != want {
			t.Errorf("Host %q: status %d, want %d", host, rec.Code, want)
		}
	}
}

// TestServerClosesSlowRequests: a request whose header never ends is
// closed by the server.
func TestServerClosesSlowRequests(t *testing.T) {
	srv := Server("127.0.0.1:0", t.TempDir())
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.IdleTimeout <= 0 {
		t.Fatalf("timeouts: header %v, read %v, idle %v", srv.ReadHeaderTimeout, srv.ReadTimeout, srv.IdleTimeout)
	}
	srv.ReadHeaderTimeout = 200 * time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Write([]byte("GET / HTTP/1.1\r\nHost: localhost\r\n")) // never ends
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	start := time.Now()
	_, err = bufio.NewReader(c).ReadString('\n')
	if err == nil {
		// The server may answer 408 before closing; then it closes.
		_, err = bufio.NewReader(c).ReadString('\n')
	}
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("the connection was still open after %v", time.Since(start))
	}
}
