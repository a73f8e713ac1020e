package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
)

// renderSimForm is the static markup of the simulator, the converter and
// the page tester. Nothing in it is conditional and no value comes from the
// user: the lists and results are written by the simulator (escaped), so
// go-app's diffing never touches them.
//
// It is written as HTML rather than with go-app's element builders: the
// same tree built call by call took much more WebAssembly code, as each
// call goes through an interface.
func (c *Workbench) renderSimForm() []app.UI {
	return []app.UI{app.Raw(simMarkup()), app.Raw(convMarkup()), app.Raw(pageTesterMarkup())}
}

// kindOption is the option of a kind of crawler in a select.
func kindOption(k policy.Kind) string {
	return `<option value="` + escape(k.String()) + `">` + escape(k.Title()) + `</option>`
}

// legendItem is one entry of a legend: the cell's class, its sign and words.
func legendItem(class, icon, text string) string {
	return `<span class="` + class + `"><span class="ic" aria-hidden="true">` + icon + `</span> ` + text + `</span>`
}

// simMarkup is the simulator: its form, status, legend, matrix,
// explanation, comparison of kinds and the batch view.
func simMarkup() string {
	var kinds strings.Builder
	for _, k := range policy.Kinds() {
		kinds.WriteString(kindOption(k))
	}
	return `<section id="` + idSim + `" class="sim" aria-labelledby="sim-h">` +
		`<h2 id="sim-h">Simulator</h2>` +
		`<div class="sim-form">` +
		`<label for="` + idSimCrawler + `">Crawler</label>` +
		`<div class="sim-pair">` +
		`<select id="` + idSimCrawler + `" class="btn"></select>` +
		`<input id="` + idSimName + `" class="field" type="text" spellcheck="false" placeholder="a name, or a User-Agent string" aria-label="Crawler name or User-Agent string">` +
		`</div>` +
		`<span></span>` +
		`<label class="check"><input id="` + idSimUA + `" type="checkbox"> Full User-Agent string (names match as substrings)</label>` +
		`<span id="` + idSimCrawlerInfo + `" class="muted crawler-info"></span>` +
		`<label for="` + idSimPurpose + `">Purpose</label>` +
		`<div class="sim-pair">` +
		`<select id="` + idSimPurpose + `" class="btn"></select>` +
		`<input id="` + idSimPurpText + `" class="field" type="text" spellcheck="false" placeholder="a usage purpose" aria-label="Usage purpose">` +
		`</div>` +
		`<label for="` + idSimDate + `">Date</label>` +
		`<div class="sim-pair">` +
		`<input id="` + idSimDate + `" class="field" type="date" aria-describedby="sim-date-help">` +
		`<span id="sim-date-help" class="muted">for until- time limits; empty: shown, not enforced</span>` +
		`</div>` +
		`<label for="` + idSimKind + `">Kind</label>` +
		`<select id="` + idSimKind + `" class="btn">` + kinds.String() + `</select>` +
		`<label for="` + idSimURLs + `">URLs</label>` +
		`<div class="url-slot">` +
		`<textarea id="` + idSimURLs + `" class="field sim-urls" rows="5" spellcheck="false" wrap="off" aria-describedby="sim-urls-help"></textarea>` +
		// A long list put in place by the app, read-only (urlField).
		`<div id="` + idURLView + `" hidden>` +
		`<p class="large-view"><span id="` + idURLViewText + `"></span><button id="` + idURLEdit + `" class="btn" type="button">Edit the URLs</button></p>` +
		`<ol id="` + idURLList + `" class="field sim-urls url-list" tabindex="0" aria-label="URLs, read-only"></ol>` +
		`</div>` +
		`</div>` +
		`<span></span>` +
		`<div class="sim-pair">` +
		`<span id="sim-urls-help" class="muted">One a line: paths or full URLs; paste many.</span>` +
		`<button id="` + idSimURLsFill + `" class="btn" type="button" title="One path for each pattern of the file's rules, in the order they are written">URLs from this file</button>` +
		`</div>` +
		`</div>` +
		`<p id="` + idSimStatus + `" class="sim-status" aria-live="polite"></p>` +
		`<p id="` + idSimMore + `" class="sim-more" hidden><button id="` + idSimContinue + `" class="btn" type="button">Continue</button></p>` +
		`<p id="` + idSimLegend + `" class="legend">` +
		legendItem("c-yes", "✓", "yes: allowed") +
		legendItem("c-limits lg-acap", "◐", "limits: allowed with restrictions") +
		legendItem("c-no", "✕", "no: not allowed") +
		legendItem("c-none lg-today", "○", "none: no preference stated, so for search a crawler that may crawl the page and meets no noindex may index it, and for train-ai and ai-input the operator's own policy applies") +
		legendItem("c-uncrawled lg-today", "⊘", "uncrawled: may not be crawled, so no preference applies") +
		legendItem("c-no part lg-today", "✕", "partial: for one of two channels (Google's ai-input: Search AI features, Gemini Apps and Vertex AI)") +
		`</p>` +
		`<p class="sim-tools"><button id="` + idSimCSV + `" class="btn" type="button">Export the matrix (CSV)</button></p>` +
		`<div id="` + idSimMatrix + `" class="matrix"></div>` +
		`<div id="` + idSimExplain + `" class="explain" aria-live="polite"></div>` +
		`<div id="` + idSimCompare + `" class="compare"></div>` +
		batchMarkup() +
		`</section>`
}

// batchMarkup is the batch view: a whole group of the crawler directory ×
// the sample URLs, for one category.
func batchMarkup() string {
	return `<div id="batch-panel" class="batch">` +
		`<h3 class="ex-h">Today's AI crawlers: a whole group at once</h3>` +
		`<div class="sim-pair">` +
		`<label for="` + idBatchGroup + `">Group</label>` +
		`<select id="` + idBatchGroup + `" class="btn"><option value="">loading the directory…</option></select>` +
		`<label for="` + idBatchCat + `">Category</label>` +
		`<select id="` + idBatchCat + `" class="btn">` +
		`<option value="train-ai">train-ai</option><option value="search">search</option><option value="ai-input">ai-input</option>` +
		`</select>` +
		`<button id="` + idBatchFill + `" class="btn" type="button">Fill the table</button>` +
		`<button id="` + idBatchClear + `" class="btn" type="button">Clear</button>` +
		`</div>` +
		`<div class="sim-pair batch-filter">` +
		`<label for="` + idBatchMay + `">Show</label>` +
		`<select id="` + idBatchMay + `" class="btn"><option value="">every crawler of the group</option><option value="may">crawlers that may still use it for the category</option></select>` +
		`<label for="` + idBatchObeys + `">Obeys robots.txt</label>` +
		`<select id="` + idBatchObeys + `" class="btn"><option value="">any</option><option value="yes">yes</option><option value="no">no</option><option value="unclear">unclear</option></select>` +
		`<button id="` + idBatchCSV + `" class="btn" type="button" disabled>Export the table (CSV)</button>` +
		`</div>` +
		`<p id="` + idBatchLegend + `" class="legend batch-legend">` +
		legendItem("c-yes", "✓", "yes: the file allows it") +
		legendItem("c-no", "✕", "no: the file disallows it") +
		legendItem("c-no part", "✕", "partial: disallowed for one channel only (Google's ai-input)") +
		legendItem("c-none", "○", "none: nothing stated; search: may be indexed if it may be crawled and meets no noindex; train-ai, ai-input: the operator's own policy applies") +
		legendItem("c-uncrawled", "⊘", "uncrawled: may not be crawled, so no preference applies") +
		`<span>⚠ beside a crawler: the directory reports that it does not obey robots.txt.</span>` +
		`<span>"May still use it": yes, none or partial on some URL. Column headers show the path; hover or focus one for the whole URL.</span></p>` +
		// Written while the directory loads, as long as what replaces it
		// (setBatchStatus), so that its arrival moves nothing below.
		`<p id="` + idBatchStatus + `" class="muted" aria-live="polite">Loading the AI crawlers of ` + escape(CrawlerDirSource) + `…</p>` +
		`<p id="` + idBatchMore + `" class="sim-more" hidden><button id="` + idBatchGoOn + `" class="btn" type="button">Continue</button></p>` +
		`<div id="` + idBatch + `" class="matrix batch-matrix"></div>` +
		`<p class="muted">Crawler directory: ` + escape(CrawlerDirSource) + `; ` +
		`<a href="` + escape(RootPrefix()+"/web/crawlers/LICENSE") + `" target="_blank">its licence</a>` +
		`. What each well-known token is used for comes from its operator's documentation.</p>` +
		`</div>`
}

// convMarkup is the converter's panel.
func convMarkup() string {
	// Disclosure buttons rather than <details>: a closed <details> in the
	// page made every keystroke on a large file slower in Chromium.
	return `<section id="` + idConvPanel + `" class="panel" aria-labelledby="conv-toggle">` +
		`<h2 class="panel-h"><button id="conv-toggle" class="disclose" type="button" aria-expanded="false" aria-controls="conv-body">Convert to ACAP</button></h2>` +
		`<div id="conv-body" hidden>` +
		`<p class="muted">Adds ACAP records that say what your conventional lines say, and checks that ACAP crawlers will decide crawl as the crawlers you choose do today.</p>` +
		`<div class="sim-form">` +
		`<label for="` + idConvSource + `">Agree with</label>` +
		`<select id="` + idConvSource + `" class="btn">` + kindOption(policy.KindRFC9309) + kindOption(policy.KindDraft1996) + `</select>` +
		`<span></span>` +
		`<label class="check"><input id="` + idConvComments + `" type="checkbox"> Keep each source line as a comment</label>` +
		`<span></span>` +
		`<label class="check"><input id="` + idConvIgnore + `" type="checkbox"> ACAP crawlers ignore the conventional lines</label>` +
		`</div>` +
		`<button id="` + idConvRun + `" class="btn primary" type="button">Convert</button>` +
		`<div id="` + idConvOut + `" class="conv-out"></div>` +
		`</div>` +
		`</section>`
}

// pageTesterMarkup is the page (META) tester's panel.
func pageTesterMarkup() string {
	return `<section id="page-panel" class="panel" aria-labelledby="page-toggle">` +
		`<h2 class="panel-h"><button id="page-toggle" class="disclose" type="button" aria-expanded="false" aria-controls="page-body">Page (META) tester</button></h2>` +
		`<div id="page-body" hidden>` +
		`<div class="sim-form">` +
		`<label for="` + idPageURL + `">Page URL</label>` +
		`<input id="` + idPageURL + `" class="field" type="text" spellcheck="false" placeholder="/news/today.html">` +
		`<label for="` + idPageHTML + `">Its HTML</label>` +
		`<textarea id="` + idPageHTML + `" class="field page-html" rows="6" spellcheck="false" wrap="off" placeholder="` + escape(`<meta name="robots" content="ACAP disallow-index">`) + `"></textarea>` +
		`</div>` +
		`<div id="` + idPageOut + `" class="page-out" aria-live="polite"></div>` +
		`</div>` +
		`</section>`
}
