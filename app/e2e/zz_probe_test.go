//go:build e2e && !js

package e2e

import (
	"fmt"
	"testing"
)

func TestZZProbe(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	for i := 0; i < 5; i++ {
		for _, k := range []int{1, 8, 16} {
			v := eval[string](t, ctx, fmt.Sprintf(`(() => {
			const ta = document.getElementById("editor-input");
			const k = %d, N = 9301;
			ta.value = "x"; void ta.scrollHeight;
			ta.style.lineHeight = (21*k) + "px";
			const t0 = performance.now();
			ta.value = "\t".repeat(40) + "\n".repeat(Math.ceil(N/k)-1) + %q;
			ta.scrollTop = 0; void ta.scrollHeight;
			const t1 = performance.now();
			const r = (t1-t0).toFixed(1) + " ms, scrollHeight " + ta.scrollHeight;
			ta.style.lineHeight = ""; 
			return r;
		})()`, k, fmt.Sprint(i)))
			fmt.Println(k, v)
		}
	}
}
