//go:build e2e && !js

package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// alignJS compares the line boxes of the textarea with those of the
// coloured layer, the underline layer and the gutter, and returns what is
// out of place.
const alignJS = `(async () => {
	await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
	const ta = document.getElementById("editor-input");
	const cs = getComputedStyle(ta);
	const hl = [...document.querySelectorAll("#hl-win .wbl")];
	const mk = [...document.querySelectorAll("#marks-win .wbl")];
	const gt = [...document.querySelectorAll("#gutter-win .num")];
	const bad = [];
	if (hl.length === 0) return ["no lines rendered"];
	const lcs = getComputedStyle(hl[0]);
	for (const p of ["fontFamily", "fontSize", "lineHeight", "tabSize", "letterSpacing", "fontVariantLigatures", "whiteSpace"]) {
		if (cs[p] !== lcs[p] && !(p === "whiteSpace" && lcs[p].startsWith("pre"))) bad.push(p + ": textarea " + cs[p] + ", layer " + lcs[p]);
	}
	const lh = parseFloat(cs.lineHeight), padT = parseFloat(cs.paddingTop), padB = parseFloat(cs.paddingBottom), padL = parseFloat(cs.paddingLeft);
	const lines = ta.value.split("\n").length;
	if (Math.abs(ta.scrollHeight - (padT + padB + lines * lh)) > 1) bad.push("textarea scrollHeight " + ta.scrollHeight + ", want " + (padT + padB + lines * lh));
	const r = ta.getBoundingClientRect();
	const top0 = r.top + ta.clientTop + padT - ta.scrollTop;
	const left0 = r.left + ta.clientLeft + padL - ta.scrollLeft;
	const ctx = document.createElement("canvas").getContext("2d");
	ctx.font = cs.fontSize + " " + cs.fontFamily;
	let checked = 0, marked = 0;
	for (let k = 0; k < hl.length; k++) {
		const n = parseInt(gt[k].textContent, 10) - 1;
		const lr = hl[k].getBoundingClientRect();
		if (lr.bottom < r.top || lr.top > r.bottom) continue; // off screen
		checked++;
		const want = top0 + n * lh;
		if (Math.abs(lr.top - want) > 0.5 || Math.abs(lr.height - lh) > 0.5) bad.push("line " + (n+1) + ": top " + lr.top + " height " + lr.height + ", want " + want + " " + lh);
		if (Math.abs(mk[k].getBoundingClientRect().top - lr.top) > 0.5) bad.push("underline layer line " + (n+1) + " at " + mk[k].getBoundingClientRect().top);
		if (Math.abs(gt[k].getBoundingClientRect().top - lr.top) > 0.5) bad.push("gutter line " + (n+1) + " at " + gt[k].getBoundingClientRect().top);
		const text = hl[k].textContent;
		if (text.length > 0) {
			// A long line is drawn only around the columns in view: from
			// the layer's --skip columns on (an empty span as wide), as far
			// as it goes.
			const sk = hl[k].querySelector(".skip");
			const skip = sk ? parseInt(getComputedStyle(document.getElementById("hl-win")).getPropertyValue("--skip"), 10) : 0;
			const skipW = sk ? sk.getBoundingClientRect().width : 0;
			const rg = document.createRange(); rg.selectNodeContents(hl[k]);
			const tr = rg.getBoundingClientRect();
			if (Math.abs(tr.left - skipW - left0) > 0.5) bad.push("line " + (n+1) + ": text starts at x=" + tr.left + ", textarea text at " + left0 + " + " + skipW);
			if (Math.abs(skipW - ctx.measureText("0".repeat(skip)).width) > 1) bad.push("line " + (n+1) + ": " + skip + " columns skipped, " + skipW + " px wide");
			const w = ctx.measureText(text).width;
			if (Math.abs(tr.width - w) > 1) bad.push("line " + (n+1) + ": width " + tr.width + ", textarea font gives " + w);
			// The underline layer holds the same columns, up to its last
			// mark (an empty mark is a space of its own).
			const mt = [...mk[k].childNodes].filter(c => !(c.classList && c.classList.contains("sq-empty"))).map(c => c.textContent).join("");
			if (mt.length > 0) {
				marked++;
				const rm = document.createRange(); rm.selectNodeContents(mk[k]);
				if (Math.abs(rm.getBoundingClientRect().left - tr.left) > 0.5) bad.push("underline layer line " + (n+1) + ": starts at x=" + rm.getBoundingClientRect().left + ", the colours at " + tr.left);
				if (!text.startsWith(mt)) bad.push("underline layer line " + (n+1) + " holds other text");
			}
			const whole = ta.value.split("\n")[n];
			if (text !== whole && (text !== whole.substring(skip, skip + text.length) || skip + text.length < Math.min(whole.length, (ta.scrollLeft + ta.clientWidth) / ctx.measureText("0").width)))
				bad.push("line " + (n+1) + " shows other text");
		}
	}
	if (checked < 5) bad.push("only " + checked + " lines visible");
	if (window.__wantMarked && marked === 0) bad.push("no underlined line checked");
	return bad;
})()`

func TestLayersStayAligned(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	var b strings.Builder
	for i := 0; i < 3000; i++ {
		switch i % 5 {
		case 0:
			fmt.Fprintf(&b, "User-agent: bot-%d\n", i)
		case 1:
			fmt.Fprintf(&b, "ACAP-disallow-crawl: /section/%d/*.html$ # é comment\n", i)
		case 2:
			if i%10 == 2 {
				// A long line marked whole (not a field): its marks are
				// drawn for the columns in view, as its colours.
				fmt.Fprintf(&b, "/%s\n", strings.Repeat("long/", 60))
				break
			}
			fmt.Fprintf(&b, "Disallow: /%s\n", strings.Repeat("long/", 60))
		case 3:
			b.WriteString("\n")
		default:
			fmt.Fprintf(&b, "ACAP-allow-index: /news/ time-limit=%d-days\n", i%30+1)
		}
	}
	setText(t, ctx, b.String())
	eval[bool](t, ctx, `window.__wantMarked = true`)
	for _, fs := range []int{12, 14, 20} {
		eval[bool](t, ctx, fmt.Sprintf(`(() => { const s = document.getElementById("font-size"); s.value = "%d"; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`, fs))
		for _, pos := range []struct{ name, js string }{
			{"top", `ta.scrollTop = 0; ta.scrollLeft = 0`},
			{"middle", `ta.scrollTop = ta.scrollHeight / 2 + 7`},
			{"middle, scrolled right", `ta.scrollLeft = 173`},
			{"middle, scrolled far right", `ta.scrollLeft = 1600`},
			{"bottom", `ta.scrollTop = ta.scrollHeight; ta.scrollLeft = 0`},
		} {
			eval[bool](t, ctx, `(() => { const ta = document.getElementById("editor-input"); `+pos.js+`; return true })()`)
			// Wait for go-app to apply the font size before measuring.
			var bad []string
			for try := 0; try < 20; try++ {
				bad = eval[[]string](t, ctx, alignJS)
				if len(bad) == 0 {
					break
				}
			}
			if len(bad) > 0 {
				if len(bad) > 8 {
					bad = append(bad[:8], fmt.Sprintf("... %d more", len(bad)-8))
				}
				t.Errorf("font %dpx, %s: %s", fs, pos.name, strings.Join(bad, "\n\t"))
			}
		}
	}
}
