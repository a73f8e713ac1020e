package help

// versionsPage explains the version compare's panel ("What changes?").
func versionsPage() Page {
	return Page{
		ID:      "versions",
		Title:   "What changes if I publish this?",
		Summary: "Compare two versions of robots.txt for every crawler, kind of crawler and use, before you put the new one online.",
		Sections: []Section{
			{
				Heading: "The check before every deploy",
				Paragraphs: []string{
					"An edit to robots.txt is easy to get slightly wrong: a rule moved below a blank line that ends its record for older crawlers, a pattern that now also catches /archive-old/, a group for one crawler that hides the * group from it. The panel \"What changes?\" tells you, before you publish, exactly which crawlers get another answer, where, and because of which line.",
					"robots.txt as it is in the editor is the new version. Choose the old one: another file of the workspace, robots.txt as it was before the policy builder's last edit, or a text you paste (open your site's /robots.txt in the browser and copy it). Then press Compare.",
					"Three exercises of the workshop are done with this panel: while one of them is open, its starting file is offered as the old version, and the exercise's own check asks the same proof (for the kinds it names) on every edit.",
				},
			},
			{
				Heading: "Every crawler, every kind, every use",
				Paragraphs: []string{
					"The comparison asks every crawler either version names, the crawlers of the directory the workbench ships, and one crawler for each class of all the others: those neither version names, those whose names begin with Googlebot, GoogleOther or Applebot (today's AI crawler reads Google-Extended or Applebot-Extended for them), and, for the older kinds, those whose names are part of a User-agent line (the 1996 draft gives them that record).",
					"Each is asked as every kind of crawler reads the file: ACAP (every usage: crawl, index, preserve, present and its kinds, follow, other), RFC 9309, the 1996 draft, the 1994 convention and the 2.0.0 proposal (crawl: they answer every usage as crawl), and today's AI crawler (crawl, search, train-ai and ai-input).",
					"What counts as a change is what you would see in the simulator: allowed or not, the restrictions of an ACAP permission (a time limit, a snippet length), today's preference (allowed, disallowed, no preference, not crawled). A rule that only moved to another line is no change.",
				},
			},
			{
				Heading: "Proved, not sampled",
				Paragraphs: []string{
					"The workbench does not try a few URLs. For each crawler and use it reads all paths at once, character by character, through the patterns of both versions, and stops only when every case has been seen: there are infinitely many URLs but only finitely many ways the patterns can match them. \"No change\" is said only after that; it then holds for every URL of your site.",
					"Each change comes with a witness: the shortest URL where the answers differ, both answers, and the line that decides each (click the line of the new version to see it in the editor). Up to three witnesses are shown per crawler, kind and use, each for another pair of lines, so two edits that change the same crawler show up as two rows.",
					"Crawlers that both versions treat alike (the same groups and records) share a row: \"AnyOtherCrawler and 150 more\". Point at the names to see them all and whom a stand-in crawler represents.",
				},
				Example: "# Before: one rule for every crawler\nUser-agent: *\nDisallow: /private/\n\n# After, this group also hides the * group from GPTBot:\n# GPTBot may now fetch /private/ (the comparison shows /private/ as the witness)\nUser-agent: GPTBot\nDisallow: /drafts/\n",
			},
			{
				Heading: "When the check stops",
				Paragraphs: []string{
					"The work is bounded by a count of states, so the answer is the same on every computer. A very large file with many wildcards can reach that bound: the rows then still show every change found, and \"Not covered\" says which crawlers, kinds and uses were not decided. Nothing is claimed for them, neither change nor no change.",
					"After a few seconds the panel asks whether to keep checking; the answer will not depend on how long it took. \"Stop here\" reports what was decided so far, with the rest listed as not covered.",
					"Some parts of a file are never compared, and the report says so: ACAP sub-records for a usage purpose (questions name no purpose), files an ACAP-permissions-reference points to, and the robots META tags of pages.",
				},
			},
		},
	}
}
