// ACAP Workbench editor helper, loaded as a static script so that the
// page's Content-Security-Policy needs no 'unsafe-eval' (app/ui/editor.go
// calls it on every keystroke).
//
// workbenchDiff(a, b, caret) finds the part of the old text a that the new
// text b replaced: it returns [start, old end, inserted text] in UTF-16
// units. The edit is looked for at the caret first, so a keystroke
// compares a few characters; a larger change is found by doubling and
// halving steps over whole-prefix (and suffix) comparisons, which the
// browser does at memory speed. The ends never split a surrogate pair.
window.workbenchDiff = (a, b, caret) => {
	const common = (eq, same, g, n) => {
		g = Math.max(0, Math.min(g, n));
		let lo = 0, hi = g;
		if (eq(g)) {
			lo = g;
			for (let s = 0; s < 32 && lo < n && same(lo); s++) lo++;
			if (lo === n || !same(lo)) return lo;
			let s = 64;
			while (lo + s <= n && eq(lo + s)) { lo += s; s *= 2; }
			hi = Math.min(n + 1, lo + s);
		}
		while (hi - lo > 1) { const m = (lo + hi) >> 1; if (eq(m)) lo = m; else hi = m; }
		return lo;
	};
	const la = a.length, lb = b.length, n = Math.min(la, lb);
	let p = common(k => a.substring(0, k) === b.substring(0, k), i => a.charCodeAt(i) === b.charCodeAt(i), caret - Math.max(lb - la, 0) - 1, n);
	if (p > 0 && (b.charCodeAt(p - 1) & 0xFC00) === 0xD800) p--;
	let s = common(k => a.substring(la - k) === b.substring(lb - k), i => a.charCodeAt(la - 1 - i) === b.charCodeAt(lb - 1 - i), lb - caret, n - p);
	if (s > 0 && (b.charCodeAt(lb - s) & 0xFC00) === 0xDC00) s--;
	return [p, la - s, b.substring(p, lb - s)];
};
